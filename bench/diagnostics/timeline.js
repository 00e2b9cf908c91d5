'use strict';
/**
 * Diagnostic (not part of `npm run bench`): where the wall time of 1,000 vendor updates goes beyond the network
 * floor, seen from the shop. Runs the bench's update workflow (ours, and the HTTP Request node with --http) once in
 * `n8n execute` and prints, from the sandbox's arrival (t0) and answer (t1) times of each request:
 *   - the node's window vs the span of its requests (start-up before the first request, tail after the last answer)
 *   - the shop's time per request (t1 - t0: its fixed latency plus its own work)
 *   - the turnaround: an answer sent → the next request of that place arriving (the client's own time per request)
 *   - requests in flight over the span
 *
 * With --inside, the n8n process's own stamps of each request too (http-hook.js): created → socket connected →
 * written → answer headers → answer read, and the client's turnaround (an answer read → the next request created).
 *
 *   node bench/diagnostics/timeline.js [--http] [--inside] [--latency=50] [--runs=1] [--cap=4] [--prof=DIR]
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { performance, monitorEventLoopDelay } = require('perf_hooks');
const n8n = require('../lib/n8n');
const { startBenchSandbox } = require('../lib/sandbox');
const bulk = require('../bulk');

const arg = (name, dflt) => {
	const a = process.argv.find((x) => x.startsWith(`--${name}=`));
	return a ? a.slice(name.length + 3) : dflt;
};
const HTTP = process.argv.includes('--http');
const LATENCY = Number(arg('latency', 50));
const RUNS = Number(arg('runs', 1));
/** --cap=N: the shop allows N requests in flight and answers 429 with Retry-After: 1 beyond (the capped shop). */
const CAP = arg('cap', '') === '' ? null : Number(arg('cap', ''));
const INSIDE = process.argv.includes('--inside');
/** --prof=<dir>: a CPU profile of the n8n process too (node --cpu-prof, 200 µs), left in <dir>. */
const PROF = arg('prof', '');

