'use strict';
/**
 * The "action" leg's stopped run (issue 50): 51 vendor updates, item 25 with an id the shop does not know, the
 * node's On Error left at "Stop Workflow" (no Continue On Fail). Checked against the sandbox store: the error is the
 * 404 naming item 25; its description tells every record the shop changed after item 25 and no other (parsed as a
 * user reads it); items 0–24 are changed; the items the error says were not started reached the shop with no
 * request; nothing but the items named reached the shop after it answered the 404 (requests that had left n8n
 * before the 404 reached it can arrive after: they are counted). And in n8n's own process (fixtures/requestStamps.js
 * preloaded into `n8n execute`): no vendor's request was created after the 404's answer had arrived there.
 */
const assert = require('assert');
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');

const { parseExecuteOutput } = require('../../../scripts/n8n/instance');

const N = 51;
const FAILING = 25;
const UNKNOWN = 999999;
const NODE = 'Update Vendors';
const title = (id) => `Stop check ${id}`;

/** Seeds vendors up to N and returns the ids of the items (item 25: one the shop does not know). */
function stopIds(sandbox) {
	if (sandbox.store.vendors.size < N) sandbox.seed('vendor', N - sandbox.store.vendors.size);
	const ids = sandbox.store.vendors.rows.map((r) => Number(r.id)).slice(0, N);
	ids[FAILING] = UNKNOWN;
	return ids;
}

const node = (name, type, typeVersion, parameters, position, extra = {}) => ({
	id: crypto.randomUUID(),
	name,
	type,
	typeVersion,
	position,
	parameters,
	...extra,
});

/** Manual Trigger → Code (51 items) → Store Platform: Vendor → Update, On Error as n8n sets it (Stop Workflow). */
function stopWorkflow(cred, ids) {
	const items = ids.map((id) => ({ id, title: title(id) }));
	const nodes = [
		node('Start', 'n8n-nodes-base.manualTrigger', 1, {}, [0, 0]),
		node(
			'Items',
			'n8n-nodes-base.code',
			2,
			{ jsCode: `return ${JSON.stringify(items)}.map((json) => ({ json }));` },
			[220, 0],
		),
		node(
			NODE,
			'n8n-nodes-store-platform.storePlatform',
			1,
			{
				resource: 'vendor',
				operation: 'update',
				vendorId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
				updateFields: { title: '={{ $json.title }}' },
			},
			[440, 0],
			{ credentials: { storePlatformApi: { id: cred.id, name: cred.name } } },
		),
	];
	const to = (name) => ({ main: [[{ node: name, type: 'main', index: 0 }]] });
	return {
		name: 'E2E: a bulk update that stops',
		nodes,
		connections: { Start: to('Items'), Items: to(NODE) },
		settings: { executionOrder: 'v1' },
	};
}

/**
 * `n8n execute --id --rawOutput` of the stop workflow with fixtures/requestStamps.js preloaded: the run (as
 * n8n.execute() gives it) and the requests n8n's process made, stamped in the order things happened there.
 */
