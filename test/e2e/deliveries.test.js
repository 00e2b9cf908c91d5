'use strict';
/**
 * Deliveries users can trust (issue 22), in real n8n: `node --test test/e2e/deliveries.test.js`
 * (wrap it in `flock /tmp/n8n-e2e.lock`; n8n version from STORE_PLATFORM_E2E_VERSION, default: the run's newest 2.x, else 2.41.1).
 *
 * The workflow is docs/examples/deliveries-once.json as committed (its sticky note, Store Platform Trigger typeVersion 4 ->
 * Remove Duplicates v2 on {{ $json.deliveryKey }} -> If event is registration/restored), with the credential,
 * a fresh webhook id, the check every minute and an HTTP Request to a collector after each branch.
 * The shop (the sandbox) reaches n8n through a proxy that can lose n8n's answers: the workflow runs, the shop
 * sees a failure and resends on its retry schedule (the sandbox's clock, advanced by the test).
 *
 * single n8n: a delivery whose answers are lost 3 times (4 trigger runs) reaches the collector once; two
 *             different deliveries both do; quiet checks start nothing; registrations removed at the shop are
 *             restored by the check and reported once (events, missingSince = the last check that saw them);
 *             n8n restarted with registrations gone reports once, saying the time is unknown; deactivation
 *             removes every registration
 * queue mode: Postgres + Redis, main + worker + webhook process: the resend case again
 *
 * The collector, the lossy proxy, the leg set-up and the deliveries both legs send: deliveriesLeg.js.
 */
const assert = require('node:assert');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { after, before, describe, test } = require('node:test');

const { N8nInstance, packProject } = require('../../scripts/n8n/instance');
const { QueueCluster } = require('../../scripts/n8n/queue');
const { DEFAULT_VERSION } = require('../../scripts/n8n/install');
const {
	EVENTS,
	MIN,
	sleep,
	waitFor,
	startLeg,
	resentThreeTimes,
	firstDelivery,
	received,
} = require('./deliveriesLeg');

// one version: the one given, else the first 2.x of the run's versions (the newest), else install.js's default (2.41.1)
const VERSION =
	process.env.STORE_PLATFORM_E2E_VERSION ||
	(process.env.STORE_PLATFORM_E2E_VERSIONS || '')
		.split(',')
		.find((v) => Number(v.split('.')[0]) >= 2) ||
	DEFAULT_VERSION;

/** The tarball this leg packed itself (when run alone), removed at the end. */
let packedHere;

before(
	() => {
		// the package as users install it (packed once by run.js for every leg, else here); the sandbox from sandbox/load.js
		// run.js's tarball is shared by every leg: only a tarball packed here is removed at the end
		if (!process.env.STORE_PLATFORM_E2E_TGZ) {
			packedHere = packProject({
				outDir: fs.mkdtempSync(path.join(os.tmpdir(), 'store-platform-pack-')),
			});
		}
		process.env.DELIVERIES_TGZ = process.env.STORE_PLATFORM_E2E_TGZ || packedHere;
	},
	{ timeout: 5 * MIN },
);

