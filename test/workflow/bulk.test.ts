/**
 * Many items through one node run (router.ts + transport/pool.ts), against the sandbox over HTTP:
 * items go side by side but output order, pairing and Continue On Fail stay as one at a time; the
 * store's in-flight cap (429 + Retry-After) slows the node down without losing or repeating a write;
 * a request the store answered with anything but 429/503 is never sent again; Return All shares the
 * node run's bound.
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { DEFAULT_PARALLEL } from '../../nodes/StorePlatform/api/pool';
import { prng, type Rand } from '../prng';
import type { Sandbox } from '../../sandbox';
import { apiRequests, jsonOf, runStore, useSandbox } from './setup';

const env = useSandbox();

const byExpression = { __rl: true, mode: 'id', value: '={{ $json.id }}' };
const items = (ids: number[]): INodeExecutionData[] =>
	ids.map((id) => ({ json: { id, title: `Vendor ${id} (bulk)` } }));

function shuffled(rand: Rand, list: number[]): number[] {
	const out = [...list];
	for (let k = out.length - 1; k > 0; k--) {
		const j = Math.floor(rand() * (k + 1));
		[out[k], out[j]] = [out[j], out[k]];
	}
	return out;
}

/** Seeds vendors up to `n` in all and returns their ids. */
function vendors(s: Sandbox, n: number): number[] {
	s.seed('vendor', n - s.store.vendors.size);
	return s.store.vendors.rows.map((r) => Number(r.id));
}

/** How many times each path was requested with each method (e.g. "PUT /services/vendors/7" → 1). */
function requestCounts(s: Sandbox): Map<string, number> {
	const counts = new Map<string, number>();
	for (const r of apiRequests(s))
		counts.set(`${r.method} ${r.path}`, (counts.get(`${r.method} ${r.path}`) ?? 0) + 1);
	return counts;
}

const updateVendors = (options: INodeParameters = {}): INodeParameters => ({
	resource: 'vendor',
	operation: 'update',
	vendorId: byExpression,
	updateFields: { title: '={{ $json.title }}' },
	options,
});

describe('order and pairing', () => {
	it('200 Gets under random latencies: output in input order, each paired with its item', async () => {
		const s = env.sandbox;
		const rand = prng(14);
		const ids = shuffled(rand, vendors(s, 200));
		for (const id of ids)
			s.faults.add({ type: 'slow', ms: Math.floor(rand() * 40), match: `/services/vendors/${id}` });
		const result = await runStore(
			s,
			{ resource: 'vendor', operation: 'get', vendorId: byExpression },
			{ items: items(ids) },
		);
		expect(result.error).toBeUndefined();
		const out = result.items[0];
		expect(out.map((o) => Number(o.json.id))).toEqual(ids);
		expect(out.map((o) => o.pairedItem)).toEqual(ids.map((_, i) => ({ item: i })));
		// side by side, within the default bound
		expect(s.traffic.maxInFlight).toBeGreaterThan(1);
		expect(s.traffic.maxInFlight).toBeLessThanOrEqual(DEFAULT_PARALLEL);
	});

	it('Requests in Parallel 1: one request at a time', async () => {
		const s = env.sandbox;
		const ids = vendors(s, 30);
		s.faults.latencyMs = 5;
		const result = await runStore(
			s,
			{
				resource: 'vendor',
				operation: 'get',
				vendorId: byExpression,
				options: { requestsInParallel: 1 },
			},
			{ items: items(ids) },
		);
		expect(jsonOf(result).map((r) => Number(r.id))).toEqual(ids);
		expect(s.traffic.maxInFlight).toBe(1);
	});

	it('Requests in Parallel 5: never more than 5 in flight', async () => {
		const s = env.sandbox;
		const ids = vendors(s, 60);
		s.faults.latencyMs = 10;
		const result = await runStore(
			s,
			{
				resource: 'vendor',
				operation: 'get',
				vendorId: byExpression,
				options: { requestsInParallel: 5 },
			},
			{ items: items(ids) },
		);
		expect(jsonOf(result).map((r) => Number(r.id))).toEqual(ids);
		expect(s.traffic.maxInFlight).toBe(5);
	});

	it("a bad 'Requests in Parallel' fails before any request, naming the field", async () => {
		const s = env.sandbox;
		const result = await runStore(
			s,
			{
				resource: 'vendor',
				operation: 'get',
				vendorId: byExpression,
				options: { requestsInParallel: '=abc' },
			},
			{ items: items([1, 2]) },
		);
		expect(result.error).toBeInstanceOf(NodeOperationError);
		expect(result.error?.message).toMatch(/Requests in Parallel/);
		expect(apiRequests(s)).toHaveLength(0);
	});
});

