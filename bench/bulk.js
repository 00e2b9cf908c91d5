'use strict';
/**
 * Bulk items (`--only=bulk`): many input items through one node in a real `n8n execute`, against the sandbox
 * answering each request in BULK_LATENCY_MS (default 50), vs n8n's HTTP Request node on its defaults with the
 * same credential. Every update run is checked: each vendor stored exactly once (one 200 per path, no other
 * answer but the cap's 429s), the output in input order and paired with its item.
 *
 *   a. the default bound: ours at Requests in Parallel 4 / 8 / 16 / 32 (1,000 updates)
 *   b. 1,000 vendor updates: ours vs the HTTP Request node (interleaved)
 *   c. the same with the store allowing 4 in flight (429 + Retry-After: 1 beyond)
 *   d. 10,000 updates (time and memory vs 1,000)
 *   e. 1,000 Gets, 100 Return All items (a product's variants each): ours vs the HTTP Request node
 *
 * Writes its own section of RESULTS.md (between BEGIN/END markers), leaving the others as they are.
 * Environment: BULK_LATENCY_MS (50), BULK_REPS (3 runs of each comparison), BULK_BIG_REPS (2 runs of 10,000).
 * The section it writes: bench/bulkReport.js.
 */
const n8n = require('./lib/n8n');
const { httpReturnAll, storeReturnAll, uuid } = require('./lib/workflows');
const { log } = require('./lib/util');
const { summarise, render, spliceSection, existingSection, writeSection } = require('./bulkReport');

const LATENCY_MS = Number(process.env.BULK_LATENCY_MS || 50);
const SETTLE_S = process.env.BENCH_SETTLE_S !== undefined ? Number(process.env.BENCH_SETTLE_S) : 2;
const QUIET = {
	saveDataSuccessExecution: 'none',
	saveManualExecutions: false,
	saveExecutionProgress: false,
	executionOrder: 'v1',
};

// ---------------------------------------------------------------------------------------------
// workflows: Manual Trigger → Wait (settle) → Items (Code: n items) → Node

function withItems(name, n, itemJs, node) {
	const nodes = [
		{
			id: uuid(),
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: uuid(),
			name: 'Settle',
			type: 'n8n-nodes-base.wait',
			typeVersion: 1.1,
			position: [200, 0],
			webhookId: uuid(),
			parameters: { resume: 'timeInterval', amount: SETTLE_S, unit: 'seconds' },
		},
		{
			id: uuid(),
			name: 'Items',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			position: [400, 0],
			parameters: {
				jsCode: `return Array.from({ length: ${n} }, (_, i) => ({ json: ${itemJs} }));`,
			},
		},
		{ id: uuid(), name: 'Node', position: [600, 0], ...node },
	];
	const link = (to) => ({ main: [[{ node: to, type: 'main', index: 0 }]] });
	return {
		name,
		settings: QUIET,
		nodes,
		connections: { Start: link('Settle'), Settle: link('Items'), Items: link('Node') },
	};
}

const cred = (c) => ({ storePlatformApi: { id: c.id, name: c.name } });
const rl = (value) => ({ __rl: true, mode: 'id', value });

const store = (c, parameters) => ({
	type: 'n8n-nodes-store-platform.storePlatform',
	typeVersion: 1,
	credentials: cred(c),
	parameters,
});
const http = (c, method, url, extra = {}) => ({
	type: 'n8n-nodes-base.httpRequest',
	typeVersion: 4.2,
	credentials: cred(c),
	parameters: {
		method,
		url,
		authentication: 'predefinedCredentialType',
		nodeCredentialType: 'storePlatformApi',
		options: {},
		...extra,
	},
});

const UPDATE_ITEM = "{ id: i + 1, title: 'Vendor ' + (i + 1) + ' (bulk)' }";

function workflows(c, base) {
	const w = {};
	const update = (n, parallel) =>
		store(c, {
			resource: 'vendor',
			operation: 'update',
			vendorId: rl('={{ $json.id }}'),
			updateFields: { title: '={{ $json.title }}' },
			options: parallel ? { requestsInParallel: parallel } : {},
		});
	for (const p of [4, 8, 16, 32])
		w[`ours-update-1000-p${p}`] = withItems(
			`bench bulk: ours update 1000 p${p}`,
			1000,
			UPDATE_ITEM,
			update(1000, p),
		);
	for (const n of [1000, 10000]) {
		w[`ours-update-${n}`] = withItems(`bench bulk: ours update ${n}`, n, UPDATE_ITEM, update(n));
		w[`http-update-${n}`] = withItems(
			`bench bulk: http update ${n}`,
			n,
			UPDATE_ITEM,
			http(c, 'PUT', `=${base}/services/vendors/{{ $json.id }}`, {
				sendBody: true,
				specifyBody: 'json',
				jsonBody: '={{ JSON.stringify({ vendor: { title: $json.title } }) }}',
			}),
		);
	}
	w['ours-get-1000'] = withItems(
		'bench bulk: ours get 1000',
		1000,
		'{ id: i + 1 }',
		store(c, { resource: 'vendor', operation: 'get', vendorId: rl('={{ $json.id }}') }),
	);
	w['http-get-1000'] = withItems(
		'bench bulk: http get 1000',
		1000,
		'{ id: i + 1 }',
		http(c, 'GET', `=${base}/services/vendors/{{ $json.id }}`),
	);
	w['ours-variants-100'] = withItems(
		'bench bulk: ours variants 100',
		100,
		'{ id: i + 1 }',
		store(c, {
			resource: 'variant',
			operation: 'getAll',
			productId: '={{ $json.id }}',
			returnAll: true,
		}),
	);
	w['http-variants-100'] = withItems(
		'bench bulk: http variants 100',
		100,
		'{ id: i + 1 }',
		http(c, 'GET', `=${base}/services/variants/{{ $json.id }}`),
	);
	return w;
}

