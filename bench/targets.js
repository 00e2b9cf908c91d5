'use strict';
/**
 * The speed targets of issue 36 (`--only=targets`), each measured beside n8n's node in the same run, in rounds
 * (BENCH_TARGET_ROUNDS, default 3; ours and n8n's node back to back in each round, the order alternating):
 *
 *   1. Return All of 10,000 vendors at 20 ms: ours ≤ 0.3× the HTTP Request node (paginating, same credential)
 *   2. 1,000 vendor updates at 50 ms: wall ≤ 1.3× the network floor at the concurrency the node used
 *      (1,000 / in flight × 50 ms), and n8n-process CPU per update ≤ half the HTTP Request node's
 *   3. the same, the shop allowing 4 in flight (429 + Retry-After: 1): ≤ 1.2× its floor (1,000 / 4 × 50 ms),
 *      1,000/1,000 stored exactly once, paired in order
 *   4. queue mode (N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true): the webhook process answers the trigger's signed
 *      deliveries at ≥ 0.95× the Webhook node's rate, 0 lost (bench/queue.js, that configuration only)
 *   and the memory of a Return All of 100,000 records (peak RSS of the n8n process while the node ran).
 *
 * CPU = the n8n process's user + system time while the node ran (/proc), so a busy machine inflates wall time
 * more than CPU; the 1-minute load average is given with every figure. Writes its own section of RESULTS.md.
 */
const fs = require('fs');
const os = require('os');
const n8n = require('./lib/n8n');
const { startBenchSandbox } = require('./lib/sandbox');
const bulk = require('./bulk');
const queue = require('./queue');
const { log, table, fmtNum, summary, fmtSummary } = require('./lib/util');

const START = '<!-- targets:start -->';
const END = '<!-- targets:end -->';
const load1 = () => os.loadavg()[0];

async function measure(ctx, inst, id, { latencyMs, cap, n, check }) {
	const { sandbox } = ctx.sb;
	sandbox.faults.latencyMs = latencyMs;
	sandbox.faults.inFlightCap = cap ?? null;
	sandbox.faults.capRetryAfter = 1;
	ctx.sb.clearRequests();
	Object.assign(sandbox.traffic, { maxInFlight: 0, connections: 0, capped: 0 });
	const loadBefore = load1();
	const r = await n8n.executeMeasured(inst, id, 'Node', { keepOutput: check === 'writes' });
	const recs = ctx.sb.since(0).filter((x) => x.path && x.path.startsWith('/services/'));
	const run = {
		ok: r.ok,
		error: r.ok ? undefined : String(r.error).slice(-300),
		n,
		items: r.node?.items ?? 0,
		nodeMs: r.node?.executionTime,
		cpuMs: r.nodeCpuMs,
		requests: recs.length,
		maxInFlight: sandbox.traffic.maxInFlight,
		capped: sandbox.traffic.capped,
		rssBefore: r.rssBeforeNode,
		nodePeakRss: r.nodePeakRss,
		peakRss: r.peakRss,
		load: [loadBefore, load1()],
	};
	if (check === 'writes') {
		Object.assign(run, bulk.writes(recs, n));
		run.paired = r.ok && bulk.pairedInOrder(r.node.output, n);
	}
	ctx.sb.clearRequests();
	sandbox.faults.inFlightCap = null;
	return run;
}

async function run(outer) {
	// a sandbox of its own: the other sections seed their tables from small to large
	const sb = await startBenchSandbox({ latencyMs: outer.latencyMs });
	try {
		return await runWith({ ...outer, sb });
	} finally {
		await sb.sandbox.close();
	}
}

