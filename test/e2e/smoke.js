#!/usr/bin/env node
'use strict';
/**
 * Smoke test of the real-n8n harness (scripts/n8n/) with n8n's OWN nodes only,
 * so it says whether the infrastructure works independently of our package:
 *   - credentials import/export (plain data encrypted by import:credentials)
 *   - export:nodes
 *   - Manual Trigger -> Set executed with `n8n execute --rawOutput`
 *   - Webhook -> Set workflow: activated from the CLI, `n8n start`, called with
 *     curl, `n8n execute` while the server runs (separate runner broker port),
 *     deactivated through the REST API, then the webhook is gone (404).
 *   - a failing workflow (Stop and Error): execute() reports ok=false + message
 *   - a tiny packed community package (fixtures/n8n-nodes-e2e-probe) installed
 *     in <folder>/.n8n/nodes like users do: its webhook trigger's
 *     checkExists/create/delete calls are recorded; production URL is
 *     /webhook/<webhookId>/webhook; REST deactivation calls delete(), a SIGTERM
 *     does not.
 *
 *   node test/e2e/smoke.js [2.41.1] [1.123.81]      (default: both)
 *
 * Prints timings and a closing "N passed, N failed" line.
 */
const assert = require('assert');
const crypto = require('crypto');
const http = require('http');
const path = require('path');
const { spawnSync } = require('child_process');
const { N8nInstance, packProject } = require('../../scripts/n8n/instance');

const PROBE_DIR = path.join(__dirname, 'fixtures', 'n8n-nodes-e2e-probe');

const versions = process.argv.slice(2).length ? process.argv.slice(2) : ['2.41.1', '1.123.81'];
let passed = 0;
let failed = 0;
const timings = [];

async function step(name, fn) {
	const t = Date.now();
	try {
		const r = await fn();
		const ms = Date.now() - t;
		console.log(`  ok   ${name} (${ms}ms)`);
		passed++;
		return r;
	} catch (e) {
		console.log(
			`  FAIL ${name} (${Date.now() - t}ms)\n${String(e.stack || e).replace(/^/gm, '       ')}`,
		);
		failed++;
		return undefined;
	}
}

function manualSetWorkflow() {
	return {
		name: 'smoke manual -> set',
		nodes: [
			{
				id: crypto.randomUUID(),
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: crypto.randomUUID(),
				name: 'Set',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [200, 0],
				parameters: {
					mode: 'manual',
					assignments: {
						assignments: [
							{ id: crypto.randomUUID(), name: 'hello', value: 'world', type: 'string' },
							{ id: crypto.randomUUID(), name: 'sum', value: '={{ 1 + 2 }}', type: 'number' },
						],
					},
					options: {},
				},
			},
		],
		connections: { Start: { main: [[{ node: 'Set', type: 'main', index: 0 }]] } },
	};
}

function webhookWorkflow(webhookId, pathName) {
	return {
		name: 'smoke webhook -> set',
		nodes: [
			{
				id: crypto.randomUUID(),
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId,
				parameters: { httpMethod: 'POST', path: pathName, responseMode: 'lastNode', options: {} },
			},
			{
				id: crypto.randomUUID(),
				name: 'Set',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [200, 0],
				parameters: {
					mode: 'manual',
					assignments: {
						assignments: [
							{
								id: crypto.randomUUID(),
								name: 'echo',
								value: '={{ $json.body.ping }}',
								type: 'string',
							},
						],
					},
					options: {},
				},
			},
		],
		connections: { Webhook: { main: [[{ node: 'Set', type: 'main', index: 0 }]] } },
	};
}

function errorWorkflow() {
	return {
		name: 'smoke manual -> stop and error',
		nodes: [
			{
				id: crypto.randomUUID(),
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: crypto.randomUUID(),
				name: 'Boom',
				type: 'n8n-nodes-base.stopAndError',
				typeVersion: 1,
				position: [200, 0],
				parameters: { errorMessage: 'boom from smoke' },
			},
		],
		connections: { Start: { main: [[{ node: 'Boom', type: 'main', index: 0 }]] } },
	};
}

function probeWorkflow(webhookId, recorderUrl) {
	return {
		name: 'smoke probe trigger',
		nodes: [
			{
				id: crypto.randomUUID(),
				name: 'Probe',
				type: 'n8n-nodes-e2e-probe.e2eProbeTrigger',
				typeVersion: 1,
				position: [0, 0],
				webhookId,
				parameters: { recorderUrl },
			},
		],
		connections: {},
	};
}

