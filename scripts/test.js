'use strict';
/**
 * `npm test`: the checks (lint, format, type check of the whole tree, build, then n8n's scanner), as many side by
 * side as the machine has cores (each is one process on one core: run one after another, they left a 2-core
 * machine's second core idle), then jest, which spreads over every core itself. Each check's output is printed
 * whole when it ends, with its time; jest's as it runs. Any check that fails fails `npm test` once the others
 * have ended (naming each), and jest does not run, as with the `&&` chain this replaces.
 * Jest starts as soon as no check waits and a core is free (the last check running alone, 5 to 10 s of a 2-core
 * machine's second core idle before): its output is held until the checks passed, then printed and followed as
 * it runs; if a check fails, jest is stopped and its output dropped.
 * STORE_PLATFORM_TEST_JOBS=1 runs the checks one at a time, then jest.
 */
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');

/**
 * The checks, each an npm script, and those it waits for; started in this order, the build first (the scanner
 * waits for it). Their times on 2 cores at load 3: build 16 s, typecheck 28 s, lint 43 s, format:check 26 s,
 * scan 12 s (124 s in all; side by side 63 to 78 s, as the machine's load went).
 */
const CHECKS = [
	{ name: 'build' },
	{ name: 'typecheck' },
	{ name: 'lint' },
	{ name: 'format:check' },
	{ name: 'scan', after: ['build'] },
];

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const ROOT = path.resolve(__dirname, '..');
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs `npm run <name>`, its output kept: { code, output, ms }. */
function runCaptured(name) {
	const started = Date.now();
	return new Promise((resolve) => {
		const child = spawn(NPM, ['run', name], { cwd: ROOT, env: process.env });
		const chunks = [];
		child.stdout.on('data', (c) => chunks.push(c));
		child.stderr.on('data', (c) => chunks.push(c));
		child.on('error', (e) => chunks.push(Buffer.from(`${e.message}\n`)));
		child.on('close', (code) =>
			resolve({
				code: code ?? 1,
				output: Buffer.concat(chunks).toString(),
				ms: Date.now() - started,
			}),
		);
	});
}

/**
 * Runs the checks, at most `jobs` at a time, each once those it waits for passed (in CHECKS order otherwise);
 * resolves to the names of those that failed or could not run. `whenFree` is called once, the first time no
 * check waits and fewer than `jobs` run (a core free for what comes after the checks).
 */
async function runChecks(
	checks,
	jobs,
	run = runCaptured,
	print = (s) => process.stdout.write(s),
	whenFree = () => undefined,
) {
	const state = new Map(checks.map((c) => [c.name, 'waiting']));
	const failed = [];
	let freed = false;
	return await new Promise((resolve) => {
		let running = 0;
		const next = () => {
			for (const c of checks) {
				if (state.get(c.name) !== 'waiting') continue;
				const after = (c.after ?? []).map((a) => state.get(a));
				if (after.some((s) => s === 'failed' || s === 'skipped')) {
					state.set(c.name, 'skipped');
					failed.push(`${c.name} (not run: ${c.after.join(', ')} failed)`);
					continue;
				}
				if (after.some((s) => s !== 'passed') || running >= jobs) continue;
				state.set(c.name, 'running');
				running++;
				void run(c.name).then(({ code, output, ms }) => {
					running--;
					const ok = code === 0;
					state.set(c.name, ok ? 'passed' : 'failed');
					if (!ok) failed.push(c.name);
					print(
						`\n── npm run ${c.name}: ${ok ? 'passed' : `FAILED (exit ${code})`} in ${secs(ms)}\n`,
					);
					print(output.endsWith('\n') || !output ? output : `${output}\n`);
					next();
				});
			}
			const waiting = [...state.values()].some((s) => s === 'waiting');
			if (!freed && !waiting && running < jobs && running > 0 && failed.length === 0) {
				freed = true;
				whenFree();
			}
			if (running === 0 && !waiting) resolve(failed);
		};
		next();
	});
}

/** The number of checks side by side: STORE_PLATFORM_TEST_JOBS, else the cores (at least 1). */
function jobsOf(env = process.env, cores = os.availableParallelism?.() ?? os.cpus().length) {
	const asked = Number(env.STORE_PLATFORM_TEST_JOBS);
	return Number.isInteger(asked) && asked > 0 ? asked : Math.max(1, cores);
}

/**
 * Starts `npm run test:unit`. `hold`: jest started while the last check runs, its output held (`show()` prints
 * what it wrote so far, then follows it; `stop()` ends it and its children, as does a Ctrl-C of npm test);
 * otherwise its output is npm test's own, as it runs.
 */
function startJest(hold) {
	const posix = process.platform !== 'win32';
	if (!hold) {
		const child = spawn(NPM, ['run', 'test:unit'], { cwd: ROOT, stdio: 'inherit' });
		const closed = new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
		return { closed, show() {}, stop() {} };
	}
	// its own process group on POSIX, so that stop() ends npm, jest and jest's workers together
	const child = spawn(NPM, ['run', 'test:unit'], { cwd: ROOT, detached: posix });
	const stop = () => {
		try {
			if (posix) process.kill(-child.pid, 'SIGTERM');
			else child.kill();
		} catch {
			// already ended
		}
	};
	// out of npm test's process group, a Ctrl-C reaches it only through npm test
	for (const signal of ['SIGINT', 'SIGTERM'])
		process.once(signal, () => {
			stop();
			process.exit(130);
		});
	const held = [];
	let shown = false;
	for (const [from, to] of [
		[child.stdout, process.stdout],
		[child.stderr, process.stderr],
	])
		from.on('data', (c) => (shown ? to.write(c) : held.push([to, c])));
	const closed = new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
	return {
		startedAt: Date.now(),
		closed,
		show() {
			shown = true;
			for (const [to, c] of held.splice(0)) to.write(c);
		},
		stop,
	};
}

async function main() {
	const started = Date.now();
	const jobs = jobsOf();
	console.log(
		`npm test: ${CHECKS.map((c) => c.name).join(', ')} (${jobs} at a time), then jest (from the last check on)`,
	);
	let jest;
	const failed = await runChecks(CHECKS, jobs, runCaptured, undefined, () => {
		jest = startJest(true);
	});
	if (failed.length) {
		jest?.stop();
		console.error(`\nnpm test: FAILED after ${secs(Date.now() - started)}: ${failed.join('; ')}`);
		process.exit(1);
	}
	const early = jest
		? ` (jest started at ${secs(jest.startedAt - started)}, beside the last check)`
		: '';
	console.log(
		`\nnpm test: checks passed in ${secs(Date.now() - started)}${early}; jest (npm run test:unit):`,
	);
	jest ??= startJest(false);
	jest.show();
	const code = await jest.closed;
	console.log(`\nnpm test: ${code === 0 ? 'passed' : 'FAILED'} in ${secs(Date.now() - started)}`);
	process.exit(code);
}

module.exports = { CHECKS, runChecks, jobsOf };

if (require.main === module) void main();