async function runWith(ctx) {
	const rounds = ctx.quick ? 1 : Number(process.env.BENCH_TARGET_ROUNDS || 3);
	const out = { rounds: [], big: undefined, queue: undefined };
	const { inst, ou, hu, ora, hra } = await bulk.pathsInstance(ctx);
	const latency0 = ctx.sb.sandbox.faults.latencyMs;
	try {
		await n8n.executeMeasured(inst, ou, 'Node');
		await n8n.executeMeasured(inst, hu, 'Node');
		for (let k = 0; k < rounds; k++) {
			const round = {};
			const pairs = [
				['updatesOurs', ou, { latencyMs: 50, n: 1000, check: 'writes' }],
				['updatesHttp', hu, { latencyMs: 50, n: 1000, check: 'writes' }],
				['cappedOurs', ou, { latencyMs: 50, n: 1000, cap: 4, check: 'writes' }],
				['returnAllOurs', ora, { latencyMs: 20, n: 10000 }],
				['returnAllHttp', hra, { latencyMs: 20, n: 10000 }],
			];
			// ours and n8n's node next to each other, the order alternating between rounds
			if (k % 2)
				[pairs[0], pairs[1], pairs[3], pairs[4]] = [pairs[1], pairs[0], pairs[4], pairs[3]];
			for (const [key, id, opts] of pairs) {
				round[key] = await measure(ctx, inst, id, opts);
				const r = round[key];
				log(
					`targets #${k + 1} ${key}: ${r.ok ? 'ok' : 'FAILED'} ${r.nodeMs} ms, CPU ${fmtNum(r.cpuMs)} ms, ${r.items} items, ${r.requests} requests, max in flight ${r.maxInFlight}${r.once !== undefined ? `, stored once ${r.once}, paired ${r.paired}` : ''}, load ${r.load.map((x) => x.toFixed(1)).join('→')}`,
				);
			}
			out.rounds.push(round);
		}
		if (!ctx.quick) {
			ctx.sb.seedTo('vendor', 'vendors', 100000);
			out.big = await measure(ctx, inst, ora, { latencyMs: 20, n: 100000 });
			log(
				`targets Return All 100k: ${out.big.ok ? 'ok' : 'FAILED'} ${out.big.nodeMs} ms, ${out.big.items} items, peak RSS ${fmtNum(out.big.nodePeakRss / 1048576)} MB`,
			);
		}
	} finally {
		ctx.sb.sandbox.faults.latencyMs = latency0;
	}
	if (process.env.BENCH_TARGET_QUEUE !== '0' && Number(ctx.version.split('.')[0]) >= 2) {
		try {
			const q = await queue.run(ctx, { configs: ['N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true'] });
			out.queue = { raw: q, summary: queue.summarise(q) };
		} catch (e) {
			out.queueError = String(e.stack || e)
				.split('\n')
				.slice(0, 4)
				.join(' ');
			log(`targets queue FAILED: ${out.queueError}`);
		}
	}
	return out;
}

const ratio = (a, b) => (a && b && a.ok && b.ok ? a.nodeMs / b.nodeMs : NaN);

function summarise(out) {
	const R = out.rounds;
	const rows = (f) => summary(R.map(f));
	const floorOf = (r) => (1000 / Math.max(1, r.maxInFlight)) * 50;
	return {
		returnAll: rows((r) => ratio(r.returnAllOurs, r.returnAllHttp)),
		returnAllOurs: rows((r) => r.returnAllOurs.nodeMs),
		returnAllHttp: rows((r) => r.returnAllHttp.nodeMs),
		updatesFloor: rows((r) =>
			r.updatesOurs.ok ? r.updatesOurs.nodeMs / floorOf(r.updatesOurs) : NaN,
		),
		updatesInFlight: rows((r) => r.updatesOurs.maxInFlight),
		updatesOurs: rows((r) => r.updatesOurs.nodeMs),
		updatesHttp: rows((r) => r.updatesHttp.nodeMs),
		cpuOurs: rows((r) => r.updatesOurs.cpuMs / 1000),
		cpuHttp: rows((r) => r.updatesHttp.cpuMs / 1000),
		cpuRatio: rows((r) => r.updatesOurs.cpuMs / r.updatesHttp.cpuMs),
		capped: rows((r) => (r.cappedOurs.ok ? r.cappedOurs.nodeMs / 12500 : NaN)),
		cappedOurs: rows((r) => r.cappedOurs.nodeMs),
		cappedStored: R.map(
			(r) =>
				`${r.cappedOurs.once}/1,000${r.cappedOurs.twice ? ` (twice ${r.cappedOurs.twice})` : ''}`,
		),
		allStoredOnce: R.every(
			(r) => r.updatesOurs.once === 1000 && r.cappedOurs.once === 1000 && !r.cappedOurs.twice,
		),
		allPaired: R.every((r) => r.updatesOurs.paired && r.cappedOurs.paired),
		load: summary(R.flatMap((r) => Object.values(r).flatMap((x) => x.load))),
	};
}