const pct = (xs, p) => {
	const s = [...xs].sort((a, b) => a - b);
	return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const f = (x) => x.toFixed(1);

function analyse(recs, node) {
	const rs = recs.filter((r) => Number.isFinite(r.t0) && Number.isFinite(r.t1));
	const arrivals = rs.map((r) => r.t0).sort((a, b) => a - b);
	const answers = rs.map((r) => r.t1).sort((a, b) => a - b);
	const first = arrivals[0];
	const last = answers[answers.length - 1];
	// the node's window in the sandbox's clock (performance.now of this process)
	const nodeStart = node.startTime - performance.timeOrigin;
	const nodeEnd = nodeStart + node.executionTime;
	const shop = rs.map((r) => r.t1 - r.t0);
	// the k-th arrival beyond the first `width` takes the place freed by the (k - width)-th answer
	const width = Math.max(...rs.map((r) => rs.filter((o) => o.t0 <= r.t0 && o.t1 > r.t0).length));
	const turn = [];
	for (let k = width; k < arrivals.length; k++) turn.push(arrivals[k] - answers[k - width]);
	console.log(
		[
			`requests ${rs.length}, widest ${width} in flight; node ${node.executionTime} ms; requests span ${f(last - first)} ms; floor ${f((rs.length / width) * LATENCY)} ms`,
			`  node start → first arrival ${f(first - nodeStart)} ms; last answer → node end ${f(nodeEnd - last)} ms`,
			`  shop per request (t1-t0) ms: p50 ${f(pct(shop, 50))} p90 ${f(pct(shop, 90))} p99 ${f(pct(shop, 99))} max ${f(Math.max(...shop))}`,
			`  turnaround (answer → next arrival) ms: p10 ${f(pct(turn, 10))} p50 ${f(pct(turn, 50))} p90 ${f(pct(turn, 90))} p99 ${f(pct(turn, 99))} mean ${f(turn.reduce((a, b) => a + b, 0) / turn.length)}`,
		].join('\n'),
	);
	// in flight over the span, in tenths
	const steps = 10;
	const line = [];
	for (let s = 0; s < steps; s++) {
		const a = first + ((last - first) * s) / steps;
		const b = first + ((last - first) * (s + 1)) / steps;
		let busy = 0;
		for (const r of rs) busy += Math.max(0, Math.min(r.t1, b) - Math.max(r.t0, a));
		line.push((busy / (b - a)).toFixed(1));
	}
	console.log(`  mean in flight by tenth of the span: ${line.join(' ')}`);
	const refused = rs.filter((r) => r.status === 429).map((r) => (r.t0 - first) / 1000);
	if (refused.length)
		console.log(
			`  ${refused.length} answered 429, at s: ${refused.map((x) => x.toFixed(2)).join(' ')} (span ${f((last - first) / 1000)} s)`,
		);
}

function inside({ stamps, loop, gcs }, node) {
	const end = node.startTime + node.executionTime;
	const gs = gcs.filter((g) => g.t >= node.startTime && g.t <= end);
	const byKind = {};
	for (const g of gs) {
		const k = (byKind[g.kind] ??= { n: 0, ms: 0, max: 0 });
		k.n++;
		k.ms += g.ms;
		k.max = Math.max(k.max, g.ms);
	}
	console.log(
		`  garbage collections while the node ran (kind: count, total, longest): ${Object.entries(
			byKind,
		)
			.map(([k, v]) => `${k}: ${v.n}, ${f(v.ms)} ms, ${f(v.max)} ms`)
			.join('; ')}`,
	);
	const ls = loop.filter((l) => l.t >= node.startTime + 100 && l.t <= end);
	console.log(
		`  main thread of n8n, per 100 ms while the node ran: busy ${ls.map((l) => Math.round(l.elu * 100)).join(' ')} %`,
	);
	console.log(
		`  longest event-loop delay per 100 ms: ${ls.map((l) => Math.round(l.maxDelayMs)).join(' ')} ms`,
	);
	const ss = stamps.filter((s) => s.created >= node.startTime && s.created <= end && s.end);
	const d = (a, b) => ss.filter((s) => s[a] && s[b]).map((s) => s[b] - s[a]);
	const line = (name, xs) =>
		`  ${name} ms: p10 ${f(pct(xs, 10))} p50 ${f(pct(xs, 50))} p90 ${f(pct(xs, 90))} mean ${f(xs.reduce((a, b) => a + b, 0) / xs.length)}`;
	console.log(`inside n8n: ${ss.length} requests`);
	console.log(line('created → socket', d('created', 'socket')));
	console.log(line('socket → connected', d('socket', 'connected')));
	console.log(line('connected → written', d('connected', 'written')));
	console.log(line('written → answer headers', d('written', 'response')));
	console.log(line('answer headers → read', d('response', 'end')));
	const created = ss.map((s) => s.created).sort((a, b) => a - b);
	const ended = ss.map((s) => s.end).sort((a, b) => a - b);
	const width = CAP ?? 16;
	const turn = [];
	for (let k = width; k < created.length; k++) turn.push(created[k] - ended[k - width]);
	console.log(line(`answer read → next request created (width ${width})`, turn));
}

async function main() {
	const sb = await startBenchSandbox({ latencyMs: LATENCY });
	const chosen = n8n.chooseVersion();
	const { packProject } = n8n.harness();
	const ctx = {
		version: chosen.version,
		sb,
		tarball: packProject({ build: true }),
		latencyMs: LATENCY,
		instances: [],
	};
	try {
		const { inst, ou, hu } = await bulk.pathsInstance(ctx);
		const id = HTTP ? hu : ou;
		await n8n.executeMeasured(inst, id, 'Node'); // warm
		sb.sandbox.faults.inFlightCap = CAP;
		sb.sandbox.faults.capRetryAfter = 1;
		for (let k = 0; k < RUNS; k++) {
			sb.clearRequests();
			const c0 = process.cpuUsage();
			const lag = monitorEventLoopDelay({ resolution: 1 });
			lag.enable();
			const hookFile = path.join(os.tmpdir(), `http-hook-${process.pid}-${k}.json`);
			const env = INSIDE
				? {
						NODE_OPTIONS: `--require ${path.join(__dirname, 'http-hook.js')}${PROF ? ` --cpu-prof --cpu-prof-interval=200 --cpu-prof-dir=${PROF}` : ''}`,
						HTTP_HOOK_FILE: hookFile,
					}
				: {};
			const r = await n8n.executeMeasured(inst, id, 'Node', { env });
			const c = process.cpuUsage(c0);
			lag.disable();
			console.log(
				`the sandbox's event loop (this process) over the run: delay p50 ${f(lag.percentile(50) / 1e6)} p90 ${f(lag.percentile(90) / 1e6)} p99 ${f(lag.percentile(99) / 1e6)} max ${f(lag.max / 1e6)} ms`,
			);
			console.log(
				`this process (the sandbox and the sampling): CPU ${((c.user + c.system) / 1000).toFixed(0)} ms`,
			);
			const recs = sb.since(0).filter((x) => x.path && x.path.startsWith('/services/'));
			console.log(
				`${HTTP ? 'HTTP Request node' : 'Store Platform'} run ${k + 1}: CPU ${r.nodeCpuMs} ms`,
			);
			analyse(recs, r.node);
			if (INSIDE) inside(JSON.parse(fs.readFileSync(hookFile, 'utf8')), r.node);
		}
	} finally {
		for (const inst of ctx.instances) {
			await inst.stop().catch(() => {});
			inst.cleanup();
		}
		await sb.sandbox.close();
	}
}

main().catch((e) => {
	console.error(e);
	process.exit(1);
});
