#!/usr/bin/env node
'use strict';
/**
 * `npm run test:e2e`: the end-to-end legs (`test/e2e/*.test.js`, one file per leg, node:test) for the versions,
 * each leg against the PACKED package in real n8n processes and the sandbox store.
 *
 *   npm run test:e2e                          every leg on 2.41.1 and 1.123.81 (the newest of each major line)
 *   node test/e2e/run.js 2.40.7 --leg=trigger one version, one leg (or --leg=trigger,healing)
 *   options: --help (this text), --no-browser (skip Connect and editor), --no-queue, --keep (keep the n8n user folders),
 *            --concurrency=N (leg files side by side; default 3),
 *            --install-only (install the versions and playwright-core, run nothing: .ci/run does it beside
 *            `npm test`)
 *   env:     STORE_PLATFORM_E2E_TIMEOUT_MIN   hard limit for the whole suite (default 60)
 *            STORE_PLATFORM_N8N_CACHE         where n8n is installed (see scripts/n8n/install.js)
 *
 * Prepares once (build + npm pack, the sandbox compiled, missing n8n versions installed side by side, playwright),
 * then runs the leg files with node:test (legs.js: `run()` keeps their order, `node --test` sorts them), longest first (queue, healing, poll, deliveries, ...), with the spec reporter on stdout and
 * TAP into build/e2e/results.tap; writes test/e2e/RESULTS.md (compatibility table from the legs' records) and ends
 * with the runner's summary (`# pass N`, `# fail N`). A leg alone: `node --test test/e2e/<leg>.test.js` (setup.js).
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');

const {
	ensureN8n,
	isInstalled,
	ensurePlaywrightCore,
	cacheRoot,
	SUPPORTED,
} = require('../../scripts/n8n/install');
const { packProject, PROJECT_DIR } = require('../../scripts/n8n/instance');
const { compileSandbox } = require('../../sandbox/load');
const { DEFAULT_VERSIONS, secs } = require('./setup');
const { writeResults } = require('./results');

const argv = process.argv.slice(2);
const KNOWN_OPTIONS =
	/^--(leg|concurrency)=|^--(no-browser|no-queue|keep|install-only)$|^\d+\.\d+\.\d+$/;
if (argv.some((a) => a === '--help' || a === '-h')) {
	// the usage text is this file's opening comment
	const text = fs.readFileSync(__filename, 'utf8');
	const usage = text.slice(text.indexOf('/**') + 3, text.indexOf('*/')).replace(/^ \* ?/gm, '');
	console.log(usage.trim());
	process.exit(0);
}
const unknown = argv.filter((a) => !KNOWN_OPTIONS.test(a));
if (unknown.length) {
	console.error(
		`unknown option ${unknown.join(' ')}; node test/e2e/run.js --help lists the options`,
	);
	process.exit(2);
}
const opt = (name) => (argv.find((a) => a.startsWith(`--${name}=`)) || '').split('=')[1];
const VERSIONS = argv.filter((a) => /^\d+\.\d+\.\d+$/.test(a));
if (!VERSIONS.length) VERSIONS.push(...DEFAULT_VERSIONS);
const LEGS = (opt('leg') || '').split(',').filter(Boolean);
const CONCURRENCY = Number(opt('concurrency') || 3);
const TIMEOUT_MIN = Number(process.env.STORE_PLATFORM_E2E_TIMEOUT_MIN || 60);
/**
 * Longest first (their times in the last runs: queue 536 s, healing 463 s, poll ~440 s (its 2.x flows: main,
 * durable cursors and queue mode side by side), deliveries 414 s, editor, trigger, connect 156-240 s), so the short
 * ones fill the lanes at the end instead of a long one starting last.
 */
const FIRST = ['queue', 'healing', 'outage', 'poll', 'deliveries', 'editor', 'trigger', 'connect'];
const OUT = path.join(PROJECT_DIR, 'build', 'e2e');
const TAP = path.join(OUT, 'results.tap');
const T0 = Date.now();

function legFiles() {
	const all = fs
		.readdirSync(__dirname)
		.filter((f) => f.endsWith('.test.js'))
		.map((f) => f.slice(0, -'.test.js'.length));
	const unknown = LEGS.filter((l) => !all.includes(l));
	if (unknown.length) throw new Error(`no leg ${unknown.join(', ')}; legs: ${all.join(', ')}`);
	const chosen = LEGS.length ? all.filter((l) => LEGS.includes(l)) : all;
	const rank = (l) => (FIRST.includes(l) ? FIRST.indexOf(l) : FIRST.length);
	return chosen
		.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
		.map((l) => path.join(__dirname, `${l}.test.js`));
}

/** `node scripts/n8n/install.js <version>` in a child process (its output goes straight through). */
function installInChild(version) {
	return new Promise((resolve) => {
		const child = spawn(
			process.execPath,
			[path.join(PROJECT_DIR, 'scripts', 'n8n', 'install.js'), version],
			{ stdio: ['ignore', 'inherit', 'inherit'] },
		);
		child.on('error', () => resolve(false));
		child.on('close', (code) => resolve(code === 0));
	});
}

