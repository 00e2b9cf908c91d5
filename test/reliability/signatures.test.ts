/**
 * OAuth 1.0 signatures under generated input: queries with every reserved character, spaces, unicode,
 * emoji, empty values, `asset[key]`, repeated keys, odd path segments, and every HTTP method. Each one
 * signed by the node's credential (`StorePlatformApi.authenticate`) and checked by the sandbox's
 * independent verifier (the `oauth-1.0a` package); the same requests signed with a wrong consumer
 * secret or a wrong token secret are always refused. A few hundred more go through the whole node.
 */
import type {
	IDataObject,
	IHttpRequestMethods,
	IHttpRequestOptions,
	INodeParameters,
} from 'n8n-workflow';

import { StorePlatformApi } from '../../credentials/StorePlatformApi.credentials';
import { StorePlatform } from '../../nodes/StorePlatform/StorePlatform.node';
import { runNode } from '../harness';
import type { RecordedRequest, Sandbox } from '../../sandbox';
import {
	apiCredentials,
	apiRequests,
	credentialTypes,
	runStore,
	useSandbox,
} from '../workflow/setup';
import { elapsed, figure } from './helpers';
import { prng, pick, type Rand } from '../prng';

const env = useSandbox();

const PIECES = [
	'a',
	'Z',
	'0',
	'9',
	'-',
	'.',
	'_',
	'~',
	' ',
	'  ',
	'!',
	'*',
	"'",
	'(',
	')',
	';',
	':',
	'@',
	'&',
	'=',
	'+',
	'$',
	',',
	'/',
	'?',
	'#',
	'[',
	']',
	'%',
	'%20',
	'%2B',
	'"',
	'<',
	'>',
	'\\',
	'^',
	'`',
	'{',
	'|',
	'}',
	'é',
	'ß',
	'Ł',
	'中文',
	'ключ',
	'😀',
	'👍🏽',
	'\u00a0',
	'\t',
	'abc',
	'Summer sale',
];
const KEYS = [
	'q',
	'title',
	'filter name',
	'a&b',
	'x=y',
	'asset[key]',
	'emoji😀',
	'ключ',
	'fields',
	"k!*'()",
	'since_id',
	'p+q',
	'%41',
	'a[b][c]',
	'ü',
];
const SEGMENTS = [
	'vendors',
	'pages',
	'1',
	'themes',
	'assets',
	'x y',
	'ü',
	'😀',
	'a/b',
	"it's",
	'(1)',
	'*',
	'a+b',
	'%',
	'count',
	'~tilde',
];
const METHODS: IHttpRequestMethods[] = ['GET', 'POST', 'PUT', 'DELETE'];

const text = (rand: Rand, max = 6) =>
	Array.from({ length: Math.floor(rand() * (max + 1)) }, () => pick(rand, PIECES)).join('');

interface Generated {
	method: IHttpRequestMethods;
	path: string;
	qs: Record<string, string | string[]>;
	body?: IDataObject;
}

function generate(n: number, seed: number): Generated[] {
	const rand = prng(seed);
	return Array.from({ length: n }, (_, i) => {
		const qs: Record<string, string | string[]> = { n: String(i) };
		const keys = Math.floor(rand() * 5);
		for (let k = 0; k < keys; k++) {
			const key = rand() < 0.7 ? pick(rand, KEYS) : text(rand, 3) || 'k';
			qs[key] = rand() < 0.1 ? [text(rand), text(rand)] : rand() < 0.15 ? '' : text(rand);
		}
		const depth = 1 + Math.floor(rand() * 3);
		const segments = Array.from({ length: depth }, () =>
			rand() < 0.8 ? pick(rand, SEGMENTS) : text(rand, 2) || 'x',
		);
		const method = METHODS[i % METHODS.length];
		return {
			method,
			path: `/services/${segments.map(encodeURIComponent).join('/')}`,
			qs,
			body:
				method === 'POST' || method === 'PUT'
					? { value: text(rand), emoji: '😀', nested: { k: text(rand) } }
					: undefined,
		};
	});
}

const credential = new StorePlatformApi();

async function send(
	s: Sandbox,
	g: Generated,
	secrets: { consumerSecret?: string; accessTokenSecret?: string } = {},
) {
	const data = { ...apiCredentials(s), ...secrets };
	const request: IHttpRequestOptions = {
		method: g.method,
		url: `${s.url}${g.path}`,
		qs: g.qs,
		headers: { Accept: 'application/json' },
		json: true,
	};
	const signed = await credential.authenticate(data, request);
	const headers = { ...(signed.headers as Record<string, string>) };
	if (g.body) headers['content-type'] = 'application/json';
	const res = await fetch(signed.url, {
		method: g.method,
		headers,
		body: g.body ? JSON.stringify(g.body) : undefined,
	});
	await res.arrayBuffer();
	return res.status;
}