describe(`n8n ${VERSION}, one process`, { timeout: 25 * MIN }, () => {
	let leg;
	let n8n;
	let workflowId;
	const executions = async () => await n8n.executions(workflowId);

	after(async () => await leg?.close());
	before(
		async () => {
			leg = await startLeg();
			// the public address: N8N_WEBHOOK_URL (2.x), WEBHOOK_URL (1.x)
			n8n = await N8nInstance.create({
				version: VERSION,
				env: { N8N_WEBHOOK_URL: `${leg.proxy.url}/`, WEBHOOK_URL: `${leg.proxy.url}/` },
			});
			leg.proxy.setTarget(n8n.baseUrl);
			leg.cleanups.push(async () => {
				await n8n.stop();
				n8n.cleanup();
			});
			await n8n.installPackage(process.env.DELIVERIES_TGZ);
			await n8n.importCredentials([leg.credential]);
			[workflowId] = await n8n.importWorkflows([leg.workflow]);
			await n8n.activate(workflowId);
			await n8n.start({ timeoutMs: 240_000 });
			await n8n.login();
			await waitFor(
				() => leg.ours().length === EVENTS.length,
				'one registration per event at the public address',
				60_000,
			);
		},
		{ timeout: 12 * MIN },
	);

	test('a first delivery passes', { timeout: 2 * MIN }, async () => {
		await firstDelivery(leg, 9100);
		await waitFor(async () => (await executions()).length === 1, 'one execution', 30_000);
	});

	test(
		'a delivery resent three times runs the rest of the workflow once (the trigger ran 4 times)',
		{ timeout: 3 * MIN },
		async () => {
			const before = (await executions()).length;
			const finished = async () =>
				(await executions()).filter((e) => e.status === 'success').length - before;
			const statuses = await resentThreeTimes(leg, 9101, (k) =>
				waitFor(async () => (await finished()) >= k, `${k} finished executions`, 60_000),
			);
			assert.deepStrictEqual(statuses, [500, 500, 500, 200]);
			await waitFor(async () => (await finished()) >= 4, '4 finished executions', 60_000);
			await sleep(2000);
			assert.strictEqual(
				(await executions()).length,
				before + 4,
				'the trigger ran once per attempt',
			);
			const got = received(leg, 9101);
			assert.strictEqual(got.length, 1, `collected ${got.length} times`);
			assert.match(got[0].deliveryKey, /^[0-9a-f]{32}$/);
			assert.strictEqual(got[0].event, 'order/create');
		},
	);

	test('two different deliveries both pass', { timeout: 2 * MIN }, async () => {
		const before = (await executions()).length;
		for (const id of [9102, 9103]) {
			const sent = await leg.sandbox.fire('order/create', { id, email: `buyer${id}@example.com` });
			assert.deepStrictEqual(
				sent.map((d) => d.status),
				[200],
			);
		}
		await waitFor(
			() => received(leg, 9102).length && received(leg, 9103).length,
			'both at the collector',
			60_000,
		);
		await waitFor(async () => (await executions()).length === before + 2, 'two executions', 30_000);
		assert.notStrictEqual(received(leg, 9102)[0].deliveryKey, received(leg, 9103)[0].deliveryKey);
	});

	test('quiet checks start nothing', { timeout: 4 * MIN }, async () => {
		const from = leg.lists.length;
		const count = (await executions()).length;
		await waitFor(() => leg.lists.length >= from + 2, 'two scheduled checks', 3 * MIN);
		await sleep(3000);
		assert.deepStrictEqual(leg.events('report'), []);
		assert.strictEqual((await executions()).length, count);
		assert.strictEqual(leg.ours().length, EVENTS.length);
	});

	test(
		'registrations removed at the shop: restored by the check, reported once with the events and missingSince',
		{ timeout: 5 * MIN },
		async () => {
			const count = (await executions()).length;
			const removedAt = Date.now();
			const lastSeen = leg.lists.at(-1);
			for (const w of leg.ours()) leg.sandbox.store.webhooks.remove(w.id);
			const [report] = await waitFor(
				() => leg.events('report').length && leg.events('report'),
				'the report at the collector',
				3 * MIN,
			);
			assert.deepStrictEqual(report.events, EVENTS);
			assert.strictEqual(report.event, 'registration/restored');
			assert.strictEqual(report.missingSinceKnown, true);
			const missingSince = Date.parse(report.missingSince);
			assert.ok(
				missingSince <= removedAt,
				`missingSince ${report.missingSince} after the removal ${new Date(removedAt).toISOString()}`,
			);
			assert.ok(
				Math.abs(missingSince - lastSeen) < 5000,
				`missingSince ${report.missingSince}, last list before the removal ${new Date(lastSeen).toISOString()}`,
			);
			assert.strictEqual(report.reconcileFrom, report.missingSince);
			assert.ok(Date.parse(report.restoredAt) > removedAt);
			assert.match(report.deliveryKey, /^[0-9a-f]{32}$/);
			assert.deepStrictEqual(
				leg
					.ours()
					.map((w) => w.section)
					.sort(),
				EVENTS,
			);
			// the next check finds them: no second report, no second execution
			await sleep(1000);
			const from = leg.lists.length;
			await waitFor(() => leg.lists.length >= from + 1, 'the next check', 2 * MIN);
			await sleep(5000);
			assert.strictEqual(leg.events('report').length, 1);
			assert.strictEqual((await executions()).length, count + 1);
		},
	);

	test(
		'n8n restarted with its registrations gone: restored at start and reported once, saying when is unknown',
		{ timeout: 8 * MIN },
		async () => {
			const count = (await executions()).length;
			await n8n.stop();
			for (const w of leg.ours()) leg.sandbox.store.webhooks.remove(w.id);
			const stoppedAt = Date.now();
			await n8n.start({ timeoutMs: 240_000 });
			await n8n.login();
			const reports = await waitFor(
				() => leg.events('report').length >= 2 && leg.events('report'),
				'a second report',
				3 * MIN,
			);
			const report = reports[1];
			assert.deepStrictEqual(report.events, EVENTS);
			assert.strictEqual(report.missingSinceKnown, false);
			assert.strictEqual(report.missingSince, null);
			assert.ok(
				report.reconcileFrom && Date.parse(report.reconcileFrom) < stoppedAt,
				`reconcileFrom ${report.reconcileFrom}`,
			);
			assert.match(report.note, /restarted/);
			assert.deepStrictEqual(
				leg
					.ours()
					.map((w) => w.section)
					.sort(),
				EVENTS,
			);
			const from = leg.lists.length;
			await waitFor(() => leg.lists.length >= from + 1, 'a check after the restart', 2 * MIN);
			await sleep(5000);
			assert.strictEqual(leg.events('report').length, 2);
			assert.strictEqual((await executions()).length, count + 1);
		},
	);

	test(
		'deactivation removes every registration, and reports nothing',
		{ timeout: 4 * MIN },
		async () => {
			await n8n.deactivate(workflowId);
			await waitFor(() => leg.ours().length === 0, 'registrations removed', 30_000);
			await sleep(3000);
			assert.strictEqual(leg.ours().length, 0);
			assert.strictEqual(leg.events('report').length, 2);
		},
	);
});

