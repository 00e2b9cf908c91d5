#!/usr/bin/env node
'use strict';
/**
 * End-to-end suite: the PACKED package inside REAL n8n processes, against the sandbox store server.
 *
 *   npm run test:e2e                      both versions (2.40.7 on Node 24, 1.123.81 on Node 20)
 *   node test/e2e/run.js 2.40.7           one version
 *   options: --no-browser (skip the Connect flow and the screenshot)
 *            --no-queue   (skip the queue-mode leg, test/e2e/queue.js)
 *            --keep       (keep the n8n user folders, print their paths)
 *   env:     STORE_PLATFORM_E2E_TIMEOUT_MIN   hard limit for the whole suite (default 60)
 *            STORE_PLATFORM_N8N_CACHE         where n8n is installed (see scripts/n8n/install.js)
 *            STORE_PLATFORM_CHROMIUM          chromium binary (default /usr/bin/chromium)
 *
 * Per version, with ONE user folder and ONE `n8n start`:
 *   a. loads     npm pack -> npm install into <folder>/.n8n/nodes; `n8n export:nodes` lists both nodes;
 *                the running instance lists both credential types (/types/credentials.json)
 *   b. action    one workflow, 83 Store Platform nodes over the 17 resources (create -> get -> update ->
 *                list -> count -> delete), run by `n8n execute --id --rawOutput` with an imported
 *                storePlatformApi credential; every node's output checked; every request signed
 *   c. trigger   Store Platform Trigger -> HTTP Request to a collector: activated before start, its
 *                registrations on the sandbox, form and JSON deliveries reach the collector, tampered
 *                deliveries get 401 and start nothing, REST deactivation leaves no registration
 *   h. healing   self-healing registrations (test/e2e/healing.js): deleted while active / while n8n is down,
 *                the webhook API answering 503 for 2 min, "Listen for test event", deactivation (~10 min)
 *   d. Connect   storePlatformOAuth1Api created over REST, Connect clicked in headless Chromium,
 *                approved on the sandbox's authorize page, then a node with that credential runs
 *   e. editor    (2.x) screenshot of the node's parameters panel -> docs/editor.png
 *   i. inputs    (after the versions, side by side) expression-fed values in real n8n: test/e2e/inputRules.js
 *   q. queue     (2.x, after the versions) Postgres + Redis, main + worker + webhook process: test/e2e/queue.js
 * Then a compatibility table (also written to test/e2e/RESULTS.md) and "N passed, N failed".
 * Every process it starts (n8n, task runners, chromium) is ended on exit, also on failure or timeout.
 */
const assert = require('assert');
const crypto = require('crypto');
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');
const { spawn, spawnSync } = require('child_process');
const { AsyncLocalStorage } = require('async_hooks');

const { ensureN8n, isInstalled, ensurePlaywrightCore, cacheRoot, SUPPORTED } = require('../../scripts/n8n/install');
const { N8nInstance, killAll, packProject, PROJECT_DIR } = require('../../scripts/n8n/instance');
const { ACTION_STEPS, RESOURCES, actionWorkflow, triggerWorkflow, oauthWorkflow, editorWorkflow, httpRequestWorkflow } = require('./workflows');
const browserLib = require('./browser');
const { runQueueLeg } = require('./queue');

const argv = process.argv.slice(2);
const VERSIONS = argv.filter((a) => /^\d+\.\d+\.\d+$/.test(a));
if (!VERSIONS.length) VERSIONS.push('2.40.7', '1.123.81');
const NO_BROWSER = argv.includes('--no-browser');
const NO_QUEUE = argv.includes('--no-queue');
const KEEP = argv.includes('--keep');
// the versions run side by side (own sandbox, collector, n8n, browser each) unless --serial
const PARALLEL = !argv.includes('--serial') && VERSIONS.length > 1;
const TIMEOUT_MIN = Number(process.env.STORE_PLATFORM_E2E_TIMEOUT_MIN || 60);
const SCREENSHOT = path.join(PROJECT_DIR, 'docs', 'editor.png');
const RESULTS_MD = path.join(__dirname, 'RESULTS.md');

const T0 = Date.now();
let passed = 0;
let failed = 0;
const failures = [];
/** version -> { loads, action, trigger, connect, editor: 'pass' | 'FAIL: ...' | 'skipped: ...', times } */
const results = {};
/** cleanup functions of the suite itself, and one list per running version */
const globalCleanups = [];
const running = new Set();
/** version -> lines not printed yet (parallel mode); flushed on timeout or Ctrl-C */
const buffers = new Map();
const flushBuffers = () => {
	for (const [, lines] of buffers) console.log(lines.splice(0).join('\n'));
};

const secs = (ms) => `${(ms / 1000).toFixed(1)}s`;
/** In parallel mode each version's lines are collected and printed as one block when it ends. */
const output = new AsyncLocalStorage();
const log = (s) => {
	const buffer = output.getStore();
	if (buffer) buffer.push(s);
	else console.log(s);
};

// ---- reporting -------------------------------------------------------------------------------

