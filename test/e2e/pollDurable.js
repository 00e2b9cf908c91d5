'use strict';
/**
 * The poll leg's durable-cursor flow (n8n 2.x; poll.test.js runs it beside the main flow): its own sandbox (shop
 * clock UTC+5:30, strict filters), collector and n8n with N8N_SCHEDULER_ENABLED, N8N_SCHEDULER_POLL_TRIGGERS_ENABLED,
 * N8N_USE_WORKFLOW_PUBLICATION_SERVICE and N8N_POLLER_DURABLE_CURSORS_ENABLED. Scheduled polls only (the durable
 * scheduler runs no poll at a restart). Checks:
 *   d. the first activation replays no history; a page created between activation and the first scheduled poll
 *      arrives once (n8n keeps nothing the activation poll writes to the node's static data when it returns no items;
 *      the README: the trigger's baseline in the workflow's global static data bridges that window)
 *   d. SIGKILL while a poll is waiting for the shop (nothing committed): after the restart the changes arrive,
 *      each once
 *   d. SIGKILL while the execution of a poll is running (cursor and execution committed): nothing repeats at the
 *      next polls; the killed execution's status is recorded
 *   d. a backlog of 1,500 pages with the shop answering each request in 5 s: every poll ends within n8n's budget
 *      (none abandoned at the 45 s poll timeout), the next polls continue, each page once
 */
const assert = require('assert');
const { loadSandbox, startCollector, packedPackage, N8nInstance, sleep } = require('./setup');
const { killGroup } = require('../../scripts/n8n/process');
const { shop, pollWorkflow, Ledger, pollRequests, pollStarted, pollDone } = require('./pollShop');

const BACKLOG = Number(process.env.STORE_PLATFORM_E2E_POLL_DURABLE_BACKLOG || 1500);

const DURABLE_ENV = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
};
const NAME = 'E2E poll: pages (durable cursors)';

/** SIGKILL to n8n's process group (task runners included); the instance can start() again. */
async function crash(n8n) {
	const server = n8n.server;
	killGroup(server.child.pid, 'SIGKILL');
	await server.exited;
	n8n.proc = undefined;
	n8n.server = undefined;
	n8n.cookie = undefined;
}

