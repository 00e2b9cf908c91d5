/**
 * A run that stops (no Continue On Fail), through n8n-core's engine against the sandbox over HTTP: once an item
 * has failed no item is started and no refused request is sent again; the requests already sent are waited
 * for, and the failing item's error names every item after it that the shop answered, with its record and
 * the answer, so that the shop's records match the error exactly.
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { ItemGate } from '../../nodes/StorePlatform/api/gate';
import { DEFAULT_PARALLEL } from '../../nodes/StorePlatform/api/pool';
import type { RecordedRequest, Sandbox } from '../../sandbox';
import { apiRequests, runStore, useSandbox } from './setup';

const env = useSandbox();

const byExpression = { __rl: true, mode: 'id', value: '={{ $json.id }}' };
const UNKNOWN = 999_999;
const updateVendors = (options: INodeParameters = {}): INodeParameters => ({
	resource: 'vendor',
	operation: 'update',
	vendorId: byExpression,
	updateFields: { title: '={{ $json.title }}' },
	options,
});

/** 51 vendor updates, item 25 with an id the shop does not know. */
function input(s: Sandbox): { ids: number[]; items: INodeExecutionData[] } {
	s.seed('vendor', 51 - s.store.vendors.size);
	const ids = s.store.vendors.rows.map((r) => Number(r.id)).slice(0, 51);
	ids[25] = UNKNOWN;
	return { ids, items: ids.map((id) => ({ json: { id, title: `Vendor ${id} (bulk)` } })) };
}

const idOf = (r: RecordedRequest) => Number(r.path.split('/').pop());
const changed = (s: Sandbox) =>
	s.store.vendors.rows.filter((r) => String(r.title).endsWith('(bulk)')).map((r) => Number(r.id));

/** The requests that reached the shop after it had answered the unknown vendor's 404. */
function afterThe404(s: Sandbox): RecordedRequest[] {
	const failing = s.requests.find(
		(r) => r.method === 'PUT' && idOf(r) === UNKNOWN && r.status !== 429,
	);
	expect(failing?.status).toBe(404);
	const api = new Set(apiRequests(s));
	return s.requests.slice(failing?.answeredAfter).filter((r) => api.has(r));
}

/**
 * The node's side, in the order it happened: each request let out by its item's gate, and each failed answer
 * taken in. The sandbox shares n8n-core's process here, so a request let out just before the 404 came in can
 * reach the shop just after the shop answered it; what the node must never do is let one out after.
 */
function watchNode(): string[] {
	const log: string[] = [];
	const { admit, failed } = ItemGate.prototype;
	jest.spyOn(ItemGate.prototype, 'admit').mockImplementation(function (this: ItemGate, n) {
		const held = admit.call(this, n);
		if (!held) log.push('let out');
		return held;
	});
	jest.spyOn(ItemGate.prototype, 'failed').mockImplementation(function (this: ItemGate) {
		log.push('failed');
		failed.call(this);
	});
	return log;
}

afterEach(() => jest.restoreAllMocks());

/** Whether the error names this vendor. */
const named = (description: string, id: number) =>
	new RegExp(`\\bvendor ${id}\\b`).test(description);

/** The vendors the error tells were updated after the failing item (the shop's answers after "had already been sent"). */
function toldUpdated(description: string): number[] {
	const after = description.split('had already been sent')[1] ?? '';
	const groups = [...after.matchAll(/updated, HTTP 2\d\d \(([^)]*)\)/g)];
	return groups.flatMap((g) => [...g[1].matchAll(/vendor (\d+)/g)].map((m) => Number(m[1])));
}

describe('without Continue On Fail: nothing starts after the failure', () => {
	it('the store allowing 4 in flight (429 beyond): after the 404 no item is started and no refusal sent again', async () => {
		const s = env.sandbox;
		const { ids, items } = input(s);
		s.faults.latencyMs = 20;
		s.faults.inFlightCap = 4;
		s.faults.capRetryAfter = 0;
		const log = watchNode();
		const result = await runStore(s, updateVendors(), { items });
		expect(result.error?.message).toBe('The vendor was not found');
		expect(log.slice(log.indexOf('failed')).filter((e) => e === 'let out')).toEqual([]);
		// the shop: after its 404 only requests let out before the node had it, and each of them named
		const late = afterThe404(s);
		expect(late.length).toBeLessThan(DEFAULT_PARALLEL);
		const description = (result.error as NodeApiError).description ?? '';
		for (const r of late) expect(named(description, idOf(r))).toBe(true);
		// the vendors told updated after the failing item are exactly those the shop changed after it
		const changedAfter = changed(s).filter((id) => ids.indexOf(id) > 25);
		expect(toldUpdated(description).sort((a, b) => a - b)).toEqual(
			changedAfter.sort((a, b) => a - b),
		);
	});

	it('51 updates, item 25 unknown: the error names exactly the records changed after it, nothing started after it', async () => {
		const s = env.sandbox;
		const { ids, items } = input(s);
		s.faults.latencyMs = 5;
		const log = watchNode();
		const result = await runStore(s, updateVendors(), { items });
		const error = result.error as NodeApiError;
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('The vendor was not found');
		expect(error.context.itemIndex).toBe(25);
		expect(error.description).toMatch(
			/\(Vendor → Update: PUT \/services\/vendors\/999999, HTTP 404\)/,
		);
		expect(error.description).toMatch(
			/The node stopped at item 25\. Items 0–24 were done before it\./,
		);
		expect(log.slice(log.indexOf('failed')).filter((e) => e === 'let out')).toEqual([]);
		const stored = changed(s);
		expect(ids.slice(0, 25).every((id) => stored.includes(id))).toBe(true);
		const after = ids.slice(26).filter((id) => stored.includes(id));
		// items after it were in flight (16 at a time): each is named with its answer, the others are not started
		expect(after.length).toBeGreaterThan(0);
		for (const id of ids.slice(26))
			expect(named(error.description ?? '', id)).toBe(after.includes(id));
		expect(toldUpdated(error.description ?? '')).toEqual(after);
		const lastSent = 25 + after.length;
		expect(error.description).toContain(
			`Items 26–${lastSent} had already been sent when it failed (a request sent cannot be called back); the shop answered: items 26–${lastSent} updated, HTTP 200 (`,
		);
		expect(error.description).toMatch(new RegExp(`Items ${lastSent + 1}–50 were not started\\.$`));
		expect(apiRequests(s)).toHaveLength(26 + after.length);
	});

	it('with Continue On Fail nothing changes: the error item in its place, the 50 others updated', async () => {
		const s = env.sandbox;
		const { ids, items } = input(s);
		const result = await runStore(s, updateVendors(), { items, continueOnFail: true });
		expect(result.error).toBeUndefined();
		const out = result.items[0];
		expect(out).toHaveLength(51);
		expect(out[25].json.error).toBe('The vendor was not found');
		expect(out[25].json.description).not.toMatch(/stopped/);
		expect(changed(s).sort((a, b) => a - b)).toEqual(
			ids.filter((id) => id !== UNKNOWN).sort((a, b) => a - b),
		);
	});
});