// ---------------------------------------------------------------------------------------------
// checks

/** The vendor id an output item stands for (ours: the record; the HTTP Request node: the answer `{vendor}`). */
const outputId = (item) => Number(item?.json?.id ?? item?.json?.vendor?.id);

/** Whether the output is one item per input, in order, each paired with its input item. */
function pairedInOrder(output, n) {
	if (!Array.isArray(output) || output.length !== n) return false;
	return output.every((item, i) => outputId(item) === i + 1 && pairedIndex(item) === i);
}

function pairedIndex(item) {
	const p = Array.isArray(item.pairedItem) ? item.pairedItem[0] : item.pairedItem;
	return typeof p === 'number' ? p : p?.item;
}

/** Writes of one run: vendors stored exactly once (one 200 per path), other answers by status. */
function writes(recs, n) {
	const ok = new Map();
	const statuses = {};
	for (const r of recs) {
		if (r.method !== 'PUT') continue;
		statuses[r.status] = (statuses[r.status] || 0) + 1;
		if (r.status === 200) ok.set(r.path, (ok.get(r.path) || 0) + 1);
	}
	let once = 0;
	let twice = 0;
	for (let id = 1; id <= n; id++) {
		const k = ok.get(`/services/vendors/${id}`) || 0;
		if (k === 1) once++;
		if (k > 1) twice++;
	}
	return { once, twice, statuses };
}

// ---------------------------------------------------------------------------------------------
// runs