/** Runs one check; prints ok/FAIL; never throws. Returns the value or undefined. */
async function check(name, fn, { timeoutMs = 5 * 60 * 1000, area } = {}) {
	const t = Date.now();
	let timer;
	try {
		const value = await Promise.race([
			fn(),
			new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${secs(timeoutMs)}`)), timeoutMs))),
		]);
		if (finishing) return { ok: false };
		log(`  ok   ${name} (${secs(Date.now() - t)})`);
		passed++;
		return { ok: true, value };
	} catch (e) {
		if (finishing) return { ok: false, error: e }; // interrupted: the suite is shutting down
		const msg = String((e && e.stack) || e);
		log(`  FAIL ${name} (${secs(Date.now() - t)})\n${msg.split('\n').slice(0, 40).join('\n').replace(/^/gm, '       ')}`);
		failed++;
		failures.push(name);
		if (area) area.fail(name, e);
		return { ok: false, error: e };
	} finally {
		clearTimeout(timer);
	}
}

/** Per-version result of one column of the compatibility table. */
function areaOf(version, key) {
	const r = results[version];
	r[key] = r[key] || 'pass';
	return {
		fail(name, e) {
			if (!String(r[key]).startsWith('FAIL')) r[key] = `FAIL: ${name}: ${firstLine(e)}`;
		},
		skip(why) {
			r[key] = `skipped: ${why}`;
		},
	};
}
const firstLine = (e) => String((e && e.message) || e).split('\n')[0].slice(0, 160);

// ---- helpers -------------------------------------------------------------------------------

async function waitFor(fn, what, timeoutMs = 20000) {
	const end = Date.now() + timeoutMs;
	for (;;) {
		const v = await fn();
		if (v) return v;
		if (Date.now() > end) throw new Error(`timed out after ${secs(timeoutMs)} waiting for ${what}`);
		await new Promise((r) => setTimeout(r, 100));
	}
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** HTTP server that records what the workflows POST to it. */
async function startCollector() {
	const received = [];
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
			res.end('{"ok":true}');
		});
	});
	await new Promise((r) => server.listen(0, '127.0.0.1', r));
	const url = `http://127.0.0.1:${server.address().port}`;
	return { url, received, close: () => new Promise((r) => (server.closeAllConnections?.(), server.close(() => r()))) };
}

/** `node scripts/n8n/install.js <version>` in a child process (its output goes straight through). */
function installInChild(version) {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, [path.join(PROJECT_DIR, 'scripts', 'n8n', 'install.js'), version], { stdio: ['ignore', 'inherit', 'inherit'] });
		const kill = () => child.exitCode === null && child.kill('SIGKILL');
		globalCleanups.push(kill);
		child.on('error', () => resolve(false));
		child.on('close', (code) => resolve(code === 0));
	});
}

/**
 * The input-rules leg (test/e2e/inputRules.js: expression-fed values in real n8n) of one version, as a child
 * process with its own n8n; one check, its output printed when it fails.
 */
async function inputRulesFor(version, tgz) {
	await check(`n8n ${version}: input rules in real n8n (test/e2e/inputRules.js)`, () =>
		new Promise((resolve, reject) => {
			let out = '';
			const child = spawn(process.execPath, [path.join(__dirname, 'inputRules.js'), version, `--tgz=${tgz}`], { stdio: ['ignore', 'pipe', 'pipe'] });
			const stop = () => child.exitCode === null && child.kill('SIGTERM');
			globalCleanups.push(stop);
			child.stdout.on('data', (d) => (out += d));
			child.stderr.on('data', (d) => (out += d));
			child.on('error', reject);
			child.on('close', (code) => {
				const summary = (out.match(/(\d+) passed, (\d+) failed/) || [])[0] || 'no summary';
				if (code === 0) resolve(summary);
				else reject(new Error(`exit ${code}, ${summary}:\n${out.split('\n').slice(-40).join('\n')}`));
			});
		}),
	{ timeoutMs: 10 * 60 * 1000, area: areaOf(version, 'inputs') });
}

/** The sandbox store server of the project, compiled by tsc into build/. */
function sandboxModule() {
	return require(path.join(PROJECT_DIR, 'build', 'test', 'sandbox', 'index.js'));
}

/** Sandbox requests to the API (the OAuth token flow aside). */
const apiRequests = (list) => list.filter((r) => r.path.startsWith('/services/') && !r.path.startsWith('/services/oauth/'));

// ---- the suite for one version -----------------------------------------------------------------

/** Runs one version with its own cleanups, which always run (reverse order) when it ends. */
async function suiteFor(version, tgz, pw) {
	const cleanups = [];
	running.add(cleanups);
	try {
		await runVersion(version, tgz, pw, cleanups);
	} catch (e) {
		failed++;
		failures.push(`n8n ${version}: ${firstLine(e)}`);
		log(`  FAIL n8n ${version}: ${e.stack || e}`);
		results[version] = results[version] || { times: {} };
		results[version].loads = results[version].loads || `FAIL: ${firstLine(e)}`;
	} finally {
		await runCleanups(cleanups);
		running.delete(cleanups);
	}
}

/** The queue-mode leg (test/e2e/queue.js) of a 2.x version, with its own cleanups. */
async function queueFor(version, tgz) {
	const cleanups = [];
	running.add(cleanups);
	const r = (results[version] = results[version] || { times: {} });
	const t = Date.now();
	const area = areaOf(version, 'queue');
	try {
		await runQueueLeg({ version, tgz, check, log, area, keep: KEEP, cleanups, sandboxModule, startCollector, waitFor, sleep, r });
	} catch (e) {
		failed++;
		failures.push(`n8n ${version} queue mode: ${firstLine(e)}`);
		log(`  FAIL n8n ${version} queue mode: ${e.stack || e}`);
		area.fail('queue mode', e);
	} finally {
		await runCleanups(cleanups);
		running.delete(cleanups);
		r.times.queue = Date.now() - t;
	}
}

async function runCleanups(list) {
	for (const fn of list.splice(0).reverse()) {
		try {
			await Promise.race([fn(), sleep(30000)]);
		} catch {
			/* best effort */
		}
	}
}

