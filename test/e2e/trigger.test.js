'use strict';
/**
 * Leg "trigger": Store Platform Trigger (order/create, product/update) -> HTTP Request to a collector; activated
 * from the CLI before `n8n start` (2.x `publish:workflow`, 1.x `update:workflow --active=true`); registrations with
 * the production URL; form and JSON `sandbox.fire()` -> the collector gets `event`, `objectId`, the posted fields;
 * 3 tampered deliveries -> 401, nothing collected; `/rest/executions` shows exactly 2; a restart with lost
 * registrations (observed per version), REST deactivate + activate registers again; REST deactivation leaves 0.
 */
const assert = require('assert');
const crypto = require('crypto');
const { leg, apiRequests, waitFor, sleep, loadSandbox } = require('./setup');
const { triggerWorkflow } = require('./workflows');

leg('trigger', async (v) => {
	const webhookId = crypto.randomUUID();
	const ctx = await v.setUp({
		workflows: (cred, { collectorUrl }) => [triggerWorkflow(cred, { webhookId, collectorUrl })],
	});
	const { n8n, ids } = ctx;
	const [triggerId] = ids;
	const activated = await v.check(
		`c. activate the trigger workflow from the CLI (${v.major >= 2 ? 'publish:workflow' : 'update:workflow --active=true'})`,
		() => n8n.activate(triggerId),
	);
	if (!activated.ok) return;
	const started = await v.check(
		`n8n start (${n8n.baseUrl}/) until ready; the trigger workflow is active`,
		async () => {
			await n8n.start({ timeoutMs: 240000 });
			v.r.times.start = n8n.readyMs;
			await n8n.login();
			if (v.major >= 2) {
				const st = n8n.activation[triggerId];
				assert.ok(
					st && st.status === 'published',
					`trigger workflow publication: ${JSON.stringify(st)}`,
				);
			}
		},
		{ timeoutMs: 300000 },
	);
	if (!started.ok) return;
	await runTrigger(v, { ...ctx, triggerId, webhookUrl: n8n.webhookUrl(webhookId) });
});

