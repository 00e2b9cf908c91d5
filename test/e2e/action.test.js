'use strict';
/**
 * Leg "action": ONE workflow of 83 Store Platform nodes (`executeOnce`, ids chained with
 * `$('Page Create').first().json.id`): every resource's create -> get -> update -> list -> count -> delete as far
 * as it has them, in one `n8n execute --id --rawOutput`; each node's output checked (workflows.js); every sandbox
 * request signed, none unsigned; created records gone. Then n8n's own HTTP Request node with the storePlatformApi
 * credential (paginated GET, JSON POST, DELETE), all signed. Then a bulk update that stops (actionSteps/stopRun.js):
 * 51 vendor updates, item 25 unknown, On Error "Stop Workflow": the error tells exactly what the shop changed.
 */
const assert = require('assert');
const { leg, apiRequests, N8nInstance } = require('./setup');
const { ACTION_STEPS, RESOURCES, actionWorkflow, httpRequestWorkflow } = require('./workflows');
const { checkStop, executeStamped, stopIds, stopWorkflow } = require('./actionSteps/stopRun');

leg('action', async (v) => {
	let stopped;
	const { n8n, sandbox, ids } = await v.setUp({
		workflows: (cred, { sandbox: sb }) => [
			actionWorkflow(cred),
			httpRequestWorkflow(cred, sb.url),
			stopWorkflow(cred, (stopped = stopIds(sb))),
		],
	});
	const [actionId, httpId, stopId] = ids;

	const before = sandbox.requests.length;
	const exec = await v.check(
		'b. n8n execute --id --rawOutput: the 83-node workflow succeeds',
		async () => {
			const res = await n8n.execute(actionId, { timeoutMs: 240000 });
			v.r.times.executeCli = res.ms;
			assert.ok(
				res.result,
				`no run JSON in the output (exit ${res.code})\n${res.stdout.slice(-3000)}\n${res.stderr.slice(-3000)}`,
			);
			assert.ok(!res.error, `run error: ${String(JSON.stringify(res.error)).slice(0, 1500)}`);
			assert.ok(res.ok, `exit ${res.code}, status ${res.status}`);
			const runData = res.result.data.resultData.runData;
			const ran = Object.keys(runData).filter((n) => n !== 'Start');
			assert.strictEqual(
				ran.length,
				ACTION_STEPS.length,
				`nodes run: ${ran.length} of ${ACTION_STEPS.length}`,
			);
			return res.result;
		},
		{ timeoutMs: 300000 },
	);
	if (exec.ok) {
		const result = exec.value;
		const first = (name) => {
			const out = N8nInstance.nodeOutput(result, name);
			if (!out || !out[0]) throw new Error(`no output from ${name}`);
			return out[0].json;
		};
		for (const resource of RESOURCES) {
			const steps = ACTION_STEPS.filter(([, p]) => p.resource === resource);
			await v.check(
				`b. ${resource}: ${steps.map(([, p]) => p.operation).join(' -> ')}`,
				async () => {
					for (const [name, , checkFn] of steps) {
						const out = (N8nInstance.nodeOutput(result, name) || []).map((i) => i.json);
						try {
							checkFn(out, { first, sandbox });
						} catch (e) {
							e.message = `${name}: ${e.message}\n  output: ${JSON.stringify(out).slice(0, 600)}`;
							throw e;
						}
					}
				},
			);
		}
		await v.check(
			'b. the sandbox saw every request signed (authorized), none unsigned; created records are gone',
			async () => {
				const reqs = apiRequests(sandbox.requests.slice(before));
				assert.ok(reqs.length >= ACTION_STEPS.length, `only ${reqs.length} API requests`);
				const unsigned = reqs.filter((q) => !q.authorized);
				assert.deepStrictEqual(
					unsigned.map((q) => `${q.method} ${q.path} -> ${q.status}`),
					[],
				);
				assert.ok(
					reqs.every((q) => /^OAuth /.test(String(q.headers.authorization))),
					'Authorization: OAuth header on each',
				);
				v.r.actionRequests = reqs.length;
				const s = sandbox.store;
				for (const [table, node] of [
					['pages', 'Page Create'],
					['categories', 'Category Create'],
					['vendors', 'Vendor Create'],
					['blogs', 'Blog Create'],
					['promotions', 'Promotion Create'],
					['vouchers', 'Voucher Create'],
				]) {
					assert.strictEqual(
						s[table].get(first(node).id),
						undefined,
						`${table} ${first(node).id} still exists`,
					);
				}
				assert.strictEqual(s.webhooks.size, 0, 'no webhook left');
			},
		);
	}

	await v.check(
		"b. n8n's HTTP Request node with the storePlatformApi credential: paginated GET, JSON POST, DELETE, all signed",
		async () => {
			const from = sandbox.requests.length;
			const vendors = sandbox.store.vendors.size;
			const res = await n8n.execute(httpId, { timeoutMs: 120000 });
			assert.ok(
				res.ok && !res.error,
				`run error: ${String(JSON.stringify(res.error || res.stderr.slice(-1500))).slice(0, 1500)}`,
			);
			const reqs = apiRequests(sandbox.requests.slice(from));
			assert.deepStrictEqual(
				reqs
					.filter((q) => !q.authorized)
					.map((q) => `${q.method} ${q.path}?${q.rawQuery} -> ${q.status}`),
				[],
			);
			const pages = reqs.filter((q) => q.method === 'GET');
			assert.strictEqual(
				pages.length,
				Math.ceil(vendors / 2) + 1,
				`pages of 2 over ${vendors} vendors, then an empty one`,
			);
			assert.deepStrictEqual(
				pages.map((q) => q.query.page),
				pages.map((_, i) => String(i + 1)),
			);
			assert.ok(
				pages.every((q) => q.query.limit === '2' && q.query.fields === 'id,title'),
				'query as given',
			);
			const created = N8nInstance.nodeOutput(res.result, 'HTTP Vendor Create')[0].json.vendor;
			assert.strictEqual(created.title, 'Made by HTTP Request é+&');
			assert.strictEqual(sandbox.store.vendors.get(String(created.id)), undefined, 'deleted again');
			assert.deepStrictEqual(
				reqs.filter((q) => q.method !== 'GET').map((q) => `${q.method} ${q.status}`),
				['POST 200', 'DELETE 200'],
			);
		},
	);
	await v.check(
		'b. 51 vendor updates, item 25 unknown, Stop Workflow: the error tells every record the shop changed after item 25 and no other; none of the items it says were not started reached the shop; n8n created no request after the 404 arrived',
		async () => {
			const from = sandbox.requests.length;
			const latency = sandbox.faults.latencyMs;
			sandbox.faults.latencyMs = 20;
			try {
				const res = await executeStamped(n8n, stopId);
				v.r.stopRun = checkStop(res, sandbox, stopped, apiRequests(sandbox.requests.slice(from)));
				v.log(
					`stopped run: ${v.r.stopRun.sentAfter} items after item 25 sent, ${v.r.stopRun.changedAfter} changed, ${v.r.stopRun.inFlightWhenThe404Arrived} in flight in n8n when the 404 arrived there, none created after; ${v.r.stopRun.reachedShopAfterThe404} reached the shop after it answered the 404; ${v.r.stopRun.description}`,
				);
			} finally {
				sandbox.faults.latencyMs = latency;
			}
		},
		{ timeoutMs: 240000 },
	);
});