async function runVersion(version, tgz, pw, cleanups) {
	const tv = Date.now();
	const r = (results[version] = { times: {} });
	const times = r.times;
	const loads = areaOf(version, 'loads');
	const action = areaOf(version, 'action');
	const trigger = areaOf(version, 'trigger');
	const connect = areaOf(version, 'connect');
	const editor = areaOf(version, 'editor');
	const major = Number(version.split('.')[0]);
	log(`\n# n8n ${version}`);

	const { startSandbox } = sandboxModule();
	const sandbox = await startSandbox({ port: 0 });
	cleanups.push(() => sandbox.close());
	const collector = await startCollector();
	cleanups.push(() => collector.close());
	const collectorUrl = `${collector.url}/collect?n8n=${version}`;

	const n8n = await N8nInstance.create({ version, keep: KEEP });
	r.node = spawnSync(n8n.install.nodeBin, ['--version'], { encoding: 'utf8' }).stdout.trim();
	let stopped = false;
	const stopN8n = async () => {
		if (stopped) return;
		stopped = true;
		await n8n.stop();
		const broken = ['loads', 'action', 'trigger', 'connect', 'editor'].some((k) => String(r[k]).startsWith('FAIL'));
		if (broken && !KEEP && !finishing) log(`  (n8n log: ${n8n.logFile}; folder kept for inspection)`);
		else n8n.cleanup();
	};
	cleanups.push(stopN8n);

	const cred = { id: crypto.randomBytes(8).toString('hex').slice(0, 16), name: 'Store Platform sandbox (tokens)' };
	const triggerHookId = crypto.randomUUID();

	// a. the packed package installs and n8n loads it
	let t = Date.now();
	const installed = await check('a. packed package installs into <user folder>/.n8n/nodes', async () => {
		const dir = await n8n.installPackage(tgz);
		const pj = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
		assert.strictEqual(pj.name, 'n8n-nodes-store-platform');
		for (const f of [...pj.n8n.nodes, ...pj.n8n.credentials]) assert.ok(fs.existsSync(path.join(dir, f)), `${f} installed`);
		return pj.version;
	}, { area: loads });
	if (!installed.ok) {
		for (const a of [action, trigger, connect, editor]) a.skip('package not installed');
		return;
	}

	await check('a. import:credentials storePlatformApi (sandbox tokens) + import:workflow (3 workflows, one call)', async () => {
		await n8n.importCredentials([
			{
				id: cred.id,
				name: cred.name,
				type: 'storePlatformApi',
				data: { baseUrl: `${sandbox.url}/`, ...sandbox.credentials },
			},
		]);
		const ids = await n8n.importWorkflows([
			actionWorkflow(cred),
			triggerWorkflow(cred, { webhookId: triggerHookId, collectorUrl }),
			editorWorkflow(cred),
			httpRequestWorkflow(cred, sandbox.url),
		]);
		[r.actionId, r.triggerId, r.editorId, r.httpId] = ids;
	}, { area: loads });

	await check('a. n8n export:nodes lists storePlatform and storePlatformTrigger', async () => {
		const nodes = await n8n.exportNodes();
		const names = nodes.map((x) => x.name);
		for (const n of ['n8n-nodes-store-platform.storePlatform', 'n8n-nodes-store-platform.storePlatformTrigger']) assert.ok(names.includes(n), `${n} missing`);
		const main = nodes.find((x) => x.name === 'n8n-nodes-store-platform.storePlatform');
		const creds = (main.credentials || []).map((c) => c.name).sort();
		assert.deepStrictEqual(creds, ['storePlatformApi', 'storePlatformOAuth1Api']);
		const resources = main.properties.find((p) => p.name === 'resource').options.map((o) => o.value);
		const missing = RESOURCES.filter((x) => !resources.includes(x));
		assert.deepStrictEqual(missing, [], `resources offered: ${resources.join(', ')}`);
		r.resources = resources.length;
	}, { area: loads });
	times.load = Date.now() - t;

	// b. every resource in one `n8n execute`
	t = Date.now();
	if (r.actionId) {
		const before = sandbox.requests.length;
		const exec = await check('b. n8n execute --id --rawOutput: the 83-node workflow succeeds', async () => {
			const res = await n8n.execute(r.actionId, { timeoutMs: 240000 });
			times.executeCli = res.ms;
			assert.ok(res.result, `no run JSON in the output (exit ${res.code})\n${res.stdout.slice(-3000)}\n${res.stderr.slice(-3000)}`);
			assert.ok(!res.error, `run error: ${String(JSON.stringify(res.error)).slice(0, 1500)}`);
			assert.ok(res.ok, `exit ${res.code}, status ${res.status}`);
			const runData = res.result.data.resultData.runData;
			const ran = Object.keys(runData).filter((n) => n !== 'Start');
			assert.strictEqual(ran.length, ACTION_STEPS.length, `nodes run: ${ran.length} of ${ACTION_STEPS.length}`);
			return res.result;
		}, { area: action, timeoutMs: 300000 });
		if (exec.ok) {
			const result = exec.value;
			const first = (name) => {
				const out = N8nInstance.nodeOutput(result, name);
				if (!out || !out[0]) throw new Error(`no output from ${name}`);
				return out[0].json;
			};
			for (const resource of RESOURCES) {
				const steps = ACTION_STEPS.filter(([, p]) => p.resource === resource);
				await check(`b. ${resource}: ${steps.map(([, p]) => p.operation).join(' -> ')}`, async () => {
					for (const [name, , checkFn] of steps) {
						const out = (N8nInstance.nodeOutput(result, name) || []).map((i) => i.json);
						try {
							checkFn(out, { first, sandbox });
						} catch (e) {
							e.message = `${name}: ${e.message}\n  output: ${JSON.stringify(out).slice(0, 600)}`;
							throw e;
						}
					}
				}, { area: action });
			}
			await check('b. the sandbox saw every request signed (authorized), none unsigned; created records are gone', async () => {
				const reqs = apiRequests(sandbox.requests.slice(before));
				assert.ok(reqs.length >= ACTION_STEPS.length, `only ${reqs.length} API requests`);
				const unsigned = reqs.filter((q) => !q.authorized);
				assert.deepStrictEqual(unsigned.map((q) => `${q.method} ${q.path} -> ${q.status}`), []);
				assert.ok(reqs.every((q) => /^OAuth /.test(String(q.headers.authorization))), 'Authorization: OAuth header on each');
				r.actionRequests = reqs.length;
				const s = sandbox.store;
				for (const [table, node] of [['pages', 'Page Create'], ['categories', 'Category Create'], ['vendors', 'Vendor Create'], ['blogs', 'Blog Create'], ['promotions', 'Promotion Create'], ['vouchers', 'Voucher Create']]) {
					assert.strictEqual(s[table].get(first(node).id), undefined, `${table} ${first(node).id} still exists`);
				}
				assert.strictEqual(s.webhooks.size, 0, 'no webhook left');
			}, { area: action });
		}
	} else action.skip('workflow not imported');
	if (r.httpId) {
		await check("b. n8n's HTTP Request node with the storePlatformApi credential: paginated GET, JSON POST, DELETE, all signed", async () => {
			const before = sandbox.requests.length;
			const vendors = sandbox.store.vendors.size;
			const res = await n8n.execute(r.httpId, { timeoutMs: 120000 });
			assert.ok(res.ok && !res.error, `run error: ${String(JSON.stringify(res.error || res.stderr.slice(-1500))).slice(0, 1500)}`);
			const reqs = apiRequests(sandbox.requests.slice(before));
			assert.deepStrictEqual(reqs.filter((q) => !q.authorized).map((q) => `${q.method} ${q.path}?${q.rawQuery} -> ${q.status}`), []);
			const pages = reqs.filter((q) => q.method === 'GET');
			assert.strictEqual(pages.length, Math.ceil(vendors / 2) + 1, `pages of 2 over ${vendors} vendors, then an empty one`);
			assert.deepStrictEqual(pages.map((q) => q.query.page), pages.map((_, i) => String(i + 1)));
			assert.ok(pages.every((q) => q.query.limit === '2' && q.query.fields === 'id,title'), 'query as given');
			const created = N8nInstance.nodeOutput(res.result, 'HTTP Vendor Create')[0].json.vendor;
			assert.strictEqual(created.title, 'Made by HTTP Request é+&');
			assert.strictEqual(sandbox.store.vendors.get(String(created.id)), undefined, 'deleted again');
			assert.deepStrictEqual(reqs.filter((q) => q.method !== 'GET').map((q) => `${q.method} ${q.status}`), ['POST 200', 'DELETE 200']);
		}, { area: action });
	}
	times.action = Date.now() - t;

	// c. trigger: activate before start, then start n8n once for c, d, e
	t = Date.now();
	const webhookUrl = n8n.webhookUrl(triggerHookId);
	const activated = r.triggerId
		? await check(`c. activate the trigger workflow from the CLI (${major >= 2 ? 'publish:workflow' : 'update:workflow --active=true'})`, () => n8n.activate(r.triggerId), { area: trigger })
		: { ok: false };
	const started = await check(`n8n start (webhook URL ${n8n.baseUrl}/) until ready`, async () => {
		await n8n.start({ timeoutMs: 240000 });
		times.startReady = n8n.readyMs;
		times.start = n8n.startMs;
		await n8n.login();
		if (major >= 2 && r.triggerId && activated.ok) {
			const st = n8n.activation[r.triggerId];
			assert.ok(st && st.status === 'published', `trigger workflow publication: ${JSON.stringify(st)}`);
		}
	}, { timeoutMs: 300000, area: loads });
	times.startTotal = Date.now() - t;
	if (!started.ok) {
		for (const a of [trigger, connect, editor]) a.skip('n8n did not start');
		return;
	}

	await check('a. the running instance lists both credential types (GET /types/credentials.json)', async () => {
		const res = await n8n.getPath('/types/credentials.json');
		assert.strictEqual(res.status, 200, `status ${res.status}`);
		const types = res.body.map((c) => c.name);
		assert.ok(types.includes('storePlatformApi'), 'storePlatformApi missing');
		assert.ok(types.includes('storePlatformOAuth1Api'), 'storePlatformOAuth1Api missing');
		const oauth = res.body.find((c) => c.name === 'storePlatformOAuth1Api');
		assert.deepStrictEqual(oauth.extends, ['oAuth1Api']);
	}, { area: loads });

	t = Date.now();
	if (activated.ok) await runTrigger({ n8n, sandbox, collector, r, trigger, webhookUrl, version });
	else trigger.skip('not activated');
	times.trigger = Date.now() - t;
	if (activated.ok) await require('./healing').runHealing({ n8n, sandbox, collector, check, log, waitFor, sleep, area: trigger, cred, collectorUrl, major, r });

	// d. Connect flow, e. editor screenshot (one browser per version)
	t = Date.now();
	if (NO_BROWSER) {
		connect.skip('--no-browser');
		editor.skip('--no-browser');
	} else if (!pw || !pw.chromiumPath) {
		const why = !pw ? 'playwright-core could not be installed' : 'chromium not found (apt-get install -y chromium, or STORE_PLATFORM_CHROMIUM)';
		await check('d. headless Chromium available', async () => {
			throw new Error(why);
		}, { area: connect });
		editor.skip(why);
	} else {
		await runBrowserParts({ n8n, sandbox, r, major, pw, connect, editor, cred, cleanups });
	}
	times.browser = Date.now() - t;

	t = Date.now();
	await stopN8n();
	times.stop = Date.now() - t;
	times.total = Date.now() - tv;
	log(`  times: ${Object.entries(times).map(([k, v]) => `${k} ${secs(v)}`).join(', ')}`);
}