async function sendAll(
	s: Sandbox,
	list: Generated[],
	secrets?: { consumerSecret?: string; accessTokenSecret?: string },
) {
	const statuses: number[] = [];
	for (let i = 0; i < list.length; i += 50) {
		statuses.push(...(await Promise.all(list.slice(i, i + 50).map((g) => send(s, g, secrets)))));
	}
	return statuses;
}

/** The sandbox's record of each generated request, found by its `n` parameter. */
function recordsOf(s: Sandbox, n: number): RecordedRequest[] {
	const byN = new Map(s.requests.map((r) => [String(r.query.n), r]));
	return Array.from({ length: n }, (_, i) => byN.get(String(i)) as RecordedRequest);
}

const N = 1000;

describe('signatures through the credential', () => {
	const generated = generate(N, 20260501);

	it(`${N} generated requests: all accepted by the independent verifier, query delivered as given`, async () => {
		const s = env.sandbox;
		const start = process.hrtime.bigint();
		const statuses = await sendAll(s, generated);
		const records = recordsOf(s, N);
		const refused = records.filter((r) => !r?.authorized);
		expect(refused.map((r) => `${r?.method} ${r?.path}?${r?.rawQuery}`)).toEqual([]);
		expect(statuses.filter((st) => st === 401)).toEqual([]);
		records.forEach((r, i) => {
			const want = Object.fromEntries(
				Object.entries(generated[i].qs).filter(([, v]) => !Array.isArray(v) || v.length > 0),
			);
			expect(r.query).toEqual(want);
			expect(r.method).toBe(generated[i].method);
		});
		const methods = METHODS.map((m) => `${m} ${records.filter((r) => r.method === m).length}`).join(
			', ',
		);
		const withEmpty = generated.filter((g) => Object.values(g.qs).some((v) => v === '')).length;
		const withRepeat = generated.filter((g) => Object.values(g.qs).some(Array.isArray)).length;
		figure(
			`signatures: ${N} generated (${methods}; ${withEmpty} with empty values, ${withRepeat} with repeated keys), ${N - refused.length} accepted by oauth-1.0a, ${Math.round(elapsed(start))} ms`,
		);
	});

	it.each([
		['consumer secret', { consumerSecret: 'wrong-consumer-secret' }],
		['token secret', { accessTokenSecret: 'wrong-token-secret' }],
	])(`the same ${N} signed with a wrong %s: all refused with 401`, async (what, secrets) => {
		const s = env.sandbox;
		const statuses = await sendAll(s, generated, secrets);
		const records = recordsOf(s, N);
		expect(statuses.filter((st) => st !== 401)).toEqual([]);
		expect(records.filter((r) => r.authorized)).toEqual([]);
		figure(
			`signatures: ${N} generated with a wrong ${what}, ${statuses.filter((st) => st === 401).length} rejected (401)`,
		);
	});
});

