'use strict';
/**
 * Where each millisecond goes (`--only=profile`): a CPU profile (node --cpu-prof, 500 µs) of the n8n process on
 * each of the four paths, ours beside n8n's node in the same run, split by phase (bench/lib/phases.js):
 *
 *   updates   1,000 vendor updates, 50 ms a request: ours vs the HTTP Request node (PUT, its defaults)
 *   capped    the same with the shop allowing 4 in flight (429 + Retry-After: 1): ours vs the HTTP Request node
 *   returnAll Return All of 10,000 vendors at 20 ms: ours vs the HTTP Request node paginating
 *   queue     queue mode (N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true), 1,000 signed deliveries 20 at a time: the
 *             webhook process answering the Store Platform Trigger vs n8n's Webhook node
 *
 * CPU per item = the profile's non-idle samples in the node's window / items (updates, records, deliveries).
 * Profiling slows both sides alike; the unprofiled figures are in the other sections.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const n8n = require('./lib/n8n');
const { startBenchSandbox } = require('./lib/sandbox');
const wf = require('./lib/workflows');
const bulk = require('./bulk');
const { PHASES, phasesIn, profileFiles } = require('./lib/phases');
const { buildDeliveries, blast } = require('./lib/load');
const { log, table, fmtNum, waitFor, sleep } = require('./lib/util');
const { builtTriggerTypeVersion } = require('../scripts/n8n/pack');

const INTERVAL_US = 500;
const START = '<!-- profile:start -->';
const END = '<!-- profile:end -->';
const profEnv = (dir) => ({
	NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir} --cpu-prof-interval=${INTERVAL_US}`,
});

const OURS_BULK = (f) => f.functionName === 'scheduleItems';
const OURS_LIST = (f) => f.functionName === 'fetchList';
const HTTP_NODE = (f) => f.functionName === 'execute' && /HttpRequestV3/.test(f.url);

const load1 = () => os.loadavg()[0];

/**
 * The node's run as a window of the profile's clock: its startTime (epoch ms) moved onto the monotonic clock
 * (µs) that V8 stamps samples with, by the offset between the two clocks on this machine.
 */
function nodeWindow(node) {
	const offsetMs = Date.now() - Number(process.hrtime.bigint()) / 1e6;
	const fromUs = (node.startTime - offsetMs) * 1000;
	return { fromUs, toUs: fromUs + node.executionTime * 1000 };
}