async function runTrigger({ n8n, sandbox, collector, r, trigger, webhookUrl }) {
	const registrations = () => sandbox.store.webhooks.rows.filter((w) => w.site_url === webhookUrl);
	const reg = await check('c. on start the trigger registered order/create and product/update with its production URL', async () => {
		await waitFor(() => registrations().length >= 2, 'two registrations', 30000);
		const rows = registrations();
		assert.deepStrictEqual(rows.map((w) => w.section).sort(), ['order/create', 'product/update']);
		assert.strictEqual(sandbox.store.webhooks.size, 2, 'no other registration');
		for (const w of rows) assert.strictEqual(w.site_url, webhookUrl);
		assert.match(webhookUrl, /^http:\/\/127\.0\.0\.1:\d+\/webhook\/[0-9a-f-]{36}\/webhook$/);
	}, { area: trigger });
	if (!reg.ok) return;

	const fromCollector = (id) => collector.received.filter((x) => x.body && String(x.body.objectId) === String(id));

	await check('c. sandbox.fire(order/create) form-encoded -> 200 -> an execution posts it to the collector', async () => {
		const data = { id: 7001, email: 'e2e.buyer@example.com', total_price: 4350, note: 'Leave at the door & ring', paid: true, items: [{ sku: 'TSH-001-S', quantity: 2 }] };
		const deliveries = await sandbox.fire('order/create', data);
		assert.deepStrictEqual(deliveries.map((d) => d.status), [200], JSON.stringify(deliveries));
		const [got] = await waitFor(() => fromCollector(7001).length && fromCollector(7001), 'the collector to receive order 7001');
		const b = got.body;
		assert.strictEqual(b.event, 'order/create');
		assert.strictEqual(String(b.objectId), '7001');
		assert.strictEqual(b.objectType, 'order');
		assert.strictEqual(String(b.shopId), '1001');
		assert.strictEqual(b.email, 'e2e.buyer@example.com');
		assert.strictEqual(b.note, 'Leave at the door & ring');
		assert.strictEqual(String(b.total_price), '4350');
		// nested fields: n8n's form parser decides the shape (kept as flat `items[0][sku]` keys, or nested)
		const sku = b.items?.[0]?.sku ?? b['items[0][sku]'];
		assert.strictEqual(sku, 'TSH-001-S', `nested form fields: ${JSON.stringify(b)}`);
		r.formNested = b.items ? 'nested (items[0].sku)' : 'flat keys (items[0][sku])';
	}, { area: trigger });

	await check('c. sandbox.fire(product/update) as JSON -> 200 -> reaches the collector', async () => {
		const data = { id: 7002, title: 'E2E product – “quoted”', price: 1900, categories: [1, 3], published: false };
		const deliveries = await sandbox.fire('product/update', data, { format: 'json' });
		assert.deepStrictEqual(deliveries.map((d) => d.status), [200], JSON.stringify(deliveries));
		const [got] = await waitFor(() => fromCollector(7002).length && fromCollector(7002), 'the collector to receive product 7002');
		const b = got.body;
		assert.strictEqual(b.event, 'product/update');
		assert.strictEqual(b.objectType, 'product');
		assert.strictEqual(b.title, 'E2E product – “quoted”');
		assert.strictEqual(b.price, 1900);
		assert.deepStrictEqual(b.categories, [1, 3], JSON.stringify(b));
	}, { area: trigger });

	await check('c. tampered deliveries (wrong / missing service-hmac-sha256, altered body) -> 401, nothing reaches the collector', async () => {
		const { webhookHmac } = sandboxModule();
		const secret = sandbox.credentials.consumerSecret;
		const form = 'id=7003&email=mallory%40example.com&total_price=1';
		const base = { 'content-type': 'application/x-www-form-urlencoded', 'service-section': 'order/create', 'service-shop-id': '1001', 'service-order-id': '7003' };
		const attempts = [
			{ ...base, 'service-hmac-sha256': Buffer.from('0'.repeat(64)).toString('base64') },
			{ ...base },
			// a valid signature of other data
			{ ...base, 'service-hmac-sha256': webhookHmac(secret, { id: 7003, email: 'mallory@example.com', total_price: 1000 }) },
		];
		for (const headers of attempts) {
			const res = await fetch(webhookUrl, { method: 'POST', headers, body: form });
			assert.strictEqual(res.status, 401, `status ${res.status} for ${JSON.stringify(headers)}`);
		}
		await sleep(1500);
		assert.strictEqual(fromCollector(7003).length, 0, 'a tampered delivery reached the collector');
	}, { area: trigger });

	await check('c. executions (REST /rest/executions): exactly the 2 signed deliveries, both successful', async () => {
		const list = await waitFor(async () => {
			const l = await n8n.executions(r.triggerId);
			return l.length >= 2 && l.every((e) => e.status !== 'running' && e.status !== 'new') && l;
		}, '2 finished executions');
		await sleep(300);
		const again = await n8n.executions(r.triggerId);
		assert.strictEqual(again.length, 2, `executions: ${JSON.stringify(again.map((e) => [e.id, e.status, e.mode]))}`);
		assert.deepStrictEqual(list.map((e) => e.status), ['success', 'success']);
	}, { area: trigger });

	// What happens at a restart when the shop lost the registrations (the spec removes a webhook
	// that failed for 48 h): 1.x calls checkExists()/create() at every start; 2.x keeps published
	// webhook triggers as they are. Recorded, not judged; then REST re-activation must restore them.
	await check('c. restart n8n after the shop lost the registrations (observed), then REST deactivate + activate registers again', async () => {
		for (const w of registrations()) sandbox.store.webhooks.remove(w.id);
		await n8n.stop();
		await n8n.start({ timeoutMs: 240000 });
		let restored = false;
		try {
			await waitFor(() => registrations().length === 2, 'registrations after restart', 8000);
			restored = true;
		} catch {
			/* not restored */
		}
		r.restartRestores = restored;
		log(`       observed: at restart n8n ${restored ? 'registers the missing webhooks again (checkExists -> create)' : 'does not register the missing webhooks again (no checkExists/create at start)'}`);
		if (!restored) {
			await n8n.deactivate(r.triggerId);
			await n8n.activateRest(r.triggerId);
			await waitFor(() => registrations().length === 2, 'registrations after REST activation', 20000);
		}
		assert.deepStrictEqual(registrations().map((w) => w.section).sort(), ['order/create', 'product/update']);
		const before = collector.received.length;
		const deliveries = await sandbox.fire('order/create', { id: 7004, email: 'again@example.com' });
		assert.deepStrictEqual(deliveries.map((d) => d.status), [200]);
		await waitFor(() => collector.received.length > before, 'a delivery after re-registration');
	}, { area: trigger, timeoutMs: 300000 });

	await check('c. deactivation through the REST API removes every registration (0 left on the sandbox)', async () => {
		const from = sandbox.requests.length;
		const wf = await n8n.deactivate(r.triggerId);
		assert.strictEqual(wf.active, false);
		await waitFor(() => registrations().length === 0, 'registrations to be removed', 20000);
		assert.strictEqual(sandbox.store.webhooks.size, 0);
		const dels = apiRequests(sandbox.requests.slice(from)).filter((q) => q.method === 'DELETE' && q.path.startsWith('/services/webhooks/'));
		assert.ok(dels.length === 2 && dels.every((q) => q.authorized && q.status === 200), `deletes: ${JSON.stringify(dels.map((q) => [q.path, q.status]))}`);
		const res = await fetch(webhookUrl, { method: 'POST', body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
		assert.strictEqual(res.status, 404, 'production webhook gone');
	}, { area: trigger });

	await check('c. every trigger request to the sandbox was signed', async () => {
		const reqs = apiRequests(sandbox.requests).filter((q) => q.path.startsWith('/services/webhooks'));
		assert.ok(reqs.length >= 4);
		assert.deepStrictEqual(reqs.filter((q) => !q.authorized).map((q) => `${q.method} ${q.path}`), []);
	}, { area: trigger });
}

async function runBrowserParts({ n8n, sandbox, r, major, pw, connect, editor, cred, cleanups }) {
	let b;
	const launched = await check('d. launch headless Chromium and sign in to the editor as the owner', async () => {
		b = await browserLib.open(pw, n8n);
		cleanups.push(() => b.close());
	}, { area: connect, timeoutMs: 120000 });
	if (!launched.ok) {
		editor.skip('browser did not start');
		return;
	}
	try {
		let oauthCred;
		const created = await check('d. create a storePlatformOAuth1Api credential over REST (base URL, consumer key and secret)', async () => {
			oauthCred = await n8n.createCredentialRest({
				name: 'Store Platform sandbox (Connect)',
				type: 'storePlatformOAuth1Api',
				data: { baseUrl: sandbox.url, consumerKey: sandbox.credentials.consumerKey, consumerSecret: sandbox.credentials.consumerSecret },
			});
			assert.ok(oauthCred && oauthCred.id, JSON.stringify(oauthCred));
		}, { area: connect });
		if (created.ok) {
			const flowStart = sandbox.requests.length;
			const connected = await check('d. Connect in the credential modal -> the sandbox authorize page -> Approve -> n8n stores the access token', async () => {
				r.connectInfo = await b.connectOAuth1(oauthCred.id);
				const flow = sandbox.requests.slice(flowStart).filter((q) => q.path.startsWith('/services/oauth/'));
				r.connectFlow = flow.map((q) => `${q.method} ${q.path} ${q.status}`);
				assert.deepStrictEqual(r.connectFlow, [
					'POST /services/oauth/request_token 200',
					'GET /services/oauth/authorize 200',
					'POST /services/oauth/authorize 302',
					'POST /services/oauth/access_token 200',
				]);
			}, { area: connect, timeoutMs: 180000 });
			if (connected.ok) {
				await check('d. a workflow node with authentication oAuth1 (Category -> Get Many) succeeds, signed with the new token', async () => {
					const id = await n8n.createWorkflowRest(oauthWorkflow(oauthCred));
					const before = sandbox.requests.length;
					const res = await n8n.execute(id, { timeoutMs: 180000 });
					assert.ok(res.ok, `execute: exit ${res.code}, ${JSON.stringify(res.error || res.status).slice(0, 1500)}\n${res.stdout.slice(-1500)}`);
					const out = N8nInstance.nodeOutput(res.result, 'Categories Via Connect').map((i) => i.json);
					assert.strictEqual(out.length, sandbox.store.categories.size);
					assert.ok(out.every((c) => c.id && c.name));
					const reqs = apiRequests(sandbox.requests.slice(before));
					assert.ok(reqs.length >= 1);
					// signed by n8n with the access token the sandbox issued in the flow (not the pasted one)
					for (const q of reqs) {
						assert.ok(q.authorized, `${q.method} ${q.path} not authorized`);
						const tok = /oauth_token="([^"]*)"/.exec(String(q.headers.authorization));
						assert.ok(tok && /^at_[0-9a-f]{32}$/.test(decodeURIComponent(tok[1])), `token ${tok && tok[1]}`);
						assert.notStrictEqual(decodeURIComponent(tok[1]), sandbox.credentials.accessToken);
					}
				}, { area: connect });
			}
		} else connect.skip('credential not created');

		if (major >= 2) {
			await check('e. editor screenshot: the Store Platform node with its parameters panel -> docs/editor.png (< 300 KB)', async () => {
				const size = await b.screenshotNode(r.editorId, 'Store Platform', SCREENSHOT);
				assert.ok(size < 300 * 1024, `PNG is ${size} bytes`);
				r.screenshot = { file: path.relative(PROJECT_DIR, SCREENSHOT), bytes: size };
			}, { area: editor, timeoutMs: 180000 });
			await check('e. editor screenshots for docs/: nodes panel, Create form, Get Many output, trigger, failed credential test, error (each < 300 KB)', async () => {
				r.screenshots = await browserLib.screenshotTour({ page: b.page, n8n, sandbox, cred, dir: path.dirname(SCREENSHOT) });
				for (const [file, bytes] of Object.entries(r.screenshots)) assert.ok(bytes < 300 * 1024, `${file} is ${bytes} bytes`);
			}, { area: editor, timeoutMs: 300000 });
		} else editor.skip('screenshot taken on 2.x only');
	} finally {
		await b.close();
	}
}