/** Local HTTP server that records the probe trigger's lifecycle calls. */
async function startRecorder() {
	const events = [];
	const server = http.createServer((req, res) => {
		let body = '';
		req.on('data', (d) => (body += d));
		req.on('end', () => {
			try {
				events.push(JSON.parse(body));
			} catch {
				events.push({ raw: body });
			}
			res.setHeader('content-type', 'application/json');
			res.end('{"ok":true}');
		});
	});
	await new Promise((r) => server.listen(0, '127.0.0.1', r));
	return {
		events,
		url: `http://127.0.0.1:${server.address().port}/hooks`,
		close: () => new Promise((r) => server.close(r)),
	};
}

async function waitFor(fn, what, timeoutMs = 15000) {
	const end = Date.now() + timeoutMs;
	for (;;) {
		if (fn()) return;
		if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
		await new Promise((r) => setTimeout(r, 100));
	}
}

function curl(url, body) {
	const r = spawnSync(
		'curl',
		[
			'-sS',
			'-o',
			'-',
			'-w',
			'\n%{http_code}',
			'-X',
			'POST',
			'-H',
			'content-type: application/json',
			'-d',
			JSON.stringify(body),
			url,
		],
		{
			encoding: 'utf8',
			timeout: 60000,
		},
	);
	if (r.status !== 0) throw new Error(`curl failed: ${r.stderr}`);
	const i = r.stdout.lastIndexOf('\n');
	return { status: Number(r.stdout.slice(i + 1)), body: r.stdout.slice(0, i) };
}

