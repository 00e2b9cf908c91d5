'use strict';
/**
 * The poll leg's queue-mode flow (n8n 2.x; poll.test.js runs it beside the main flow): Postgres + Redis, main +
 * worker (+ the webhook process the cluster always starts), one shared user folder (scripts/n8n/queue.js), the
 * poll workflow activated from the CLI before the start. Checks:
 *   q. the poll at start (on main) replays no history: 0 items, 0 execution rows
 *   q. 200 pages created, one renamed, one deleted -> a deactivate + activate through main's REST API polls on
 *      main; each change arrives once; every execution row in Postgres was started and finished by the worker,
 *      none by main; the next scheduled poll repeats nothing
 */
const assert = require('assert');
const crypto = require('crypto');
const { loadSandbox, startCollector, packedPackage, sleep, waitFor } = require('./setup');
const fs = require('fs');
const { QueueCluster } = require('../../scripts/n8n/queue');
const { SERVICES_LOCK_DIR } = require('../../scripts/n8n/services');
const { shop, pollWorkflow, Ledger, pollDone } = require('./pollShop');

const NAME = 'E2E poll: pages (queue mode)';

async function runQueue(v) {
	const r = v.r;
	if (process.env.STORE_PLATFORM_E2E_NO_QUEUE === '1') {
		r.queuePoll = 'not run (--no-queue)';
		v.log('q. queue mode not run: STORE_PLATFORM_E2E_NO_QUEUE=1 (--no-queue)');
		return;
	}
	const keep = process.env.STORE_PLATFORM_E2E_KEEP === '1';
	let sandbox, collector, cluster, wfId;
	const up = await v.check(
		'q. queue mode: Postgres + Redis, main + worker + webhook process; package installed; credential and poll workflow imported and activated; cluster started',
		async () => {
			sandbox = await loadSandbox().startSandbox({ port: 0 });
			v.cleanups.push(() => sandbox.close());
			collector = await startCollector();
			v.cleanups.push(() => collector.close());
			// the queue leg may be installing Postgres/Redis: wait without blocking this process (its sandboxes serve
			// the other flows); QueueCluster.create() would wait for that lock synchronously
			await waitFor(
				() => !fs.existsSync(`${SERVICES_LOCK_DIR()}.lock`),
				'the Postgres/Redis install of another leg',
				15 * 60 * 1000,
			);
			cluster = await QueueCluster.create({ version: v.version, keep, log: (s) => v.log(s) });
			v.cleanups.push(async () => {
				if (String(r.status).startsWith('FAIL') && !keep) {
					cluster.main.keep = true;
					v.log(`queue-mode logs: ${Object.values(cluster.logFiles).join(', ')}`);
				}
				await cluster.destroy();
			});
			cluster.installPackage(packedPackage());
			const cred = {
				id: crypto.randomBytes(8).toString('hex'),
				name: 'Store Platform (queue poll)',
			};
			await cluster.main.importCredentials([
				{
					...cred,
					type: 'storePlatformApi',
					data: { baseUrl: `${sandbox.url}/`, ...sandbox.credentials },
				},
			]);
			[wfId] = await cluster.main.importWorkflows([
				pollWorkflow(cred, {
					name: NAME,
					resource: 'page',
					events: ['created', 'updated', 'deleted'],
					collectorUrl: `${collector.url}/collect?queue=1`,
				}),
			]);
			await cluster.main.activate(wfId);
			await cluster.start({ timeoutMs: 240000 });
			const st = cluster.main.activation[wfId];
			assert.ok(st && st.status === 'published', `publication: ${JSON.stringify(st)}`);
		},
		{ timeoutMs: 20 * 60 * 1000 },
	);
	if (!up.ok) return;
	const s = shop(sandbox);
	const pages = new Ledger(collector, NAME);

	const started = await v.check(
		'q. the poll at start (on main) replays no history: 0 items, 0 execution rows',
		async () => {
			await pollDone(sandbox, 'page', 0, { timeoutMs: 30000 });
			await sleep(2000);
			assert.strictEqual(pages.items().length, 0, 'items');
			assert.strictEqual(cluster.executionCount(wfId), 0, 'execution rows');
		},
	);
	if (!started.ok) return;

	await v.check(
		'q. 200 pages created, one renamed, one deleted; deactivate + activate polls on main: each change once, every execution on the worker; the next scheduled poll repeats nothing',
		async () => {
			const mark = collector.received.length;
			const made = [];
			for (let i = 0; i < 200; i++) made.push(s.createPage(`Queue ${i + 1}`).id);
			s.renamePage(1);
			s.deletePage(2);
			await cluster.main.deactivate(wfId);
			await cluster.main.activateRest(wfId);
			await pages.waitItems(mark, 202, 'items', 100000);
			await waitFor(
				() => {
					const rows = cluster.executions(wfId);
					return rows.length > 0 && rows.every((e) => !['new', 'running'].includes(e.status));
				},
				'finished execution rows',
				60000,
			);
			await pollDone(sandbox, 'page', sandbox.requests.length);
			await sleep(3000);
			pages.assertExactly(
				mark,
				[...made.map((id) => ['page/created', id]), ['page/updated', 1], ['page/deleted', 2]],
				'queue mode',
			);
			const rows = cluster.executions(wfId);
			const ids = rows.map((e) => e.id).sort();
			assert.deepStrictEqual(
				rows.filter((e) => e.status !== 'success').map((e) => [e.id, e.status]),
				[],
			);
			assert.deepStrictEqual([...cluster.workerExecutionIds('started')].sort(), ids);
			assert.deepStrictEqual([...cluster.workerExecutionIds('finished')].sort(), ids);
			assert.deepStrictEqual(
				QueueCluster.executionIdsIn(cluster.main.output),
				[],
				'main ran executions',
			);
			const posted = new Set(pages.posts(mark).map((p) => String(p.body.executionId)));
			assert.deepStrictEqual([...posted].sort(), ids, 'the posts came from the rows in Postgres');
			r.queuePoll = { items: pages.assertKeysUnique(), executions: rows.length };
			v.log(`queue mode: ${JSON.stringify(r.queuePoll)}`);
		},
		{ timeoutMs: 6 * 60 * 1000 },
	);
}

module.exports = { runQueue };
