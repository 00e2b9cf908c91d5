'use strict';
/**
 * Shared set-up of the end-to-end legs (`test/e2e/*.test.js`, run by `node --test`; `npm run test:e2e` runs them
 * all through run.js). A leg file is:
 *
 *   const { leg } = require('./setup');
 *   leg('trigger', async (v) => {                  // one node:test test per n8n version, the versions side by side
 *     const { n8n, sandbox, ids } = await v.setUp({ workflows: (cred) => [myWorkflow(cred)], start: true });
 *     await v.check('c. what it proves', async () => { ... });   // a subtest; resolves to { ok, value }
 *   });
 *
 * `v.setUp()` (optional) starts the sandbox store and an n8n of that version with the packed package installed and a
 * storePlatformApi credential to the sandbox imported; everything a leg starts is ended when its test ends, also
 * on failure, timeout or SIGTERM. Environment (run.js sets it; a leg run on its own packs and installs itself):
 *   STORE_PLATFORM_E2E_VERSIONS     comma-separated versions (default 2.41.1,1.123.81)
 *   STORE_PLATFORM_E2E_TGZ          the packed package (default: packed once by this process)
 *   STORE_PLATFORM_E2E_RESULTS_DIR  where each leg writes `<leg>-<version>.json` (run.js builds RESULTS.md of them)
 *   STORE_PLATFORM_E2E_NO_BROWSER=1, STORE_PLATFORM_E2E_NO_QUEUE=1, STORE_PLATFORM_E2E_KEEP=1 (keep user folders)
 */
const assert = require('assert');
const crypto = require('crypto');
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { describe, it } = require('node:test');

const { N8nInstance, killAll, packProject, PROJECT_DIR } = require('../../scripts/n8n/instance');
const { loadSandbox } = require('../../sandbox/load');
const { ensurePlaywrightCore, DEFAULT_VERSION } = require('../../scripts/n8n/install');

/**
 * install.js's default (the newest 2.x that installs here, 2.41.1) and the last 1.x: one version per major line in every run. 2.40.7 (and any
 * other of install.js's SUPPORTED) runs on demand: `node test/e2e/run.js 2.40.7`.
 */
const DEFAULT_VERSIONS = [DEFAULT_VERSION, '1.123.81'];
const env = process.env;
const KEEP = env.STORE_PLATFORM_E2E_KEEP === '1';
const NO_BROWSER =
	env.STORE_PLATFORM_E2E_NO_BROWSER === '1'
		? 'STORE_PLATFORM_E2E_NO_BROWSER=1 (--no-browser)'
		: undefined;
const secs = (ms) => `${(ms / 1000).toFixed(1)}s`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const firstLine = (e) =>
	String((e && e.message) || e)
		.split('\n')[0]
		.slice(0, 160);

function versions() {
	const list = (env.STORE_PLATFORM_E2E_VERSIONS || '')
		.split(',')
		.map((s) => s.trim())
		.filter(Boolean);
	return list.length ? list : DEFAULT_VERSIONS;
}

let tgz;
/** The packed package: run.js packs once for every leg; a leg run on its own packs here. */
function packedPackage() {
	if (!tgz)
		tgz =
			env.STORE_PLATFORM_E2E_TGZ ||
			packProject({ outDir: fs.mkdtempSync(path.join(os.tmpdir(), 'store-platform-pack-')) });
	return tgz;
}

async function waitFor(fn, what, timeoutMs = 20000) {
	const end = Date.now() + timeoutMs;
	for (;;) {
		const v = await fn();
		if (v) return v;
		if (Date.now() > end) throw new Error(`timed out after ${secs(timeoutMs)} waiting for ${what}`);
		await sleep(100);
	}
}

/** HTTP server that records what the workflows POST to it (on arrival); it answers after `holdMs` (default 0). */
async function startCollector() {
	const received = [];
	const collector = { holdMs: 0 };
	const server = http.createServer((req, res) => {
		let raw = '';
		req.on('data', (d) => (raw += d));
		req.on('end', () => {
			let body = raw;
			try {
				body = JSON.parse(raw);
			} catch {
				/* keep raw */
			}
			received.push({ method: req.method, url: req.url, headers: req.headers, body });
			res.setHeader('content-type', 'application/json');
			setTimeout(() => res.end('{"ok":true}'), collector.holdMs);
		});
	});
	await new Promise((r) => server.listen(0, '127.0.0.1', r));
	const url = `http://127.0.0.1:${server.address().port}`;
	return Object.assign(collector, {
		url,
		received,
		close: () => new Promise((r) => (server.closeAllConnections?.(), server.close(() => r()))),
	});
}