async function runDurable(v) {
	const r = v.r;
	const keep = process.env.STORE_PLATFORM_E2E_KEEP === '1';
	let sandbox, collector, n8n, wfId;
	const up = await v.check(
		'd. durable cursors (the four variables): own sandbox (UTC+5:30) and n8n; package installed; credential and workflow created over REST',
		async () => {
			sandbox = await loadSandbox().startSandbox({ port: 0 });
			v.cleanups.push(() => sandbox.close());
			sandbox.settings({ shopZoneOffsetMinutes: 330, dateFilters: 'strict' });
			collector = await startCollector();
			v.cleanups.push(() => collector.close());
			n8n = await N8nInstance.create({ version: v.version, keep, env: DURABLE_ENV });
			v.cleanups.push(async () => {
				await n8n.stop();
				if (String(r.status).startsWith('FAIL') && !keep) v.log(`durable n8n log: ${n8n.logFile}`);
				else n8n.cleanup();
			});
			await n8n.installPackage(packedPackage());
			await n8n.start({ timeoutMs: 240000 });
			await n8n.login();
			const cred = await n8n.createCredentialRest({
				type: 'storePlatformApi',
				name: 'Store Platform sandbox (durable)',
				data: { baseUrl: `${sandbox.url}/`, ...sandbox.credentials },
			});
			wfId = await n8n.createWorkflowRest(
				pollWorkflow(cred, {
					name: NAME,
					resource: 'page',
					events: ['created', 'updated', 'deleted'],
					collectorUrl: `${collector.url}/collect?durable=1`,
				}),
			);
			assert.match(n8n.output, /Editor is now accessible/);
			assert.doesNotMatch(n8n.output, /durable poll cursors stay disabled/);
		},
		{ timeoutMs: 6 * 60 * 1000 },
	);
	if (!up.ok) return;
	const s = shop(sandbox);
	const pages = new Ledger(collector, NAME);

	const first = await v.check(
		"d. the first activation replays no history; a page created between it and the first scheduled poll arrives once (n8n drops the activation poll's node data; the README: the baseline in the global static data bridges it)",
		async () => {
			s.renamePage(1);
			const from = sandbox.requests.length;
			await n8n.activateRest(wfId);
			await pollDone(sandbox, 'page', from, { timeoutMs: 30000 });
			const afterActivation = sandbox.requests.length;
			const w = s.createPage('Between activation and the first scheduled poll');
			await pollDone(sandbox, 'page', afterActivation);
			await sleep(3000);
			const got = pages.items();
			assert.ok(
				got.every((i) => i.event === 'page/created' && i.id === w.id),
				`history replayed: ${JSON.stringify(got.slice(0, 5))}`,
			);
			r.durableWindow = got.length ? 'emitted' : 'not emitted';
			v.log(
				`durable cursors: a page created between the first activation and the first scheduled poll was ${r.durableWindow}`,
			);
			pages.assertExactly(0, [['page/created', w.id]], 'the activation window');
		},
		{ timeoutMs: 150000 },
	);
	if (!first.ok) return;

	await v.check(
		'd. SIGKILL while a poll waits for the shop (nothing committed): after the restart its changes arrive at the next scheduled poll, each once',
		async () => {
			const mark = collector.received.length;
			const made = [s.createPage(), s.createPage(), s.createPage()].map((p) => p.id);
			s.renamePage(2);
			s.deletePage(3);
			sandbox.faults.add({ type: 'slow', ms: 15000, times: 1, match: '/services/pages' });
			const from = sandbox.requests.length;
			await pollStarted(sandbox, 'page', from);
			await sleep(1000);
			await crash(n8n);
			assert.strictEqual(collector.received.length, mark, 'items before the kill');
			sandbox.faults.clear();
			await n8n.start({ timeoutMs: 240000 });
			await n8n.login();
			await pages.waitItems(mark, 5, 'items after the restart', 100000);
			await sleep(3000);
			pages.assertExactly(
				mark,
				[...made.map((id) => ['page/created', id]), ['page/updated', 2], ['page/deleted', 3]],
				'after SIGKILL mid-poll',
			);
		},
		{ timeoutMs: 6 * 60 * 1000 },
	);

	await v.check(
		'd. SIGKILL while the execution of a poll runs (cursor committed with it): the next scheduled polls repeat nothing',
		async () => {
			const mark = collector.received.length;
			const made = [s.createPage(), s.createPage()].map((p) => p.id);
			collector.holdMs = 20000;
			await pages.waitItems(mark, 2, 'items of the running execution', 100000);
			await sleep(500);
			await crash(n8n);
			collector.holdMs = 0;
			await n8n.start({ timeoutMs: 240000 });
			await n8n.login();
			await pollDone(sandbox, 'page', sandbox.requests.length);
			await sleep(3000);
			pages.assertExactly(
				mark,
				made.map((id) => ['page/created', id]),
				'after SIGKILL mid-execution',
			);
			const execs = await n8n.executions(wfId);
			r.durableKilledExecution = execs.map((e) => e.status).join(',');
			v.log(
				`durable cursors: executions after the kills (newest first): ${r.durableKilledExecution}`,
			);
		},
		{ timeoutMs: 6 * 60 * 1000 },
	);

	await v.check(
		`d. a backlog of ${BACKLOG} pages with the shop answering in 5 s: each poll ends within n8n's budget (getPollBudgetMs 36 s; none abandoned at N8N_SCHEDULER_POLL_TIMEOUT 45 s), the next ones continue: each page once`,
		async () => {
			const mark = collector.received.length;
			const made = [];
			for (let i = 0; i < BACKLOG; i++) made.push(s.createPage(`Durable backlog ${i + 1}`).id);
			sandbox.faults.add({ type: 'slow', ms: 5000, times: Infinity, match: '/services/pages' });
			const from = sandbox.requests.length;
			const t0 = Date.now();
			try {
				await pages.waitItems(mark, BACKLOG, 'backlog items', 6 * 60 * 1000);
			} finally {
				sandbox.faults.clear();
			}
			r.durableBacklog = {
				pages: BACKLOG,
				executions: pages.posts(mark).length,
				requests: pollRequests(sandbox, 'page', from).length,
				wallS: Math.round((Date.now() - t0) / 1000),
			};
			v.log(`durable cursors: backlog ${JSON.stringify(r.durableBacklog)}`);
			await pollDone(sandbox, 'page', sandbox.requests.length);
			await sleep(3000);
			pages.assertExactly(
				mark,
				made.map((id) => ['page/created', id]),
				'durable backlog',
			);
			assert.doesNotMatch(n8n.output, /Poll exceeded its timeout and was abandoned/);
			r.durableItems = pages.assertKeysUnique();
		},
		{ timeoutMs: 9 * 60 * 1000 },
	);
}

module.exports = { runDurable, crash, DURABLE_ENV };
