/**
 * What users rely on beyond single requests: Return All over many pages (with a server that caps
 * the page size), retries, in-band errors, continue-on-fail, bad input before any request, ids that
 * cannot change the path, and the n8n Connect (OAuth1) credential signing the same requests.
 */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { StorePlatform } from '../../nodes/StorePlatform/StorePlatform.node';
import { runNode } from '../harness';
import { apiRequests, byId, credentialTypes, jsonOf, runStore, useSandbox } from './setup';

const env = useSandbox();

const idsOf = (out: Array<{ id?: unknown }>) => out.map((r) => Number(r.id));
const range = (from: number, to: number) =>
	Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('Return All', () => {
	it('reads every record once, in order, when the server caps the page size', async () => {
		const s = env.sandbox;
		s.seed('promotion', 996); // 1000 in all
		s.faults.pageCap = 30;
		const result = await runStore(s, {
			resource: 'promotion',
			operation: 'getAll',
			returnAll: true,
		});
		expect(result.error).toBeUndefined();
		expect(idsOf(jsonOf(result))).toEqual(range(1, 1000));
		const lists = apiRequests(s).filter((r) => r.path === '/services/promotions');
		expect(lists).toHaveLength(Math.ceil(1000 / 30));
		expect(lists.slice(1).every((r) => r.query.limit === '30')).toBe(true);
	});

	it('uses the largest page the endpoint allows (webhooks: 200)', async () => {
		const s = env.sandbox;
		s.seed('webhook', 450);
		const result = await runStore(s, { resource: 'webhook', operation: 'getAll', returnAll: true });
		expect(jsonOf(result)).toHaveLength(450);
		const lists = apiRequests(s).filter((r) => r.path === '/services/webhooks');
		expect(lists.map((r) => r.query.limit)).toEqual(['200', '200', '200']);
	});

	it('pages a list without a count endpoint until a short page', async () => {
		const s = env.sandbox;
		s.seed('orderStatus', 295); // 300 in all
		s.faults.pageCap = 40;
		const result = await runStore(s, {
			resource: 'orderStatus',
			operation: 'getAll',
			returnAll: true,
		});
		expect(idsOf(jsonOf(result))).toEqual(range(1, 300));
		const count = await runStore(s, { resource: 'orderStatus', operation: 'count' });
		expect(jsonOf(count)).toEqual([{ count: 300 }]);
	});

	it('stops at Limit even when the server caps pages below it', async () => {
		const s = env.sandbox;
		s.seed('page', 200);
		s.faults.pageCap = 50;
		const result = await runStore(s, {
			resource: 'page',
			operation: 'getAll',
			returnAll: false,
			limit: 120,
		});
		expect(idsOf(jsonOf(result))).toEqual(range(1, 120));
	});

	it('applies filters to every page and to the count', async () => {
		const s = env.sandbox;
		s.seed('webhook', 30);
		const result = await runStore(s, {
			resource: 'webhook',
			operation: 'getAll',
			returnAll: true,
			filters: { section: 'order/create' },
		});
		const out = jsonOf(result);
		expect(out.length).toBeGreaterThan(0);
		expect(out.every((w) => w.section === 'order/create')).toBe(true);
		const count = apiRequests(s).find((r) => r.path === '/services/webhooks/count');
		expect(count?.query).toEqual({ section: 'order/create' });
	});
});

