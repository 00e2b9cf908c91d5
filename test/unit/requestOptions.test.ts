import { serializeQuery } from '../../credentials/oauth1';
import { flattenParams, planSignedRequest } from '../../credentials/requestOptions';

const BASE = 'https://shop.example.com';

describe('planSignedRequest: the options our node and httpRequestWithAuthentication pass', () => {
	it('joins baseURL and url, writes qs into the URL with repeated keys, clears qs and baseURL', () => {
		const plan = planSignedRequest({
			baseURL: `${BASE}/`,
			url: '/services/vendors',
			method: 'GET',
			qs: { fields: 'id,name', ids: [1, 2], skip: undefined, q: 'a b+c' },
			headers: { Accept: 'application/json' },
		});
		expect(plan.url).toBe(`${BASE}/services/vendors?fields=id%2Cname&ids=1&ids=2&q=a%20b%2Bc`);
		expect(plan.options).toMatchObject({
			url: plan.url,
			qs: {},
			baseURL: undefined,
			headers: { Accept: 'application/json' },
		});
		expect(plan.formParams).toEqual([]);
	});

	it('keeps a JSON body out of the signature and untouched', () => {
		const body = { category: { name: 'Shoes' } };
		const plan = planSignedRequest({
			url: `${BASE}/services/categories`,
			method: 'POST',
			body,
			json: true,
		});
		expect(plan.formParams).toEqual([]);
		expect(plan.options.body).toBe(body);
	});

	it('signs a form body declared by its Content-Type, sending the exact string signed', () => {
		const plan = planSignedRequest({
			url: `${BASE}/services/x`,
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: { a: 'x y', list: ['1', '2'] },
		});
		expect(plan.options.body).toBe('a=x%20y&list=1&list=2');
		expect(plan.formParams).toEqual([
			['a', 'x y'],
			['list', '1'],
			['list', '2'],
		]);
		expect(plan.options.headers).toEqual({ 'Content-Type': 'application/x-www-form-urlencoded' });
	});

	it('reads a string or URLSearchParams form body as HTML forms do (+ is a space)', () => {
		const headers = { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' };
		expect(planSignedRequest({ url: BASE, headers, body: 'a=1+2&b=%2B' }).formParams).toEqual([
			['a', '1 2'],
			['b', '+'],
		]);
		expect(
			planSignedRequest({ url: BASE, headers, body: new URLSearchParams({ c: 'd e' }) }).formParams,
		).toEqual([['c', 'd e']]);
	});

	it('names the problem when the URL is not absolute', () => {
		expect(() => planSignedRequest({ url: '/services/vendors' })).toThrow(
			/"\/services\/vendors" is not an absolute http\(s\) URL/,
		);
		expect(() => planSignedRequest({})).toThrow(/not an absolute/);
	});
});

describe("planSignedRequest: the legacy options of n8n's HTTP Request node", () => {
	const legacy = {
		headers: {},
		method: 'GET',
		uri: `${BASE}/services/vendors`,
		gzip: true,
		rejectUnauthorized: true,
		followRedirect: true,
		resolveWithFullResponse: true,
	};

	it('takes uri (a string or a URL) and returns url, without uri', () => {
		const plan = planSignedRequest(legacy);
		expect(plan.url).toBe(`${BASE}/services/vendors`);
		expect(plan.options.url).toBe(plan.url);
		expect('uri' in plan.options).toBe(false);
		expect(plan.options.resolveWithFullResponse).toBe(true);
		expect(planSignedRequest({ ...legacy, uri: new URL(`${BASE}/services/pages?x=1`) }).url).toBe(
			`${BASE}/services/pages?x=1`,
		);
	});

	it.each([
		['repeat', 'id=1&id=2'],
		['brackets', 'id%5B%5D=1&id%5B%5D=2'],
		['indices', 'id%5B0%5D=1&id%5B1%5D=2'],
	])('writes query arrays as qsStringifyOptions.arrayFormat %s asks', (arrayFormat, query) => {
		const plan = planSignedRequest({
			...legacy,
			qs: { id: ['1', '2'] },
			qsStringifyOptions: { arrayFormat },
		});
		expect(plan.url).toBe(`${BASE}/services/vendors?${query}`);
		expect('qsStringifyOptions' in plan.options).toBe(false);
	});

	it('writes arrays as brackets by default (as the HTTP client would) and repeated with useQuerystring', () => {
		expect(planSignedRequest({ ...legacy, qs: { id: [1, 2] } }).url).toMatch(
			/\?id%5B%5D=1&id%5B%5D=2$/,
		);
		expect(planSignedRequest({ ...legacy, qs: { id: [1, 2] }, useQuerystring: true }).url).toMatch(
			/\?id=1&id=2$/,
		);
	});

	it('adds the query to one the uri already has', () => {
		expect(
			planSignedRequest({ ...legacy, uri: `${BASE}/services/vendors?page=2`, qs: { limit: 250 } })
				.url,
		).toBe(`${BASE}/services/vendors?page=2&limit=250`);
	});

	it('turns form into a signed string body with its Content-Type', () => {
		const plan = planSignedRequest({
			...legacy,
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			form: { category: { name: 'Summer sale', tags: ['a', 'b'] } },
		});
		expect(plan.options.body).toBe(
			'category%5Bname%5D=Summer%20sale&category%5Btags%5D%5B0%5D=a&category%5Btags%5D%5B1%5D=b',
		);
		expect(plan.formParams).toEqual([
			['category[name]', 'Summer sale'],
			['category[tags][0]', 'a'],
			['category[tags][1]', 'b'],
		]);
		expect(plan.options.headers).toEqual({ 'Content-Type': 'application/x-www-form-urlencoded' });
		expect('form' in plan.options).toBe(false);
	});
});

describe('flattenParams', () => {
	it('nests objects as a[b], leaves out null and undefined, writes dates as ISO and comma lists', () => {
		const date = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
		expect(
			flattenParams({ a: { b: { c: 1 } }, n: null, u: undefined, d: date, e: '' }, 'repeat'),
		).toEqual([
			['a[b][c]', '1'],
			['d', '2026-01-02T03:04:05.000Z'],
			['e', ''],
		]);
		expect(flattenParams({ ids: [1, null, 3] }, 'comma')).toEqual([['ids', '1,3']]);
		expect(flattenParams({ rows: [{ id: 1 }, { id: 2 }] }, 'indices')).toEqual([
			['rows[0][id]', '1'],
			['rows[1][id]', '2'],
		]);
	});
});

describe('the query the credential writes', () => {
	it('equals serializeQuery (cross-checked with oauth-1.0a in oauth1.test.ts) for flat queries', () => {
		const qs = {
			b: 'x y',
			a: [1, 'two', true],
			skip: undefined,
			nil: null,
			e: '',
			'asset[key]': 'a+b',
			u: 'ü😀',
		};
		const plan = planSignedRequest({ url: 'https://shop.example.com/services/x', qs });
		expect(plan.url).toBe(`https://shop.example.com/services/x?${serializeQuery(qs)}`);
	});
});
