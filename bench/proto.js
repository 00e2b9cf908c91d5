'use strict';
/**
 * Optional measurements of the prototypes (not part of the default run; `npm run bench -- --only=proto,protoTrigger`):
 *
 * - proto: Return All with the transport of bench/proto (credential read once per execution, requests signed
 *   in-process, no last-page request for id ranges; also at CONCURRENCY 8) vs the package as built vs the HTTP
 *   Request node, at 10k (interleaved) and 100k.
 * - protoTrigger: trigger throughput and n8n CPU per delivery for the package as built, with the shared secret
 *   cached (`secretCache`), and with typeVersion 2 as well (`triggerV2`), each vs the Webhook node; on 2.x also
 *   as built and with `secretCache` on an n8n started with N8N_EXPRESSION_ENGINE=legacy.
 */
const n8n = require('./lib/n8n');
const wf = require('./lib/workflows');
const { variantTarball } = require('./lib/variants');
const { requestProfile } = require('./lib/sandbox');
const { buildDeliveries, blast } = require('./lib/load');
const { summary, percentile, sleep, log } = require('./lib/util');
const { RESOURCES } = require('./returnAll');

async function instanceWith(ctx, tarball, workflows, env = {}) {
	const { N8nInstance } = n8n.harness();
	const inst = await N8nInstance.create({ version: ctx.version, env });
	ctx.instances.push(inst);
	await inst.installPackage(tarball);
	const [cred] = await inst.importCredentials([{ name: 'Store Platform sandbox', type: 'storePlatformApi', data: ctx.sb.credentialData() }]);
	const ids = await n8n.importWorkflows(inst, workflows(cred));
	return { inst, cred, ids };
}

async function measure(ctx, inst, id, label, env = {}) {
	const mark = ctx.sb.mark();
	const r = await n8n.executeMeasured(inst, id, 'Node', { env });
	const p = requestProfile(ctx.sb.since(mark), ctx.latencyMs);
	ctx.sb.clearRequests();
	log(`${label}: ${r.ok ? 'ok' : 'FAILED'} node ${r.node?.executionTime} ms, ${p.requests} requests, n8n CPU ${r.nodeCpuMs} ms`);
	return { label, ok: r.ok, error: r.error, nodeMs: r.node?.executionTime, items: r.node?.items, nodeCpuMs: r.nodeCpuMs, ...p };
}

async function runTransport(ctx) {
	const reps = ctx.quick ? 1 : 3;
	const shipped = await instanceWith(ctx, ctx.tarball, (cred) => RESOURCES.map((r) => wf.storeReturnAll(cred, r.resource)));
	const proto = await instanceWith(ctx, variantTarball(ctx.tarball, ['transport', 'legacyUri']), (cred) => [
		...RESOURCES.map((r) => wf.storeReturnAll(cred, r.resource)),
		...RESOURCES.map((r) => wf.httpReturnAll(cred, ctx.sb.sandbox.url, r.endpoint, r.key)),
	]);
	const impls = {
		shipped: (i) => [shipped.inst, shipped.ids[i], {}],
		proto: (i) => [proto.inst, proto.ids[i], {}],
		'proto, CONCURRENCY 8': (i) => [proto.inst, proto.ids[i], { BENCH_PROTO_CONCURRENCY: '8' }],
		http: (i) => [proto.inst, proto.ids[RESOURCES.length + i], {}],
	};
	const runs = [];
	for (const r of RESOURCES) ctx.sb.seedTo(r.resource, r.table, 10000);
	await measure(ctx, proto.inst, proto.ids[0], 'warm-up');
	for (let rep = 0; rep < reps; rep++) {
		for (let i = 0; i < RESOURCES.length; i++) {
			const names = Object.keys(impls);
			const order = names.slice(rep % names.length).concat(names.slice(0, rep % names.length));
			for (const name of order) {
				const [inst, id, env] = impls[name](i);
				runs.push({ n: 10000, resource: RESOURCES[i].resource, impl: name, rep, ...(await measure(ctx, inst, id, `proto 10k ${RESOURCES[i].resource} ${name} #${rep + 1}`, env)) });
			}
		}
	}
	if (!ctx.quick) {
		for (const r of RESOURCES) ctx.sb.seedTo(r.resource, r.table, 100000);
		for (let i = 0; i < RESOURCES.length; i++) {
			for (const name of ['shipped', 'proto']) {
				const [inst, id, env] = impls[name](i);
				runs.push({ n: 100000, resource: RESOURCES[i].resource, impl: name, rep: 0, ...(await measure(ctx, inst, id, `proto 100k ${RESOURCES[i].resource} ${name}`, env)) });
			}
		}
	}
	return { runs, impls: Object.keys(impls) };
}

