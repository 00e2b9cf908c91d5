'use strict';
/**
 * What both legs of the deliveries test (deliveries.test.js) share: the collector the workflow posts to,
 * the lossy proxy in front of n8n's webhooks, the example workflow made runnable, the leg set-up, and the
 * deliveries it sends (one resent three times, a first one straight to n8n).
 */
const assert = require('node:assert');
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const { PROJECT_DIR } = require('../../scripts/n8n/instance');
const { sleep, startCollector, waitFor: waitForIn } = require('./setup');
const { collectorNode } = require('./workflows');

const EXAMPLE = path.join(PROJECT_DIR, 'docs', 'examples', 'deliveries-once.json');
const EVENTS = ['order/create', 'product/update'];
const MIN = 60_000;

/** The suite's waitFor with this leg's longer default (deliveries wait on the shop's resends). */
const waitFor = (fn, what, timeoutMs = 30_000) => waitForIn(fn, what, timeoutMs);

/**
 * The public address of n8n's webhooks as the shop sees it: forwards each delivery to n8n and passes n8n's
 * answer back, except that the next `lose(n)` answers of 200 become 500 (the workflow ran; the shop did not
 * get the answer, so it resends).
 */
async function startLossyProxy() {
	let target = '';
	let toLose = 0;
	const server = http.createServer((req, res) => {
		const chunks = [];
		req.on('data', (c) => chunks.push(c));
		req.on('end', async () => {
			try {
				const headers = { ...req.headers };
				delete headers.host;
				delete headers.connection;
				const answer = await fetch(`${target}${req.url}`, {
					method: req.method,
					headers,
					body: Buffer.concat(chunks),
				});
				const text = await answer.text();
				let status = answer.status;
				if (status === 200 && toLose > 0) {
					toLose--;
					status = 500;
				}
				res.statusCode = status;
				res.end(text);
			} catch (e) {
				res.statusCode = 502;
				res.end(String(e));
			}
		});
	});
	await new Promise((r) => server.listen(0, '127.0.0.1', r));
	return {
		url: `http://127.0.0.1:${server.address().port}`,
		setTarget: (t) => (target = t),
		lose: (n) => (toLose = n),
		close: () => new Promise((r) => (server.closeAllConnections(), server.close(() => r()))),
	};
}

/** The example workflow, made runnable here: credential, webhook id, check every minute, collectors. */
function exampleWorkflow(cred, { webhookId, collectorUrl }) {
	const wf = JSON.parse(fs.readFileSync(EXAMPLE, 'utf8'));
	const trigger = wf.nodes.find((n) => n.type === 'n8n-nodes-store-platform.storePlatformTrigger');
	assert.strictEqual(
		trigger.typeVersion,
		4,
		'the example uses the trigger typeVersion 4, a new node’s',
	);
	trigger.webhookId = webhookId;
	trigger.credentials = { storePlatformApi: { id: cred.id, name: cred.name } };
	trigger.parameters = { events: EVENTS, options: { registrationCheckMinutes: 1 } };
	for (const n of wf.nodes) n.id = crypto.randomUUID();
	const body = '={{ JSON.stringify({ ...$json, executionId: $execution.id }) }}';
	const toCollector = (name, from, kind) => {
		const post = {
			...collectorNode(`${collectorUrl}?kind=${kind}`, body),
			name,
			position: [960, kind === 'report' ? -100 : 100],
		};
		wf.nodes.push(post);
		wf.connections[from] = { main: [[{ node: name, type: 'main', index: 0 }]] };
	};
	toCollector('Post Report To Collector', 'Events May Have Been Missed', 'report');
	toCollector('Post Event To Collector', 'Handle Event', 'event');
	return wf;
}

