'use strict';
/**
 * The sandbox store server (sandbox/, compiled by sandbox/load.js into build/sandbox) in this process, with a
 * fixed latency, and request timing for the profile: every recorded request gets `t0` (when the sandbox records it,
 * on arrival) and `t1` (when its answer is sent), in ms of performance.now(). Works without touching sandbox/:
 * the recorded array's push and each record's `status` assignment are observed.
 */
const path = require('path');
const { performance } = require('perf_hooks');

const PROJECT_DIR = path.resolve(__dirname, '..', '..');
const { loadSandbox } = require(path.join(PROJECT_DIR, 'sandbox', 'load'));

async function startBenchSandbox({ latencyMs = 20 } = {}) {
	const mod = loadSandbox();
	const sandbox = await mod.startSandbox({ latencyMs, port: 0, log: false });
	const requests = sandbox.requests;
	const push = requests.push.bind(requests);
	requests.push = (...recs) => {
		const now = performance.now();
		for (const rec of recs) {
			let status = rec.status;
			rec.t0 = now;
			Object.defineProperty(rec, 'status', {
				enumerable: true,
				configurable: true,
				get: () => status,
				set: (v) => {
					status = v;
					rec.t1 = performance.now();
				},
			});
		}
		return push(...recs);
	};
	return {
		sandbox,
		mod,
		/** Credential data of `storePlatformApi` for this sandbox. */
		credentialData() {
			return { baseUrl: `${sandbox.url}/`, ...sandbox.credentials };
		},
		/** Sets a resource's table to exactly `n` records (only grows; the benchmarks go small to large). */
		seedTo(resource, table, n) {
			const t = sandbox.store[table];
			const missing = n - t.size;
			if (missing < 0) throw new Error(`${table} has ${t.size} records, more than ${n}`);
			if (missing > 0) sandbox.seed(resource, missing);
			return t.size;
		},
		/** Marks a point; `since(mark)` gives the requests recorded after it. */
		mark: () => requests.length,
		since: (mark) => requests.slice(mark),
		/** Drops the recorded requests (keeps memory flat over many runs). */
		clearRequests: () => {
			requests.length = 0;
		},
	};
}

/**
 * Profile of the API requests of one run: count, by path, critical path. `chains` estimates the longest sequence of
 * dependent requests as (requests) / (mean in flight). `serverMs`: median time the sandbox spent on a request beyond
 * its fixed latency (filtering, JSON).
 */
function requestProfile(recs, latencyMs) {
	const api = recs.filter(
		(r) => r.path && r.path.startsWith('/services/') && !r.path.startsWith('/services/oauth/'),
	);
	const byPath = {};
	for (const r of api) {
		const key = /\/count$/.test(r.path)
			? 'count'
			: r.query && r.query.since_id !== undefined
				? 'since_id'
				: 'page';
		byPath[key] = (byPath[key] || 0) + 1;
	}
	const done = api.filter((r) => Number.isFinite(r.t0) && Number.isFinite(r.t1));
	let span = NaN;
	let busy = NaN;
	let serverMs = NaN;
	let concurrency = NaN;
	if (done.length) {
		const start = Math.min(...done.map((r) => r.t0));
		const end = Math.max(...done.map((r) => r.t1));
		span = end - start;
		const inFlightMs = done.reduce((s, r) => s + (r.t1 - r.t0), 0);
		concurrency = inFlightMs / span;
		// time with at least one request in flight
		const ev = done
			.flatMap((r) => [
				[r.t0, 1],
				[r.t1, -1],
			])
			.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
		let depth = 0;
		let last = start;
		busy = 0;
		for (const [t, d] of ev) {
			if (depth > 0) busy += t - last;
			depth += d;
			last = t;
		}
		const extra = done.map((r) => r.t1 - r.t0 - latencyMs).sort((a, b) => a - b);
		serverMs = extra[extra.length >> 1];
	}
	return {
		requests: api.length,
		byPath,
		spanMs: span,
		busyMs: busy,
		idleMs: span - busy,
		concurrency,
		serverMs,
	};
}

module.exports = { startBenchSandbox, requestProfile, loadSandbox, PROJECT_DIR };
