'use strict';
/**
 * Leg "outage" (issues 42 and 49): n8n started while the shop's API answers 503, in a real n8n of each version. Two
 * workflows, both active before: Store Platform Trigger (order/create, check every minute, Report Restored
 * Registrations on) and one with 9 Store Platform Poll Triggers (9 resources, every minute, Report Outage After
 * unset: 10 minutes), each -> HTTP Request to the collector.
 *
 *   o0  both active and working: a signed delivery runs the webhook workflow; a page created comes once
 *   o1  n8n stopped; the shop loses the trigger's registration; the API answers 503 for OUTAGE_MS (the 90 s;
 *       longer when n8n's start outlasts it) and n8n starts 7 s into it: both workflows are active, n8n listens at
 *       the webhook URL (no 404) while the shop cannot answer; a page created and one renamed, a blog, a vendor and
 *       a voucher created meanwhile
 *   o2  the shop answers again: within one registration check the registration is back and a signed delivery
 *       runs the workflow once; the registration/restored report comes once; within one poll the 5 changes made
 *       meanwhile come, each once; the poll workflow has 0 error executions (the outage was shorter than 10 min;
 *       before issue 49, one per trigger and poll)
 *   o3  a poll trigger with Report Outage After 1 minute, through a 503 outage of about 3 minutes while n8n runs:
 *       exactly one error execution, naming "HTTP 503" and since when, nothing more for the next poll; the page
 *       created meanwhile comes once to it and to the 9-trigger workflow, which has still no error execution
 *   o4  a credential the shop refuses: activating either trigger with it fails, naming the credential
 *
 * STORE_PLATFORM_E2E_OUTAGE_MS overrides the outage's length (default 90000).
 */
const assert = require('assert');
const crypto = require('crypto');
const { collectorNode } = require('./workflows');
const { leg, waitFor, sleep } = require('./setup');
const { shop, pollWorkflow, Ledger } = require('./pollShop');

const TRIGGER = 'n8n-nodes-store-platform.storePlatformTrigger';
const OUTAGE_MS = Number(process.env.STORE_PLATFORM_E2E_OUTAGE_MS || 90000);
/** n8n starts this long into the outage (the issue: 7-10 s). */
const START_INTO_MS = 7000;
/** One registration check (every minute), one poll (every minute), and the time they take, with a margin. */
const ONE_CHECK_MS = 60000 + 45000;
const POLL_NAME = 'E2E: 9 poll triggers through an outage';
const REPORTING_NAME = 'E2E: poll trigger reporting an outage after 1 minute';
/** The 9 poll triggers of the workflow: resource and events. */
const WATCHED = [
	['page', ['created', 'updated', 'deleted']],
	['blog', ['created', 'updated', 'deleted']],
	['category', ['created', 'updated', 'deleted']],
	['collection', ['created', 'updated', 'deleted']],
	['promotion', ['created', 'updated', 'deleted']],
	['vendor', ['created', 'updated', 'deleted']],
	['voucher', ['created', 'deleted']],
	['user', ['created', 'updated', 'deleted']],
	['paymentMethod', ['created', 'updated', 'deleted']],
];
const REFUSED = 'Store Platform refused tokens';