async function run(ctx) {
	const { quick, sb } = ctx;
	const reps = quick ? 1 : Number(process.env.BULK_REPS || 3);
	const big = quick ? 2000 : 10000;
	const { N8nInstance } = n8n.harness();
	const sandbox = sb.sandbox;
	const out = { latencyMs: LATENCY_MS, big, runs: [] };

	log('bulk: setting up n8n with the package');
	const inst = await N8nInstance.create({ version: ctx.version });
	ctx.instances.push(inst);
	await inst.installPackage(ctx.tarball);
	const [c] = await inst.importCredentials([
		{ name: 'Store Platform sandbox', type: 'storePlatformApi', data: sb.credentialData() },
	]);
	const defs = workflows(c, sandbox.url);
	const keys = Object.keys(defs)
		.filter((k) => k !== 'ours-update-10000' || big === 10000)
		.filter((k) => k !== 'http-update-10000');
	const ids = Object.fromEntries(keys.map((k, i) => [k, i]));
	const imported = await n8n.importWorkflows(
		inst,
		keys.map((k) => defs[k]),
	);
	for (const k of keys) ids[k] = imported[ids[k]];
	if (big !== 10000) {
		const [id] = await n8n.importWorkflows(inst, [
			withItems(
				`bench bulk: ours update ${big}`,
				big,
				UPDATE_ITEM,
				defs['ours-update-10000'].nodes[3],
			),
		]);
		ids[`ours-update-${big}`] = id;
	}

	sb.seedTo('vendor', 'vendors', 1000);
	sb.seedTo('product', 'products', 100);
	sb.seedTo('variant', 'variants', 400);
	const latency0 = sandbox.faults.latencyMs;
	const setup = (cap) => {
		sandbox.faults.latencyMs = LATENCY_MS;
		sandbox.faults.inFlightCap = cap ?? null;
		sandbox.faults.capRetryAfter = 1;
	};

	const measure = async (key, label, { n, cap, check = 'none', extra = {} }) => {
		setup(cap);
		sb.clearRequests();
		Object.assign(sandbox.traffic, { maxInFlight: 0, connections: 0, capped: 0 });
		const r = await n8n.executeMeasured(inst, ids[key], 'Node', {
			keepOutput: check !== 'none',
			...extra,
		});
		const recs = sb.since(0).filter((x) => x.path && x.path.startsWith('/services/'));
		const traffic = { ...sandbox.traffic };
		sb.clearRequests();
		const run = {
			key,
			label,
			n,
			cap: cap ?? null,
			ok: r.ok,
			error: r.error,
			nodeMs: r.node?.executionTime,
			items: r.node?.items,
			requests: recs.length,
			maxInFlight: traffic.maxInFlight,
			connections: traffic.connections,
			capped: traffic.capped,
			rssBefore: r.rssBeforeNode,
			nodePeakRss: r.nodePeakRss,
			peakRss: r.peakRss,
			nodeCpuMs: r.nodeCpuMs,
		};
		if (check === 'writes') {
			Object.assign(run, writes(recs, n));
			run.paired = r.ok && pairedInOrder(r.node.output, n);
		} else if (check === 'paired') {
			run.paired = r.ok && pairedInOrder(r.node.output, n);
		}
		delete r.node?.output;
		out.runs.push(run);
		const extraInfo =
			run.once !== undefined
				? `, stored once ${run.once}/${n}${run.twice ? `, TWICE ${run.twice}` : ''}, paired ${run.paired}`
				: run.paired !== undefined
					? `, paired ${run.paired}`
					: '';
		log(
			`${label}: ${r.ok ? 'ok' : 'FAILED'} node ${run.nodeMs} ms, ${run.items} items, ${run.requests} requests, max in flight ${run.maxInFlight}, ${run.capped} refused by the cap${extraInfo}${r.ok ? '' : `\n${String(r.error).slice(-600)}`}`,
		);
		return run;
	};

	try {
		// the HTTP Request node must work with the credential as built (it is the baseline)
		await measure('http-get-1000', 'warm-up: HTTP Request get 1000', { n: 1000 });
		await measure('ours-get-1000', 'warm-up: ours get 1000', { n: 1000 });

		log('bulk a: the default bound');
		for (const p of [4, 8, 16, 32])
			await measure(`ours-update-1000-p${p}`, `a. ours update 1000, Requests in Parallel ${p}`, {
				n: 1000,
				check: 'writes',
			});

		log('bulk b/c: 1,000 updates, uncapped and capped at 4 in flight');
		for (let rep = 0; rep < reps; rep++) {
			const order = rep % 2 ? ['http', 'ours'] : ['ours', 'http'];
			for (const impl of order)
				await measure(`${impl}-update-1000`, `b. ${impl} update 1000 #${rep + 1}`, {
					n: 1000,
					check: 'writes',
				});
			await measure('ours-update-1000', `c. ours update 1000, cap 4 #${rep + 1}`, {
				n: 1000,
				cap: 4,
				check: 'writes',
			});
		}
		await measure('http-update-1000', 'c. http update 1000, cap 4', {
			n: 1000,
			cap: 4,
			check: 'writes',
		});

		log('bulk e: gets and Return All items');
		for (let rep = 0; rep < reps; rep++) {
			const order = rep % 2 ? ['http', 'ours'] : ['ours', 'http'];
			for (const impl of order)
				await measure(`${impl}-get-1000`, `e. ${impl} get 1000 #${rep + 1}`, {
					n: 1000,
					check: 'paired',
				});
			for (const impl of order)
				await measure(`${impl}-variants-100`, `e. ${impl} variants of 100 products #${rep + 1}`, {
					n: 100,
				});
		}

		log(`bulk d: ${big} updates`);
		sb.seedTo('vendor', 'vendors', big);
		for (let rep = 0; rep < (quick ? 1 : Number(process.env.BULK_BIG_REPS || 2)); rep++)
			await measure(`ours-update-${big}`, `d. ours update ${big} #${rep + 1}`, {
				n: big,
				check: 'writes',
				extra: { timeoutMs: 900000 },
			});
	} finally {
		sandbox.faults.inFlightCap = null;
		sandbox.faults.latencyMs = latency0;
	}
	return out;
}

/**
 * The n8n instance of the profile's and the targets' paths (profile.js, targets.js): the package installed, the
 * sandbox credential, 1,000 updates by our node and by the HTTP Request node, Return All by each, 10,000 vendors.
 */
async function pathsInstance(ctx) {
	const { N8nInstance } = n8n.harness();
	const inst = await N8nInstance.create({ version: ctx.version });
	ctx.instances.push(inst);
	await inst.installPackage(ctx.tarball);
	const [c] = await inst.importCredentials([
		{ name: 'Store Platform sandbox', type: 'storePlatformApi', data: ctx.sb.credentialData() },
	]);
	const defs = workflows(c, ctx.sb.sandbox.url);
	const [ou, hu, ora, hra] = await n8n.importWorkflows(inst, [
		defs['ours-update-1000'],
		defs['http-update-1000'],
		storeReturnAll(c, 'vendor'),
		httpReturnAll(c, ctx.sb.sandbox.url, '/services/vendors', 'vendors'),
	]);
	ctx.sb.seedTo('vendor', 'vendors', 10000);
	return { inst, ou, hu, ora, hra };
}

module.exports = {
	pathsInstance,
	run,
	summarise,
	render,
	spliceSection,
	existingSection,
	writeSection,
	workflows,
	writes,
	pairedInOrder,
};