describe('bad input: raised before any request', () => {
	it('item 150 of 200 with an empty id: no request at all, the error names the field and the item', async () => {
		const s = env.sandbox;
		const ids = vendors(s, 200);
		const input = items(ids);
		input[150] = { json: { id: '', title: 'x' } };
		const result = await runStore(s, updateVendors(), { items: input });
		expect(result.error).toBeInstanceOf(NodeOperationError);
		expect((result.error as NodeOperationError).context.itemIndex).toBe(150);
		expect(`${result.error?.message} ${(result.error as NodeOperationError).description}`).toMatch(
			/Vendor/,
		);
		expect(apiRequests(s)).toHaveLength(0);
	});

	it('with Continue On Fail: the bad items are error items in place, the others are sent once', async () => {
		const s = env.sandbox;
		const ids = vendors(s, 50);
		const input = items(ids);
		for (const k of [0, 17, 49]) input[k] = { json: { id: '', title: 'x' } };
		const result = await runStore(s, updateVendors(), { items: input, continueOnFail: true });
		const out = result.items[0];
		expect(out).toHaveLength(50);
		out.forEach((o, k) => {
			expect(o.pairedItem).toEqual({ item: k });
			if ([0, 17, 49].includes(k)) expect(o.json.error).toBeDefined();
			else expect(Number(o.json.id)).toBe(ids[k]);
		});
		expect(apiRequests(s)).toHaveLength(47);
	});
});

describe('Continue On Fail with failures scattered among 200 items', () => {
	it('each failed item is an error item in its place; every other item is correct; no request twice', async () => {
		const s = env.sandbox;
		const rand = prng(1414);
		const ids = vendors(s, 200);
		const kinds = [
			{ type: 'status', status: 500 },
			{ type: 'status', status: 404 },
			{ type: 'statusErr', message: 'Vendor is locked' },
			{ type: 'html', status: 502 },
			{ type: 'malformed' },
			{ type: 'reset' },
		] as const;
		const failing = new Map<number, (typeof kinds)[number]>();
		while (failing.size < 30)
			failing.set(Math.floor(rand() * 200), kinds[Math.floor(rand() * kinds.length)]);
		for (const [k, fault] of failing)
			s.faults.add({ ...fault, match: new RegExp(`^PUT /services/vendors/${ids[k]}$`) });
		s.faults.latencyMs = 5;
		const result = await runStore(s, updateVendors(), { items: items(ids), continueOnFail: true });
		expect(result.error).toBeUndefined();
		const out = result.items[0];
		expect(out).toHaveLength(200);
		out.forEach((o, k) => {
			expect(o.pairedItem).toEqual({ item: k });
			if (failing.has(k)) {
				expect(o.json.description).toEqual(expect.stringContaining('Vendor → Update'));
				expect(o.json.error).toEqual(
					expect.stringMatching(/^(The (shop|vendor) |Could not reach the shop$)/),
				);
			} else {
				expect(o.json.error).toBeUndefined();
				expect(Number(o.json.id)).toBe(ids[k]);
				expect(o.json.title).toBe(`Vendor ${ids[k]} (bulk)`);
			}
		});
		const counts = requestCounts(s);
		for (const id of ids) expect(counts.get(`PUT /services/vendors/${id}`)).toBe(1);
		// the stored records: changed exactly where the update succeeded (a fault answers instead of the store)
		const changed = s.store.vendors.rows
			.filter((r) => String(r.title).endsWith('(bulk)'))
			.map((r) => Number(r.id));
		expect(changed.sort((a, b) => a - b)).toEqual(
			ids.filter((_, k) => !failing.has(k)).sort((a, b) => a - b),
		);
	});

	it('without Continue On Fail: the node fails with the first failed item; nothing is sent twice', async () => {
		const s = env.sandbox;
		const ids = vendors(s, 100);
		for (const k of [40, 70])
			s.faults.add({
				type: 'status',
				status: 500,
				match: new RegExp(`^PUT /services/vendors/${ids[k]}$`),
			});
		const result = await runStore(s, updateVendors(), { items: items(ids) });
		expect(result.error?.message).toBe('The shop had an internal error');
		expect((result.error as NodeApiError).description).toMatch(/Vendor → Update: .*HTTP 500/);
		expect((result.error as NodeOperationError).context.itemIndex).toBe(40);
		for (const n of requestCounts(s).values()) expect(n).toBe(1);
		// no item is started after the failure: at most one bound's worth beyond it
		expect(apiRequests(s).length).toBeLessThanOrEqual(41 + DEFAULT_PARALLEL);
	});
});

