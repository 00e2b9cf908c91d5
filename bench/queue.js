'use strict';
/**
 * Benchmark 5 (`--only=queue`): the trigger benchmark's burst in n8n's queue mode (2.x). One cluster
 * (scripts/n8n/queue.js: Postgres + Redis from Debian's packages, main with N8N_DISABLE_PRODUCTION_MAIN_PROCESS,
 * one worker, one webhook process; the public address at the webhook process) with two active workflows: Store
 * Platform Trigger (order/create) → No Operation, n8n's Webhook node 2 (POST, respond immediately) → No
 * Operation, and the same Webhook node checking a header with an httpHeaderAuth credential (n8n checks the
 * credentials of a workflow before each of its executions; the bare Webhook node has none). 1,000 signed deliveries each, 20 at a time, to the WEBHOOK PROCESS; deliveries/s and latency as it
 * answers them; executions counted in Postgres until the worker has run all of them ("processed/s"; lost = not
 * answered 200 or no execution). Two configurations, the cluster restarted in between: n8n's defaults, and
 * N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true on every process. 3 runs of each kind per configuration
 * (BENCH_QUEUE_REPS), interleaved, after a warm-up of 200 deliveries each.
 *
 * The trigger runs at the newest typeVersion of the built package (1, or 2 once issue 16's typeVersion 2 is in);
 * the report says which.
 */
const fs = require('fs');
const path = require('path');
const wf = require('./lib/workflows');
const { BENCH_AUTH, buildDeliveries, blast, burstResult, burstSummary } = require('./lib/load');
const { builtTriggerTypeVersion: triggerTypeVersion } = require('../scripts/n8n/pack');
const { waitFor, sleep, log, table, fmtNum } = require('./lib/util');