describe('faults', () => {
	it('retries a 429 after Retry-After', async () => {
		const s = env.sandbox;
		s.faults.add({ type: 'status', status: 429, retryAfter: 0, times: 2 });
		const result = await runStore(s, {
			resource: 'promotion',
			operation: 'get',
			promotionId: byId(1),
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].title).toBe('Summer sale');
		expect(apiRequests(s).map((r) => r.status)).toEqual([429, 429, 200]);
	});

	it('raises a status:err body sent with HTTP 200 as an API error with its message', async () => {
		const s = env.sandbox;
		s.faults.add({ type: 'statusErr', error: 'quota', message: 'Daily quota exceeded' });
		const result = await runStore(s, { resource: 'page', operation: 'count' });
		expect(result.error).toBeInstanceOf(NodeApiError);
		expect(result.error?.message).toBe('The shop refused the request');
		const description = (result.error as NodeApiError).description ?? '';
		expect(description).toContain('Daily quota exceeded');
		expect(description).toContain('Page → Count');
	});

	it.each([
		[
			'html',
			{ type: 'html' as const, status: 502 },
			/^The shop is not available right now \| .*HTTP 502\)$/,
		],
		[
			'malformed',
			{ type: 'malformed' as const },
			/^The shop sent an answer that could not be read \| .*not valid JSON/,
		],
		[
			'500',
			{
				type: 'status' as const,
				status: 500,
				body: { error: 'boom', error_msg: 'Internal failure' },
			},
			/^The shop had an internal error \| Internal failure\. .*HTTP 500\)$/,
		],
	])('explains a %s answer: a plain headline, the details below', async (_name, fault, message) => {
		const s = env.sandbox;
		s.faults.add(fault);
		const result = await runStore(s, { resource: 'vendor', operation: 'get', vendorId: byId(1) });
		expect(result.error).toBeInstanceOf(NodeApiError);
		expect(`${result.error?.message} | ${(result.error as NodeApiError).description}`).toMatch(
			message,
		);
	});

	it('gives up on a slow answer after the Timeout option', async () => {
		const s = env.sandbox;
		s.faults.add({ type: 'slow', ms: 3000 });
		const result = await runStore(s, {
			resource: 'vendor',
			operation: 'get',
			vendorId: byId(1),
			options: { timeout: 1 },
		});
		expect(result.error?.message).toBe('The shop did not answer in time');
		expect((result.error as NodeApiError).description).toMatch(/No answer within 1 s/);
	});

	it('explains a refused connection', async () => {
		const s = env.sandbox;
		const credentials = {
			baseUrl: 'http://127.0.0.1:1',
			consumerKey: 'k',
			consumerSecret: 's',
			accessToken: 't',
			accessTokenSecret: 'u',
		};
		const result = await runStore(s, { resource: 'vendor', operation: 'count' }, { credentials });
		expect(result.error?.message).toBe('Could not reach the shop');
		expect((result.error as NodeApiError).description).toMatch(/\(ECONNREFUSED\).*Shop Base URL/);
	});

	it('names the record that was not found: the record addressed by ID, or the parent of a count (a missing product is not "the variant")', async () => {
		const s = env.sandbox;
		const count = await runStore(
			s,
			{ resource: 'variant', operation: 'count', productId: '999999' },
			{ continueOnFail: true },
		);
		const [failed] = count.items[0];
		expect(failed.json.httpCode).toBe('404');
		expect(failed.json.error).toBe('The product was not found');
		const get = await runStore(
			s,
			{
				resource: 'vendor',
				operation: 'get',
				vendorId: { __rl: true, mode: 'id', value: '999999' },
			},
			{ continueOnFail: true },
		);
		expect(get.items[0][0].json.error).toBe('The vendor was not found');
	});

	it('continues on fail: an error item for the bad input, the others processed', async () => {
		const s = env.sandbox;
		const items = [
			{ json: { id: 1 } },
			{ json: { id: 999 } },
			{ json: { id: 'x/../2' } },
			{ json: { id: 2 } },
		];
		const result = await runStore(
			s,
			{
				resource: 'promotion',
				operation: 'get',
				promotionId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
			},
			{ items, continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		const out = result.items[0];
		expect(out).toHaveLength(4);
		expect(out.map((i) => i.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
		]);
		expect(out[0].json.title).toBe('Summer sale');
		expect(out[1].json).toMatchObject({ error: 'The promotion was not found', httpCode: '404' });
		expect(out[1].json.description).toMatch(/HTTP 404\)$/);
		// a promotion's id is a whole number: the third item is refused before any request, naming the field
		expect(out[2].json).toEqual({
			error: expect.stringContaining(
				`'Promotion' must be the promotion's ID, a whole number such as 12, not "x/../2": pick the promotion with "From list"`,
			),
			description: 'Field: Promotion',
		});
		expect(Number(out[3].json.id)).toBe(2);
		expect(apiRequests(s).map((r) => r.path)).toEqual(
			['/services/promotions/1', '/services/promotions/999', '/services/promotions/2'].map((path) =>
				expect.stringMatching(`^${path}$`),
			),
		);
	});
});

