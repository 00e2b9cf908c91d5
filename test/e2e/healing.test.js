'use strict';
/**
 * Leg "healing": the trigger's self-healing registrations (issue 16) in a running n8n of each version. One
 * workflow: Store Platform Trigger typeVersion 2 (order/create,
 * product/update, "Check Interval (Minutes)" = 1) -> HTTP Request to the collector, created and
 * activated over REST, beside a registration of another app at the sandbox (foreign: never touched).
 *
 *   h1  registrations deleted at the sandbox while active: back within 2 min, exactly one per event, one warning
 *       per re-created registration in n8n's log, and a signed delivery then runs the workflow
 *   h2  the webhook API answering 503 for 2 min: the workflow stays active, then registrations are back, no
 *       doubles after the next check, the foreign registration untouched
 *   h3  n8n stopped, registrations deleted, n8n started: back within 2 min
 *   h4  "Listen for test event" while active: the editor's REST call (POST /rest/workflows/:id/run, what the
 *       editor's button sends) -> a test registration at the sandbox -> a delivery reaches the collector from the
 *       manual execution; production registrations untouched, the test one removed afterwards
 *   h5  deactivate: 0 registrations left, still 0 two minutes later
 */
const assert = require('assert');
const crypto = require('crypto');
const { collectorNode } = require('./workflows');
const { leg, waitFor, sleep } = require('./setup');

const TRIGGER = 'n8n-nodes-store-platform.storePlatformTrigger';
const EVENTS = ['order/create', 'product/update'];
const FOREIGN_URL = 'https://erp.example/hooks/store-orders';
const TWO_MIN = 120000;