async function executePath(ctx, inst, id, { latencyMs, cap, anchor, n, check }) {
	const { sandbox } = ctx.sb;
	sandbox.faults.latencyMs = latencyMs;
	sandbox.faults.inFlightCap = cap ?? null;
	sandbox.faults.capRetryAfter = 1;
	ctx.sb.clearRequests();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-phases-'));
	const loadBefore = load1();
	try {
		const r = await n8n.executeMeasured(inst, id, 'Node', {
			env: profEnv(dir),
			keepOutput: check === 'writes',
		});
		const recs = ctx.sb.since(0).filter((x) => x.path && x.path.startsWith('/services/'));
		const run = {
			ok: r.ok,
			error: r.ok ? undefined : String(r.error).slice(-300),
			items: r.node?.items ?? 0,
			n,
			nodeMs: r.node?.executionTime,
			nodeCpuMs: r.nodeCpuMs,
			requests: recs.length,
			load: [loadBefore, load1()],
			phases: r.node ? phasesIn(dir, nodeWindow(r.node)) : phasesIn(dir, { anchor }),
		};
		if (check === 'writes') {
			Object.assign(run, bulk.writes(recs, n));
			run.paired = r.ok && bulk.pairedInOrder(r.node.output, n);
		}
		log(
			`profile: ${run.ok ? 'ok' : 'FAILED'} ${run.nodeMs} ms, ${run.items} items, ${run.requests} requests, CPU in window ${fmtNum(run.phases?.cpuMs)} ms`,
		);
		return run;
	} finally {
		ctx.sb.clearRequests();
		sandbox.faults.inFlightCap = null;
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

async function executePaths(ctx, out) {
	const { inst, ou, hu, ora, hra } = await bulk.pathsInstance(ctx);
	const latency0 = ctx.sb.sandbox.faults.latencyMs;
	try {
		// a warm-up of each (the first `n8n execute` of an instance compiles and caches more)
		await n8n.executeMeasured(inst, ou, 'Node');
		await n8n.executeMeasured(inst, hu, 'Node');
		const paths = [
			{
				key: 'updates',
				title: '1,000 vendor updates, 50 ms a request',
				unit: 'update',
				opts: { latencyMs: 50, n: 1000, check: 'writes' },
				ours: [ou, OURS_BULK],
				theirs: ['HTTP Request node', hu, HTTP_NODE],
			},
			{
				key: 'capped',
				title: 'the same, the shop allowing 4 in flight (429 + Retry-After: 1)',
				unit: 'update',
				opts: { latencyMs: 50, cap: 4, n: 1000, check: 'writes' },
				ours: [ou, OURS_BULK],
				theirs: ['HTTP Request node', hu, HTTP_NODE],
			},
			{
				key: 'returnAll',
				title: 'Return All of 10,000 vendors, 20 ms a request',
				unit: 'record',
				opts: { latencyMs: 20, n: 10000 },
				ours: [ora, OURS_LIST],
				theirs: ['HTTP Request node', hra, HTTP_NODE],
			},
		];
		for (const p of paths) {
			log(`profile: ${p.title}`);
			const ours = await executePath(ctx, inst, p.ours[0], { ...p.opts, anchor: p.ours[1] });
			const theirs = await executePath(ctx, inst, p.theirs[1], {
				...p.opts,
				anchor: p.theirs[2],
			});
			out.paths.push({
				key: p.key,
				title: p.title,
				unit: p.unit,
				latencyMs: p.opts.latencyMs,
				theirsName: p.theirs[0],
				ours,
				theirs,
			});
		}
	} finally {
		ctx.sb.sandbox.faults.latencyMs = latency0;
	}
}

async function queuePath(ctx, out) {
	const { QueueCluster } = require(path.join(__dirname, '..', 'scripts', 'n8n', 'queue.js'));
	const count = ctx.quick ? 200 : 1000;
	const concurrency = 20;
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-phases-queue-'));
	const cluster = await QueueCluster.create({ version: ctx.version, log });
	const bursts = {};
	let webhookPid;
	try {
		cluster.installPackage(ctx.tarball);
		const [cred] = await cluster.main.importCredentials([
			{ name: 'Store Platform sandbox', type: 'storePlatformApi', data: ctx.sb.credentialData() },
		]);
		const hookId = wf.uuid();
		const whId = wf.uuid();
		const whPath = `bench-${whId.slice(0, 8)}`;
		const ids = await cluster.main.importWorkflows([
			wf.triggerWorkflow(cred, hookId, builtTriggerTypeVersion()),
			wf.webhookWorkflow(whId, whPath),
		]);
		for (const id of ids) await cluster.main.activate(id);
		const kinds = {
			ours: { id: ids[0], url: cluster.webhookUrl(hookId) },
			webhook: { id: ids[1], url: cluster.webhookUrl(undefined, whPath) },
		};
		cluster.setEnv({ N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true', ...profEnv(dir) });
		await cluster.start();
		webhookPid = cluster.webhook.child.pid;
		const secret = ctx.sb.sandbox.credentials.consumerSecret;
		try {
			for (const k of Object.keys(kinds)) {
				const ok = await waitFor(
					async () => {
						const r = await blast(kinds[k].url, buildDeliveries(ctx.sb.mod, secret, 200), {
							concurrency,
						});
						return r.ok === r.sent;
					},
					{ timeoutMs: 60000, everyMs: 1000 },
				);
				if (!ok) throw new Error(`the ${k} webhook does not answer 200`);
			}
			for (const k of Object.keys(kinds)) {
				const deliveries = buildDeliveries(ctx.sb.mod, secret, count);
				const before = cluster.executionCount(kinds[k].id);
				const loadBefore = load1();
				const fromUs = Number(process.hrtime.bigint() / 1000n);
				const r = await blast(kinds[k].url, deliveries, { concurrency, timeoutMs: 120000 });
				const toUs = Number(process.hrtime.bigint() / 1000n);
				await waitFor(async () => cluster.executionCount(kinds[k].id) - before >= r.ok, {
					timeoutMs: 300000,
					everyMs: 300,
				});
				bursts[k] = {
					fromUs,
					toUs,
					n: count,
					items: r.ok,
					ok: r.ok === r.sent,
					nodeMs: r.wallMs,
					rate: (r.sent / r.wallMs) * 1000,
					executions: cluster.executionCount(kinds[k].id) - before,
					load: [loadBefore, load1()],
				};
				log(`profile queue ${k}: ${bursts[k].rate.toFixed(1)}/s, ${r.ok}/${r.sent} answered 200`);
				await sleep(1000);
			}
		} finally {
			// the webhook process first, with time to shut down: V8 writes its profile only on a clean exit
			const { stopServer } = require(path.join(__dirname, '..', 'scripts', 'n8n', 'process.js'));
			const webhook = cluster.webhook;
			cluster.webhook = undefined;
			await stopServer(webhook, { graceMs: 180000 });
			await cluster.stop();
		}
		const files = profileFiles(dir);
		for (const k of Object.keys(bursts)) {
			bursts[k].phases = phasesIn(dir, bursts[k], { pid: webhookPid });
			if (!bursts[k].phases)
				log(
					`profile queue ${k}: no profile of the webhook process ${webhookPid} among ${files.join(', ')}`,
				);
		}
		out.paths.push({
			key: 'queue',
			title: `queue mode, lazy isolates: ${count} signed deliveries (20 at a time) answered by the webhook process`,
			unit: 'delivery',
			theirsName: 'Webhook node',
			ours: bursts.ours,
			theirs: bursts.webhook,
		});
	} finally {
		await cluster.destroy();
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

async function run(outer, opts = {}) {
	// a sandbox of its own: the other sections seed their tables from small to large
	const sb = await startBenchSandbox({ latencyMs: outer.latencyMs });
	try {
		return await runWith({ ...outer, sb }, opts);
	} finally {
		await sb.sandbox.close();
	}
}

async function runWith(ctx, { queue = true } = {}) {
	const out = { intervalUs: INTERVAL_US, paths: [] };
	// BENCH_PROFILE_ONLY=queue: only the queue-mode path
	if (process.env.BENCH_PROFILE_ONLY !== 'queue') await executePaths(ctx, out);
	if (queue && Number(ctx.version.split('.')[0]) >= 2) {
		try {
			await queuePath(ctx, out);
		} catch (e) {
			out.queueError = String(e.stack || e)
				.split('\n')
				.slice(0, 4)
				.join(' ');
			log(`profile queue FAILED: ${out.queueError}`);
		}
	}
	return out;
}

/**
 * CPU ms per item of the work (updates, records, deliveries: `n`; the HTTP Request node outputs a page per item).
 * The profiler samples on the wall clock, so on a busy machine a descheduled process still collects samples: the
 * phases' shares come from the profile, scaled to the process's CPU time while the node ran (/proc) where known.
 */
const perItem = (run, phase) => {
	if (!run?.phases || !run.n) return NaN;
	const scale =
		Number.isFinite(run.nodeCpuMs) && run.phases.cpuMs > 0 ? run.nodeCpuMs / run.phases.cpuMs : 1;
	return ((phase ? run.phases.ms[phase] : run.phases.cpuMs) * scale) / run.n;
};

function render(out, meta) {
	const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : '—');
	const lines = [
		START,
		'## 0. Where each millisecond goes: CPU per item by phase (`--only=profile`)',
		'',
		`${meta.date}, n8n ${meta.version}, package commit ${meta.commit}. One CPU-profiled run of each (\`node --cpu-prof\`, ${out.intervalUs} µs, on the n8n process: \`n8n execute\`, or the webhook process in queue mode), ours beside n8n's node in the same run. Each sample goes to the phase named by the innermost frame of its stack (bench/lib/phases.js): our modules by room (action/: reading parameters, input/: input rules, credentials/ + trigger/hmac: signing, api/request + pool: the request, api/output + answers: shaping), n8n's by function (getNodeParameter, getCredentials/authenticate, the request helpers, axios and node:http/net, JSON.parse); the rest is n8n's own share (execution engine, run data, webhook routing, queue, program). Idle time is left out. ms per item: the profile's shares of the node's window, scaled to the CPU time of the n8n process while the node ran (/proc: the profiler samples on the wall clock, so a busy machine inflates its totals), per item of the work (updates, records, deliveries); in queue mode the profile's own totals. Profiling slows both sides alike; 1-minute load average before → after each run.`,
		'',
	];
	for (const p of out.paths) {
		const o = p.ours;
		const t = p.theirs;
		lines.push(`### ${p.title}`, '');
		const rows = PHASES.map((ph) => [ph, f2(perItem(o, ph)), f2(perItem(t, ph))]);
		rows.push(['**CPU ms per ' + p.unit + '**', `**${f2(perItem(o))}**`, `**${f2(perItem(t))}**`]);
		rows.push([
			'wall ms (window)',
			fmtNum(o?.nodeMs ?? o?.phases?.windowMs),
			fmtNum(t?.nodeMs ?? t?.phases?.windowMs),
		]);
		rows.push(['items out', fmtNum(o?.items), fmtNum(t?.items)]);
		if (o?.requests !== undefined) rows.push(['requests', fmtNum(o.requests), fmtNum(t?.requests)]);
		if (o?.once !== undefined)
			rows.push([
				'stored once / paired',
				`${o.once}/${o.n}, ${o.paired ? 'yes' : 'no'}`,
				`${t?.once}/${t?.n}, ${t?.paired ? 'yes' : 'no'}${t?.ok ? '' : ' (failed)'}`,
			]);
		if (o?.rate !== undefined) rows.push(['answered/s', f2(o.rate), f2(t?.rate)]);
		rows.push([
			'load average',
			(o?.load ?? []).map((x) => x.toFixed(1)).join(' → '),
			(t?.load ?? []).map((x) => x.toFixed(1)).join(' → '),
		]);
		lines.push(table(['phase', 'Store Platform ms', `${p.theirsName} ms`], rows), '');
		const top = (r) =>
			(r?.phases?.top ?? [])
				.slice(0, 6)
				.map((x) => `${x.fn} ${x.ms.toFixed(0)} ms`)
				.join('; ');
		lines.push(`Top self time, ours: ${top(o)}.`, '', `${p.theirsName}: ${top(t)}.`, '');
	}
	if (out.queueError) lines.push(`Queue mode: not profiled (${out.queueError}).`, '');
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
		// before section 1 (the first "## 1." heading), else at the end
		const at = text.indexOf('\n## 1.');
		next = at >= 0 ? `${text.slice(0, at + 1)}${md}\n\n${text.slice(at + 1)}` : `${text}\n${md}\n`;
	}
	fs.writeFileSync(file, next);
}

module.exports = { run, render, writeSection, perItem };