describe('bad input', () => {
	it.each([
		[
			'a bad date',
			{
				resource: 'promotion',
				operation: 'create',
				title: 'X',
				promotionType: 1,
				promotionValue: 1,
				promotionOnType: 1,
				products: '1',
				additionalFields: { startAt: 'next friday' },
			},
			/'Start At'/,
		],
		[
			'invalid JSON',
			{
				resource: 'promotion',
				operation: 'create',
				title: 'X',
				promotionType: 1,
				promotionValue: 1,
				promotionOnType: 1,
				products: '[1, 2',
			},
			/'Products' is not valid JSON/,
		],
		[
			'a missing id',
			{
				resource: 'page',
				operation: 'get',
				pageId: { __rl: true, mode: 'id', value: '={{ "" }}' },
			},
			/'Page' is required/,
		],
		[
			'an id list with a word',
			{
				resource: 'voucher',
				operation: 'create',
				code: 'A',
				discountAmount: 5,
				discountOn: 3,
				discountOnType: 1,
				products: '1, two',
			},
			/'Products' must be a list of IDs such as 12, 15: entry 2 is "two"/,
		],
		[
			'a zero limit',
			{ resource: 'page', operation: 'getAll', returnAll: false, limit: 0 },
			/'Limit' must be 1 or more/,
		],
		[
			'no update fields',
			{ resource: 'blog', operation: 'update', blogId: byId(1), updateFields: {} },
			/Update Fields/,
		],
		[
			'a bad asset key',
			{
				resource: 'themeAsset',
				operation: 'create',
				themeId: byId(1),
				key: 'style.css',
				content: 'x',
			},
			/'Asset Key'/,
		],
		[
			'a non-numeric price',
			{
				resource: 'applicationCharge',
				operation: 'create',
				name: 'A',
				price: '={{ "ten" }}',
				returnUrl: 'https://a.example',
			},
			/'Price' must be/,
		],
	])('rejects %s before any request, naming the field', async (_name, params, message) => {
		const s = env.sandbox;
		const result = await runStore(s, params);
		expect(result.error).toBeInstanceOf(NodeOperationError);
		expect(result.error?.message).toMatch(message);
		expect(apiRequests(s)).toHaveLength(0);
	});

	it('encodes text ids so that they never change the path', async () => {
		const s = env.sandbox;
		const result = await runStore(
			s,
			{ resource: 'abandonedCart', operation: 'get', userKey: byId('9/../2') },
			{ continueOnFail: true },
		);
		expect(jsonOf(result)[0]).toMatchObject({ httpCode: '404' });
		expect(jsonOf(result)[0].description).toMatch(
			/GET \/services\/checkout\/9%2F..%2F2, HTTP 404\)$/,
		);
		expect(apiRequests(s)[0].path).toBe('/services/checkout/9/../2');
	});

	// test/unit/inputWiring.test.ts feeds every input of every endpoint directly; this is what n8n adds
	it('takes values from expressions as n8n gives them (a Luxon DateTime, a JS Date, a cell of the rows); a refused item is one error item, the others are sent', async () => {
		const s = env.sandbox;
		const result = await runStore(
			s,
			{
				resource: 'voucher',
				operation: 'create',
				code: '={{ $json.code }}',
				discountType: 5,
				progressiveStepsTresholdType: 1,
				progressiveStepsDiscountType: 2,
				progressiveSteps: { step: [{ treshold: '={{ $json.t }}', discount: 5 }] },
				additionalFields: {
					startAt: "={{ DateTime.fromISO('2026-07-01T10:00:00Z') }}",
					finishAt: "={{ new Date('2026-12-01T10:00:00.000Z') }}",
				},
			},
			{
				items: [
					{ json: { code: 'W1', t: ' 100 ' } },
					{ json: { code: 'W2', t: '5%' } },
					{ json: { code: 'W3', t: 250 } },
				],
				continueOnFail: true,
			},
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0].map((i) => i.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		const out = jsonOf(result);
		expect(out[1]).toEqual({
			error: expect.stringContaining(
				"'Progressive Steps' row 1: 'Threshold' must be a decimal number",
			),
			description: 'Field: Progressive Steps',
		});
		expect([out[0].code, out[2].code]).toEqual(['W1', 'W3']);
		// the workflow's time zone (n8n's default, America/New_York): summer and winter time
		expect(apiRequests(s).map((r) => r.body)).toEqual(
			[100, 250].map((treshold) =>
				expect.objectContaining({
					start_at: '2026-07-01 06:00:00',
					finish_at: '2026-12-01 05:00:00',
					progressive_steps: [{ treshold, discount: 5 }],
				}),
			),
		);
	});

	it('accepts ids and numbers given as strings or numbers from expressions', async () => {
		const s = env.sandbox;
		const result = await runStore(s, {
			resource: 'promotion',
			operation: 'update',
			promotionId: { __rl: true, mode: 'id', value: '={{ 2 }}' },
			updateFields: { promotionValue: '={{ "45" }}', promotionType: '={{ "2" }}' },
		});
		expect(result.error).toBeUndefined();
		expect(apiRequests(s)[0].body).toEqual({
			promotion: { promotion_value: 45, promotion_type: 2 },
		});
	});
});