function render(out, meta) {
	const s = summarise(out);
	const f2 = (x) => (Number.isFinite(x) ? `${x.toFixed(2)}×` : '–');
	const spread = (x) =>
		Number.isFinite(x.median) ? `${f2(x.median)} (${f2(x.min)}–${f2(x.max)})` : '–';
	const met = (ok) => (ok === undefined ? '' : ok ? '**met**' : '**NOT met**');
	const per = (sum, fn) =>
		out.rounds
			.map((r) => fn(r))
			.map((x) => (Number.isFinite(x) ? x.toFixed(2) : '–'))
			.join(', ');
	const rows = [
		[
			'Return All of 10,000 vendors (20 ms): ours / HTTP Request node',
			spread(s.returnAll),
			per(s, (r) => ratio(r.returnAllOurs, r.returnAllHttp)),
			`${fmtSummary(s.returnAllOurs, 0, ' ms')} vs ${fmtSummary(s.returnAllHttp, 0, ' ms')}`,
			'≤ 0.3×',
			met(s.returnAll.max <= 0.3 ? true : s.returnAll.median <= 0.3 ? true : false),
		],
		[
			`1,000 updates (50 ms): wall / floor at ${fmtNum(s.updatesInFlight.median)} in flight`,
			spread(s.updatesFloor),
			per(s, (r) => r.updatesOurs.nodeMs / ((1000 / r.updatesOurs.maxInFlight) * 50)),
			`${fmtSummary(s.updatesOurs, 0, ' ms')} (HTTP Request node ${fmtSummary(s.updatesHttp, 0, ' ms')})`,
			'≤ 1.3×',
			met(s.updatesFloor.median <= 1.3),
		],
		[
			'1,000 updates: n8n-process CPU per update, ours / HTTP Request node',
			spread(s.cpuRatio),
			per(s, (r) => r.updatesOurs.cpuMs / r.updatesHttp.cpuMs),
			`${fmtSummary(s.cpuOurs, 2, ' ms')} vs ${fmtSummary(s.cpuHttp, 2, ' ms')} per update`,
			'≤ 0.5×',
			met(s.cpuRatio.median <= 0.5),
		],
		[
			'the shop capping 4 in flight: wall / floor (12,500 ms)',
			spread(s.capped),
			per(s, (r) => r.cappedOurs.nodeMs / 12500),
			`${fmtSummary(s.cappedOurs, 0, ' ms')}; stored once ${s.cappedStored.join(', ')}; paired ${s.allPaired ? 'yes' : 'NO'}`,
			'≤ 1.2×',
			met(s.capped.median <= 1.2 && s.allStoredOnce),
		],
	];
	const q = out.queue?.summary?.configs?.[0];
	if (q)
		rows.push([
			'queue mode (lazy isolates): deliveries answered/s, ours / Webhook node',
			`${f2(q.ratio)} (${f2(Math.min(...q.paired))}–${f2(Math.max(...q.paired))})`,
			q.paired.map((x) => x.toFixed(2)).join(', '),
			`${q.ours.rate.median.toFixed(1)} vs ${q.webhook.rate.median.toFixed(1)}/s; lost ${q.ours.lost} of ${q.ours.sent}${q.webhookAuth ? `; the Webhook node with Header Auth (a credential) ${q.webhookAuth.rate.median.toFixed(1)}/s: ${f2(q.ratioAuth)}` : ''}`,
			'≥ 0.95×',
			met(q.ratio >= 0.95 && q.ours.lost === 0),
		]);
	const lines = [
		START,
		'## Targets of issue 36 (`--only=targets`)',
		'',
		`${meta.date}, n8n ${meta.version}, package commit ${meta.commit}; ${os.cpus().length} cores shared with other work (1-minute load average during the runs: ${fmtSummary(s.load, 1)}). ${out.rounds.length} rounds; in each, ours and n8n's node back to back (order alternating). Ratio: median (min–max) of the rounds' ratios; floor = the requests' own latency at the concurrency the node used. CPU = user + system time of the \`n8n execute\` process while the node ran.`,
		'',
		table(['target', 'ratio', 'per round', 'figures', 'goal', ''], rows),
		'',
	];
	if (out.big)
		lines.push(
			`Return All of 100,000 vendors: ${out.big.ok ? 'ok' : 'FAILED'}, ${fmtNum(out.big.items)} records in ${fmtNum(out.big.nodeMs)} ms; RSS of the n8n process ${fmtNum(out.big.rssBefore / 1048576)} MB before the node, peak ${fmtNum(out.big.nodePeakRss / 1048576)} MB while it ran (process peak ${fmtNum(out.big.peakRss / 1048576)} MB, printing the output included).`,
			'',
		);
	if (out.queueError) lines.push(`Queue mode: not measured (${out.queueError}).`, '');
	lines.push(END);
	return lines.join('\n');
}

function writeSection(file, md) {
	const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
	const a = text.indexOf(START);
	const b = text.indexOf(END);
	let next;
	if (a >= 0 && b > a) next = text.slice(0, a) + md + text.slice(b + END.length);
	else {
		const at = text.indexOf('\n## 1.');
		next = at >= 0 ? `${text.slice(0, at + 1)}${md}\n\n${text.slice(at + 1)}` : `${text}\n${md}\n`;
	}
	fs.writeFileSync(file, next);
}

module.exports = { run, render, writeSection, summarise };
