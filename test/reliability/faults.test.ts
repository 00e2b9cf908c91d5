/**
 * Faults of the shop, through the node run by n8n-core against the sandbox: every answer is either the
 * correct result (after retries where the fault is transient) or a NodeApiError naming the operation,
 * the HTTP status and the server's message. With Continue On Fail, only the items that hit a fault fail.
 * (test/workflow/behaviour.test.ts has the single-fault basics; this extends them.)
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { CONCURRENCY } from '../../nodes/StorePlatform/api/paginate';
import { servesVersion } from '../../nodes/StorePlatform/endpoint';
import { TABLES } from '../../nodes/StorePlatform/resources';
import type { Sandbox } from '../../sandbox';
import { apiCredentials, apiRequests, byId, jsonOf, runStore, useSandbox } from '../workflow/setup';
import { closedPort, elapsed, figure, startProxy } from './helpers';

const env = useSandbox();

const getVendor = { resource: 'vendor', operation: 'get', vendorId: byId(1) };
const VENDOR_1 = 'Acme Apparel';

interface Expectation {
	status?: number;
	text: RegExp;
}

/** A plain headline (no path, no status); the description names the operation, the status and the shop's message. */
function expectApiError(error: Error | undefined, operation: string, want: Expectation) {
	expect(error).toBeInstanceOf(NodeApiError);
	const headline = error?.message ?? '';
	expect(headline).not.toMatch(/\/services|HTTP \d|→/);
	const text = `${headline} ${(error as NodeApiError).description ?? ''}`;
	expect(text).toContain(operation);
	if (want.status !== undefined) {
		expect(text).toContain(`HTTP ${want.status}`);
		expect(String((error as NodeApiError).httpCode)).toBe(String(want.status));
	}
	expect(text).toMatch(want.text);
}