/**
 * Headless Chromium signed in to the editor of a started n8n (browser.js; playwright-core from the cache and the
 * system's chromium), closed among the leg's cleanups; undefined (the check failed) when it cannot start.
 */
async function openBrowser(v, n8n) {
	const res = await v.check(
		'launch headless Chromium and sign in to the editor as the owner',
		async () => {
			const pw = ensurePlaywrightCore();
			if (!pw.chromiumPath)
				throw new Error(
					'chromium not found (apt-get install -y chromium, or STORE_PLATFORM_CHROMIUM)',
				);
			const b = await require('./browser').open(pw, n8n);
			v.cleanups.push(() => b.close());
			return b;
		},
		{ timeoutMs: 180000 },
	);
	return res.ok ? res.value : undefined;
}

/** Sandbox requests to the API (the OAuth token flow aside). */
const apiRequests = (list) =>
	list.filter((r) => r.path.startsWith('/services/') && !r.path.startsWith('/services/oauth/'));

/** One leg on one n8n version: its checks, its record (a column of RESULTS.md), its cleanups. */
class Version {
	constructor(t, legName, version) {
		this.t = t;
		this.leg = legName;
		this.version = version;
		this.major = Number(version.split('.')[0]);
		this.cleanups = [];
		this.r = { leg: legName, version, status: 'pass', times: {} };
		this.area = {
			fail: (name, e) => {
				if (!String(this.r.status).startsWith('FAIL'))
					this.r.status = `FAIL: ${name}: ${firstLine(e)}`;
			},
			skip: (why) => {
				this.r.status = `skipped: ${why}`;
			},
		};
	}

	log(s) {
		this.t.diagnostic(`n8n ${this.version}: ${s}`);
	}

	/** One check as a subtest (bounded by timeoutMs); never throws; resolves to { ok, value } or { ok: false, error }. */
	async check(name, fn, { timeoutMs = 5 * 60 * 1000 } = {}) {
		let out = { ok: false };
		await this.t.test(name, { timeout: timeoutMs }, async () => {
			try {
				out = { ok: true, value: await fn() };
			} catch (e) {
				out = { ok: false, error: e };
				throw e;
			}
		});
		if (!out.ok) this.area.fail(name, out.error || new Error(`timed out after ${secs(timeoutMs)}`));
		return out;
	}

	/** Marks the leg skipped for this version (a skipped subtest, so the summary counts it). */
	async skip(why) {
		this.area.skip(why);
		await this.t.test(why, { skip: why }, () => {});
	}