const QUEUE_SKIP =
	Number(VERSION.split('.')[0]) < 2 ? 'queue mode is tested on n8n 2.x (QueueCluster)' : false;

describe(
	`n8n ${VERSION}, queue mode (Postgres, Redis, main + worker + webhook process)`,
	{ timeout: 25 * MIN, skip: QUEUE_SKIP },
	() => {
		let leg;
		let cluster;
		let workflowId;

		after(async () => await leg?.close());
		before(
			async () => {
				leg = await startLeg();
				cluster = await QueueCluster.create({
					version: VERSION,
					env: { N8N_WEBHOOK_URL: `${leg.proxy.url}/` },
				});
				leg.proxy.setTarget(cluster.webhookBaseUrl);
				leg.cleanups.push(() => cluster.destroy());
				cluster.installPackage(process.env.DELIVERIES_TGZ);
				await cluster.main.importCredentials([leg.credential]);
				[workflowId] = await cluster.main.importWorkflows([leg.workflow]);
				await cluster.main.activate(workflowId);
				await cluster.start({ timeoutMs: 240_000 });
				await waitFor(
					() => leg.ours().length === EVENTS.length,
					'one registration per event at the public address',
					60_000,
				);
			},
			{ timeout: 12 * MIN },
		);

		test('a first delivery passes', { timeout: 3 * MIN }, async () => {
			await firstDelivery(leg, 9200);
		});

		test(
			'a delivery resent three times runs the rest of the workflow once, on the worker (the trigger ran 4 times)',
			{ timeout: 4 * MIN },
			async () => {
				await waitFor(
					() => cluster.executionCount(workflowId, { finished: true }) === 1,
					'the first execution finished',
					60_000,
				);
				const statuses = await resentThreeTimes(leg, 9201, (k) =>
					waitFor(
						() => cluster.executionCount(workflowId, { finished: true }) >= 1 + k,
						`${k} more finished executions`,
						60_000,
					),
				);
				assert.deepStrictEqual(statuses, [500, 500, 500, 200]);
				await waitFor(
					() => cluster.executionCount(workflowId, { finished: true }) >= 5,
					'4 more finished executions in Postgres',
					2 * MIN,
				);
				await sleep(3000);
				const rows = cluster.executions(workflowId);
				assert.strictEqual(rows.length, 5);
				assert.deepStrictEqual(
					rows.map((e) => e.status),
					['success', 'success', 'success', 'success', 'success'],
				);
				assert.deepStrictEqual(
					[...cluster.workerExecutionIds('finished')].sort(),
					rows.map((e) => e.id).sort(),
					'all ran on the worker',
				);
				const got = received(leg, 9201);
				assert.strictEqual(got.length, 1, `collected ${got.length} times`);
				assert.ok(rows.some((e) => e.id === String(got[0].executionId)));
			},
		);

		test('another delivery passes', { timeout: 2 * MIN }, async () => {
			const sent = await leg.sandbox.fire('order/create', {
				id: 9202,
				updated_at: '2026-11-25 06:10:00',
			});
			assert.deepStrictEqual(
				sent.map((d) => d.status),
				[200],
			);
			await waitFor(
				() => received(leg, 9202).length === 1,
				'the delivery at the collector',
				60_000,
			);
			assert.notStrictEqual(received(leg, 9202)[0].deliveryKey, received(leg, 9201)[0].deliveryKey);
		});

		test('deactivation removes every registration', { timeout: 2 * MIN }, async () => {
			await cluster.main.deactivate(workflowId);
			await waitFor(() => leg.ours().length === 0, 'registrations removed', 30_000);
			assert.deepStrictEqual(leg.events('report'), []);
		});
	},
);

after(() => {
	if (packedHere) fs.rmSync(path.dirname(packedHere), { recursive: true, force: true });
});