describe('single faults', () => {
	it('429 with Retry-After: waits as told, retries, returns the record', async () => {
		const s = env.sandbox;
		s.faults.add({ type: 'status', status: 429, retryAfter: 1 });
		const start = process.hrtime.bigint();
		const result = await runStore(s, getVendor);
		const ms = elapsed(start);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([expect.objectContaining({ title: VENDOR_1 })]);
		expect(apiRequests(s).map((r) => r.status)).toEqual([429, 200]);
		expect(ms).toBeGreaterThanOrEqual(950);
		figure(
			`429 Retry-After 1 s: retried after ${Math.round(ms)} ms, statuses 429,200, correct record`,
		);
	});

	it('503 without Retry-After: bounded backoff, retried, returns the record', async () => {
		const s = env.sandbox;
		s.faults.add({ type: 'status', status: 503 });
		const start = process.hrtime.bigint();
		const result = await runStore(s, getVendor);
		const ms = elapsed(start);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].title).toBe(VENDOR_1);
		expect(apiRequests(s).map((r) => r.status)).toEqual([503, 200]);
		expect(ms).toBeGreaterThanOrEqual(950);
		expect(ms).toBeLessThan(5000);
		figure(`503 no Retry-After: retried after ${Math.round(ms)} ms backoff, correct record`);
	});

	it('503 three times with Retry-After 0: four requests, correct record', async () => {
		const s = env.sandbox;
		s.faults.add({ type: 'status', status: 503, retryAfter: 0, times: 3 });
		const result = await runStore(s, getVendor);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].title).toBe(VENDOR_1);
		expect(apiRequests(s).map((r) => r.status)).toEqual([503, 503, 503, 200]);
		figure('503 x3 (Retry-After 0): 4 requests, correct record');
	});

	it('429 that never ends: bounded retries, then an error naming operation, status and message', async () => {
		const s = env.sandbox;
		s.faults.add({ type: 'status', status: 429, retryAfter: 0, times: Infinity });
		const result = await runStore(s, getVendor);
		expectApiError(result.error, 'Vendor → Get', { status: 429, text: /sandbox fault: HTTP 429/ });
		const n = apiRequests(s).length;
		expect(n).toBe(5);
		figure(`429 forever: gave up after ${n} requests: "${result.error?.message}"`);
	});

	const cases: Array<[string, Parameters<Sandbox['faults']['add']>[0], Expectation, number]> = [
		[
			'500',
			{ type: 'status', status: 500, body: { error: 'boom', error_msg: 'Internal failure' } },
			{ status: 500, text: /Internal failure/ },
			1,
		],
		[
			'500 with a text body',
			{ type: 'status', status: 500, body: 'database unavailable' },
			{ status: 500, text: /database unavailable/ },
			1,
		],
		[
			'HTML error page',
			{ type: 'html', status: 502 },
			{ status: 502, text: /502 Bad Gateway The upstream server returned an invalid response/ },
			1,
		],
		['malformed JSON', { type: 'malformed' }, { status: 200, text: /not valid JSON/ }, 1],
		[
			'status:err with HTTP 200',
			{ type: 'statusErr', error: 'quota', message: 'Daily quota exceeded' },
			{ status: 200, text: /Daily quota exceeded/ },
			1,
		],
		[
			'connection reset',
			{ type: 'reset' },
			{ text: /could not reach the shop.*\(ECONNRESET\)/i },
			1,
		],
	];

	it.each(cases)(
		'%s: NodeApiError naming operation, status and message, not retried',
		async (name, fault, want, requests) => {
			const s = env.sandbox;
			s.faults.add(fault);
			const result = await runStore(s, getVendor);
			expectApiError(result.error, 'Vendor → Get', want);
			expect(result.error?.message).not.toMatch(/<[a-z]/i);
			expect(apiRequests(s)).toHaveLength(requests);
			figure(`${name}: ${apiRequests(s).length} request, "${result.error?.message}"`);
		},
	);

	it('a slow answer past the Timeout option fails in time, naming the operation', async () => {
		const s = env.sandbox;
		s.faults.add({ type: 'slow', ms: 4000 });
		const start = process.hrtime.bigint();
		const result = await runStore(s, { ...getVendor, options: { timeout: 1 } });
		const ms = elapsed(start);
		expectApiError(result.error, 'Vendor → Get', { text: /no answer within 1 s/i });
		expect(ms).toBeLessThan(3000);
		figure(
			`slow 4 s vs Timeout 1 s: failed after ${Math.round(ms)} ms, "${result.error?.message}"`,
		);
	});

	it('a slow answer within the Timeout option succeeds', async () => {
		const s = env.sandbox;
		s.faults.add({ type: 'slow', ms: 300 });
		const result = await runStore(s, { ...getVendor, options: { timeout: 2 } });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].title).toBe(VENDOR_1);
	});

	it('a refused connection names the operation and the cause', async () => {
		const s = env.sandbox;
		const port = await closedPort();
		const credentials = { ...apiCredentials(s), baseUrl: `http://127.0.0.1:${port}` };
		const result = await runStore(s, getVendor, { credentials });
		expectApiError(result.error, 'Vendor → Get', {
			text: /could not reach the shop.*\(ECONNREFUSED\)/i,
		});
		figure(`connection refused: "${result.error?.message}"`);
	});
});