const PROJECT_DIR = path.resolve(__dirname, '..');
/** ours, n8n's Webhook node, and the Webhook node checking a header with a credential (a node with a credential). */
const KINDS = ['ours', 'webhook', 'webhookAuth'];
const CONFIGS = [
	{ name: 'defaults', env: {} },
	{
		name: 'N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true',
		env: { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' },
	},
];
const START = '<!-- queue-mode:start -->';
const END = '<!-- queue-mode:end -->';

/** Finished executions of the workflow in Postgres once none is being written any more. */
async function settledCount(cluster, workflowId) {
	let last = cluster.executionCount(workflowId, { finished: true });
	for (let i = 0; i < 100; i++) {
		await sleep(300);
		const now = cluster.executionCount(workflowId, { finished: true });
		if (now === last) return now;
		last = now;
	}
	return last;
}

async function burst(ctx, cluster, t, kind, count, concurrency) {
	const deliveries = buildDeliveries(ctx.sb.mod, ctx.sb.sandbox.credentials.consumerSecret, count);
	// the worker idle first: the other kind's executions (its warm-up, its last burst) finished, as this kind's
	for (const other of KINDS.filter((k) => k !== kind)) await settledCount(cluster, t.ids[other]);
	const before = await settledCount(cluster, t.ids[kind]);
	const r = await blast(t.urls[kind], deliveries, { concurrency, timeoutMs: 120000 });
	const sentAt = Date.now();
	let counted = 0;
	await waitFor(
		async () => {
			counted = cluster.executionCount(t.ids[kind], { finished: true }) - before;
			return counted >= r.ok;
		},
		{ timeoutMs: 300000, everyMs: 200 },
	);
	const drainMs = Date.now() - sentAt;
	await sleep(500);
	counted = cluster.executionCount(t.ids[kind], { finished: true }) - before;
	const res = burstResult(kind, r, { drainMs, executions: counted });
	log(
		`queue ${kind}: ${res.rate.toFixed(1)}/s p50 ${res.p50.toFixed(0)} ms p99 ${res.p99.toFixed(0)} ms, processed ${res.processedRate.toFixed(1)}/s, ${res.executions} executions, lost ${res.lost}`,
	);
	return res;
}

/** `configs`: names of the configurations to measure (default: $BENCH_QUEUE_CONFIGS, comma-separated, else all). */
async function run(
	ctx,
	{ configs = process.env.BENCH_QUEUE_CONFIGS?.split(',') ?? CONFIGS.map((c) => c.name) } = {},
) {
	if (Number(ctx.version.split('.')[0]) < 2)
		throw new Error(`queue mode is benchmarked on n8n 2.x (running ${ctx.version})`);
	const { QueueCluster } = require(path.join(PROJECT_DIR, 'scripts', 'n8n', 'queue.js'));
	const count = ctx.quick ? 100 : 1000;
	const concurrency = 20;
	const typeVersion = triggerTypeVersion();
	const out = { count, concurrency, typeVersion, configs: [] };
	log(
		'Queue mode: Postgres + Redis (installed with apt-get when missing), main + worker + webhook process',
	);
	const cluster = await QueueCluster.create({ version: ctx.version, log });
	try {
		cluster.installPackage(ctx.tarball);
		const [cred, headerCred] = await cluster.main.importCredentials([
			{ name: 'Store Platform sandbox', type: 'storePlatformApi', data: ctx.sb.credentialData() },
			{ name: 'bench header', type: 'httpHeaderAuth', data: { ...BENCH_AUTH } },
		]);
		const hookId = wf.uuid();
		const whId = wf.uuid();
		const whPath = `bench-${whId.slice(0, 8)}`;
		const whAuthId = wf.uuid();
		const whAuthPath = `bench-auth-${whAuthId.slice(0, 8)}`;
		const trig = wf.triggerWorkflow(cred, hookId, typeVersion);
		const ids = await cluster.main.importWorkflows([
			trig,
			wf.webhookWorkflow(whId, whPath),
			wf.webhookWorkflow(whAuthId, whAuthPath, headerCred),
		]);
		for (const id of ids) await cluster.main.activate(id);
		const t = {
			ids: { ours: ids[0], webhook: ids[1], webhookAuth: ids[2] },
			urls: {
				ours: cluster.webhookUrl(hookId),
				webhook: cluster.webhookUrl(undefined, whPath),
				webhookAuth: cluster.webhookUrl(undefined, whAuthPath),
			},
		};
		for (const config of CONFIGS.filter((c) => configs.includes(c.name))) {
			log(`Queue mode, ${config.name}: starting the cluster`);
			cluster.setEnv(config.env);
			await cluster.start();
			const runs = [];
			try {
				// warm-up of the freshly started processes (both kinds alike), which also proves both webhooks answer
				for (const k of KINDS) {
					const ok = await waitFor(
						async () => {
							const r = await blast(
								t.urls[k],
								buildDeliveries(
									ctx.sb.mod,
									ctx.sb.sandbox.credentials.consumerSecret,
									ctx.quick ? 50 : 200,
								),
								{ concurrency },
							);
							return r.ok === r.sent;
						},
						{ timeoutMs: 60000, everyMs: 1000 },
					);
					if (!ok) throw new Error(`the ${k} webhook does not answer 200 at ${t.urls[k]}`);
				}
				const reps = ctx.quick ? 1 : Number(process.env.BENCH_QUEUE_REPS || 3);
				for (let rep = 0; rep < reps; rep++) {
					for (const k of rep % 2 ? [...KINDS].reverse() : KINDS)
						runs.push({ ...(await burst(ctx, cluster, t, k, count, concurrency)), rep });
				}
				const workerRan = cluster.workerExecutionIds('started').length;
				const mainRan = QueueCluster.executionIdsIn(cluster.main.output).length;
				out.configs.push({
					name: config.name,
					env: config.env,
					runs,
					workerRan,
					mainRan,
					startMs: cluster.times,
				});
			} finally {
				await cluster.stop();
			}
		}
	} finally {
		await cluster.destroy();
	}
	return out;
}

function summarise(out) {
	const row = burstSummary;
	return {
		count: out.count,
		concurrency: out.concurrency,
		typeVersion: out.typeVersion,
		configs: out.configs.map((c) => {
			const ours = row(c.runs, 'ours');
			const webhook = row(c.runs, 'webhook');
			const webhookAuth = row(c.runs, 'webhookAuth');
			// ours / the other within each repetition (the bursts next to each other)
			const pairedWith = (kind) =>
				c.runs
					.filter((r) => r.kind === 'ours')
					.map(
						(o) => o.rate / (c.runs.find((w) => w.kind === kind && w.rep === o.rep)?.rate ?? NaN),
					);
			return {
				name: c.name,
				ours,
				webhook,
				webhookAuth: webhookAuth.runs > 0 ? webhookAuth : undefined,
				ratio: ours.rate.median / webhook.rate.median,
				ratioAuth: webhookAuth.runs > 0 ? ours.rate.median / webhookAuth.rate.median : undefined,
				paired: pairedWith('webhook'),
				pairedAuth: webhookAuth.runs > 0 ? pairedWith('webhookAuth') : undefined,
				processedRatio: ours.processedRate.median / webhook.processedRate.median,
				workerRan: c.workerRan,
				mainRan: c.mainRan,
			};
		}),
	};
}

/** The Markdown section (its own block in bench/RESULTS.md, between markers). */
function render(s, meta) {
	const f1 = (x) => fmtNum(x, 1);
	const rows = [];
	for (const c of s.configs) {
		for (const r of [c.ours, c.webhook, c.webhookAuth].filter(Boolean)) {
			rows.push([
				c.name,
				{
					ours: `Store Platform Trigger (typeVersion ${s.typeVersion})`,
					webhook: "n8n's Webhook node 2",
					webhookAuth: "n8n's Webhook node 2, Header Auth (a credential)",
				}[r.kind],
				`${f1(r.rate.median)} (${f1(r.rate.min)}–${f1(r.rate.max)})`,
				`${fmtNum(r.p50.median)} / ${fmtNum(r.p99.median)}`,
				`${f1(r.processedRate.median)}`,
				`${r.lost} of ${r.sent}`,
				String(r.runs),
			]);
		}
	}
	const goals = s.configs.map((c) => {
		const target = c.name === 'defaults' ? 'reported' : '≥ 0.9×';
		const met = c.name === 'defaults' ? '' : c.ratio >= 0.9 ? ' **met**' : ' **NOT met**';
		const auth =
			c.ratioAuth === undefined
				? ''
				: ` Beside the Webhook node checking a header with a credential (n8n checks a workflow's credentials before each execution): ${c.ratioAuth.toFixed(2)}× (per repetition ${c.pairedAuth.map((p) => `${p.toFixed(2)}×`).join(', ')}).`;
		return `- ${c.name}: trigger answered at **${c.ratio.toFixed(2)}×** the Webhook node's rate (goal ${target})${met} (per repetition ${c.paired.map((p) => `${p.toFixed(2)}×`).join(', ')}); processed (until the worker had run every execution) ${c.processedRatio.toFixed(2)}×; executions run by the worker ${c.workerRan}, by main ${c.mainRan}.${auth}`;
	});
	return [
		START,
		'## 6. Queue mode: webhook process throughput (`npm run bench -- --only=queue`)',
		'',
		`${meta.date}, n8n ${meta.n8nVersion}, package commit ${meta.commit}${meta.dirty ? ' (uncommitted changes)' : ''}${meta.quick ? ', --quick (figures indicative only)' : ''}. Postgres ${meta.pg} + Redis ${meta.redis}`,
		'(Debian packages), main (`N8N_DISABLE_PRODUCTION_MAIN_PROCESS=true`), one worker (concurrency 10), one webhook process, on one machine',
		`(${meta.cpus} cores; the figures move with the machine's load). ${s.count} signed deliveries per run, ${s.concurrency} at a time, POSTed to the`,
		'webhook process; rate = deliveries/s as the webhook process answered them; processed = until the worker had run every',
		'execution (counted in Postgres). Median (min–max) over the runs, interleaved; the cluster restarted between configurations.',
		'',
		table(
			['configuration', 'start node', 'answered/s', 'p50 / p99 ms', 'processed/s', 'lost', 'runs'],
			rows,
		),
		'',
		...goals,
		END,
	].join('\n');
}

/** Writes the section into `file`, replacing an earlier one (or appending). */
function writeSection(file, md) {
	const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
	const a = old.indexOf(START);
	const b = old.indexOf(END);
	const next =
		a >= 0 && b > a
			? `${old.slice(0, a)}${md}${old.slice(b + END.length)}`
			: `${old.replace(/\s*$/, '')}\n\n${md}\n`;
	fs.writeFileSync(file, next);
}

/** The section already in `file` (to carry it over when the other sections rewrite the file), or ''. */
function existingSection(file) {
	const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
	const a = old.indexOf(START);
	const b = old.indexOf(END);
	return a >= 0 && b > a ? old.slice(a, b + END.length) : '';
}

module.exports = { run, summarise, render, writeSection, existingSection, triggerTypeVersion };
