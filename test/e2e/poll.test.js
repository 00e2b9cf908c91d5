'use strict';
/**
 * Leg "poll": Store Platform Poll Trigger (pages: created/updated/deleted; application charges: created/updated)
 * -> one POST per execution to a collector, in real n8n against the sandbox shop, whose clock runs hours off
 * n8n's (2.x: UTC-5 with strict date filters; 1.x: UTC+9 with inclusive ones). Every phase counts items: each
 * change exactly once, nothing else.
 *   p. activation (REST) replays no history: 0 items, 0 executions, though history sits in the cursor's second
 *   p. changes in the same shop second as the cursor (page created / renamed / deleted, a charge accepted, one
 *      declined, one created) arrive at the next scheduled poll, each once
 *   p. n8n stopped (SIGTERM); 400 pages created, one renamed, one deleted, a charge accepted, one created while
 *      down; after the restart each arrives once
 *   p. a backlog of 3,400 changes, with 33 more made while the poll pages through the list (shop answering
 *      slowly), drains after a deactivate + activate with nothing lost or repeated
 *   p. a poll that fails (the shop answers 401) records n8n's error execution and moves no cursor; after an edit
 *      of the workflow (saved over REST, published) the next poll catches up, each change once
 *   p. a quiet scheduled poll emits nothing and costs the README's requests (pages 3, charges 1); after REST deactivation n8n sends no
 *      request for a minute while the shop changes; no deliveryKey arrived twice
 * n8n 2.x also: pollDurable.js (the four durable-cursor variables, SIGKILL mid-poll and mid-execution),
 * pollQueue.js (queue mode: polls on main, executions on the worker) and pollHabits.js (a shop with several real
 * habits at once: a changing cart, flipping forms, a deleted product, a reused id, a future stamp; every item
 * counted), side by side with the phases above. STORE_PLATFORM_E2E_POLL_FLOWS=habits (or main,durable,queue,
 * habits: a comma list) runs only those flows, e.g. the habits alone:
 *   STORE_PLATFORM_E2E_POLL_FLOWS=habits node test/e2e/run.js 2.41.1 --leg=poll --no-browser
 * Why it takes ~6 min on 1.x and ~7.5 min on 2.x: n8n polls at most once a minute, so the scheduled-poll,
 * failed-poll and deactivation phases wait up to a minute each (the others use activation polls: restart,
 * deactivate + activate); on 2.x the durable flow has no activation poll at a restart, so its five phases wait for
 * scheduled polls (its backlog for two), beside the main flow.
 */
const assert = require('assert');
const { leg, sleep, waitFor } = require('./setup');
const { shop, pollWorkflow, Ledger, pollRequests, pollStarted, pollDone } = require('./pollShop');
const { runDurable } = require('./pollDurable');
const { runQueue } = require('./pollQueue');
const { runHabits } = require('./pollHabits');

const PAGES = 'E2E poll: pages';
const CHARGES = 'E2E poll: charges';
const BACKLOG = Number(process.env.STORE_PLATFORM_E2E_POLL_BACKLOG || 3000);
/** The flows to run (default all; durable, queue and habits on n8n 2.x only). */
const FLOWS = (process.env.STORE_PLATFORM_E2E_POLL_FLOWS || 'main,durable,queue,habits')
	.split(',')
	.map((f) => f.trim());

leg(
	'poll',
	async (v) => {
		const flows = [];
		if (FLOWS.includes('main')) flows.push(mainFlow(v));
		if (v.major >= 2) {
			if (FLOWS.includes('durable')) flows.push(runDurable(v));
			if (FLOWS.includes('queue')) flows.push(runQueue(v));
			if (FLOWS.includes('habits')) flows.push(runHabits(v));
		}
		if (flows.length === 0)
			await v.skip(`no poll flow of ${FLOWS.join(',')} runs on n8n ${v.version}`);
		await Promise.all(flows);
	},
	{ timeoutMs: 25 * 60 * 1000, concurrency: true },
);