// ---- table, results file -----------------------------------------------------------------------

function table() {
	const cols = ['n8n', 'Node', 'loads', 'action', 'trigger', 'Connect', 'editor', 'input rules', 'queue mode'];
	const queue = (r) => (r.queue === 'pass' && r.queuePending ? `pass (pending: ${r.queuePending})` : r.queue || '');
	const rows = Object.entries(results).map(([v, r]) => [v, r.node || '', r.loads || '', r.action || '', r.trigger || '', r.connect || '', r.editor || '', r.inputs || '', queue(r)]);
	const cell = (s) => String(s).replace(/\|/g, '\\|');
	return [`| ${cols.join(' | ')} |`, `|${cols.map(() => '---').join('|')}|`, ...rows.map((x) => `| ${x.map(cell).join(' | ')} |`)].join('\n');
}

function writeResults(totalMs, pkgVersion) {
	const date = new Date().toISOString().slice(0, 10);
	const timing = Object.entries(results)
		.map(([v, r]) => `| ${v} | ${secs(r.times.total || 0)} | ${secs(r.times.load || 0)} | ${secs(r.times.action || 0)} | ${secs(r.times.startTotal || 0)} | ${secs(r.times.trigger || 0)} | ${secs(r.times.browser || 0)} | ${secs(r.times.queue || 0)} |`)
		.join('\n');
	const notes = Object.entries(results)
		.map(([v, r]) => {
			const n = [];
			if (r.actionRequests) n.push(`${r.actionRequests} signed API requests for the action workflow (0 unsigned)`);
			if (r.formNested) n.push(`nested fields of a form-encoded delivery arrive as ${r.formNested}`);
			if (r.restartRestores !== undefined) n.push(r.restartRestores ? 'a restart re-registers webhooks the shop lost (n8n calls checkExists/create at start)' : 'a restart does NOT re-register webhooks the shop lost (n8n keeps published webhook triggers; deactivate + activate does)');
			if (r.healSeconds !== undefined) n.push(`self-healing (check every 1 min): registrations deleted while active were back after ${r.healSeconds} s, after a 2-min 503 of the webhook API ${r.afterFaultSeconds} s after it ended, after a restart ${r.restartHealSeconds} s after ready`);
			if (r.connectFlow) n.push(`Connect flow on the sandbox: ${r.connectFlow.join(' → ')}`);
			if (r.queueBurst) n.push(`queue mode: ${r.queueBurst.ok}/${r.queueBurst.sent} deliveries answered 200 by the webhook process at ${r.queueBurst.rate.toFixed(1)}/s (20 at a time), ${r.queueRows ?? '?'} executions in Postgres, all on the worker`);
			if (r.queuePending) n.push(`queue mode: pending: ${r.queuePending}`);
			if (r.screenshot) n.push(`editor screenshot \`${r.screenshot.file}\` (${Math.round(r.screenshot.bytes / 1024)} KB)`);
			return `- ${v}: ${n.join('; ') || '—'}`;
		})
		.join('\n');
	const md = `# End-to-end results

Generated by \`npm run test:e2e\` (\`test/e2e/run.js\`) on ${date}: package \`n8n-nodes-store-platform@${pkgVersion}\` packed with
\`npm pack\` and installed into \`<user folder>/.n8n/nodes\` of real n8n processes, against the sandbox store server.
${passed} checks passed, ${failed} failed; total ${secs(totalMs)}.

${table()}

- **loads**: \`n8n export:nodes\` lists both nodes; the running instance lists both credential types.
- **action**: one workflow with 83 Store Platform nodes over all 17 resources (create → get → update → list →
  count → delete where the resource has them) in one \`n8n execute --id --rawOutput\`; every node's output
  checked; every request the sandbox received was signed.
- **trigger**: registered on activation with the production URL; form and JSON deliveries reach an HTTP
  Request node; tampered deliveries get 401 and start nothing; after a restart with registrations lost by
  the shop, REST deactivate + activate registers again; REST deactivation leaves 0 registrations; self-healing (\`test/e2e/healing.js\`, a check every minute):
  registrations deleted while active, or while n8n was down, come back once per event and a delivery then runs;
  a 2-min 503 of the webhook API leaves no double and a foreign registration untouched; a test event while
  active leaves the production registrations alone; deactivation leaves 0, still 0 two minutes later.
- **Connect**: \`storePlatformOAuth1Api\` created over REST, Connect clicked in headless Chromium, approved
  on the sandbox's authorize page, then a node with \`authentication: oAuth1\` lists categories.
- **editor**: screenshot of the node's parameters panel (\`docs/editor.png\`), taken on 2.x.
- **input rules** (\`test/e2e/inputRules.js\`): Store Platform nodes fed by expressions over an item in one
  \`n8n execute\`: rows from an expression in Metadata (JSON) sent as given; a whole-field expression n8n drops, an
  object to a text field, a list to an ID filter, hex to a number, an impossible offset, a javascript: URL refused
  naming the field, with no request; a Luxon date sent as the workflow time zone's wall clock.
- **queue mode** (2.x, \`test/e2e/queue.js\`): Postgres + Redis (Debian packages), main + worker + webhook process
  sharing one user folder; activation registers the webhook process's URL; ${process.env.STORE_PLATFORM_E2E_QUEUE_DELIVERIES || 1000} PHP-signed deliveries,
  20 at a time, each run exactly once by the worker (Postgres rows = the worker's executions, none by main);
  50 forgeries → 401 and no execution; removed registrations re-created once for the cluster by the registration
  check; deactivation leaves 0 registrations.

Times per version (${PARALLEL ? 'both versions side by side' : 'one version after the other (--serial)'}; the machine's load varies):

| n8n | total | install + load | action | start | trigger | browser | queue mode |
|---|---|---|---|---|---|---|---|
${timing}

Observed:

${notes}
`;
	fs.writeFileSync(RESULTS_MD, md);
}