	/**
	 * The sandbox store, a collector, an n8n of this version with the package installed and a storePlatformApi
	 * credential to the sandbox. `workflows(cred, ctx)` are imported from the CLI (one call; `activate`: indexes
	 * activated from the CLI) unless `start` without `activate`: then n8n starts first and the credential and
	 * workflows are created over REST, as the editor does (no CLI start of n8n for each). Throws (failing the leg)
	 * when a step fails: everything after depends on it.
	 */
	async setUp({ workflows, activate = [], start = false } = {}) {
		const sandbox = await loadSandbox().startSandbox({ port: 0 });
		this.cleanups.push(() => sandbox.close());
		const collector = await startCollector();
		this.cleanups.push(() => collector.close());
		const collectorUrl = `${collector.url}/collect?n8n=${this.version}`;
		const n8n = await N8nInstance.create({ version: this.version, keep: KEEP });
		this.r.node = spawnSync(n8n.install.nodeBin, ['--version'], { encoding: 'utf8' }).stdout.trim();
		this.cleanups.push(async () => {
			await n8n.stop();
			if (String(this.r.status).startsWith('FAIL') && !KEEP)
				this.log(`n8n log: ${n8n.logFile} (folder kept for inspection)`);
			else n8n.cleanup();
		});
		const credential = {
			type: 'storePlatformApi',
			name: 'Store Platform sandbox (tokens)',
			data: { baseUrl: `${sandbox.url}/`, ...sandbox.credentials },
		};
		const ctx = {
			n8n,
			sandbox,
			collector,
			collectorUrl,
			cred: { id: crypto.randomBytes(8).toString('hex'), name: credential.name },
			ids: [],
		};
		const overRest = start && !activate.length;
		const t0 = Date.now();
		const installed = await this.check(
			`set-up: packed package installed${overRest ? '' : ', credential (sandbox tokens) and workflows imported from the CLI'}`,
			async () => {
				await n8n.installPackage(packedPackage());
				if (overRest) return;
				await n8n.importCredentials([{ id: ctx.cred.id, ...credential }]);
				const list = workflows ? workflows(ctx.cred, ctx) : [];
				ctx.ids = list.length ? await n8n.importWorkflows(list) : [];
				for (const i of activate) await n8n.activate(ctx.ids[i]);
			},
			{ timeoutMs: 8 * 60 * 1000 },
		);
		if (!installed.ok) throw new Error(`set-up failed: ${firstLine(installed.error)}`);
		if (start) {
			const started = await this.check(
				`n8n start (${n8n.baseUrl}/) until ready; owner signed in${overRest ? '; credential and workflows created over REST' : ''}`,
				async () => {
					await n8n.start({ timeoutMs: 240000 });
					this.r.times.start = n8n.readyMs;
					await n8n.login();
					if (!overRest) return;
					const made = await n8n.createCredentialRest(credential);
					assert.ok(made && made.id, JSON.stringify(made));
					ctx.cred = { id: made.id, name: made.name };
					for (const wf of workflows ? workflows(ctx.cred, ctx) : [])
						ctx.ids.push(await n8n.createWorkflowRest(wf));
				},
				{ timeoutMs: 300000 },
			);
			if (!started.ok) throw new Error(`n8n did not start: ${firstLine(started.error)}`);
		}
		this.r.times.setUp = Date.now() - t0;
		return ctx;
	}

	async runCleanups() {
		for (const fn of this.cleanups.splice(0).reverse()) {
			try {
				await Promise.race([fn(), sleep(30000)]);
			} catch {
				/* best effort */
			}
		}
	}

	save() {
		const dir = env.STORE_PLATFORM_E2E_RESULTS_DIR;
		if (!dir) return;
		fs.mkdirSync(dir, { recursive: true });
		fs.writeFileSync(
			path.join(dir, `${this.leg}-${this.version}.json`),
			JSON.stringify(this.r, null, 1),
		);
	}
}

/**
 * Declares a leg: one test per version (`only2x`: 1.x skipped; `serial`: one version after the other; `skip`: a
 * reason to skip every version; `priority`: keep the default CPU priority, the other legs run at nice 10;
 * `concurrency`: a version's checks may run side by side, for a body running several flows at once), each
 * running `body(v)` with a `Version` and ending what it started.
 */
function leg(
	name,
	body,
	{
		only2x = false,
		serial = false,
		skip,
		timeoutMs = 40 * 60 * 1000,
		priority = false,
		concurrency = false,
	} = {},
) {
	// the legs run side by side on few cores: all but the one that measures a burst (queue) yield the CPU to it
	// (the niceness is inherited by the n8n processes, Postgres aside, and browsers a leg starts)
	if (!priority) {
		try {
			os.setPriority(10);
		} catch {
			/* not allowed here: run at the default priority */
		}
	}
	// n8n processes are in their own process groups: end them when this leg's process is told to stop
	for (const sig of ['SIGINT', 'SIGTERM']) {
		process.on(sig, () => {
			killAll();
			process.exit(130);
		});
	}
	describe(name, { concurrency: !serial }, () => {
		for (const version of versions()) {
			const why =
				skip || (only2x && Number(version.split('.')[0]) < 2 ? 'n8n 2.x only' : undefined);
			it(`n8n ${version}`, { timeout: timeoutMs, concurrency }, async (t) => {
				const v = new Version(t, name, version);
				const t0 = Date.now();
				try {
					if (why) await v.skip(why);
					else await body(v);
				} catch (e) {
					v.area.fail(name, e);
					throw e;
				} finally {
					await v.runCleanups();
					v.r.times.total = Date.now() - t0;
					v.save();
				}
			});
		}
	});
}

module.exports = {
	leg,
	versions,
	packedPackage,
	waitFor,
	sleep,
	secs,
	startCollector,
	openBrowser,
	apiRequests,
	loadSandbox,
	NO_BROWSER,
	N8nInstance,
	PROJECT_DIR,
	DEFAULT_VERSIONS,
};