/** Everything one leg (single n8n or queue mode) shares. */
async function startLeg() {
	const cleanups = [];
	const { startSandbox, webhookHmac } = require('../../sandbox/load').loadSandbox();
	const sandbox = await startSandbox({ port: 0 });
	cleanups.push(() => sandbox.close());
	const collector = await startCollector();
	cleanups.push(() => collector.close());
	const proxy = await startLossyProxy();
	cleanups.push(() => proxy.close());
	const cred = {
		id: crypto.randomBytes(8).toString('hex'),
		name: 'Store Platform sandbox (deliveries)',
	};
	const credential = {
		id: cred.id,
		name: cred.name,
		type: 'storePlatformApi',
		data: { baseUrl: `${sandbox.url}/`, ...sandbox.credentials },
	};
	const webhookId = crypto.randomUUID();
	const hookUrl = `${proxy.url}/webhook/${webhookId}/webhook`;
	const workflow = exampleWorkflow(cred, { webhookId, collectorUrl: `${collector.url}/collect` });
	const ours = () => sandbox.store.webhooks.rows.filter((w) => w.site_url === hookUrl);
	const events = (kind) =>
		collector.received.filter((x) => x.url.includes(`kind=${kind}`)).map((x) => x.body);
	/** ISO times at which n8n listed the shop's registrations (each check, and checkExists at a start). */
	const lists = [];
	let seen = 0;
	const watch = setInterval(() => {
		for (; seen < sandbox.requests.length; seen++) {
			const q = sandbox.requests[seen];
			if (q.method === 'GET' && q.path === '/services/webhooks') lists.push(Date.now());
		}
	}, 50);
	cleanups.push(async () => clearInterval(watch));
	const close = async () => {
		for (const fn of cleanups.splice(0).reverse())
			await Promise.race([fn().catch(() => {}), sleep(30_000)]);
	};
	return {
		close,
		cleanups,
		sandbox,
		webhookHmac,
		collector,
		proxy,
		credential,
		workflow,
		hookUrl,
		ours,
		events,
		lists,
	};
}

/**
 * A delivery of `objectId` whose first three answers are lost: sent once, resent at 1, 5 and 10 minutes.
 * `settled(k)` resolves once the workflow runs of the first k attempts have finished: the shop's clock is
 * advanced only then, as real resends come minutes apart. Without it the four copies reached n8n within
 * milliseconds and ran at the same moment, where Remove Duplicates can let two through (the limit the README
 * states), which is not what a resend schedule does.
 */
async function resentThreeTimes(leg, objectId, settled) {
	const { sandbox, proxy, hookUrl } = leg;
	proxy.lose(3);
	const first = await sandbox.fire('order/create', {
		id: objectId,
		email: `buyer${objectId}@example.com`,
		updated_at: '2026-11-25 06:00:00',
	});
	const attempts = () =>
		sandbox.deliveries.filter((d) => d.url === hookUrl && d.section === 'order/create');
	assert.deepStrictEqual(
		first.filter((d) => d.url === hookUrl).map((d) => d.status),
		[500],
	);
	let sent = 1;
	for (const minutes of [1, 5, 10]) {
		await settled(sent++);
		await sandbox.clock.advance(minutes * MIN);
	}
	return attempts()
		.slice(-4)
		.map((d) => d.status);
}

/**
 * A first signed delivery, posted straight to the public address without the shop's 5 s limit: n8n's first
 * delivery after a start can take longer (the webhook process loads the node, reads the credential), and the
 * shop would count that as a failure.
 */
async function firstDelivery(leg, objectId) {
	const { httpBuildQuery } = require('../../sandbox/load').loadSandbox();
	const data = { id: objectId, email: `first${objectId}@example.com` };
	const headers = {
		'content-type': 'application/x-www-form-urlencoded',
		'service-section': 'order/create',
		'service-shop-id': '1001',
		'service-hmac-sha256': leg.webhookHmac(leg.sandbox.credentials.consumerSecret, data),
		'service-order-id': String(objectId),
		'service-order-uuid': crypto.randomUUID(),
	};
	const res = await fetch(leg.hookUrl, {
		method: 'POST',
		headers,
		body: httpBuildQuery(data),
		signal: AbortSignal.timeout(60_000),
	});
	assert.strictEqual(res.status, 200);
	await waitFor(
		() => received(leg, objectId).length === 1,
		'the first delivery at the collector',
		60_000,
	);
}

const received = (leg, objectId) =>
	leg.events('event').filter((b) => String(b.objectId) === String(objectId));

module.exports = {
	EVENTS,
	MIN,
	sleep,
	waitFor,
	startLeg,
	resentThreeTimes,
	firstDelivery,
	received,
};