/** Store Platform Trigger v2, checks every minute -> HTTP Request to the collector. */
function healingWorkflow(cred, { webhookId, collectorUrl, minutes = 1 }) {
	const trigger = {
		id: crypto.randomUUID(),
		name: 'Healing Trigger',
		type: TRIGGER,
		typeVersion: 2,
		position: [0, 0],
		webhookId,
		credentials: { storePlatformApi: { id: cred.id, name: cred.name } },
		parameters: { events: EVENTS, options: { registrationCheckMinutes: minutes } },
	};
	const post = collectorNode(collectorUrl);
	return {
		name: 'E2E: self-healing trigger',
		nodes: [trigger, post],
		connections: { [trigger.name]: { main: [[{ node: post.name, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

/**
 * Starts listening for a test event the way the editor does: POST /rest/workflows/:id/run with the trigger to
 * start from ("Execute workflow" on the canvas; the node panel's "Listen for test event" adds a destination node
 * that stops the run after the trigger: the same test-webhook registration and the same start of the run).
 * n8n 2.x runs the saved workflow; 1.x takes the editor's copy of the workflow in the body.
 */
async function listenForTestEvent(n8n, workflowId, nodeName, major) {
	const body = { triggerToStartFrom: { name: nodeName } };
	if (major < 2) body.workflowData = await n8n.getWorkflow(workflowId);
	const res = await n8n.rest('POST', `/workflows/${workflowId}/run`, body);
	return res.data ?? res;
}

async function runHealing({
	n8n,
	sandbox,
	collector,
	check,
	log,
	waitFor,
	sleep,
	area,
	cred,
	collectorUrl,
	major,
	r,
}) {
	const webhookId = crypto.randomUUID();
	const url = n8n.webhookUrl(webhookId);
	const testUrlPart = `/webhook-test/${webhookId}/`;
	const ours = () => sandbox.store.webhooks.rows.filter((w) => w.site_url === url);
	const sections = () =>
		ours()
			.map((w) => w.section)
			.sort();
	const oneEach = () => sections().join() === EVENTS.join();
	const foreign = () => sandbox.store.webhooks.rows.filter((w) => w.site_url === FOREIGN_URL);
	const removeOurs = () => {
		for (const w of ours()) sandbox.store.webhooks.remove(w.id);
	};
	/** n8n's log lines since `from` (output offset) that tell of a re-created registration of this workflow. */
	const warnings = (from) =>
		n8n.output
			.slice(from)
			.split('\n')
			.filter((l) => l.includes('re-registered the webhook for event') && l.includes(url));
	const fromCollector = (id) =>
		collector.received.filter((x) => x.body && String(x.body.objectId) === String(id));
	let id;
	let foreignRow;

	const set = await check(
		'h0. self-healing workflow (trigger v2, check every 1 min) created and activated over REST; a foreign registration beside it',
		async () => {
			const t = sandbox.store.webhooks;
			foreignRow = t.insert({
				id: t.nextId(),
				section: 'order/create',
				site_url: FOREIGN_URL,
				format: 'json',
			});
			id = await n8n.createWorkflowRest(healingWorkflow(cred, { webhookId, collectorUrl }));
			await n8n.activateRest(id);
			await waitFor(oneEach, 'one registration per event', 30000);
			r.healingId = id;
		},
		{ area, timeoutMs: 120000 },
	);
	if (!set.ok) return;

	await check(
		'h1. registrations deleted at the sandbox while active: back within 2 min, one per event, one warning each, a delivery runs the workflow',
		async () => {
			const from = n8n.output.length;
			const t0 = Date.now();
			removeOurs();
			await waitFor(oneEach, 'both registrations back', TWO_MIN);
			r.healSeconds = Math.round((Date.now() - t0) / 1000);
			await sleep(3000);
			assert.deepStrictEqual(sections(), EVENTS, 'exactly one per event');
			await waitFor(() => warnings(from).length >= 2, 'the warnings in the log', 10000);
			const lines = warnings(from);
			assert.strictEqual(lines.length, 2, lines.join('\n'));
			for (const e of EVENTS)
				assert.ok(
					lines.some((l) => l.includes(`event ${e} `) && /missing at the shop/.test(l)),
					`warning for ${e}: ${lines.join('\n')}`,
				);
			const deliveries = await sandbox.fire('order/create', {
				id: 7101,
				email: 'healed@example.com',
			});
			assert.ok(
				deliveries.some((d) => d.url === url && d.status === 200),
				JSON.stringify(deliveries),
			);
			await waitFor(() => fromCollector(7101).length, 'the collector to receive order 7101');
			log(`       re-registered ${r.healSeconds} s after the deletion`);
		},
		{ area, timeoutMs: TWO_MIN + 60000 },
	);

	await check(
		'h2. webhook API answering 503 for 2 min: the workflow stays active, registrations back afterwards, no doubles after the next check, the foreign one untouched',
		async () => {
			removeOurs();
			const from = n8n.output.length;
			sandbox.faults.add({
				type: 'status',
				status: 503,
				match: '/services/webhooks',
				times: Infinity,
				forMs: TWO_MIN,
			});
			const failing = Date.now();
			await sleep(TWO_MIN);
			const during = sandbox.requests.filter(
				(q) => q.path.startsWith('/services/webhooks') && q.status === 503,
			).length;
			assert.ok(during > 0, 'the checks met the 503s');
			assert.ok(/could not finish/.test(n8n.output.slice(from)), 'a failed check is logged');
			const wf = await n8n.getWorkflow(id);
			assert.ok(
				wf.active !== false && (major < 2 || wf.activeVersionId),
				`still active: ${JSON.stringify({ active: wf.active, activeVersionId: wf.activeVersionId })}`,
			);
			await waitFor(oneEach, 'registrations back after the fault', TWO_MIN);
			r.afterFaultSeconds = Math.round((Date.now() - failing - TWO_MIN) / 1000);
			// one more check must find nothing to do
			await sleep(65000);
			assert.deepStrictEqual(sections(), EVENTS, 'no double');
			const f = foreign();
			assert.strictEqual(f.length, 1);
			assert.strictEqual(f[0].id, foreignRow.id);
			assert.strictEqual(f[0].section, 'order/create');
			log(
				`       ${during} answers 503 during the fault; registered again ${r.afterFaultSeconds} s after it ended`,
			);
		},
		{ area, timeoutMs: 2 * TWO_MIN + 120000 },
	);

	await check(
		'h3. n8n stopped, registrations deleted, n8n started: back within 2 min',
		async () => {
			await n8n.stop();
			removeOurs();
			assert.strictEqual(ours().length, 0);
			await n8n.start({ timeoutMs: 240000 });
			const t0 = Date.now();
			await n8n.login();
			await waitFor(oneEach, 'registrations after the restart', TWO_MIN);
			r.restartHealSeconds = Math.round((Date.now() - t0) / 1000);
			await sleep(3000);
			assert.deepStrictEqual(sections(), EVENTS);
			log(`       back ${r.restartHealSeconds} s after n8n was ready`);
		},
		{ area, timeoutMs: TWO_MIN + 300000 },
	);

	await check(
		'h4. listening for a test event while active (POST /rest/workflows/:id/run, as the editor): the test delivery runs the workflow, production registrations untouched',
		async () => {
			const started = await listenForTestEvent(n8n, id, 'Healing Trigger', major);
			assert.ok(
				started && started.waitingForWebhook === true,
				`run answer: ${JSON.stringify(started)}`,
			);
			const testRegs = () =>
				sandbox.store.webhooks.rows.filter((w) => String(w.site_url).includes(testUrlPart));
			await waitFor(
				() => testRegs().length === EVENTS.length,
				'test registrations at the sandbox',
				30000,
			);
			const deliveries = await sandbox.fire('order/create', {
				id: 7104,
				email: 'listen@example.com',
			});
			const toTest = deliveries.filter((d) => d.url.includes(testUrlPart));
			assert.deepStrictEqual(
				toTest.map((d) => d.status),
				[200],
				JSON.stringify(deliveries),
			);
			// the production execution and the manual one both post to the collector
			await waitFor(
				() => fromCollector(7104).length >= 2,
				'the manual and the production execution to reach the collector',
				30000,
			);
			const manual = await waitFor(
				async () => (await n8n.executions(id)).find((e) => e.mode === 'manual'),
				'a manual execution',
				30000,
			);
			const done = await waitFor(
				async () => {
					const e = (await n8n.executions(id)).find((x) => x.id === manual.id);
					return e && !['new', 'running'].includes(e.status) && e;
				},
				'the manual execution to finish',
				30000,
			);
			assert.strictEqual(done.status, 'success', JSON.stringify(done));
			await waitFor(
				() => testRegs().length === 0,
				'the test registrations removed after the test event',
				30000,
			);
			assert.deepStrictEqual(sections(), EVENTS, 'production registrations untouched');
		},
		{ area, timeoutMs: 180000 },
	);

	await check(
		'h5. deactivate: 0 registrations left, still 0 two minutes later (no check left behind); foreign untouched',
		async () => {
			await n8n.deactivate(id);
			await waitFor(() => ours().length === 0, 'registrations removed', 30000);
			const from = n8n.output.length;
			const requestsFrom = sandbox.requests.length;
			await sleep(TWO_MIN + 5000);
			assert.strictEqual(ours().length, 0, `left: ${JSON.stringify(ours())}`);
			assert.strictEqual(warnings(from).length, 0, 'no re-registration after deactivation');
			const webhookCalls = sandbox.requests
				.slice(requestsFrom)
				.filter((q) => q.path.startsWith('/services/webhooks'));
			assert.deepStrictEqual(
				webhookCalls.map((q) => `${q.method} ${q.path}`),
				[],
				'no request to the webhook API after deactivation',
			);
			assert.strictEqual(foreign().length, 1);
		},
		{ area, timeoutMs: TWO_MIN + 90000 },
	);

	// leave the sandbox as the legs after these expect it
	for (const w of foreign()) sandbox.store.webhooks.remove(w.id);
}

leg('healing', async (v) => {
	const { n8n, sandbox, collector, cred, collectorUrl } = await v.setUp({ start: true });
	const check = (name, fn, opts) => v.check(name, fn, opts);
	const log = (s) => v.log(s.trim());
	await runHealing({
		n8n,
		sandbox,
		collector,
		check,
		log,
		waitFor,
		sleep,
		area: v.area,
		cred,
		collectorUrl,
		major: v.major,
		r: v.r,
	});
});