describe('faults in the middle of Return All', () => {
	/** Arms `faults` when the list request for `page` reaches the proxy (so page 1 is always fine). */
	async function armedOnListRequest(
		s: Sandbox,
		page: number,
		faults: Array<Parameters<Sandbox['faults']['add']>[0]>,
	) {
		const proxy = await startProxy(s);
		let armed = false;
		let lists = 0;
		proxy.hook = (r) => {
			if (armed) return;
			if (r.method === 'GET' && r.rawPath === '/services/vendors' && ++lists === page) {
				armed = true;
				for (const f of faults) s.faults.add({ ...f, match: /^GET \/services\/vendors$/ });
			}
		};
		return proxy;
	}

	it('a 429 and a 503 on later pages are retried: every record exactly once', async () => {
		const s = env.sandbox;
		s.seed('vendor', 97);
		s.faults.pageCap = 10;
		const proxy = await armedOnListRequest(s, 3, [
			{ type: 'status', status: 429, retryAfter: 0 },
			{ type: 'status', status: 503, retryAfter: 0, times: 2 },
		]);
		const result = await runStore(
			s,
			{ resource: 'vendor', operation: 'getAll', returnAll: true },
			{ credentials: { ...apiCredentials(s), baseUrl: proxy.url } },
		);
		await proxy.close();
		expect(result.error).toBeUndefined();
		const ids = jsonOf(result).map((r) => Number(r.id));
		expect(ids).toEqual(s.store.vendors.rows.map((r) => Number(r.id)));
		const statuses = apiRequests(s).map((r) => r.status);
		expect(statuses.filter((x) => x === 429)).toHaveLength(1);
		expect(statuses.filter((x) => x === 503)).toHaveLength(2);
		figure(
			`Return All, 429 + 503x2 on later pages: ${ids.length}/100 records exactly once, ${statuses.length} requests`,
		);
	});

	it.each([
		[
			'500',
			{ type: 'status' as const, status: 500 },
			{ status: 500, text: /sandbox fault: HTTP 500/ },
		],
		['reset', { type: 'reset' as const }, { text: /could not reach the shop/i }],
		[
			'status:err',
			{ type: 'statusErr' as const, message: 'Page expired' },
			{ status: 200, text: /Page expired/ },
		],
		['malformed JSON', { type: 'malformed' as const }, { status: 200, text: /not valid JSON/ }],
	])(
		'a %s on the third list request fails the whole list with a clear error',
		async (name, fault, want) => {
			const s = env.sandbox;
			s.seed('vendor', 97);
			s.faults.pageCap = 10;
			const proxy = await armedOnListRequest(s, 3, [fault]);
			const result = await runStore(
				s,
				{ resource: 'vendor', operation: 'getAll', returnAll: true },
				{ credentials: { ...apiCredentials(s), baseUrl: proxy.url } },
			);
			await proxy.close();
			expectApiError(result.error, 'Vendor → Get Many', want);
			expect(result.items).toEqual([]);
			figure(`Return All, ${name} on a later page: "${result.error?.message}"`);
		},
	);
});

describe('page size capped below the requested limit during Return All', () => {
	const storeTable: Record<string, keyof Sandbox['store']> = {
		promotion: 'promotions',
		voucher: 'vouchers',
		abandonedCart: 'abandonedCarts',
		page: 'pages',
		category: 'categories',
		vendor: 'vendors',
		collection: 'collections',
		paymentMethod: 'paymentMethods',
		orderStatus: 'orderStatuses',
		webhook: 'webhooks',
		themeScript: 'themeScripts',
	};
	const paged = TABLES.flatMap((t) =>
		t.endpoints
			.filter((r) => r.operation === 'getAll' && r.paging && servesVersion(r, 3))
			.map(() => t),
	);

	it('covers every paged list of the node', () => {
		expect(paged.map((t) => t.resource).sort()).toEqual(Object.keys(storeTable).sort());
	});

	it.each(paged.map((t) => [t.resource, t] as const))(
		'%s: cap 7, 60 records, each exactly once and in order',
		async (resource, table) => {
			const s = env.sandbox;
			const rows = () =>
				s.store[storeTable[resource]] as unknown as { rows: IDataObject[]; size: number };
			s.seed(resource, 60 - rows().size);
			s.faults.pageCap = 7;
			const key = table.valueKey ?? 'id';
			const result = await runStore(s, { resource, operation: 'getAll', returnAll: true });
			expect(result.error).toBeUndefined();
			const got = jsonOf(result).map((r) => String(r[key]));
			expect(got).toEqual(rows().rows.map((r) => String(r[key])));
			expect(new Set(got).size).toBe(60);
			const listPath = table.endpoints.find((r) => r.operation === 'getAll')?.path;
			const lists = apiRequests(s).filter((r) => r.path === listPath);
			// at most one page more than needed (the short/empty page that ends a list without a count);
			// lists read by id ranges also read the last page once and may end each range with one more.
			const sinceId = table.endpoints
				.find((r) => r.operation === 'getAll')
				?.filters?.some((f) => f.key === 'since_id');
			expect(lists.length).toBeLessThanOrEqual(
				Math.ceil(60 / 7) + 1 + (sinceId ? 1 + CONCURRENCY : 0),
			);
			figure(
				`page cap 7 < limit, ${resource}: 60/60 records exactly once in ${lists.length} list requests`,
			);
		},
	);

	it('stops at Limit when the cap is below it', async () => {
		const s = env.sandbox;
		s.seed('category', 95);
		s.faults.pageCap = 9;
		const result = await runStore(s, {
			resource: 'category',
			operation: 'getAll',
			returnAll: false,
			limit: 40,
		});
		expect(jsonOf(result).map((r) => Number(r.id))).toEqual(
			s.store.categories.rows.slice(0, 40).map((r) => Number(r.id)),
		);
	});
});