describe('signatures through the whole node', () => {
	const rand = prng(7);
	// `a`, `c` and `id` feed ids, which refuse control characters such as a tab (README, input rules): a
	// tab there becomes a no-break space, so that every item is sent.
	const noTab = (t: string) => t.replace(/\t/g, '\u00a0');
	const items = (n: number) =>
		Array.from({ length: n }, (_, i) => ({
			json: {
				i,
				a: noTab(text(rand) || 'a'),
				b: text(rand),
				c: noTab(text(rand, 3)),
				id: noTab(`${i}${text(rand, 3)}`),
			},
		}));
	const v = (key: string) => `={{ $json.${key} }}`;
	// records with whole-number ids take only digits (README, input rules); text ids take any text
	const num = '={{ $json.i + 1 }}';

	const runs: Array<[string, INodeParameters]> = [
		[
			'collection Get Many (GET, title/url/since_id filters, fields)',
			{
				resource: 'collection',
				operation: 'getAll',
				returnAll: false,
				limit: 1,
				filters: { title: v('a'), url: v('b'), sinceId: v('c') },
				options: { fields: v('c') },
			},
		],
		[
			'order status Get Many (GET, name/sku filters)',
			{
				resource: 'orderStatus',
				operation: 'getAll',
				returnAll: false,
				limit: 1,
				filters: { name: v('a'), sku: v('b') },
			},
		],
		[
			'voucher Count (GET, since_id filter)',
			{ resource: 'voucher', operation: 'count', filters: { sinceId: v('a') } },
		],
		[
			'theme asset Get (GET, asset[key])',
			{
				resource: 'themeAsset',
				operation: 'get',
				themeId: { __rl: true, mode: 'id', value: '1' },
				assetKey: { __rl: true, mode: 'id', value: v('a') },
			},
		],
		[
			'variant Get (GET, ids in the path)',
			{
				resource: 'variant',
				operation: 'get',
				productId: num,
				variantId: { __rl: true, mode: 'id', value: num },
			},
		],
		[
			'page Create (POST)',
			{
				resource: 'page',
				operation: 'create',
				title: v('a'),
				additionalFields: { content: v('b') },
			},
		],
		[
			'page Update (PUT)',
			{
				resource: 'page',
				operation: 'update',
				pageId: { __rl: true, mode: 'id', value: num },
				updateFields: { title: v('a') },
			},
		],
		[
			'page Delete (DELETE)',
			{ resource: 'page', operation: 'delete', pageId: { __rl: true, mode: 'id', value: num } },
		],
		[
			'theme asset Delete (DELETE, asset[key])',
			{
				resource: 'themeAsset',
				operation: 'delete',
				themeId: { __rl: true, mode: 'id', value: '2' },
				assetKey: { __rl: true, mode: 'id', value: v('a') },
			},
		],
		[
			'abandoned cart Get (GET, a text id in the path)',
			{
				resource: 'abandonedCart',
				operation: 'get',
				userKey: { __rl: true, mode: 'id', value: v('id') },
			},
		],
	];

	it('signs every request of the node: all accepted', async () => {
		const s = env.sandbox;
		let total = 0;
		for (const [name, params] of runs) {
			s.reset();
			const input = items(40);
			const result = await runStore(s, params, { items: input, continueOnFail: true });
			expect(result.error).toBeUndefined();
			const requests = apiRequests(s);
			expect(requests.length).toBeGreaterThanOrEqual(input.length);
			const refused = requests.filter((r) => !r.authorized || r.status === 401);
			expect([name, refused.map((r) => `${r.method} ${r.path}?${r.rawQuery}`)]).toEqual([name, []]);
			if (params.resource === 'collection') {
				requests.forEach((r, i) => expect(r.query.title).toBe(input[i].json.a));
			}
			total += requests.length;
		}
		figure(
			`signatures through the node: ${total} requests in ${runs.length} operations (GET, POST, PUT, DELETE; reserved characters, unicode, emoji, asset[key]), all accepted`,
		);
	});

	it('the node with a wrong consumer secret or token secret: every item fails with 401', async () => {
		const s = env.sandbox;
		let refused = 0;
		for (const secrets of [{ consumerSecret: 'wrong-cs' }, { accessTokenSecret: 'wrong-ts' }]) {
			for (const [, params] of [runs[0], runs[7]]) {
				s.reset();
				const result = await runStore(s, params, {
					items: items(50),
					continueOnFail: true,
					credentials: { ...apiCredentials(s), ...secrets },
				});
				const out = (result.items[0] ?? []).map((i) => i.json);
				expect(out).toHaveLength(50);
				for (const json of out) {
					expect(json).toMatchObject({
						error: 'The shop refused the credentials',
						httpCode: '401',
					});
					expect(String(json.description)).toMatch(
						/Shared Secret and Access Token Secret.*HTTP 401\)$/,
					);
				}
				expect(apiRequests(s).every((r) => r.status === 401 && !r.authorized)).toBe(true);
				refused += out.length;
			}
		}
		figure(
			`signatures through the node with wrong secrets: ${refused} items, ${refused} refused with 401`,
		);
	});

	it('the n8n Connect credential (OAuth1, signed by n8n-core) on the same inputs', async () => {
		const s = env.sandbox;
		const input = items(60);
		const result = await runNode({
			nodeType: new StorePlatform(),
			parameters: { authentication: 'oAuth1', ...runs[0][1] },
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
			items: input,
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		const requests = apiRequests(s);
		const accepted = requests.filter((r) => r.authorized).length;
		figure(
			`signatures through n8n's OAuth1 (Connect) credential: ${requests.length} requests, ${accepted} accepted`,
		);
		expect(accepted).toBe(requests.length);
	});
});