function summariseTransport(out) {
	const rows = [];
	for (const n of [10000, 100000]) {
		for (const r of RESOURCES) {
			const http = summary(out.runs.filter((x) => x.n === n && x.resource === r.resource && x.impl === 'http' && x.ok).map((x) => x.nodeMs));
			for (const impl of out.impls) {
				const rs = out.runs.filter((x) => x.n === n && x.resource === r.resource && x.impl === impl);
				if (!rs.length) continue;
				const ok = rs.filter((x) => x.ok && (impl === 'http' || x.items === n));
				const time = summary(ok.map((x) => x.nodeMs));
				rows.push({
					n,
					table: r.table,
					impl,
					ok: ok.length === rs.length,
					time,
					requests: summary(ok.map((x) => x.requests)),
					cpu: summary(ok.map((x) => x.nodeCpuMs)),
					vsHttp: impl === 'http' ? undefined : time.median / http.median,
				});
			}
		}
	}
	return rows;
}

async function runTrigger(ctx) {
	const count = ctx.quick ? 100 : 300;
	const legacy = { N8N_EXPRESSION_ENGINE: 'legacy' };
	const variants = [
		{ name: 'as built', patches: [] },
		{ name: 'secretCache', patches: ['secretCache'] },
		{ name: 'secretCache + triggerV2', patches: ['secretCache', 'triggerV2'], typeVersion: 2 },
	];
	if (Number(ctx.version.split('.')[0]) >= 2) {
		variants.push({ name: 'as built, N8N_EXPRESSION_ENGINE=legacy', patches: [], env: legacy });
		variants.push({ name: 'secretCache, N8N_EXPRESSION_ENGINE=legacy', patches: ['secretCache'], env: legacy });
	}
	const runs = [];
	for (const v of variants) {
		const hookId = wf.uuid();
		const whId = wf.uuid();
		const whPath = `bench-${whId.slice(0, 8)}`;
		const t = await instanceWith(ctx, variantTarball(ctx.tarball, v.patches), (cred) => {
			const trig = wf.triggerWorkflow(cred, hookId);
			if (v.typeVersion) trig.nodes[0].typeVersion = v.typeVersion;
			return [trig, wf.webhookWorkflow(whId, whPath)];
		}, v.env);
		for (const id of t.ids) await t.inst.activate(id);
		await t.inst.start();
		try {
			const urls = { ours: t.inst.webhookUrl(hookId), webhook: t.inst.webhookUrl(undefined, whPath) };
			const pid = t.inst.proc.pid;
			for (const k of ['ours', 'webhook']) await blast(urls[k], buildDeliveries(ctx.sb.mod, ctx.sb.sandbox.credentials.consumerSecret, 50), { concurrency: 20 });
			for (let rep = 0; rep < 2; rep++) {
				for (const k of rep % 2 ? ['webhook', 'ours'] : ['ours', 'webhook']) {
					const ds = buildDeliveries(ctx.sb.mod, ctx.sb.sandbox.credentials.consumerSecret, count);
					const c0 = n8n.cpuMsOf(pid);
					const r = await blast(urls[k], ds, { concurrency: 20 });
					await sleep(1500); // executions finish after the answers
					const cpu = (n8n.cpuMsOf(pid) - c0) / count;
					const rate = (r.sent / r.wallMs) * 1000;
					log(`protoTrigger ${v.name} ${k}: ${rate.toFixed(1)}/s, n8n CPU ${cpu.toFixed(1)} ms per delivery, ${r.ok}/${r.sent} answered 200`);
					runs.push({ variant: v.name, kind: k, rep, rate, p50: percentile(r.latencies, 50), cpuPerDelivery: cpu, ok: r.ok, sent: r.sent });
				}
			}
		} finally {
			await t.inst.stop();
		}
	}
	return { runs, variants: variants.map((v) => v.name), count };
}

function summariseTrigger(out) {
	const rows = out.variants.map((name) => {
		const of = (k) => out.runs.filter((r) => r.variant === name && r.kind === k);
		const ours = { rate: summary(of('ours').map((r) => r.rate)), cpu: summary(of('ours').map((r) => r.cpuPerDelivery)) };
		const webhook = { rate: summary(of('webhook').map((r) => r.rate)), cpu: summary(of('webhook').map((r) => r.cpuPerDelivery)) };
		return { name, ours, webhook, ratio: ours.rate.median / webhook.rate.median, cpuRatio: ours.cpu.median / webhook.cpu.median };
	});
	return { rows, count: out.count };
}

module.exports = { runTransport, summariseTransport, runTrigger, summariseTrigger };