/** Installs the missing n8n versions side by side, and playwright-core (unless --no-browser). */
async function installMissing() {
	const unsupported = VERSIONS.filter((v) => !SUPPORTED[v]);
	if (unsupported.length)
		throw new Error(
			`unsupported n8n ${unsupported.join(', ')}; supported: ${Object.keys(SUPPORTED).join(', ')}`,
		);
	const missing = VERSIONS.filter((v) => !isInstalled(v));
	if (missing.length) {
		console.log(
			`  not in the cache yet: n8n ${missing.join(', ')}; installing side by side (npm install + compiling sqlite3: several minutes)`,
		);
		const t = Date.now();
		// sqlite3 compiles beside the npm installs (install.js native), not after them
		await Promise.all([...missing, 'native'].map((v) => installInChild(v)));
		console.log(`  installs finished in ${secs(Date.now() - t)}`);
	}
	for (const v of VERSIONS) ensureN8n(v); // throws with the reason when an install failed
	if (!argv.includes('--no-browser')) {
		const pw = ensurePlaywrightCore();
		console.log(
			`  chromium: ${pw.chromiumPath || 'not found (the Connect and editor legs will fail): apt-get install -y chromium, or STORE_PLATFORM_CHROMIUM'}`,
		);
	}
}

/** Build, pack, compile the sandbox, install what is missing. Returns the environment for the legs. */
async function prepare() {
	console.log(
		`# Store Platform end-to-end suite: n8n ${VERSIONS.join(', ')}; cache ${cacheRoot()}`,
	);
	const t = Date.now();
	const tgz = packProject({
		outDir: fs.mkdtempSync(path.join(os.tmpdir(), 'store-platform-pack-')),
	});
	compileSandbox();
	console.log(`  packed ${path.basename(tgz)}, sandbox compiled (${secs(Date.now() - t)})`);
	await installMissing();
	const resultsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-platform-e2e-results-'));
	const env = {
		...process.env,
		STORE_PLATFORM_E2E_VERSIONS: VERSIONS.join(','),
		STORE_PLATFORM_E2E_TGZ: tgz,
		STORE_PLATFORM_E2E_RESULTS_DIR: resultsDir,
	};
	if (argv.includes('--no-browser')) env.STORE_PLATFORM_E2E_NO_BROWSER = '1';
	if (argv.includes('--no-queue')) env.STORE_PLATFORM_E2E_NO_QUEUE = '1';
	if (argv.includes('--keep')) env.STORE_PLATFORM_E2E_KEEP = '1';
	return { env, tgz, resultsDir };
}

/** `node --test` over the leg files in its own process group; ended (SIGTERM, then SIGKILL) on timeout or Ctrl-C. */
function runLegs(files, env) {
	fs.mkdirSync(OUT, { recursive: true });
	// legs.js, not `node --test` (which sorts the files by name): the longest legs must start first
	const args = [path.join(__dirname, 'legs.js'), TAP, String(CONCURRENCY), ...files];
	console.log(
		`\n# node test/e2e/legs.js (node:test run(), ${CONCURRENCY} at a time, in this order): ${files.map((f) => path.relative(PROJECT_DIR, f)).join(' ')}`,
	);
	const child = spawn(process.execPath, args, {
		cwd: PROJECT_DIR,
		env,
		stdio: 'inherit',
		detached: true,
	});
	const stop = (why) => {
		console.log(`\n${why}: stopping every leg`);
		try {
			process.kill(-child.pid, 'SIGTERM');
		} catch {
			/* gone */
		}
		setTimeout(() => {
			try {
				process.kill(-child.pid, 'SIGKILL');
			} catch {
				/* gone */
			}
		}, 30000).unref();
	};
	const watchdog = setTimeout(
		() => stop(`the suite exceeded ${TIMEOUT_MIN} min (STORE_PLATFORM_E2E_TIMEOUT_MIN)`),
		TIMEOUT_MIN * 60 * 1000,
	);
	for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(sig));
	return new Promise((resolve) => {
		child.on('close', (code, signal) => {
			clearTimeout(watchdog);
			resolve(code ?? (signal ? 1 : 0));
		});
	});
}

/** The runner's summary lines (`# tests`, `# pass`, `# fail`, ...) from the TAP file. */
function tapSummary() {
	if (!fs.existsSync(TAP)) return ['# fail 1 (no TAP output)'];
	return fs
		.readFileSync(TAP, 'utf8')
		.split('\n')
		.filter((l) => /^# (tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) /.test(l));
}

async function main() {
	if (argv.includes('--install-only')) {
		console.log(`# installing n8n ${VERSIONS.join(', ')} into ${cacheRoot()}`);
		try {
			await installMissing();
		} catch (e) {
			console.log(`FAIL installing: ${e.stack || e}`);
			process.exit(1);
		}
		return;
	}
	const files = legFiles();
	let prepared;
	try {
		prepared = await prepare();
	} catch (e) {
		console.log(`\nFAIL preparing the suite: ${e.stack || e}\n# pass 0\n# fail 1`);
		process.exit(1);
	}
	const code = await runLegs(files, prepared.env);
	const summary = tapSummary();
	const totalMs = Date.now() - T0;
	writeResults({
		resultsDir: prepared.resultsDir,
		summary,
		totalMs,
		versions: VERSIONS,
		tgz: prepared.tgz,
		concurrency: CONCURRENCY,
	});
	fs.rmSync(path.dirname(prepared.tgz), { recursive: true, force: true });
	fs.rmSync(prepared.resultsDir, { recursive: true, force: true });
	console.log(
		`\n# compatibility table: test/e2e/RESULTS.md; suite ${secs(totalMs)}; TAP: ${path.relative(PROJECT_DIR, TAP)}`,
	);
	console.log(summary.join('\n'));
	const failed = summary.some((l) => /^# (fail|cancelled) [1-9]/.test(l));
	process.exit(code || failed ? 1 : 0);
}

main();
