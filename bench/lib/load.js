'use strict';
/**
 * Webhook load: signed deliveries made like the sandbox's WebhookEngine makes them (form-encoded
 * http_build_query body, `service-hmac-sha256` = base64(hex(HMAC-SHA256(secret, body))), the service-* headers),
 * POSTed with a fixed number of concurrent senders over keep-alive connections. Bodies are built and signed before
 * the clock starts.
 */
const http = require('http');
const crypto = require('crypto');
const { performance } = require('perf_hooks');
const { percentile, summary } = require('./util');

/** `count` deliveries of `order/create` for the shop, signed with `secret`. */
/** The header every delivery also carries: what the Webhook node with Header Auth (queue.js) checks. */
const BENCH_AUTH = { name: 'x-bench-auth', value: 'bench-header-auth-secret' };

function buildDeliveries(sandboxModule, secret, count, { shopId = 1001 } = {}) {
	const { httpBuildQuery, webhookHmac } = sandboxModule;
	const out = [];
	for (let i = 0; i < count; i++) {
		const id = 100000 + i;
		const payload = {
			id,
			uuid: crypto.randomUUID(),
			created_at: '2024-05-01 12:00:00',
			updated_at: '2024-05-01 12:05:00',
			status_id: '1',
			email: `buyer${i}@example.com`,
			total_price: 4350 + i,
			currency: 'EUR',
			paid: true,
			note: 'Leave at the door & ring',
			items: [
				{
					product_id: 1,
					variant_id: 1,
					sku: 'TSH-001-S',
					title: 'Basic T-shirt',
					quantity: 2,
					price: 1900,
				},
			],
			shipping_address: { first_name: 'Jane', last_name: 'Doe', city: 'Kraków', zip: '30-001' },
		};
		const body = Buffer.from(httpBuildQuery(payload));
		out.push({
			body,
			headers: {
				'content-type': 'application/x-www-form-urlencoded',
				'content-length': String(body.length),
				'user-agent': 'StorePlatform-Bench/1.0',
				'service-section': 'order/create',
				'service-shop-id': String(shopId),
				'service-hmac-sha256': webhookHmac(secret, payload),
				'service-order-id': String(id),
				'service-order-uuid': payload.uuid,
				[BENCH_AUTH.name]: BENCH_AUTH.value,
			},
		});
	}
	return out;
}

function post(agent, url, d, timeoutMs) {
	return new Promise((resolve) => {
		const t0 = performance.now();
		const req = http.request(
			url,
			{ method: 'POST', agent, headers: d.headers, timeout: timeoutMs },
			(res) => {
				res.resume();
				res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - t0 }));
				res.on('error', () => resolve({ status: 'error', ms: performance.now() - t0 }));
			},
		);
		req.on('timeout', () => req.destroy(new Error('timeout')));
		req.on('error', () => resolve({ status: 'error', ms: performance.now() - t0 }));
		req.end(d.body);
	});
}

/**
 * POSTs every delivery to `url`, `concurrency` at a time. Returns { sent, ok, failed, statuses, wallMs,
 * latencies (ms) }. Bounded: each request times out after timeoutMs.
 */
async function blast(url, deliveries, { concurrency = 20, timeoutMs = 30000 } = {}) {
	const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
	const latencies = [];
	const statuses = {};
	let next = 0;
	const t0 = performance.now();
	const worker = async () => {
		while (next < deliveries.length) {
			const d = deliveries[next++];
			const r = await post(agent, url, d, timeoutMs);
			latencies.push(r.ms);
			statuses[r.status] = (statuses[r.status] || 0) + 1;
		}
	};
	await Promise.all(Array.from({ length: concurrency }, worker));
	const wallMs = performance.now() - t0;
	agent.destroy();
	const ok = statuses[200] || 0;
	return {
		sent: deliveries.length,
		ok,
		failed: deliveries.length - ok,
		statuses,
		wallMs,
		latencies,
	};
}

/**
 * The figures of one burst: `r` as blast() returned it, `drainMs` from the last answer until every execution
 * was recorded, `executions` counted. Lost = not answered 200 or no execution.
 */
function burstResult(kind, r, { drainMs, executions }) {
	return {
		kind,
		sent: r.sent,
		answered200: r.ok,
		statuses: r.statuses,
		wallMs: r.wallMs,
		rate: (r.sent / r.wallMs) * 1000,
		// deliveries per second until the last execution was recorded
		processedRate: (r.sent / (r.wallMs + drainMs)) * 1000,
		p50: percentile(r.latencies, 50),
		p99: percentile(r.latencies, 99),
		executions,
		lost: r.sent - Math.min(r.ok, executions),
	};
}

/** Medians (min–max) of the bursts of one kind, and their totals. */
function burstSummary(list, kind) {
	const rs = list.filter((r) => r.kind === kind);
	return {
		kind,
		runs: rs.length,
		rate: summary(rs.map((r) => r.rate)),
		processedRate: summary(rs.map((r) => r.processedRate)),
		p50: summary(rs.map((r) => r.p50)),
		p99: summary(rs.map((r) => r.p99)),
		executions: rs.reduce((s, r) => s + r.executions, 0),
		sent: rs.reduce((s, r) => s + r.sent, 0),
		lost: rs.reduce((s, r) => s + r.lost, 0),
		non200: rs.reduce((s, r) => s + (r.sent - r.answered200), 0),
	};
}

module.exports = { BENCH_AUTH, buildDeliveries, blast, burstResult, burstSummary };