describe('a request is never sent twice after an answer other than 429/503', () => {
	it.each([
		['500', { type: 'status', status: 500 }],
		['502 HTML', { type: 'html', status: 502 }],
		['400', { type: 'status', status: 400 }],
		['status:err', { type: 'statusErr' }],
		['malformed JSON', { type: 'malformed' }],
		['connection reset', { type: 'reset' }],
	] as const)('%s on a write: exactly one request', async (_name, fault) => {
		const s = env.sandbox;
		const ids = vendors(s, 20);
		s.faults.add({ ...fault, match: new RegExp(`^PUT /services/vendors/${ids[7]}$`) });
		const result = await runStore(s, updateVendors(), { items: items(ids), continueOnFail: true });
		expect(result.items[0][7].json.error).toBeDefined();
		expect(requestCounts(s).get(`PUT /services/vendors/${ids[7]}`)).toBe(1);
		expect(apiRequests(s)).toHaveLength(20);
	});

	it('a timeout on a write: exactly one request', async () => {
		const s = env.sandbox;
		const ids = vendors(s, 10);
		s.faults.add({
			type: 'slow',
			ms: 2500,
			match: new RegExp(`^PUT /services/vendors/${ids[3]}$`),
		});
		const result = await runStore(s, updateVendors({ timeout: 1 }), {
			items: items(ids),
			continueOnFail: true,
		});
		expect(result.items[0][3].json.error).toBe('The shop did not answer in time');
		expect(result.items[0][3].json.description).toMatch(/No answer within 1 s/);
		expect(requestCounts(s).get(`PUT /services/vendors/${ids[3]}`)).toBe(1);
	});
});

describe('429 storms', () => {
	it('a store allowing 4 in flight (429 + Retry-After: 1 beyond): 150 updates, each stored exactly once, output paired', async () => {
		const s = env.sandbox;
		const ids = vendors(s, 150);
		s.faults.latencyMs = 20;
		s.faults.inFlightCap = 4;
		s.faults.capRetryAfter = 1;
		const result = await runStore(s, updateVendors(), { items: items(ids) });
		expect(result.error).toBeUndefined();
		const out = result.items[0];
		expect(out.map((o) => Number(o.json.id))).toEqual(ids);
		expect(out.map((o) => o.pairedItem)).toEqual(ids.map((_, i) => ({ item: i })));
		const ok = apiRequests(s).filter((r) => r.status === 200);
		expect(ok.map((r) => r.path).sort()).toEqual(ids.map((id) => `/services/vendors/${id}`).sort());
		expect(s.traffic.capped).toBeGreaterThan(0);
		// every refused request was sent again, nothing else
		expect(apiRequests(s)).toHaveLength(150 + s.traffic.capped);
		expect(s.store.vendors.rows.every((r) => String(r.title).endsWith('(bulk)'))).toBe(true);
	});

	it('a burst of 25 refusals (429, Retry-After 0) over 200 items: all correct, each stored once', async () => {
		const s = env.sandbox;
		const ids = vendors(s, 200);
		s.faults.add({ type: 'status', status: 429, retryAfter: 0, times: 25 });
		const result = await runStore(s, updateVendors(), { items: items(ids) });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map((r) => Number(r.id))).toEqual(ids);
		const statuses = apiRequests(s).map((r) => r.status);
		expect(statuses.filter((x) => x === 429)).toHaveLength(25);
		expect(statuses.filter((x) => x === 200)).toHaveLength(200);
	});

	it('503s that outlast the retries: those items fail (Continue On Fail), the others are stored once', async () => {
		const s = env.sandbox;
		const ids = vendors(s, 40);
		const dead = [5, 22];
		for (const k of dead)
			s.faults.add({
				type: 'status',
				status: 503,
				retryAfter: 0,
				times: Infinity,
				match: new RegExp(`^PUT /services/vendors/${ids[k]}$`),
			});
		const result = await runStore(s, updateVendors(), { items: items(ids), continueOnFail: true });
		const out = result.items[0];
		out.forEach((o, k) => {
			expect(o.pairedItem).toEqual({ item: k });
			if (dead.includes(k)) expect(o.json.httpCode).toBe('503');
			else expect(Number(o.json.id)).toBe(ids[k]);
		});
		const counts = requestCounts(s);
		for (const [k, id] of ids.entries())
			expect(counts.get(`PUT /services/vendors/${id}`)).toBe(dead.includes(k) ? 5 : 1);
	});
});

describe('Return All shares the bound of the node run', () => {
	it('16 items, each a Return All of several pages: never more than the bound in flight, every list complete', async () => {
		const s = env.sandbox;
		s.seed('webhook', 60);
		s.faults.pageCap = 7;
		s.faults.latencyMs = 10;
		const all = s.store.webhooks.rows.map((r) => Number(r.id));
		const input = Array.from({ length: 16 }, (_, k) => ({ json: { k } }));
		const result = await runStore(
			s,
			{
				resource: 'webhook',
				operation: 'getAll',
				returnAll: true,
				options: { requestsInParallel: 6 },
			},
			{ items: input },
		);
		expect(result.error).toBeUndefined();
		const out = result.items[0];
		expect(out).toHaveLength(16 * all.length);
		for (let k = 0; k < 16; k++) {
			const mine = out.slice(k * all.length, (k + 1) * all.length);
			expect(mine.map((o) => Number(o.json.id))).toEqual(all);
			expect(mine.every((o) => (o.pairedItem as { item: number }).item === k)).toBe(true);
		}
		expect(s.traffic.maxInFlight).toBe(6);
	});
});