async function mainFlow(v) {
	const zone =
		v.major >= 2
			? { shopZoneOffsetMinutes: -300, dateFilters: 'strict' }
			: { shopZoneOffsetMinutes: 540, dateFilters: 'inclusive' };
	const ctx = await v.setUp({
		start: true,
		workflows: (cred, { collectorUrl }) => [
			pollWorkflow(cred, {
				name: PAGES,
				resource: 'page',
				events: ['created', 'updated', 'deleted'],
				collectorUrl,
			}),
			pollWorkflow(cred, {
				name: CHARGES,
				resource: 'applicationCharge',
				events: ['created', 'updated'],
				collectorUrl,
			}),
		],
	});
	const { n8n, sandbox, collector, ids } = ctx;
	const [pagesId, chargesId] = ids;
	const r = v.r;
	const s = shop(sandbox);
	const pages = new Ledger(collector, PAGES);
	const charges = new Ledger(collector, CHARGES);
	sandbox.settings(zone);
	r.shopZone = zone;
	const history = {};

	const activated = await v.check(
		`p. activation replays no history (shop clock UTC${zone.shopZoneOffsetMinutes >= 0 ? '+' : ''}${zone.shopZoneOffsetMinutes / 60}, ${zone.dateFilters} date filters; history in the second the cursor starts at): 0 items, 0 executions`,
		async () => {
			const shopNow = sandbox.shopTime.now();
			const offsetH = (Date.parse(`${shopNow.replace(' ', 'T')}Z`) - Date.now()) / 3600000;
			assert.ok(
				Math.abs(offsetH - zone.shopZoneOffsetMinutes / 60) < 0.01,
				`shop clock ${shopNow}`,
			);
			sandbox.shopTime.pin(shopNow);
			history.second = shopNow;
			s.renamePage(1);
			history.charges = [s.createCharge(), s.createCharge(), s.createCharge()].map((c) => c.id);
			const from = sandbox.requests.length;
			await n8n.activateRest(pagesId);
			await n8n.activateRest(chargesId);
			const pageReqs = await pollDone(sandbox, 'page', from, { timeoutMs: 30000 });
			const chargeReqs = await pollDone(sandbox, 'applicationCharge', from, { timeoutMs: 30000 });
			r.activationRequests = { page: pageReqs.length, applicationCharge: chargeReqs.length };
			await sleep(2000);
			assert.deepStrictEqual(
				[pages.items().length, charges.items().length],
				[0, 0],
				'items after activation',
			);
			assert.strictEqual((await n8n.executions(pagesId)).length, 0, 'executions (pages)');
			assert.strictEqual((await n8n.executions(chargesId)).length, 0, 'executions (charges)');
			assert.ok(
				[...pageReqs, ...chargeReqs].every((q) => q.authorized && q.method === 'GET'),
				'signed GETs only',
			);
		},
	);
	if (!activated.ok) return;

	const p2 = await v.check(
		'p. changes in the same shop second as the cursor (page created, renamed, deleted; charge accepted, declined, created) arrive at the next scheduled poll, each once',
		async () => {
			const mark = collector.received.length;
			const t0 = Date.now();
			const a = s.createPage('Same second');
			s.renamePage(2);
			s.deletePage(3);
			const [h1, h2] = history.charges;
			s.decide(h1, 'accept');
			s.decide(h2, 'decline');
			const c4 = s.createCharge();
			history.sameSecondPage = a.id;
			await pages.waitItems(mark, 3, 'page items');
			await charges.waitItems(mark, 3, 'charge items');
			r.scheduledPollS = Math.round((Date.now() - t0) / 1000);
			await sleep(3000);
			pages.assertExactly(
				mark,
				[
					['page/created', a.id],
					['page/updated', 2],
					['page/deleted', 3],
				],
				'pages',
			);
			const got = charges.assertExactly(
				mark,
				[
					['applicationCharge/updated', h1],
					['applicationCharge/updated', h2],
					['applicationCharge/created', c4.id],
				],
				'charges',
			);
			const status = Object.fromEntries(got.map((i) => [i.id, i.status]));
			assert.deepStrictEqual(
				[status[h1], status[h2], status[c4.id]],
				['accepted', 'declined', 'pending'],
			);
			sandbox.shopTime.pin(null);
		},
		{ timeoutMs: 150000 },
	);
	if (!p2.ok) sandbox.shopTime.pin(null);

	const down = [];
	const restarted = await v.check(
		'p. changes made while n8n was stopped (SIGTERM) arrive after the restart, each once: 400 pages created, one renamed, one deleted, a charge accepted, one created',
		async () => {
			await n8n.stop();
			const mark = collector.received.length;
			for (let i = 0; i < 400; i++) down.push(s.createPage(`While down ${i + 1}`).id);
			s.renamePage(4);
			s.deletePage(history.sameSecondPage);
			s.decide(history.charges[2], 'accept');
			const c5 = s.createCharge();
			await n8n.start({ timeoutMs: 240000 });
			await n8n.login();
			const t0 = Date.now();
			await pages.waitItems(mark, 402, 'page items');
			await charges.waitItems(mark, 2, 'charge items');
			r.restartArrivalS = Math.round((Date.now() - t0) / 1000);
			await sleep(3000);
			pages.assertExactly(
				mark,
				[
					...down.map((id) => ['page/created', id]),
					['page/updated', 4],
					['page/deleted', history.sameSecondPage],
				],
				'pages',
			);
			charges.assertExactly(
				mark,
				[
					['applicationCharge/updated', history.charges[2]],
					['applicationCharge/created', c5.id],
				],
				'charges',
			);
		},
		{ timeoutMs: 360000 },
	);

	if (restarted.ok)
		await v.check(
			`p. a backlog of ${BACKLOG + 400} changes (${BACKLOG} pages created, 300 renamed, 100 deleted) plus 33 made while the poll pages through the slow list drains after deactivate + activate, each once`,
			() => backlog(v, { n8n, sandbox, s, pages, pagesId, down }),
			{ timeoutMs: 8 * 60 * 1000 },
		);

	await v.check(
		"p. a failed poll (the shop answers 401) shows n8n's poll error and moves no cursor; an edit of the workflow (saved, published) resumes from the cursor: the changes arrive once",
		async () => {
			const mark = collector.received.length;
			const errors = async () =>
				(await n8n.executions(pagesId)).filter((e) => e.status === 'error').length;
			const errorsBefore = await errors();
			const made = [s.createPage('Across a failed poll').id, s.createPage().id];
			sandbox.faults.add({ type: 'status', status: 401, times: 1, match: '/services/pages' });
			const from = sandbox.requests.length;
			const reqs = await pollDone(sandbox, 'page', from);
			assert.ok(
				reqs.some((q) => q.status === 401),
				'the poll met the 401',
			);
			await waitFor(async () => (await errors()) > errorsBefore, 'an error execution', 30000);
			assert.strictEqual(pages.items(mark).length, 0, 'items of the failed poll');
			sandbox.faults.clear();
			// an edit: the collector node's timeout changed, saved over REST and published (activated) again
			const wf = await n8n.getWorkflow(pagesId);
			const nodes = wf.nodes.map((n) =>
				n.name === 'Post To Collector'
					? { ...n, parameters: { ...n.parameters, options: { timeout: 30000 } } }
					: n,
			);
			await n8n.rest('PATCH', `/workflows/${pagesId}`, {
				name: wf.name,
				nodes,
				connections: wf.connections,
				settings: wf.settings,
				versionId: wf.versionId,
			});
			await n8n.activateRest(pagesId);
			const edited = await n8n.getWorkflow(pagesId);
			assert.notStrictEqual(edited.versionId, wf.versionId, 'a new version');
			await pages.waitItems(mark, 2, 'items after the failed poll and the edit', 100000);
			await sleep(2000);
			pages.assertExactly(
				mark,
				made.map((id) => ['page/created', id]),
				'after a failed poll',
			);
		},
		{ timeoutMs: 200000 },
	);

	await v.check(
		'p. a quiet scheduled poll emits nothing; after REST deactivation n8n sends no request for 65 s while the shop changes; no deliveryKey arrived twice',
		async () => {
			const mark = collector.received.length;
			const from = sandbox.requests.length;
			// both waited at once: waited one after the other, the second list's next scheduled poll could come
			// before the first's, and its requests since `from` would hold two polls
			const [pageReqs, chargeReqs] = await Promise.all([
				pollDone(sandbox, 'page', from),
				pollDone(sandbox, 'applicationCharge', from),
			]);
			r.quietPollRequests = { page: pageReqs.length, applicationCharge: chargeReqs.length };
			v.log(
				`a quiet poll sent ${pageReqs.length} requests for pages (${pageReqs.map((q) => `${q.path}?${q.rawQuery}`).join(', ')}) and ${chargeReqs.length} for application charges`,
			);
			// the README's table: pages 3 (since_id, update time, count; the list is longer than a page), charges 1
			assert.deepStrictEqual(r.quietPollRequests, { page: 3, applicationCharge: 1 });
			await sleep(2000);
			assert.strictEqual(collector.received.length, mark, 'items from a quiet poll');
			await n8n.deactivate(pagesId);
			await n8n.deactivate(chargesId);
			const after = sandbox.requests.length;
			s.createPage('After deactivation');
			s.createCharge();
			await sleep(65000);
			assert.deepStrictEqual(
				sandbox.requests.slice(after).map((q) => `${q.method} ${q.path}`),
				[],
				'requests after deactivation',
			);
			assert.strictEqual(collector.received.length, mark, 'items after deactivation');
			r.items = { pages: pages.assertKeysUnique(), charges: charges.assertKeysUnique() };
			r.executions = {
				pages: (await n8n.executions(pagesId)).length,
				charges: (await n8n.executions(chargesId)).length,
			};
			v.log(`items: ${JSON.stringify(r.items)}; executions: ${JSON.stringify(r.executions)}`);
		},
		{ timeoutMs: 240000 },
	);
}

