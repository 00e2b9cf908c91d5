'use strict';
/**
 * Benchmarks 1 and 2: Return All through the Store Platform node in a real `n8n execute`, against the sandbox
 * (fixed latency per request), vs n8n's HTTP Request node paginating the same endpoint; and scaling to 100k.
 * Plus a CPU profile of one run of each at 10k ("where the time goes").
 *
 * Resources: vendors (the list takes since_id: first page + count, then id ranges) and promotions (no since_id:
 * first page + count, then pages by number), CONCURRENCY 4, 250 per page.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const n8n = require('./lib/n8n');
const wf = require('./lib/workflows');
const { requestProfile } = require('./lib/sandbox');
const { analyse } = require('./lib/cpuprofile');
const { summary, log } = require('./lib/util');

const RESOURCES = [
	{
		resource: 'vendor',
		table: 'vendors',
		endpoint: '/services/vendors',
		key: 'vendors',
		strategy: 'since_id: id ranges',
	},
	{
		resource: 'promotion',
		table: 'promotions',
		endpoint: '/services/promotions',
		key: 'promotions',
		strategy: 'no since_id: pages by number',
	},
];

async function setupInstance(ctx, tarball, workflows) {
	const { N8nInstance } = n8n.harness();
	const inst = await N8nInstance.create({ version: ctx.version });
	ctx.instances.push(inst);
	await inst.installPackage(tarball);
	const [cred] = await inst.importCredentials([
		{ name: 'Store Platform sandbox', type: 'storePlatformApi', data: ctx.sb.credentialData() },
	]);
	const ids = await n8n.importWorkflows(inst, workflows(cred));
	return { inst, cred, ids };
}

/** One measured `n8n execute` of a Return All workflow. */
async function measure(ctx, inst, id, label, extra = {}) {
	const mark = ctx.sb.mark();
	const cpu = process.cpuUsage();
	const r = await n8n.executeMeasured(inst, id, 'Node', extra);
	const c = process.cpuUsage(cpu);
	const prof = requestProfile(ctx.sb.since(mark), ctx.latencyMs);
	ctx.sb.clearRequests();
	const run = {
		label,
		ok: r.ok,
		error: r.error,
		nodeMs: r.node?.executionTime,
		items: r.node?.items,
		cliMs: r.cliMs,
		peakRss: r.peakRss,
		nodePeakRss: r.nodePeakRss,
		rssBeforeNode: r.rssBeforeNode,
		nodeCpuMs: r.nodeCpuMs,
		otherCpuMs: r.otherCpuMs,
		sandboxCpuMs: (c.user + c.system) / 1000,
		...prof,
	};
	log(
		`${label}: ${r.ok ? 'ok' : 'FAILED'} node ${run.nodeMs} ms, ${run.items} items, ${run.requests} requests${r.ok ? '' : `\n${String(r.error).slice(-1500)}`}`,
	);
	return run;
}