// ---- main --------------------------------------------------------------------------------------

let finishing = false;
async function cleanupAll() {
	for (const list of [...running]) await runCleanups(list);
	await runCleanups(globalCleanups);
	killAll();
}

/** Ends every process and server, then prints the closing line (always the last line) and exits. */
async function finish(code) {
	if (finishing) return;
	finishing = true;
	await cleanupAll();
	flushBuffers();
	console.log(`\n${passed} passed, ${failed} failed`);
	process.exit(code || (failed ? 1 : 0));
}

async function main() {
	log(`# Store Platform end-to-end suite: n8n ${VERSIONS.join(', ')}; cache ${cacheRoot()}`);
	const watchdog = setTimeout(() => {
		flushBuffers();
		log(`\nFAIL the suite exceeded ${TIMEOUT_MIN} min (STORE_PLATFORM_E2E_TIMEOUT_MIN); stopping everything`);
		failed++;
		finish(1);
	}, TIMEOUT_MIN * 60 * 1000);
	watchdog.unref();
	for (const sig of ['SIGINT', 'SIGTERM']) {
		process.on(sig, () => {
			flushBuffers();
			log(`\n${sig}: stopping everything`);
			failed++;
			finish(130);
		});
	}

	log('\n# prepare');
	// the sandbox compiles (tsc -p tsconfig.dev.json) while the package builds and packs
	const tsc = path.join(PROJECT_DIR, 'node_modules', '.bin', 'tsc');
	const compiling = new Promise((resolve) => {
		const c = spawn(tsc, ['-p', 'tsconfig.dev.json'], { cwd: PROJECT_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
		let out = '';
		c.stdout.on('data', (d) => (out += d));
		c.stderr.on('data', (d) => (out += d));
		c.on('error', (e) => resolve({ code: -1, out: String(e) }));
		c.on('close', (code) => resolve({ code, out }));
	});
	let tgz;
	let pkgVersion = '?';
	const packed = await check('npm run build + npm pack', async () => {
		tgz = packProject({ outDir: fs.mkdtempSync(path.join(os.tmpdir(), 'store-platform-pack-')) });
		pkgVersion = JSON.parse(fs.readFileSync(path.join(PROJECT_DIR, 'package.json'), 'utf8')).version;
		globalCleanups.push(() => fs.rmSync(path.dirname(tgz), { recursive: true, force: true }));
		return path.basename(tgz);
	});
	const compiled = await check('compile the sandbox (tsc -p tsconfig.dev.json -> build/)', async () => {
		const c = await compiling;
		assert.strictEqual(c.code, 0, `tsc failed:\n${c.out}`);
		sandboxModule();
	});
	// a new machine: install the missing versions side by side (npm install is mostly waiting
	// for the network; compiling sqlite3 takes one core each), progress printed as it goes
	const missing = VERSIONS.filter((v) => SUPPORTED[v] && !isInstalled(v));
	if (missing.length) {
		log(`  ..   not in ${cacheRoot()} yet: n8n ${missing.join(' and ')}; installing now (npm install + compiling sqlite3: several minutes; progress follows)`);
		const t = Date.now();
		await Promise.all(missing.map((v) => installInChild(v)));
		log(`  ..   installs finished in ${secs(Date.now() - t)}`);
	}
	const ready = {};
	for (const v of VERSIONS) {
		if (!SUPPORTED[v]) {
			await check(`n8n ${v} supported`, async () => {
				throw new Error(`unsupported; supported: ${Object.keys(SUPPORTED).join(', ')}`);
			});
			continue;
		}
		const t = Date.now();
		const res = await check(`n8n ${v} installed in the cache`, async () => ensureN8n(v), { timeoutMs: 40 * 60 * 1000 });
		ready[v] = res.ok;
		if (res.ok) log(`       ${res.value.n8nBin} (${secs(Date.now() - t)})`);
	}
	let pw;
	if (!NO_BROWSER) {
		const res = await check('playwright-core in the cache (drives Debian chromium)', async () => {
			const p = ensurePlaywrightCore();
			if (!p.chromiumPath) log('       chromium not found and not installable here (see above): apt-get install -y chromium, or STORE_PLATFORM_CHROMIUM');
			else log(`       chromium: ${p.chromiumPath}`);
			return p;
		});
		pw = res.ok ? res.value : undefined;
	}

	if (compiled.ok && packed.ok) {
		const todo = VERSIONS.filter((v) => {
			if (!ready[v]) results[v] = { times: {}, loads: 'FAIL: n8n not installed' };
			return ready[v];
		});
		if (PARALLEL && todo.length > 1) {
			log(`\n# ${todo.join(' and ')} side by side (--serial to run one after the other); each block is printed when its version ends`);
			await Promise.all(
				todo.map((v) => {
					const lines = [];
					buffers.set(v, lines);
					return output.run(lines, () => suiteFor(v, tgz, pw)).finally(() => {
						console.log(lines.join('\n'));
						buffers.delete(v);
					});
				}),
			);
		} else {
			for (const v of todo) await suiteFor(v, tgz, pw);
		}
		await Promise.all(todo.map((v) => inputRulesFor(v, tgz)));
		// queue mode (2.x), after the versions: its 1,000-delivery burst wants the machine to itself
		for (const v of todo.filter((x) => Number(x.split('.')[0]) >= 2 && !NO_QUEUE)) await queueFor(v, tgz);
	}

	const totalMs = Date.now() - T0;
	log('\n# compatibility');
	log(table());
	log(`\n# times: suite ${secs(totalMs)}; ${Object.entries(results).map(([v, r]) => `n8n ${v} ${secs(r.times.total || 0)}`).join('; ')}`);
	if (Object.keys(results).length) writeResults(totalMs, pkgVersion);
	if (failures.length) log(`\nfailed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
	clearTimeout(watchdog);
	await finish(failed ? 1 : 0);
}

main().catch(async (e) => {
	console.error(e);
	failed++;
	await finish(1);
});
