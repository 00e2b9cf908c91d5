'use strict';
/**
 * The cache folder of the n8n installs (install.js, native.js) and what every install step uses: the log, npm run
 * with a chosen node binary, JSON files, and a lock folder so that two processes never install into one folder
 * at once. Plain CommonJS, no dependencies, runs on Node 20.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { stepLine } = require('./progress');

function cacheRoot() {
	if (process.env.STORE_PLATFORM_N8N_CACHE)
		return path.resolve(process.env.STORE_PLATFORM_N8N_CACHE);
	const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
	return path.join(base, 'n8n-nodes-store-platform');
}

function log(msg) {
	process.stderr.write(`[n8n-install] ${msg}\n`);
}

/** Logs the start of an install step (`npm run dev` shows it in its progress lines: progress.js). */
function step(what) {
	process.stderr.write(`${stepLine(what)}\n`);
}

/**
 * npm's log level for the long installs: `http` when the caller follows the progress (dev.js sets
 * STORE_PLATFORM_INSTALL_LOG=http and counts the registry requests), else `fallback`.
 */
function npmLogLevel(fallback) {
	return process.env.STORE_PLATFORM_INSTALL_LOG === 'http' ? 'http' : fallback;
}

/**
 * `npm install` of a package.json's dependencies without their install scripts (some native modules download or
 * compile in postinstall and fail offline; the callers rebuild only what they need, e.g. sqlite3).
 */
function installArgs() {
	return [
		'install',
		'--ignore-scripts',
		'--no-audit',
		'--no-fund',
		`--loglevel=${npmLogLevel('error')}`,
	];
}

/** Path of the system npm CLI (JS), so we can run it with any node binary. */
function npmCliJs() {
	const candidates = [];
	if (process.env.npm_execpath && /npm-cli\.js$/.test(process.env.npm_execpath))
		candidates.push(process.env.npm_execpath);
	candidates.push(
		path.join(
			path.dirname(process.execPath),
			'..',
			'lib',
			'node_modules',
			'npm',
			'bin',
			'npm-cli.js',
		),
	);
	candidates.push(
		'/usr/lib/node_modules/npm/bin/npm-cli.js',
		'/usr/local/lib/node_modules/npm/bin/npm-cli.js',
	);
	for (const c of candidates) if (fs.existsSync(c)) return path.resolve(c);
	throw new Error('cannot find npm-cli.js of the system npm');
}

/** Runs npm with the given node binary (so native rebuilds target that node). */
function runNpm(nodeBin, args, { cwd, env = {}, quiet = false } = {}) {
	const nodeDir = path.dirname(nodeBin);
	const fullEnv = {
		...process.env,
		// node first on PATH: npm lifecycle scripts and node-gyp use `node` from PATH
		PATH: `${nodeDir}${path.delimiter}${process.env.PATH}`,
		npm_config_update_notifier: 'false',
		npm_config_fund: 'false',
		npm_config_audit: 'false',
		...env,
	};
	const started = Date.now();
	const res = spawnSync(nodeBin, [npmCliJs(), ...args], {
		cwd,
		env: fullEnv,
		stdio: quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
		// bounded: a hung registry or compile must not hang the test suite
		timeout: Number(process.env.STORE_PLATFORM_NPM_TIMEOUT_MIN || 30) * 60 * 1000,
		killSignal: 'SIGKILL',
	});
	const secs = ((Date.now() - started) / 1000).toFixed(1);
	if (res.error && res.error.code === 'ETIMEDOUT')
		throw new Error(`npm ${args.join(' ')} timed out after ${secs}s in ${cwd}`);
	if (res.status !== 0) {
		const out = quiet ? `\n${res.stdout}\n${res.stderr}` : '';
		throw new Error(`npm ${args.join(' ')} failed in ${cwd} (exit ${res.status}, ${secs}s)${out}`);
	}
	log(`npm ${args.join(' ')} ok (${secs}s)`);
	return res;
}

function writeJson(file, data) {
	fs.writeFileSync(file, JSON.stringify(data, null, 2) + '\n');
}

function readJson(file) {
	try {
		return JSON.parse(fs.readFileSync(file, 'utf8'));
	} catch {
		return undefined;
	}
}

function sleepMs(ms) {
	Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function pidAlive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch (e) {
		return e.code === 'EPERM';
	}
}

/**
 * Runs fn() holding an exclusive lock `<dir>.lock` (two test processes must not
 * install into the same folder at once). A lock whose owner process is gone is
 * taken over. isDone() is checked after the lock is acquired, so a waiter that
 * finds the install finished by another process just returns.
 */
function withLock(dir, isDone, fn) {
	const lock = `${dir}.lock`;
	fs.mkdirSync(path.dirname(lock), { recursive: true });
	const deadline = Date.now() + 30 * 60 * 1000;
	let told = false;
	for (;;) {
		try {
			fs.mkdirSync(lock);
			fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
			break;
		} catch (e) {
			if (e.code !== 'EEXIST') throw e;
			let owner = NaN;
			try {
				owner = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
			} catch {
				/* being written */
			}
			if (owner && !pidAlive(owner)) {
				fs.rmSync(lock, { recursive: true, force: true });
				continue;
			}
			if (!told) {
				log(`waiting for another install into ${dir} (pid ${owner || '?'})`);
				told = true;
			}
			if (Date.now() > deadline) throw new Error(`timed out waiting for lock ${lock}`);
			sleepMs(1000);
		}
	}
	try {
		if (isDone()) return undefined;
		return fn();
	} finally {
		fs.rmSync(lock, { recursive: true, force: true });
	}
}

module.exports = {
	cacheRoot,
	log,
	step,
	npmLogLevel,
	installArgs,
	npmCliJs,
	runNpm,
	writeJson,
	readJson,
	withLock,
};