describe('n8n Connect credential (OAuth1)', () => {
	it('signs the same requests through n8n-core, query included', async () => {
		const s = env.sandbox;
		const result = await runNode({
			nodeType: new StorePlatform(),
			parameters: {
				authentication: 'oAuth1',
				resource: 'themeAsset',
				operation: 'get',
				themeId: byId(1),
				assetKey: byId('assets/style.css'),
			},
			credentials: {
				storePlatformOAuth1Api: {
					baseUrl: s.url,
					consumerKey: s.credentials.consumerKey,
					consumerSecret: s.credentials.consumerSecret,
					oauthTokenData: {
						oauth_token: s.credentials.accessToken,
						oauth_token_secret: s.credentials.accessTokenSecret,
					},
				},
			},
			credentialTypes,
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].key).toBe('assets/style.css');
		expect(apiRequests(s).every((r) => r.authorized)).toBe(true);
	});
});

describe('Return All planning', () => {
	it('does not plan with a count that ignores one of the list filters', async () => {
		const s = env.sandbox;
		s.seed('collection', 300);
		const result = await runStore(s, {
			resource: 'collection',
			operation: 'getAll',
			returnAll: true,
			filters: { title: 'Bestsellers' },
		});
		expect(jsonOf(result).map((c) => c.title)).toEqual(['Bestsellers']);
		const paths = apiRequests(s).map((r) => r.path);
		expect(paths).not.toContain('/services/collections/count');
		// Without a total, a short first page may be a server cap: one more page tells.
		expect(paths).toEqual(['/services/collections', '/services/collections']);
	});

	it('reads records without ids (Fields option) without losing any', async () => {
		const s = env.sandbox;
		s.seed('vendor', 400);
		s.faults.pageCap = 100;
		const result = await runStore(s, {
			resource: 'vendor',
			operation: 'getAll',
			returnAll: true,
			options: { fields: 'title' },
		});
		expect(jsonOf(result)).toHaveLength(403);
		expect(Object.keys(jsonOf(result)[0])).toEqual(['title']);
	});
});