async function executeStamped(n8n, id) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stop-stamps-'));
	const file = path.join(dir, 'stamps');
	try {
		const r = await n8n.run(['execute', `--id=${id}`, '--rawOutput'], {
			timeoutMs: 180000,
			allowFail: true,
			env: {
				NODE_OPTIONS: `--require ${path.join(__dirname, '..', 'fixtures', 'requestStamps.js')}`,
				REQUEST_STAMPS_FILE: file,
			},
		});
		const result = parseExecuteOutput(r.stdout) || parseExecuteOutput(`${r.stdout}\n${r.stderr}`);
		const error = result?.data?.resultData?.error;
		const stamps = fs
			.readdirSync(dir)
			.flatMap((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
		return { ok: r.code === 0 && !!result && !error, result, stamps, ...r };
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

/** The vendors the description tells were updated after the failing item. */
function toldUpdated(description) {
	const after = description.split('had already been sent')[1] || '';
	return [...after.matchAll(/updated, HTTP 2\d\d \(([^)]*)\)/g)].flatMap((g) =>
		[...g[1].matchAll(/vendor (\d+)/g)].map((m) => Number(m[1])),
	);
}

/** The error as the editor shows it: n8n's run error, else the node's own (message, description, item). */
function runError(result) {
	const own = result?.data?.resultData?.runData?.[NODE]?.[0]?.error;
	return own || result?.data?.resultData?.error;
}

/**
 * Checks one run of the stop workflow: `requests` the sandbox requests since it started. Returns figures for
 * the leg's results (items sent after item 25, requests that reached the shop after its 404).
 */
function checkStop(res, sandbox, ids, requests) {
	assert.ok(res.result, `no run JSON (exit ${res.code})\n${String(res.stderr).slice(-1500)}`);
	assert.ok(!res.ok, 'the run did not stop');
	const error = runError(res.result);
	assert.ok(error, 'no error in the run');
	const description = String(error.description || '');
	assert.strictEqual(
		error.message,
		'The vendor was not found',
		JSON.stringify(error).slice(0, 600),
	);
	assert.match(description, /\(Vendor → Update: PUT \/services\/vendors\/999999, HTTP 404\)/);
	assert.match(description, /The node stopped at item 25\. Items 0–24 were done before it\./);

	const stored = (id) => sandbox.store.vendors.get(String(id))?.title === title(id);
	const before = ids.slice(0, FAILING).filter((id) => !stored(id));
	assert.deepStrictEqual(before, [], 'vendors of items 0–24 not changed');
	const changedAfter = ids.slice(FAILING + 1).filter(stored);
	const told = toldUpdated(description);
	assert.deepStrictEqual(
		[...told].sort((a, b) => a - b),
		[...changedAfter].sort((a, b) => a - b),
		`told updated ≠ changed in the shop\n${description}`,
	);

	const puts = requests.filter(
		(r) => r.method === 'PUT' && r.path.startsWith('/services/vendors/'),
	);
	const idOf = (r) => Number(r.path.split('/').pop());
	const notStarted = description.match(/Items? (\d+)(?:–(\d+))? (?:was|were) not started\.$/);
	if (notStarted) {
		const from = Number(notStarted[1]);
		const to = Number(notStarted[2] || notStarted[1]);
		const reached = puts.filter((r) => ids.indexOf(idOf(r)) >= from && ids.indexOf(idOf(r)) <= to);
		assert.deepStrictEqual(
			reached.map((r) => r.path),
			[],
			`items ${from}–${to} reached the shop`,
		);
	}
	// every item that reached the shop after item 25 is named in the error, with its record
	const reachedAfter = [...new Set(puts.map(idOf).filter((id) => ids.indexOf(id) > FAILING))];
	for (const id of reachedAfter)
		assert.match(description, new RegExp(`\\bvendor ${id}\\b`), `vendor ${id} not named`);
	const failing = puts.find((r) => idOf(r) === UNKNOWN && r.status === 404);
	assert.ok(failing, 'the shop answered no 404');
	const sinceThe404 = sandbox.requests.slice(failing.answeredAfter).filter((r) => puts.includes(r));
	for (const r of sinceThe404)
		assert.ok(reachedAfter.includes(idOf(r)), `${r.path} after the 404 is not an item named`);
	// n8n's side: no vendor's request was created once the 404 had arrived in n8n's process
	const vendorStamps = res.stamps.filter((q) => /^\/services\/vendors\/\d+/.test(q.path || ''));
	const the404 = vendorStamps.find((q) => q.path.startsWith(`/services/vendors/${UNKNOWN}`));
	assert.ok(
		the404 && the404.status === 404,
		`n8n's process saw no 404 (${vendorStamps.length} stamps)`,
	);
	const createdAfter = vendorStamps.filter((q) => q.created > the404.answered);
	assert.deepStrictEqual(
		createdAfter.map((q) => `${q.method} ${q.path}`),
		[],
		'requests created in n8n after the 404 had arrived there',
	);
	return {
		sentAfter: reachedAfter.length,
		inFlightWhenThe404Arrived: vendorStamps.filter(
			(q) => q !== the404 && q.created < the404.answered && !(q.answered < the404.answered),
		).length,
		changedAfter: changedAfter.length,
		reachedShopAfterThe404: sinceThe404.length,
		description,
	};
}

module.exports = { stopIds, stopWorkflow, executeStamped, checkStop };