async function runTrigger(v, { n8n, sandbox, collector, webhookUrl, triggerId }) {
	const r = v.r;
	const registrations = () => sandbox.store.webhooks.rows.filter((w) => w.site_url === webhookUrl);
	const reg = await v.check(
		'c. on start the trigger registered order/create and product/update with its production URL',
		async () => {
			await waitFor(() => registrations().length >= 2, 'two registrations', 30000);
			const rows = registrations();
			assert.deepStrictEqual(rows.map((w) => w.section).sort(), ['order/create', 'product/update']);
			assert.strictEqual(sandbox.store.webhooks.size, 2, 'no other registration');
			for (const w of rows) assert.strictEqual(w.site_url, webhookUrl);
			assert.match(webhookUrl, /^http:\/\/127\.0\.0\.1:\d+\/webhook\/[0-9a-f-]{36}\/webhook$/);
		},
	);
	if (!reg.ok) return;

	const fromCollector = (id) =>
		collector.received.filter((x) => x.body && String(x.body.objectId) === String(id));

	await v.check(
		'c. sandbox.fire(order/create) form-encoded -> 200 -> an execution posts it to the collector',
		async () => {
			const data = {
				id: 7001,
				email: 'e2e.buyer@example.com',
				total_price: 4350,
				note: 'Leave at the door & ring',
				paid: true,
				items: [{ sku: 'TSH-001-S', quantity: 2 }],
			};
			const deliveries = await sandbox.fire('order/create', data);
			assert.deepStrictEqual(
				deliveries.map((d) => d.status),
				[200],
				JSON.stringify(deliveries),
			);
			const [got] = await waitFor(
				() => fromCollector(7001).length && fromCollector(7001),
				'the collector to receive order 7001',
			);
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
		},
	);

	await v.check(
		'c. sandbox.fire(product/update) as JSON -> 200 -> reaches the collector',
		async () => {
			const data = {
				id: 7002,
				title: 'E2E product – “quoted”',
				price: 1900,
				categories: [1, 3],
				published: false,
			};
			const deliveries = await sandbox.fire('product/update', data, { format: 'json' });
			assert.deepStrictEqual(
				deliveries.map((d) => d.status),
				[200],
				JSON.stringify(deliveries),
			);
			const [got] = await waitFor(
				() => fromCollector(7002).length && fromCollector(7002),
				'the collector to receive product 7002',
			);
			const b = got.body;
			assert.strictEqual(b.event, 'product/update');
			assert.strictEqual(b.objectType, 'product');
			assert.strictEqual(b.title, 'E2E product – “quoted”');
			assert.strictEqual(b.price, 1900);
			assert.deepStrictEqual(b.categories, [1, 3], JSON.stringify(b));
		},
	);

	await v.check(
		'c. tampered deliveries (wrong / missing service-hmac-sha256, altered body) -> 401, nothing reaches the collector',
		async () => {
			const { webhookHmac } = loadSandbox();
			const secret = sandbox.credentials.consumerSecret;
			const form = 'id=7003&email=mallory%40example.com&total_price=1';
			const base = {
				'content-type': 'application/x-www-form-urlencoded',
				'service-section': 'order/create',
				'service-shop-id': '1001',
				'service-order-id': '7003',
			};
			const attempts = [
				{ ...base, 'service-hmac-sha256': Buffer.from('0'.repeat(64)).toString('base64') },
				{ ...base },
				// a valid signature of other data
				{
					...base,
					'service-hmac-sha256': webhookHmac(secret, {
						id: 7003,
						email: 'mallory@example.com',
						total_price: 1000,
					}),
				},
			];
			for (const headers of attempts) {
				const res = await fetch(webhookUrl, { method: 'POST', headers, body: form });
				assert.strictEqual(res.status, 401, `status ${res.status} for ${JSON.stringify(headers)}`);
			}
			await sleep(1500);
			assert.strictEqual(
				fromCollector(7003).length,
				0,
				'a tampered delivery reached the collector',
			);
		},
	);

	await v.check(
		'c. executions (REST /rest/executions): exactly the 2 signed deliveries, both successful',
		async () => {
			const list = await waitFor(async () => {
				const l = await n8n.executions(triggerId);
				return l.length >= 2 && l.every((e) => e.status !== 'running' && e.status !== 'new') && l;
			}, '2 finished executions');
			await sleep(300);
			const again = await n8n.executions(triggerId);
			assert.strictEqual(
				again.length,
				2,
				`executions: ${JSON.stringify(again.map((e) => [e.id, e.status, e.mode]))}`,
			);
			assert.deepStrictEqual(
				list.map((e) => e.status),
				['success', 'success'],
			);
		},
	);

	// What happens at a restart when the shop lost the registrations (the spec removes a webhook
	// that failed for 48 h): 1.x calls checkExists()/create() at every start; 2.x keeps published
	// webhook triggers as they are. Recorded, not judged; then REST re-activation must restore them.
	await v.check(
		'c. restart n8n after the shop lost the registrations (observed), then REST deactivate + activate registers again',
		async () => {
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
			v.log(
				`observed: at restart n8n ${restored ? 'registers the missing webhooks again (checkExists -> create)' : 'does not register the missing webhooks again (no checkExists/create at start)'}`,
			);
			if (!restored) {
				await n8n.deactivate(triggerId);
				await n8n.activateRest(triggerId);
				await waitFor(
					() => registrations().length === 2,
					'registrations after REST activation',
					20000,
				);
			}
			assert.deepStrictEqual(
				registrations()
					.map((w) => w.section)
					.sort(),
				['order/create', 'product/update'],
			);
			const before = collector.received.length;
			const deliveries = await sandbox.fire('order/create', {
				id: 7004,
				email: 'again@example.com',
			});
			assert.deepStrictEqual(
				deliveries.map((d) => d.status),
				[200],
			);
			await waitFor(() => collector.received.length > before, 'a delivery after re-registration');
		},
		{ timeoutMs: 300000 },
	);

	await v.check(
		'c. deactivation through the REST API removes every registration (0 left on the sandbox)',
		async () => {
			const from = sandbox.requests.length;
			const wf = await n8n.deactivate(triggerId);
			assert.strictEqual(wf.active, false);
			await waitFor(() => registrations().length === 0, 'registrations to be removed', 20000);
			assert.strictEqual(sandbox.store.webhooks.size, 0);
			const dels = apiRequests(sandbox.requests.slice(from)).filter(
				(q) => q.method === 'DELETE' && q.path.startsWith('/services/webhooks/'),
			);
			assert.ok(
				dels.length === 2 && dels.every((q) => q.authorized && q.status === 200),
				`deletes: ${JSON.stringify(dels.map((q) => [q.path, q.status]))}`,
			);
			const res = await fetch(webhookUrl, {
				method: 'POST',
				body: 'a=1',
				headers: { 'content-type': 'application/x-www-form-urlencoded' },
			});
			assert.strictEqual(res.status, 404, 'production webhook gone');
		},
	);

	await v.check('c. every trigger request to the sandbox was signed', async () => {
		const reqs = apiRequests(sandbox.requests).filter((q) =>
			q.path.startsWith('/services/webhooks'),
		);
		assert.ok(reqs.length >= 4);
		assert.deepStrictEqual(
			reqs.filter((q) => !q.authorized).map((q) => `${q.method} ${q.path}`),
			[],
		);
	});
}
