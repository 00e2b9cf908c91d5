'use strict';
/**
 * Process control for n8n processes: every process group started here is ended (SIGKILL to the group)
 * when this Node process exits, however it exits (error, Ctrl-C, timeout), so no n8n or task runner is
 * left behind. `runToEnd()` runs a CLI command to completion; `spawnServer()` + `waitReady()` start a
 * long-running command (`n8n start`, `n8n worker`, `n8n webhook`) and wait until it is ready.
 */
const fs = require('fs');
const net = require('net');
const { spawn } = require('child_process');

/** Every n8n process group this module started and that is still alive. */
const LIVE = new Set();
function killAll(signal = 'SIGKILL') {
	for (const pid of LIVE) killGroup(pid, signal);
	LIVE.clear();
}
process.on('exit', () => killAll());

function killGroup(pid, signal) {
	try {
		process.kill(-pid, signal);
	} catch {
		/* already gone */
	}
}

function debug(...args) {
	if (process.env.STORE_PLATFORM_E2E_DEBUG) console.error('[n8n]', ...args);
}

/** A free TCP port on 127.0.0.1 (asks the OS for one). */
function freePort() {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const { port } = srv.address();
			srv.close(() => resolve(port));
		});
	});
}

/**
 * Runs `<nodeBin> <n8nBin> ...args` to completion in its own process group. Resolves
 * { code, stdout, stderr, ms }; rejects on a non-zero exit unless allowFail, or after timeoutMs.
 */
function runToEnd(install, args, { cwd, env, timeoutMs = 180000, allowFail = false }) {
	return new Promise((resolve, reject) => {
		const started = Date.now();
		debug('run', args.join(' '));
		const child = spawn(install.nodeBin, [install.n8nBin, ...args], {
			cwd,
			env,
			stdio: ['ignore', 'pipe', 'pipe'],
			detached: true, // own process group: we can end it and its task runners together
		});
		if (child.pid) LIVE.add(child.pid);
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (d) => (stdout += d));
		child.stderr.on('data', (d) => (stderr += d));
		const timer = setTimeout(() => {
			killGroup(child.pid, 'SIGKILL');
			reject(
				new Error(`n8n ${args.join(' ')} timed out after ${timeoutMs}ms\n${stdout}\n${stderr}`),
			);
		}, timeoutMs);
		child.on('error', (e) => {
			clearTimeout(timer);
			reject(e);
		});
		child.on('close', (code) => {
			clearTimeout(timer);
			LIVE.delete(child.pid);
			killGroup(child.pid, 'SIGKILL'); // task runners it may have left
			const res = { code, stdout, stderr, ms: Date.now() - started };
			debug('exit', code, `${res.ms}ms`);
			if (code !== 0 && !allowFail) {
				const err = new Error(
					`n8n ${args.join(' ')} exited ${code}\n--- stdout\n${stdout}\n--- stderr\n${stderr}`,
				);
				err.result = res;
				reject(err);
			} else resolve(res);
		});
	});
}

/**
 * Spawns a long-running n8n command (`n8n start`, `n8n worker`, `n8n webhook`) in its own process group;
 * stdout and stderr go to `logFile` (appended) and to `server.output`. `server.exited` resolves
 * { code, signal }. Wait for it with waitReady(); end it with stopServer().
 */
function spawnServer(install, args, { cwd, env, logFile }) {
	const log = fs.openSync(logFile, 'a');
	const child = spawn(install.nodeBin, [install.n8nBin, ...args], {
		cwd,
		env,
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true,
	});
	if (child.pid) LIVE.add(child.pid);
	const server = {
		child,
		args,
		output: '',
		exited: new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal }))),
	};
	const onData = (d) => {
		server.output += d;
		fs.writeSync(log, d);
	};
	child.stdout.on('data', onData);
	child.stderr.on('data', onData);
	child.on('close', () => fs.closeSync(log));
	return server;
}

/**
 * Resolves once `ready(server.output)` answers true (polled every 200 ms; it may be async; a throw counts
 * as "not yet"); rejects if the process exits first or after timeoutMs (the process is left running).
 */
function waitReady(
	server,
	ready,
	{ timeoutMs = 180000, name = `n8n ${server.args.join(' ')}` } = {},
) {
	return new Promise((resolve, reject) => {
		let done = false;
		const finish = (err) => {
			if (done) return;
			done = true;
			clearTimeout(timer);
			clearInterval(poll);
			if (err) reject(err);
			else resolve(server);
		};
		const timer = setTimeout(
			() =>
				finish(new Error(`${name} not ready after ${timeoutMs}ms\n${server.output.slice(-4000)}`)),
			timeoutMs,
		);
		server.exited.then(({ code, signal }) =>
			finish(new Error(`${name} exited early (${code ?? signal})\n${server.output.slice(-4000)}`)),
		);
		let busy = false;
		const poll = setInterval(async () => {
			if (busy) return;
			busy = true;
			try {
				if (await ready(server.output)) finish();
			} catch {
				/* not yet */
			} finally {
				busy = false;
			}
		}, 200);
	});
}

/** Ends a process started by spawnServer() (SIGTERM to its group, SIGKILL after graceMs) and its task runners. */
async function stopServer(server, { graceMs = 20000 } = {}) {
	if (!server) return;
	const child = server.child;
	if (child.exitCode === null && child.signalCode === null) {
		killGroup(child.pid, 'SIGTERM');
		const t = setTimeout(() => killGroup(child.pid, 'SIGKILL'), graceMs);
		await server.exited;
		clearTimeout(t);
	}
	// task runner children are in the same group; make sure none is left
	killGroup(child.pid, 'SIGKILL');
	LIVE.delete(child.pid);
}

module.exports = {
	LIVE,
	killAll,
	killGroup,
	debug,
	freePort,
	runToEnd,
	spawnServer,
	waitReady,
	stopServer,
};