async function smoke(version) {
	console.log(`# n8n ${version}`);
	const t0 = Date.now();
	const n8n = await step('ensure n8n installed + instance folder', () =>
		N8nInstance.create({ version }),
	);
	if (!n8n) return;
	const t = { version, ensureMs: Date.now() - t0 };
	const recorder = await startRecorder();
	try {
		await step('npm pack fixture + install into <folder>/.n8n/nodes', async () => {
			const tgz = packProject({ projectDir: PROBE_DIR, build: false });
			const dir = await n8n.installPackage(tgz);
			assert.ok(require('fs').existsSync(path.join(dir, 'nodes', 'E2eProbeTrigger.node.js')));
		});

		await step('import + export credentials (plain data is encrypted)', async () => {
			const [c] = await n8n.importCredentials([
				{ name: 'smoke basic', type: 'httpBasicAuth', data: { user: 'u', password: 'p' } },
			]);
			const all = await n8n.exportCredentials({ decrypted: true });
			const back = all.find((x) => x.id === c.id);
			assert.ok(back, 'credential exported');
			assert.deepStrictEqual(back.data, { user: 'u', password: 'p' });
			const enc = await n8n.exportCredentials({ decrypted: false });
			assert.strictEqual(typeof enc.find((x) => x.id === c.id).data, 'string', 'stored encrypted');
		});

		await step('export:nodes lists n8n-nodes-base.set', async () => {
			const s = Date.now();
			const nodes = await n8n.exportNodes();
			t.exportNodesMs = Date.now() - s;
			assert.ok(nodes.some((n) => n.name === 'n8n-nodes-base.set'));
			assert.ok(
				nodes.some((n) => n.name === 'n8n-nodes-e2e-probe.e2eProbeTrigger'),
				'probe node type loaded from .n8n/nodes',
			);
		});

		const manualId = await step('import:workflow manual -> set', () =>
			n8n.importWorkflow(manualSetWorkflow()),
		);

		await step('n8n execute --rawOutput (Manual Trigger -> Set)', async () => {
			const r = await n8n.execute(manualId);
			t.executeMs = r.ms;
			assert.ok(
				r.ok,
				`execute not ok: code ${r.code}, status ${r.status}, error ${JSON.stringify(r.error)}\n${r.stdout.slice(-3000)}\n${r.stderr.slice(-3000)}`,
			);
			const out = N8nInstance.nodeOutput(r.result, 'Set');
			assert.deepStrictEqual(out[0].json, { hello: 'world', sum: 3 });
		});

		await step('n8n execute of a failing workflow: ok=false + error message', async () => {
			const id = await n8n.importWorkflow(errorWorkflow());
			const r = await n8n.execute(id);
			assert.strictEqual(r.ok, false);
			assert.ok(r.result, `no JSON parsed from output:\n${r.stdout.slice(-3000)}`);
			assert.match(String(r.error && r.error.message), /boom from smoke/);
			t.executeFailCode = r.code;
		});

		const probeHookId = crypto.randomUUID();
		const probeWfId = await step('import + activate probe trigger workflow', async () => {
			const id = await n8n.importWorkflow(probeWorkflow(probeHookId, recorder.url));
			await n8n.activate(id);
			return id;
		});

		const webhookId = crypto.randomUUID();
		const pathName = `smoke-${webhookId.slice(0, 8)}`;
		const hookWfId = await step('import:workflow webhook -> set', () =>
			n8n.importWorkflow(webhookWorkflow(webhookId, pathName)),
		);

		await step('activate from the CLI (before start)', () => n8n.activate(hookWfId));

		await step('n8n start until ready', async () => {
			await n8n.start();
			t.readyMs = n8n.readyMs; // "Editor is now accessible"
			t.startMs = n8n.startMs; // + 2.x: active workflows' publication settled
		});

		// Webhook node: production URL is /webhook/<path> (our trigger: /webhook/<webhookId>/webhook)
		const url = `${n8n.baseUrl}/webhook/${pathName}`;
		await step('curl the production webhook', async () => {
			const r = curl(url, { ping: 'pong' });
			assert.strictEqual(r.status, 200, `status ${r.status}: ${r.body}`);
			assert.deepStrictEqual(JSON.parse(r.body), { echo: 'pong' });
		});

		await step('n8n execute while n8n start runs (own broker port)', async () => {
			const r = await n8n.execute(manualId);
			t.executeWhileRunningMs = r.ms;
			assert.ok(
				r.ok,
				`execute not ok: ${r.code} ${r.status}\n${r.stdout.slice(-2000)}\n${r.stderr.slice(-2000)}`,
			);
		});

		const probeUrl = n8n.webhookUrl(probeHookId);
		await step(
			'probe trigger: checkExists + create called at start with /webhook/<webhookId>/webhook',
			async () => {
				await waitFor(() => recorder.events.some((e) => e.event === 'create'), 'create()');
				assert.deepStrictEqual(
					recorder.events.map((e) => e.event),
					['checkExists', 'create'],
				);
				assert.strictEqual(recorder.events[1].webhookUrl, probeUrl);
			},
		);

		await step('probe trigger: production webhook runs the workflow', async () => {
			const r = curl(probeUrl, { hello: 'probe' });
			assert.strictEqual(r.status, 200, `status ${r.status}: ${r.body}`);
		});

		await step('login as owner (REST)', async () => {
			const me = await n8n.login();
			assert.strictEqual(me.email, n8n.owner.email);
		});

		await step('GET /rest/workflows/:id says active', async () => {
			const wf = await n8n.getWorkflow(hookWfId);
			assert.strictEqual(wf.active, true);
		});

		await step('deactivate via REST, webhook then 404', async () => {
			const wf = await n8n.deactivate(hookWfId);
			assert.strictEqual(wf.active, false);
			const r = curl(url, { ping: 'again' });
			assert.strictEqual(r.status, 404, `status ${r.status}: ${r.body}`);
		});

		await step('activate via REST again, webhook answers', async () => {
			const wf = await n8n.activateRest(hookWfId);
			assert.strictEqual(wf.active, true);
			const r = curl(url, { ping: 'back' });
			assert.strictEqual(r.status, 200, `status ${r.status}: ${r.body}`);
			assert.deepStrictEqual(JSON.parse(r.body), { echo: 'back' });
			await n8n.deactivate(hookWfId);
		});

		await step(
			'probe trigger: REST deactivate calls delete() (before deactivate() resolves)',
			async () => {
				recorder.events.length = 0;
				await n8n.deactivate(probeWfId);
				assert.deepStrictEqual(
					recorder.events.map((e) => e.event),
					['delete'],
				);
				assert.strictEqual(
					recorder.events[0].remoteId,
					'probe-hook-1',
					'static data from create() visible in delete()',
				);
				await n8n.waitForWebhook(probeUrl, { registered: false, method: 'POST' });
			},
		);

		await step(
			'probe trigger: REST activate calls create() again; SIGTERM does not call delete()',
			async () => {
				recorder.events.length = 0;
				await n8n.activateRest(probeWfId);
				await waitFor(() => recorder.events.some((e) => e.event === 'create'), 'create()');
				recorder.events.length = 0;
				const s = Date.now();
				await n8n.stop();
				t.stopMs = Date.now() - s;
				await new Promise((r) => setTimeout(r, 500));
				assert.deepStrictEqual(recorder.events, []);
			},
		);
	} finally {
		await n8n.stop();
		await recorder.close();
		if (failed) console.log(`  (n8n log: ${n8n.logFile})`);
		else n8n.cleanup();
		timings.push(t);
	}
}

(async () => {
	for (const v of versions) await smoke(v);
	console.log('\n# timings (ms)');
	for (const t of timings) console.log(`  ${JSON.stringify(t)}`);
	console.log(`\n${passed} passed, ${failed} failed`);
	process.exit(failed ? 1 : 0);
})().catch((e) => {
	console.error(e);
	process.exit(1);
});