function webhookWorkflow(
	cred,
	{ webhookId, collectorUrl, name = 'E2E: webhook trigger through an outage' },
) {
	const trigger = {
		id: crypto.randomUUID(),
		name: 'Outage Trigger',
		type: TRIGGER,
		typeVersion: 4,
		position: [0, 0],
		webhookId,
		credentials: { storePlatformApi: { id: cred.id, name: cred.name } },
		parameters: { events: ['order/create'], options: { registrationCheckMinutes: 1 } },
	};
	const post = collectorNode(collectorUrl);
	return {
		name,
		nodes: [trigger, post],
		connections: { [trigger.name]: { main: [[{ node: post.name, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

/** One Store Platform Poll Trigger per resource of WATCHED (Every Minute) -> one POST per execution. */
function pollTriggersWorkflow(cred, { name, collectorUrl }) {
	const base = pollWorkflow(cred, { name, resource: 'page', events: ['created'], collectorUrl });
	const [template, post] = base.nodes;
	const triggers = WATCHED.map(([resource, events], i) => ({
		...template,
		id: crypto.randomUUID(),
		name: `Poll ${resource}`,
		position: [0, i * 120],
		parameters: { ...template.parameters, resource, events },
	}));
	const toPost = { main: [[{ node: post.name, type: 'main', index: 0 }]] };
	return {
		...base,
		nodes: [...triggers, post],
		connections: Object.fromEntries(triggers.map((t) => [t.name, toPost])),
	};
}

/** Activates over REST; resolves to the error's text when the activation fails, undefined when it succeeds. */
async function activationFailure(n8n, id) {
	try {
		await n8n.activateRest(id);
	} catch (e) {
		// 1.x: the REST answer's JSON, quotes escaped
		return String(e.message || e).replace(/\\"/g, '"');
	}
	const wf = await n8n.getWorkflow(id);
	return wf.active ? undefined : `inactive: ${JSON.stringify(wf)}`;
}

leg('outage', async (v) => {
	const { n8n, sandbox, collector, cred, collectorUrl } = await v.setUp({ start: true });
	const r = v.r;
	const webhookId = crypto.randomUUID();
	const url = n8n.webhookUrl(webhookId);
	const ours = () => sandbox.store.webhooks.rows.filter((w) => w.site_url === url);
	const orders = (id) =>
		collector.received.filter((x) => x.body && String(x.body.objectId) === String(id));
	const reports = () =>
		collector.received.filter((x) => x.body && x.body.event === 'registration/restored');
	const owner = shop(sandbox);
	const ledger = new Ledger(collector, POLL_NAME);
	/** The lists (paths) n8n's poll triggers asked since request `from` that the shop answered 503, and how often. */
	const metOutage = (from) => {
		const refused = sandbox.requests
			.slice(from)
			.filter((q) => q.status === 503 && !q.path.startsWith('/services/webhooks'));
		return {
			lists: new Set(refused.map((q) => q.path.split('/').slice(0, 3).join('/'))).size,
			answers: refused.length,
		};
	};
	/** The error executions n8n recorded for a workflow (a poll that failed). */
	const errorExecutions = async (id) =>
		(await n8n.executions(id)).filter((e) => e.status === 'error');
	let webhookWf;
	let pollWf;

	const ready = await v.check(
		'o0. webhook and poll workflows active: a signed delivery runs one, a page created comes once through the other',
		async () => {
			webhookWf = await n8n.createWorkflowRest(webhookWorkflow(cred, { webhookId, collectorUrl }));
			pollWf = await n8n.createWorkflowRest(
				pollTriggersWorkflow(cred, { name: POLL_NAME, collectorUrl }),
			);
			await n8n.activateRest(webhookWf);
			await n8n.activateRest(pollWf);
			await waitFor(() => ours().length === 1, 'the registration at the shop', 30000);
			const deliveries = await sandbox.fire('order/create', { id: 4201 });
			assert.deepStrictEqual(
				deliveries.filter((d) => d.url === url).map((d) => d.status),
				[200],
			);
			await waitFor(() => orders(4201).length === 1, 'order 4201 at the collector', 30000);
			const from = ledger.mark;
			const page = owner.createPage('Before the outage');
			await ledger.waitItems(from, 1, 'page created before the outage', ONE_CHECK_MS);
			ledger.assertExactly(from, [['page/created', page.id]], 'before the outage');
		},
		{ timeoutMs: 4 * 60000 },
	);
	if (!ready.ok) return;

	let returnedAt;
	let markBeforeOutage;
	const made = [];
	await v.check(
		`o1. n8n started ${START_INTO_MS / 1000} s into a ${OUTAGE_MS / 1000} s outage of the API (503), the registration lost meanwhile: both workflows active, n8n listens at the webhook URL`,
		async () => {
			markBeforeOutage = ledger.mark;
			await n8n.stop();
			for (const w of ours()) sandbox.store.webhooks.remove(w.id);
			const requestsFrom = sandbox.requests.length;
			sandbox.faults.add({ type: 'status', status: 503, times: Infinity });
			const armed = Date.now();
			await sleep(START_INTO_MS);
			await n8n.start({ timeoutMs: 240000 });
			await n8n.login();
			const met = (path) =>
				sandbox.requests
					.slice(requestsFrom)
					.some((q) => q.path.startsWith(path) && q.status === 503);
			await waitFor(
				() => met('/services/webhooks') && met('/services/pages'),
				'both triggers meeting the outage at their activation',
				120000,
			);
			// the changes the poll trigger must bring after the outage
			const a = owner.createPage('Made during the outage');
			made.push(['page/created', a.id]);
			const renamed = sandbox.store.pages.rows.find((p) => p.title === 'Before the outage');
			owner.renamePage(renamed.id, 'Renamed during the outage');
			made.push(['page/updated', renamed.id]);
			for (const resource of ['blog', 'vendor', 'voucher'])
				made.push([`${resource}/created`, sandbox.owner.add(resource).id]);
			// n8n keeps its webhook while the shop cannot answer: an unsigned POST is refused (401), not 404 (the deaf trigger)
			const status = await n8n.waitForWebhook(url, { method: 'POST', timeoutMs: 60000 });
			r.webhookStatusDuringOutage = status;
			assert.strictEqual(
				status,
				401,
				'an unsigned delivery during the outage: refused by the trigger',
			);
			for (const id of [webhookWf, pollWf]) {
				const wf = await n8n.getWorkflow(id);
				assert.ok(wf.active, `workflow ${id} active during the outage`);
				if (v.major >= 2) {
					const st = await n8n.publicationStatus(id);
					assert.strictEqual(st.status, 'published', `publication of ${id}: ${JSON.stringify(st)}`);
				}
			}
			assert.strictEqual(ours().length, 0, 'nothing registered while the shop cannot answer');
			const left = armed + Math.max(OUTAGE_MS, Date.now() - armed + 5000) - Date.now();
			await sleep(left);
			sandbox.faults.clear();
			// each of the 9 poll triggers met the outage (at least at its activation)
			r.firstOutageMet = metOutage(requestsFrom);
			assert.ok(r.firstOutageMet.lists >= WATCHED.length, JSON.stringify(r.firstOutageMet));
			returnedAt = Date.now();
			r.outageSeconds = Math.round((returnedAt - armed) / 1000);
			v.log(
				`outage of ${r.outageSeconds} s; n8n ready ${Math.round(n8n.readyMs / 1000)} s after its start`,
			);
		},
		{ timeoutMs: OUTAGE_MS + 6 * 60000 },
	);
	if (returnedAt === undefined) return;

	await v.check(
		'o2. the shop answers again: within one check a signed delivery runs the workflow once, the restoration comes once; within one poll the changes made meanwhile come once',
		async () => {
			const pollDone = ledger
				.waitItems(
					markBeforeOutage,
					made.length,
					'the changes made during the outage',
					ONE_CHECK_MS,
				)
				.then(() => (r.pollSecondsAfterReturn = Math.round((Date.now() - returnedAt) / 1000)));
			await waitFor(() => ours().length === 1, 'the registration back at the shop', ONE_CHECK_MS);
			r.registeredSecondsAfterReturn = Math.round((Date.now() - returnedAt) / 1000);
			const deliveries = await sandbox.fire('order/create', { id: 4202 });
			assert.deepStrictEqual(
				deliveries.filter((d) => d.url === url).map((d) => d.status),
				[200],
				JSON.stringify(deliveries),
			);
			r.deliverySecondsAfterReturn = Math.round((Date.now() - returnedAt) / 1000);
			await waitFor(() => orders(4202).length >= 1, 'order 4202 at the collector', 30000);
			await waitFor(() => reports().length >= 1, 'the registration/restored report', 30000);
			await pollDone;
			// one more check and one more poll: nothing more
			await sleep(65000);
			assert.strictEqual(orders(4202).length, 1, 'the delivery ran the workflow once');
			const restored = reports();
			assert.strictEqual(restored.length, 1, JSON.stringify(restored.map((x) => x.body)));
			assert.deepStrictEqual(restored[0].body.events, ['order/create']);
			ledger.assertExactly(markBeforeOutage, made, 'the changes made during the outage');
			r.pollErrorExecutions = (await errorExecutions(pollWf)).length;
			assert.strictEqual(
				r.pollErrorExecutions,
				0,
				`error executions of the ${WATCHED.length} poll triggers for a ${r.outageSeconds} s outage (Report Outage After: 10 minutes)`,
			);
			v.log(
				`shop back -> registration ${r.registeredSecondsAfterReturn} s, delivery accepted ${r.deliverySecondsAfterReturn} s, poll changes ${r.pollSecondsAfterReturn} s; ${r.pollErrorExecutions} error executions of ${WATCHED.length} poll triggers (${r.firstOutageMet.answers} answers 503 to ${r.firstOutageMet.lists} lists)`,
			);
		},
		{ timeoutMs: 2 * ONE_CHECK_MS + 120000 },
	);

	await v.check(
		'o3. Report Outage After 1 minute, a 503 outage of about 3 minutes while n8n runs: one error execution naming the answer and since when, nothing more; the page made meanwhile comes once; the 9 triggers (10 minutes) show none',
		async () => {
			const reportingLedger = new Ledger(collector, REPORTING_NAME);
			const reporting = await n8n.createWorkflowRest(
				pollWorkflow(cred, {
					name: REPORTING_NAME,
					resource: 'page',
					events: ['created'],
					collectorUrl,
					parameters: { options: { reportOutageAfter: 1 } },
				}),
			);
			const from = sandbox.requests.length;
			await n8n.activateRest(reporting);
			// its activation poll read the list: its cursor is stored
			await waitFor(
				() =>
					sandbox.requests
						.slice(from)
						.some((q) => q.path.startsWith('/services/pages') && q.status === 200),
				'the activation poll of the reporting workflow',
				60000,
			);
			const mark = collector.received.length;
			const requestsFrom = sandbox.requests.length;
			sandbox.faults.add({ type: 'status', status: 503, times: Infinity });
			const began = Date.now();
			const page = owner.createPage('Made during the second outage');
			await waitFor(
				async () => (await sleep(2000), (await errorExecutions(reporting)).length >= 1),
				'the error execution of the outage',
				4 * 60000,
			);
			r.reportSecondsIntoOutage = Math.round((Date.now() - began) / 1000);
			const [shown] = await errorExecutions(reporting);
			const detail = JSON.stringify((await n8n.rest('GET', `/executions/${shown.id}`)).data);
			assert.match(
				detail,
				/The shop has not answered since \d{4}-\d\d-\d\dT[\d:]+Z \(\d+ min\): HTTP 503/,
			);
			// the next poll of the outage: nothing more
			await sleep(75000);
			sandbox.faults.clear();
			const lasted = Math.round((Date.now() - began) / 1000);
			// the 9 triggers' scheduled polls met it: each a quiet poll now, an error execution before issue 49
			const met = metOutage(requestsFrom);
			assert.ok(met.lists >= WATCHED.length, JSON.stringify(met));
			r.secondOutageSeconds = lasted;
			await reportingLedger.waitItems(
				mark,
				1,
				'the page made during the second outage',
				ONE_CHECK_MS,
			);
			await ledger.waitItems(mark, 1, 'the page made during the second outage', ONE_CHECK_MS);
			await sleep(65000);
			reportingLedger.assertExactly(mark, [['page/created', page.id]], 'after the second outage');
			ledger.assertExactly(mark, [['page/created', page.id]], 'after the second outage');
			const reported = (await errorExecutions(reporting)).length;
			const nine = (await errorExecutions(pollWf)).length;
			v.log(
				`a ${lasted} s outage (${met.answers} answers 503 to ${met.lists} lists): the error execution ${r.reportSecondsIntoOutage} s into it; error executions: ${reported} (Report Outage After 1 minute), ${nine} (${WATCHED.length} triggers, 10 minutes)`,
			);
			assert.strictEqual(reported, 1, 'error executions with Report Outage After 1 minute');
			assert.strictEqual(nine, 0, `error executions of the ${WATCHED.length} poll triggers`);
		},
		{ timeoutMs: 4 * 60000 + 75000 + 2 * ONE_CHECK_MS + 65000 + 60000 },
	);

	await v.check(
		'o4. a credential the shop refuses: activating either trigger fails, naming the credential',
		async () => {
			const refused = await n8n.createCredentialRest({
				name: REFUSED,
				type: 'storePlatformApi',
				data: {
					baseUrl: `${sandbox.url}/`,
					...sandbox.credentials,
					accessTokenSecret: 'not-the-secret',
				},
			});
			const rc = { id: refused.id, name: refused.name };
			const hook = await n8n.createWorkflowRest(
				webhookWorkflow(rc, {
					webhookId: crypto.randomUUID(),
					collectorUrl,
					name: 'E2E: refused webhook trigger',
				}),
			);
			const poll = await n8n.createWorkflowRest(
				pollWorkflow(rc, {
					name: 'E2E: refused poll trigger',
					resource: 'page',
					events: ['created'],
					collectorUrl,
				}),
			);
			for (const id of [hook, poll]) {
				const failure = await activationFailure(n8n, id);
				assert.ok(failure, `workflow ${id} activated with a refused credential`);
				assert.ok(
					failure.includes(`refused the credential "${REFUSED}"`),
					`the error names the credential: ${failure}`,
				);
			}
		},
		{ timeoutMs: 180000 },
	);
});
