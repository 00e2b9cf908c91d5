'use strict';
/**
 * Diagnostic (not part of `npm run bench`): how many expression isolates n8n 2.x takes per delivery for the Store
 * Platform Trigger (typeVersion 2 and 1) and for n8n's Webhook node. Starts `n8n start` with the three workflows
 * active and isolate-hook.js preloaded, sends 100 signed deliveries to each, and prints the isolates acquired per
 * caller.
 *
 * n8n 2.41.1 unless ISOLATES_N8N_VERSION names another installed 2.x.
 *
 *   npx tsc -p tsconfig.dev.json && node bench/diagnostics/isolates.js           n8n's defaults
 *   npx tsc -p tsconfig.dev.json && node bench/diagnostics/isolates.js --lazy    N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const n8n = require('../lib/n8n');
const wf = require('../lib/workflows');
const { buildDeliveries, blast } = require('../lib/load');
const { startBenchSandbox } = require('../lib/sandbox');
const { sleep } = require('../lib/util');

const VERSION = process.env.ISOLATES_N8N_VERSION || '2.41.1';
const COUNT = 100;
const LAZY = process.argv.includes('--lazy');

function totals(dir) {
	const all = {};
	for (const f of fs.readdirSync(dir)) {
		for (const [k, v] of Object.entries(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'))))
			all[k] = (all[k] ?? 0) + v;
	}
	return all;
}

async function main() {
	const { N8nInstance, packProject } = n8n.harness();
	const { cacheRoot } = require('../../scripts/n8n/install');
	const tarball = packProject({ build: true });
	const sb = await startBenchSandbox({ latencyMs: 20 });
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isolates-'));
	const env = {
		NODE_OPTIONS: `--require ${path.join(__dirname, 'isolate-hook.js')}`,
		ISOLATE_COUNT_N8N_ROOT: path.join(cacheRoot(), `n8n-${VERSION}`),
		ISOLATE_COUNT_DIR: dir,
		...(LAZY ? { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' } : {}),
	};
	console.log(
		`n8n ${VERSION}, ${LAZY ? 'N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true' : "n8n's defaults"}`,
	);
	const inst = await N8nInstance.create({ version: VERSION, env });
	try {
		await inst.installPackage(tarball);
		const [cred] = await inst.importCredentials([
			{ name: 'sandbox', type: 'storePlatformApi', data: sb.credentialData() },
		]);
		const hookId = wf.uuid();
		const hookIdV1 = wf.uuid();
		const whId = wf.uuid();
		const whPath = `isolates-${whId.slice(0, 8)}`;
		const ids = await n8n.importWorkflows(inst, [
			wf.triggerWorkflow(cred, hookId, 2),
			wf.triggerWorkflow(cred, hookIdV1, 1),
			wf.webhookWorkflow(whId, whPath),
		]);
		for (const id of ids) await inst.activate(id);
		await inst.start();
		const urls = {
			'Store Platform Trigger v2': inst.webhookUrl(hookId),
			'Store Platform Trigger v1': inst.webhookUrl(hookIdV1),
			"n8n's Webhook node": inst.webhookUrl(undefined, whPath),
		};
		for (const [name, url] of Object.entries(urls)) {
			await sleep(1500);
			const before = totals(dir);
			const r = await blast(
				url,
				buildDeliveries(sb.mod, sb.sandbox.credentials.consumerSecret, COUNT),
				{ concurrency: 20 },
			);
			await sleep(3000);
			const after = totals(dir);
			console.log(
				`\n${name}: ${r.ok}/${r.sent} answered 200; isolates acquired per delivery, by caller:`,
			);
			for (const [k, v] of Object.entries(after)) {
				const d = v - (before[k] ?? 0);
				if (d > 0) console.log(`  ${(d / COUNT).toFixed(2)}  ${k}`);
			}
		}
	} finally {
		await inst.stop();
		inst.cleanup();
		fs.rmSync(dir, { recursive: true, force: true });
		await sb.close?.();
	}
}

main().then(
	() => process.exit(0),
	(e) => {
		console.error(e);
		process.exit(1);
	},
);
