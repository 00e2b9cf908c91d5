'use strict';
/**
 * Benchmark 4: `n8n start` until "Editor is now accessible" and until /healthz answers, with and without the
 * package in <folder>/.n8n/nodes. Two instances, no workflows. The first start of each creates its database
 * (migrations) and is reported apart ("cold"); the 5 following starts of each are interleaved ("warm").
 */
const path = require('path');
const { spawnSync } = require('child_process');
const n8n = require('./lib/n8n');
const { summary, log } = require('./lib/util');

/**
 * ms to require() the package's node and credential files and construct their classes (what n8n does with them at
 * start-up), in a fresh Node with n8n's own n8n-workflow already loaded.
 */
function packageLoadMs(inst) {
	const pkgDir = path.join(inst.nodesDir, 'node_modules', 'n8n-nodes-store-platform');
	const files = (() => {
		const pj = require(path.join(pkgDir, 'package.json'));
		return [...(pj.n8n?.nodes ?? []), ...(pj.n8n?.credentials ?? [])].map((f) =>
			path.join(pkgDir, f),
		);
	})();
	const code = `require('n8n-workflow'); const t = process.hrtime.bigint(); for (const f of ${JSON.stringify(files)}) for (const C of Object.values(require(f))) if (typeof C === 'function') new C(); console.log(Number(process.hrtime.bigint() - t) / 1e6);`;
	const times = [];
	for (let k = 0; k < 3; k++) {
		const r = spawnSync(inst.install.nodeBin, ['-e', code], {
			cwd: inst.folder, // no node_modules above it: n8n-workflow resolves to n8n's copy through NODE_PATH
			encoding: 'utf8',
			env: { ...process.env, NODE_PATH: path.join(inst.install.dir, 'node_modules') },
		});
		if (r.status === 0) times.push(Number(r.stdout.trim()));
	}
	return summary(times);
}

/** Whether the running n8n lists the package's nodes (GET /types/nodes.json as the logged-in owner). */
async function packageListed(inst) {
	try {
		await inst.login();
		const { BROWSER_ID } = n8n.harness();
		const r = await fetch(`${inst.baseUrl}/types/nodes.json`, {
			headers: { cookie: inst.cookie, 'browser-id': BROWSER_ID },
		});
		return r.ok ? /storePlatformTrigger/.test(await r.text()) : undefined;
	} catch {
		return undefined;
	}
}

async function run(ctx) {
	const warmReps = ctx.quick ? 1 : 5;
	const { N8nInstance } = n8n.harness();
	const variants = [];
	for (const withPackage of [false, true]) {
		const inst = await N8nInstance.create({ version: ctx.version });
		ctx.instances.push(inst);
		if (withPackage) await inst.installPackage(ctx.tarball);
		variants.push({ withPackage, inst, cold: undefined, warm: [] });
	}
	const once = async (v, check = false) => {
		const s = await n8n.startMeasured(v.inst);
		// with the package: are its nodes loaded? (checked once, after the measurement)
		if (check) v.listed = await packageListed(v.inst);
		await s.stop();
		log(
			`start ${v.withPackage ? 'with' : 'without'} package: ready line ${s.readyLineMs} ms, healthz ${s.healthzMs} ms`,
		);
		return s;
	};
	for (const v of variants) v.cold = await once(v, v.withPackage);
	for (let rep = 0; rep < warmReps; rep++) {
		const order = rep % 2 ? [...variants].reverse() : variants;
		for (const v of order) v.warm.push(await once(v));
	}
	const loadMs = packageLoadMs(variants[1].inst);
	return variants.map((v) => ({
		withPackage: v.withPackage,
		listed: v.listed,
		loadMs: v.withPackage ? loadMs : undefined,
		cold: { readyLineMs: v.cold.readyLineMs, healthzMs: v.cold.healthzMs },
		warm: v.warm.map((s) => ({ readyLineMs: s.readyLineMs, healthzMs: s.healthzMs })),
	}));
}

function summarise(out) {
	const rows = out.map((v) => ({
		withPackage: v.withPackage,
		listed: v.listed,
		loadMs: v.loadMs,
		cold: v.cold,
		readyLine: summary(v.warm.map((s) => s.readyLineMs)),
		healthz: summary(v.warm.map((s) => s.healthzMs)),
	}));
	const without = rows.find((r) => !r.withPackage);
	const withPkg = rows.find((r) => r.withPackage);
	return {
		rows,
		deltaMs: withPkg.readyLine.median - without.readyLine.median,
		loadMs: withPkg.loadMs,
		listed: withPkg.listed,
	};
}

module.exports = { run, summarise };