describe('continue on fail with faults on some items only', () => {
	it('processes the other items and gives each failed item its own error', async () => {
		const s = env.sandbox;
		s.seed('vendor', 8); // 11 vendors
		s.store.vendors.remove(10);
		const on = (id: number) => new RegExp(`^GET /services/vendors/${id}$`);
		s.faults.add({
			type: 'status',
			status: 500,
			match: on(2),
			body: { error: 'boom', error_msg: 'Vendor table locked' },
		});
		s.faults.add({ type: 'status', status: 429, retryAfter: 0, match: on(3) });
		s.faults.add({ type: 'statusErr', match: on(4), message: 'Vendor is archived' });
		s.faults.add({ type: 'html', status: 502, match: on(5) });
		s.faults.add({ type: 'malformed', match: on(6) });
		s.faults.add({ type: 'reset', match: on(7) });
		s.faults.add({ type: 'slow', ms: 3000, match: on(8) });
		const ids = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, '', 11];
		const result = await runStore(
			s,
			{
				resource: 'vendor',
				operation: 'get',
				vendorId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
				options: { timeout: '={{ $json.id === 8 ? 1 : 10 }}' },
			},
			{ items: ids.map((id) => ({ json: { id } })), continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		const out = result.items[0];
		expect(out.map((i) => i.pairedItem)).toEqual(ids.map((_, item) => ({ item })));
		const want: Record<number, RegExp | 'ok'> = {
			0: 'ok',
			1: /^The shop had an internal error \| Vendor table locked\. .*\(Vendor → Get: GET \/services\/vendors\/2, HTTP 500\)$/,
			2: 'ok',
			3: /^The shop refused the request \| Vendor is archived.*\(Vendor → Get: .*, HTTP 200\)$/,
			4: /^The shop is not available right now \| 502 Bad Gateway.*\(Vendor → Get: .*, HTTP 502\)$/,
			5: /^The shop sent an answer that could not be read \| .*not valid JSON.*\(Vendor → Get: .*, HTTP 200\)$/,
			6: /^Could not reach the shop \| .*\(ECONNRESET\).*\(Vendor → Get: GET \/services\/vendors\/7\)$/,
			7: /^The shop did not answer in time \| No answer within 1 s\..*\(Vendor → Get: .*\)$/,
			8: 'ok',
			9: /^The vendor was not found \| vendor 10 not found\. Check the vendor ID.*\(Vendor → Get: GET \/services\/vendors\/10, HTTP 404\)$/,
			10: /'Vendor' is required/,
			11: 'ok',
		};
		let ok = 0;
		let failed = 0;
		for (const [i, expected] of Object.entries(want)) {
			const json = out[Number(i)].json;
			if (expected === 'ok') {
				ok++;
				expect(json.error).toBeUndefined();
				expect(json.title).toBe(s.store.vendors.get(ids[Number(i)] as number)?.title);
			} else {
				failed++;
				expect(`${String(json.error)} | ${String(json.description ?? '')}`).toMatch(expected);
			}
		}
		expect(out[1].json.httpCode).toBe('500');
		expect(out[10].json.description).toBe('Field: Vendor');
		figure(
			`continue on fail: ${ids.length} items, ${ok} correct, ${failed} error items (500, status:err, 502 HTML, malformed, reset, timeout, 404, empty id), 429 retried`,
		);
	});

	it('without continue on fail, the first failed item stops the node with its item index (one at a time)', async () => {
		const s = env.sandbox;
		s.faults.add({ type: 'status', status: 500, match: /^GET \/services\/vendors\/2$/ });
		const result = await runStore(
			s,
			{
				resource: 'vendor',
				operation: 'get',
				vendorId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
				options: { requestsInParallel: 1 },
			},
			{ items: [{ json: { id: 1 } }, { json: { id: 2 } }, { json: { id: 3 } }] },
		);
		expectApiError(result.error, 'Vendor → Get', { status: 500, text: /sandbox fault/ });
		expect((result.error as NodeApiError).context.itemIndex).toBe(1);
		expect(apiRequests(s).map((r) => r.path)).toEqual([
			'/services/vendors/1',
			'/services/vendors/2',
		]);
		expect(result.error).not.toBeInstanceOf(NodeOperationError);
	});
});