/** The backlog phase: thousands of changes, more while the poll pages; deactivate + activate runs the poll. */
async function backlog(v, { n8n, sandbox, s, pages, pagesId, down }) {
	const mark = pages.mark;
	const created = [];
	for (let i = 0; i < BACKLOG; i++) created.push(s.createPage(`Backlog ${i + 1}`).id);
	const renamed = down.slice(0, 300);
	const deleted = down.slice(300, 400);
	for (const id of renamed) s.renamePage(id);
	for (const id of deleted) s.deletePage(id);
	// the shop answers slowly, so the poll pages for a while; 30 pages are created and 3 deleted meanwhile
	sandbox.faults.add({ type: 'slow', ms: 150, times: Infinity, match: '/services/pages' });
	const from = sandbox.requests.length;
	const churned = { created: [], deleted: [] };
	const churn = (async () => {
		await pollStarted(sandbox, 'page', from);
		for (const id of [1, 2, 4]) {
			for (let i = 0; i < 10; i++) {
				churned.created.push(s.createPage(`While paging ${churned.created.length + 1}`).id);
				await sleep(50);
			}
			s.deletePage(id);
			churned.deleted.push(id);
		}
	})();
	const t0 = Date.now();
	try {
		await n8n.deactivate(pagesId);
		await n8n.activateRest(pagesId);
		await churn;
		const expected = [
			...created.map((id) => ['page/created', id]),
			...renamed.map((id) => ['page/updated', id]),
			...deleted.map((id) => ['page/deleted', id]),
			...churned.created.map((id) => ['page/created', id]),
			...churned.deleted.map((id) => ['page/deleted', id]),
		];
		await pages.waitItems(mark, expected.length, 'backlog items', 5 * 60 * 1000);
		v.r.backlog = {
			changes: expected.length,
			wallS: Math.round((Date.now() - t0) / 1000),
			executions: pages.posts(mark).length,
			requests: pollRequests(sandbox, 'page', from).length,
		};
		sandbox.faults.clear();
		await pollDone(sandbox, 'page', sandbox.requests.length);
		await sleep(2000);
		pages.assertExactly(mark, expected, 'backlog');
		v.log(`backlog: ${JSON.stringify(v.r.backlog)}`);
	} finally {
		sandbox.faults.clear();
	}
}