async function run(ctx) {
	const { quick } = ctx;
	const reps = quick ? 1 : 3;
	const reps100k = quick ? 0 : 2;
	const out = { runs: [] };
	const push = (r, extra) => out.runs.push({ ...r, ...extra });

	// one instance with the package as built: the Store Platform node and the HTTP Request node baseline
	const workflows = (cred) => [
		...RESOURCES.map((r) => wf.storeReturnAll(cred, r.resource)),
		...RESOURCES.map((r) => wf.httpReturnAll(cred, ctx.sb.sandbox.url, r.endpoint, r.key)),
	];
	log('Return All: setting up n8n with the package');
	const ours = await setupInstance(ctx, ctx.tarball, workflows);
	const oursIds = Object.fromEntries(RESOURCES.map((r, i) => [r.resource, ours.ids[i]]));
	const httpInst = ours.inst;
	const httpIds = Object.fromEntries(
		RESOURCES.map((r, i) => [r.resource, ours.ids[RESOURCES.length + i]]),
	);

	// n8n's HTTP Request node must run with the storePlatformApi credential as built (it is the baseline)
	const probe = await n8n.executeMeasured(ours.inst, httpIds.vendor, 'Node');
	if (!probe.ok)
		throw new Error(
			`n8n's HTTP Request node fails with the storePlatformApi credential:\n${probe.error}`,
		);
	ctx.sb.clearRequests();

	// 1,000 records (scaling), after a warm-up run
	for (const r of RESOURCES) ctx.sb.seedTo(r.resource, r.table, 1000);
	await measure(ctx, ours.inst, oursIds.vendor, 'warm-up');
	for (let rep = 0; rep < reps; rep++) {
		for (const r of RESOURCES)
			push(
				await measure(ctx, ours.inst, oursIds[r.resource], `1k ${r.resource} ours #${rep + 1}`),
				{ n: 1000, resource: r.resource, impl: 'ours', rep },
			);
	}

	// 10,000 records: ours vs the HTTP Request node, interleaved (drift of the machine hits both)
	for (const r of RESOURCES) ctx.sb.seedTo(r.resource, r.table, 10000);
	for (let rep = 0; rep < reps; rep++) {
		for (const r of RESOURCES) {
			const order = rep % 2 ? ['http', 'ours'] : ['ours', 'http'];
			for (const impl of order) {
				const inst = impl === 'ours' ? ours.inst : httpInst;
				const id = impl === 'ours' ? oursIds[r.resource] : httpIds[r.resource];
				push(await measure(ctx, inst, id, `10k ${r.resource} ${impl} #${rep + 1}`), {
					n: 10000,
					resource: r.resource,
					impl,
					rep,
				});
			}
		}
	}

	// where the time goes: one CPU-profiled run of each on vendors, 10k
	out.profiles = {};
	if (!quick) {
		for (const impl of ['ours', 'http']) {
			const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cpuprof-'));
			const inst = impl === 'ours' ? ours.inst : httpInst;
			const id = impl === 'ours' ? oursIds.vendor : httpIds.vendor;
			const env = { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir} --cpu-prof-interval=250` };
			const r = await measure(ctx, inst, id, `profile 10k vendor ${impl}`, { env });
			const anchor =
				impl === 'ours'
					? (f) => f.functionName === 'fetchList'
					: (f) => f.functionName === 'execute' && /HttpRequestV3/.test(f.url);
			let a;
			for (const f of fs.readdirSync(dir)) a = a ?? analyse(path.join(dir, f), anchor);
			fs.rmSync(dir, { recursive: true, force: true });
			out.profiles[impl] = { run: r, analysis: a };
		}
	}

	// 100,000 records
	if (reps100k > 0) {
		for (const r of RESOURCES) ctx.sb.seedTo(r.resource, r.table, 100000);
		for (let rep = 0; rep < reps100k; rep++) {
			for (const r of RESOURCES)
				push(
					await measure(ctx, ours.inst, oursIds[r.resource], `100k ${r.resource} ours #${rep + 1}`),
					{ n: 100000, resource: r.resource, impl: 'ours', rep },
				);
		}
	}
	return out;
}

/** Summaries for the tables and goals. */
function summarise(out) {
	const pick = (n, resource, impl) =>
		out.runs.filter((r) => r.n === n && r.resource === resource && r.impl === impl);
	const cmp = RESOURCES.map((r) => {
		const o = pick(10000, r.resource, 'ours');
		const h = pick(10000, r.resource, 'http');
		const paired = o.map((x) => {
			const y = h.find((z) => z.rep === x.rep);
			return y && x.ok && y.ok ? x.nodeMs / y.nodeMs : NaN;
		});
		const so = summary(o.filter((x) => x.ok).map((x) => x.nodeMs));
		const sh = summary(h.filter((x) => x.ok).map((x) => x.nodeMs));
		return {
			...r,
			ours: so,
			http: sh,
			oursRequests: summary(o.map((x) => x.requests)),
			httpRequests: summary(h.map((x) => x.requests)),
			ratio: so.median / sh.median,
			pairedRatio: summary(paired),
			oursOk: o.length > 0 && o.every((x) => x.ok && x.items === 10000),
			httpOk: h.length > 0 && h.every((x) => x.ok),
			oursRuns: o,
			httpRuns: h,
		};
	});
	const scale = RESOURCES.map((r) => {
		const rows = [1000, 10000, 100000].map((n) => {
			const runs = pick(n, r.resource, 'ours');
			const ok = runs.filter((x) => x.ok);
			return {
				n,
				runs,
				ok: runs.length > 0 && runs.every((x) => x.ok && x.items === n),
				time: summary(ok.map((x) => x.nodeMs)),
				requests: summary(ok.map((x) => x.requests)),
				peakRss: summary(ok.map((x) => x.peakRss)),
				nodePeakRss: summary(ok.map((x) => x.nodePeakRss)),
				rssBefore: summary(ok.map((x) => x.rssBeforeNode)),
				serverMs: summary(ok.map((x) => x.serverMs)),
				sandboxCpuMs: summary(ok.map((x) => x.sandboxCpuMs)),
				nodeCpuMs: summary(ok.map((x) => x.nodeCpuMs)),
				otherCpuMs: summary(ok.map((x) => x.otherCpuMs)),
				idleMs: summary(ok.map((x) => x.idleMs)),
				concurrency: summary(ok.map((x) => x.concurrency)),
			};
		});
		const t10 = rows[1].time.median;
		for (const row of rows) row.vs10k = row.time.median / t10;
		return { ...r, rows };
	});
	return { cmp, scale };
}

module.exports = { run, summarise, RESOURCES };
