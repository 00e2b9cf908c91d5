'use strict';
/**
 * Benchmark 3: webhook throughput of a running `n8n start`: signed `order/create` deliveries POSTed to the active
 * Store Platform Trigger (→ No Operation) vs n8n's Webhook node (POST, responding immediately → No Operation) on
 * the same payloads. Executions are counted over REST (/rest/executions) after each burst; "lost" = deliveries not
 * answered 200 plus executions missing.
 *
 * Diagnostic runs (see diagnosticsFor): how much of the difference is n8n 2.x's per-request expression isolate.
 */
const n8n = require('./lib/n8n');
const wf = require('./lib/workflows');
const { buildDeliveries, blast, burstResult, burstSummary } = require('./lib/load');
const { summary, waitFor, sleep, log } = require('./lib/util');

const KINDS = ['ours', 'webhook'];
/** With N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true: the trigger's typeVersion 2 and 1 beside the Webhook node. */
const LAZY_KINDS = ['ours', 'oursV1', 'webhook'];
const LAZY_ENV = { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' };

/**
 * n8n 2.x evaluates expressions in isolates and takes one for the webhook phase of every request, except for its
 * own Webhook node with static parameters (live-webhooks `webhookPhaseNeedsIsolate`, on by default through
 * N8N_EXPRESSION_ENGINE_ALLOW_WEBHOOK_ISOLATE_SKIP): any other trigger node pays one isolate more per delivery.
 * The diagnostics run both nodes without that exception, without isolates at all, and on n8n 1.x.
 */
function diagnosticsFor(ctx) {
	const list = [];
	if (Number(ctx.version.split('.')[0]) >= 2) {
		list.push({
			name: 'n8n 2.x, isolate for every webhook (N8N_EXPRESSION_ENGINE_ALLOW_WEBHOOK_ISOLATE_SKIP=false)',
			short: 'same isolates',
			reps: 2,
			env: { N8N_EXPRESSION_ENGINE_ALLOW_WEBHOOK_ISOLATE_SKIP: 'false' },
		});
		list.push({
			name: 'n8n 2.x, N8N_EXPRESSION_ENGINE=legacy (no isolates)',
			short: 'legacy engine',
			reps: 3,
			env: { N8N_EXPRESSION_ENGINE: 'legacy' },
		});
		const v1 = n8n.installedV1();
		if (v1)
			list.push({
				name: `n8n ${v1} (Node 20, no isolates)`,
				short: `n8n ${v1}`,
				reps: 3,
				version: v1,
				env: { N8N_EXPRESSION_ENGINE: 'legacy' },
			});
	}
	return list;
}

async function executionCount(inst, workflowId) {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const r = await inst.rest('GET', `/executions?filter=${filter}&limit=1`);
	const data = r.data ?? {};
	return Number(data.count ?? (Array.isArray(data.results) ? data.results.length : NaN));
}

async function executionStatusCount(inst, workflowId, status) {
	const filter = encodeURIComponent(JSON.stringify({ workflowId, status: [status] }));
	const r = await inst.rest('GET', `/executions?filter=${filter}&limit=1`);
	return Number(r.data?.count ?? NaN);
}

/** The execution count once no execution is being written any more (earlier bursts and warm-ups settled). */
async function settledExecutionCount(inst, workflowId) {
	let last = await executionCount(inst, workflowId);
	for (let i = 0; i < 100; i++) {
		await sleep(300);
		const now = await executionCount(inst, workflowId);
		if (now === last) return now;
		last = now;
	}
	return last;
}

/** A running n8n with the workflows of `kinds` active (ours = the trigger's typeVersion 2, oursV1 = 1, webhook). */
async function startTriggerInstance(ctx, env = {}, kinds = KINDS) {
	const { N8nInstance } = n8n.harness();
	const inst = await N8nInstance.create({ version: ctx.version, env });
	ctx.instances.push(inst);
	await inst.installPackage(ctx.tarball);
	const [cred] = await inst.importCredentials([
		{ name: 'Store Platform sandbox', type: 'storePlatformApi', data: ctx.sb.credentialData() },
	]);
	const whId = wf.uuid();
	const whPath = `bench-${whId.slice(0, 8)}`;
	const hookIds = {};
	const workflows = kinds.map((k) => {
		if (k === 'webhook') return wf.webhookWorkflow(whId, whPath);
		hookIds[k] = wf.uuid();
		return wf.triggerWorkflow(cred, hookIds[k], k === 'oursV1' ? 1 : 2);
	});
	const ids = await n8n.importWorkflows(inst, workflows);
	for (const id of ids) await inst.activate(id);
	await inst.start(); // 2.x: waits until the workflows are published (triggers activated after the ready line)
	await inst.login();
	const t = { inst, kinds, ids: {}, urls: {} };
	kinds.forEach((k, i) => {
		t.ids[k] = ids[i];
		t.urls[k] = k === 'webhook' ? inst.webhookUrl(undefined, whPath) : inst.webhookUrl(hookIds[k]);
	});
	// warm-up, which also proves the webhooks answer (bounded retries while they get registered)
	for (const k of kinds) {
		const ok = await waitFor(
			async () => {
				const r = await blast(
					t.urls[k],
					buildDeliveries(ctx.sb.mod, ctx.sb.sandbox.credentials.consumerSecret, 50),
					{ concurrency: 20 },
				);
				return r.ok === r.sent;
			},
			{ timeoutMs: 60000, everyMs: 1000 },
		);
		if (!ok) throw new Error(`the ${k} webhook does not answer 200 at ${t.urls[k]}`);
	}
	return t;
}

/** One burst: `count` deliveries, `concurrency` at a time, then the executions counted. */
async function burst(ctx, t, kind, count, concurrency) {
	const deliveries = buildDeliveries(ctx.sb.mod, ctx.sb.sandbox.credentials.consumerSecret, count);
	const before = await settledExecutionCount(t.inst, t.ids[kind]);
	const r = await blast(t.urls[kind], deliveries, { concurrency });
	const sentAt = Date.now();
	// executions are written after the answer (responseMode onReceived): wait until all are counted (bounded)
	let counted = NaN;
	await waitFor(
		async () => {
			counted = (await executionCount(t.inst, t.ids[kind])) - before;
			return counted >= r.ok;
		},
		{ timeoutMs: 120000, everyMs: 200 },
	);
	const drainMs = Date.now() - sentAt;
	await sleep(500);
	counted = (await executionCount(t.inst, t.ids[kind])) - before;
	const res = burstResult(kind, r, { drainMs, executions: counted });
	log(
		`trigger ${kind}: ${res.rate.toFixed(1)}/s p50 ${res.p50.toFixed(0)} ms p99 ${res.p99.toFixed(0)} ms, ${res.executions} executions, lost ${res.lost}`,
	);
	return res;
}

async function run(ctx) {
	const count = ctx.quick ? 100 : 1000;
	const concurrency = 20;
	const out = { count, concurrency, runs: [], diagnostics: [] };
	log('Trigger: starting n8n with both workflows active');
	const t = await startTriggerInstance(ctx);
	try {
		const maxReps = ctx.quick ? 1 : 3;
		for (let rep = 0; rep < maxReps; rep++) {
			const started = Date.now();
			const order = rep % 2 ? ['webhook', 'ours'] : ['ours', 'webhook'];
			for (const k of order)
				out.runs.push({ ...(await burst(ctx, t, k, count, concurrency)), rep });
			const repMs = Date.now() - started;
			// keep the whole bench within its budget (the legacy diagnostic still to come)
			if (rep + 1 < maxReps && ctx.remainingMs() < repMs + ctx.reserveMs) {
				log(`trigger: stopping after ${rep + 1} repetition(s) to stay within the time budget`);
				break;
			}
		}
		out.errors = {
			ours: await executionStatusCount(t.inst, t.ids.ours, 'error'),
			webhook: await executionStatusCount(t.inst, t.ids.webhook, 'error'),
		};
	} finally {
		await t.inst.stop();
	}

	// N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true (2.x): an isolate only when an expression is evaluated; the trigger's
	// typeVersion 2 evaluates none when a delivery arrives, typeVersion 1 makes n8n evaluate its binaryData expression
	out.lazy = [];
	if (Number(ctx.version.split('.')[0]) >= 2) {
		log(
			'Trigger: N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true, trigger v2 and v1 beside the Webhook node',
		);
		const l = await startTriggerInstance(ctx, LAZY_ENV, LAZY_KINDS);
		try {
			const maxReps = ctx.quick ? 1 : 3;
			for (let rep = 0; rep < maxReps; rep++) {
				const started = Date.now();
				const order = LAZY_KINDS.map((_, i) => LAZY_KINDS[(i + rep) % LAZY_KINDS.length]);
				for (const k of order)
					out.lazy.push({ ...(await burst(ctx, l, k, count, concurrency)), rep });
				if (rep + 1 < maxReps && ctx.remainingMs() < Date.now() - started + 60000) {
					log(
						`trigger (lazy acquire): stopping after ${rep + 1} repetition(s) to stay within the time budget`,
					);
					break;
				}
			}
		} finally {
			await l.inst.stop();
		}
	}

	// diagnostics, 1 run each: where the difference comes from on n8n 2.x (see DIAGNOSTICS), and n8n 1.x
	for (const d of diagnosticsFor(ctx)) {
		if (ctx.quick || ctx.remainingMs() < 150000) break;
		log(`Trigger: diagnostic run: ${d.name}`);
		const l = await startTriggerInstance({ ...ctx, version: d.version ?? ctx.version }, d.env);
		try {
			const runs = [];
			for (let rep = 0; rep < d.reps; rep++) {
				for (const k of rep % 2 ? [...KINDS].reverse() : KINDS)
					runs.push({ ...(await burst(ctx, l, k, count, concurrency)), rep });
			}
			out.diagnostics.push({ ...d, runs });
		} finally {
			await l.inst.stop();
		}
	}
	return out;
}

function summarise(out) {
	const of = (list, kind) => list.filter((r) => r.kind === kind);
	const row = burstSummary;
	const paired = (list, kind) =>
		summary(
			of(list, kind).map((o) => {
				const w = list.find((r) => r.kind === 'webhook' && r.rep === o.rep);
				return w ? o.rate / w.rate : NaN;
			}),
		);
	const main = { ours: row(out.runs, 'ours'), webhook: row(out.runs, 'webhook') };
	main.ratio = main.ours.rate.median / main.webhook.rate.median;
	main.pairedRatio = paired(out.runs, 'ours');
	let lazy;
	if (out.lazy?.length) {
		lazy = {
			ours: row(out.lazy, 'ours'),
			oursV1: row(out.lazy, 'oursV1'),
			webhook: row(out.lazy, 'webhook'),
		};
		lazy.ratio = lazy.ours.rate.median / lazy.webhook.rate.median;
		lazy.ratioV1 = lazy.oursV1.rate.median / lazy.webhook.rate.median;
		lazy.pairedRatio = paired(out.lazy, 'ours');
	}
	const diagnostics = (out.diagnostics ?? []).map((d) => {
		const r = {
			name: d.name,
			short: d.short,
			ours: row(d.runs, 'ours'),
			webhook: row(d.runs, 'webhook'),
		};
		r.ratio = r.ours.rate.median / r.webhook.rate.median;
		return r;
	});
	return { main, lazy, diagnostics };
}

module.exports = { run, summarise, executionCount };
