/**
 * The sandbox store server against the spec, driven by an independent OAuth 1.0a client (the `oauth-1.0a` package).
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import OAuth from 'oauth-1.0a';
import { startSandbox, type Sandbox } from '../sandbox';

// ---- an independent client ---------------------------------------------------------------------

const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
const hmacSha1 = (base: string, key: string) => createHmac('sha1', key).update(base).digest('base64');

interface Key {
	key: string;
	secret: string;
}

interface CallOptions {
	query?: Record<string, string | number>;
	body?: unknown;
	form?: Record<string, string>;
	/** null: no token; default: the sandbox's ready access token */
	token?: Key | null;
	consumer?: Key;
	sign?: boolean;
	/** put the oauth_* parameters in the query string instead of the Authorization header */
	queryAuth?: boolean;
	headers?: Record<string, string>;
}

interface Answer {
	status: number;
	json: any;
	text: string;
	headers: Headers;
}

async function call(sb: Sandbox, method: string, path: string, o: CallOptions = {}): Promise<Answer> {
	const consumer = o.consumer ?? { key: sb.credentials.consumerKey, secret: sb.credentials.consumerSecret };
	const token = o.token === undefined ? { key: sb.credentials.accessToken, secret: sb.credentials.accessTokenSecret } : o.token;
	const query = Object.fromEntries(Object.entries(o.query ?? {}).map(([k, v]) => [k, String(v)]));
	const url = sb.url + path;
	const headers: Record<string, string> = { ...o.headers };
	let qs = Object.entries(query).map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
	if (o.sign !== false) {
		const signer = new OAuth({ consumer, signature_method: 'HMAC-SHA1', hash_function: hmacSha1 });
		const auth = signer.authorize({ url, method, data: { ...query, ...o.form } }, token ?? undefined);
		if (o.queryAuth) {
			// oauth-1.0a merges the request data into the object it returns: keep only the oauth_* parameters
			const oauthParams = Object.entries(auth).filter(([k]) => k.startsWith('oauth_'));
			qs = [qs, ...oauthParams.map(([k, v]) => `${enc(k)}=${enc(String(v))}`)].filter(Boolean).join('&');
		}
		else headers.Authorization = signer.toHeader(auth).Authorization;
	}
	let body: string | undefined;
	if (o.form) {
		body = Object.entries(o.form).map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
		headers['content-type'] = 'application/x-www-form-urlencoded';
	} else if (o.body !== undefined) {
		body = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
		headers['content-type'] ??= 'application/json';
	}
	const res = await fetch(url + (qs ? `?${qs}` : ''), { method, headers, body, redirect: 'manual' });
	const text = await res.text();
	let json: any;
	try {
		json = JSON.parse(text);
	} catch {
		json = undefined;
	}
	return { status: res.status, json, text, headers: res.headers };
}

const DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

let sb: Sandbox;
beforeAll(async () => {
	sb = await startSandbox();
});
afterAll(async () => {
	await sb.close();
});
beforeEach(() => sb.reset());

// ---- every endpoint, with the spec's wrappers ----------------------------------------------------

interface Row {
	method: string;
	path: string | ((sb: Sandbox) => string);
	opts?: CallOptions;
	check: (json: any) => void;
}

const isList = (key: string) => (j: any) => {
	expect(Object.keys(j)).toEqual([key]);
	expect(Array.isArray(j[key])).toBe(true);
	expect(j[key].length).toBeGreaterThan(0);
};
const isCount = (j: any) => {
	expect(Object.keys(j)).toEqual(['count']);
	expect(typeof j.count).toBe('number');
};
const statusOk = (j: any) => expect(j).toEqual({ status: 'ok' });
const isId = (id: number | string) => (j: any) => expect(j).toEqual({ id });
const wrapped = (key: string, more: (r: any) => void = () => undefined) => (j: any) => {
	expect(Object.keys(j)).toEqual([key]);
	expect(Array.isArray(j[key])).toBe(false);
	expect(j[key]).toHaveProperty('created_at');
	more(j[key]);
};

const ROWS: Record<string, Row> = {
	'promotion list': { method: 'GET', path: '/services/promotions', check: isList('promotions') },
	'promotion count': { method: 'GET', path: '/services/promotions/count', check: isCount },
	'promotion get (unwrapped)': { method: 'GET', path: '/services/promotions/1', check: (j) => expect(j).toMatchObject({ id: 1, title: 'Summer sale', promotion_on_value: expect.any(Array) }) },
	'promotion create': {
		method: 'POST', path: '/services/promotions',
		opts: { body: { promotion: { title: 'Flash', start_at: '2024-06-01 00:00:00', finish_at: '2024-06-02 00:00:00', promotion_type: 2, promotion_on_type: 1, promotion_value: 15, products: [1, 2] } } },
		check: wrapped('promotion', (p) => expect(p).toMatchObject({ title: 'Flash', promotion_type: 2, promotion_on_value: [1, 2] })),
	},
	'promotion update → {id}': { method: 'PUT', path: '/services/promotions/1', opts: { body: { promotion: { promotion_value: 30 } } }, check: isId(1) },
	'promotion delete': { method: 'DELETE', path: '/services/promotions/2', check: statusOk },

	'voucher list (no items)': { method: 'GET', path: '/services/vouchers', check: (j) => { isList('vouchers')(j); expect(j.vouchers[0].items).toBeUndefined(); } },
	'voucher count': { method: 'GET', path: '/services/vouchers/count', check: isCount },
	'voucher get (unwrapped, with items)': { method: 'GET', path: '/services/vouchers/2', check: (j) => expect(j).toMatchObject({ id: 2, code: 'WELCOME', items: expect.arrayContaining([{ code: 'WELCOME-1', used: 1 }]) }) },
	'voucher create (unwrapped in and out)': {
		method: 'POST', path: '/services/vouchers',
		opts: { body: { code: 'NEW5', discount_type: 1, discount_on: 1, discount_on_type: 1, discount_amount: 500, quantity: 3, unique: 1 } },
		check: (j) => expect(j).toMatchObject({ code: 'NEW5', discount_value: 500, items: [{ code: 'NEW5-1', used: 0 }, { code: 'NEW5-2', used: 0 }, { code: 'NEW5-3', used: 0 }] }),
	},
	'voucher update → {id}': { method: 'PUT', path: '/services/vouchers/1', opts: { body: { discount_value: 25 } }, check: isId(1) },
	'voucher delete': { method: 'DELETE', path: '/services/vouchers/3', check: statusOk },

	'charge list': { method: 'GET', path: '/services/application_charges', check: isList('application_charges') },
	'charge get → array of one': { method: 'GET', path: '/services/application_charges/1', check: (j) => { expect(j.application_charges).toHaveLength(1); expect(j.application_charges[0].id).toBe(1); } },
	'charge count': { method: 'GET', path: '/services/application_charges/count', check: isCount },
	'charge create → array, pending': {
		method: 'POST', path: '/services/application_charges',
		opts: { body: { application_charge: { name: 'Pro', price: 990, return_url: 'https://app.example.com/back', test: true } } },
		check: (j) => expect(j.application_charges).toEqual([expect.objectContaining({ status: 'pending', test: true, activated_on: null, confirmation_url: expect.stringMatching(/\/services\/application_charges\/4\/confirm$/) })]),
	},
	'charge delete → {}': { method: 'DELETE', path: '/services/application_charges/3', check: (j) => expect(j).toEqual({}) },

	'cart list': { method: 'GET', path: '/services/checkout', check: isList('carts') },
	'cart get': { method: 'GET', path: (s) => `/services/checkout/${s.store.abandonedCarts.rows[0].user_key}`, check: wrapped('cart', (c) => expect(c.items.length).toBeGreaterThan(0)) },
	'cart count': { method: 'GET', path: '/services/checkout/count', check: isCount },

	'page list': { method: 'GET', path: '/services/pages', check: isList('pages') },
	'page count': { method: 'GET', path: '/services/pages/count', check: isCount },
	'page get (unwrapped)': { method: 'GET', path: '/services/pages/1', check: (j) => expect(j).toMatchObject({ id: 1, title: 'About us', metadata: [expect.objectContaining({ meta_title: 'About us' })] }) },
	'page create': { method: 'POST', path: '/services/pages', opts: { body: { page: { title: 'FAQ', content: '<p>?</p>', visibility: 1 } } }, check: wrapped('page', (p) => expect(p).toMatchObject({ title: 'FAQ', handle: 'faq' })) },
	'page update → {id}': { method: 'PUT', path: '/services/pages/1', opts: { body: { page: { title: 'About' } } }, check: isId(1) },
	'page delete': { method: 'DELETE', path: '/services/pages/4', check: statusOk },

	'category list': { method: 'GET', path: '/services/categories', check: isList('categories') },
	'category count': { method: 'GET', path: '/services/categories/count', check: isCount },
	'category get': { method: 'GET', path: '/services/categories/3', check: wrapped('category', (c) => expect(c).toMatchObject({ id: 3, name: 'T-shirts', parent: 1, uuid: expect.any(String) })) },
	'category create (global_parent, tree, sort_order)': {
		method: 'POST', path: '/services/categories', opts: { body: { category: { title: 'Polo', parent_id: 3 } } },
		check: wrapped('category', (c) => expect(c).toMatchObject({ name: 'Polo', parent: 3, global_parent: 1, tree: '0-1-3', sort_order: 1 })),
	},
	'category update → {id}': { method: 'PUT', path: '/services/categories/1', opts: { body: { category: { title: 'Apparel' } } }, check: isId(1) },
	'category delete': { method: 'DELETE', path: '/services/categories/5', check: statusOk },

	'vendor list': { method: 'GET', path: '/services/vendors', check: isList('vendors') },
	'vendor count': { method: 'GET', path: '/services/vendors/count', check: isCount },
	'vendor get (string id)': { method: 'GET', path: '/services/vendors/1', check: wrapped('vendor', (v) => expect(v.id).toBe('1')) },
	'vendor create (url from title)': { method: 'POST', path: '/services/vendors', opts: { body: { vendor: { title: 'Nord Wool Co' } } }, check: wrapped('vendor', (v) => expect(v).toMatchObject({ title: 'Nord Wool Co', url: 'nord-wool-co' })) },
	'vendor update → full vendor': { method: 'PUT', path: '/services/vendors/1', opts: { body: { vendor: { description: 'New text' } } }, check: wrapped('vendor', (v) => expect(v).toMatchObject({ id: '1', title: 'Acme Apparel', description: 'New text' })) },
	'vendor delete': { method: 'DELETE', path: '/services/vendors/3', check: statusOk },

	'collection list': { method: 'GET', path: '/services/collections', check: isList('collections') },
	'collection count': { method: 'GET', path: '/services/collections/count', check: isCount },
	'collection get': { method: 'GET', path: '/services/collections/1', check: wrapped('collection', (c) => expect(c.count).toBe(2)) },

	'payment list': { method: 'GET', path: '/services/payment', check: isList('payments') },
	'payment count': { method: 'GET', path: '/services/payment/count', check: isCount },
	'payment get': { method: 'GET', path: '/services/payment/3', check: wrapped('payment', (p) => expect(p).toMatchObject({ id: '3', channel: 'paypal' })) },

	'variant list (by product)': { method: 'GET', path: '/services/variants/1', check: (j) => { isList('variants')(j); expect(j.variants.every((v: any) => v.product_id === '1')).toBe(true); } },
	'variant count': { method: 'GET', path: '/services/products/1/variants/count', check: isCount },
	'variant get': { method: 'GET', path: '/services/products/1/variants/1', check: wrapped('variant', (v) => expect(v).toMatchObject({ id: '1', product_id: '1' })) },
	'variant create': { method: 'POST', path: '/services/products/2/variants', opts: { body: { variant: { sku: 'SNK-002-XXL', price: 2999, property_name_1: 'XXL' } } }, check: wrapped('variant', (v) => expect(v).toMatchObject({ product_id: '2', sku: 'SNK-002-XXL', price: '2999' })) },
	'variant update → full variant': { method: 'PUT', path: '/services/products/1/variants/1', opts: { body: { variant: { quantity: 7, property_name1: 'Small' } } }, check: wrapped('variant', (v) => expect(v).toMatchObject({ id: '1', quantity: '7', property_name_1: 'Small' })) },
	'variant delete': { method: 'DELETE', path: '/services/products/1/variants/6', check: statusOk },

	'blog list': { method: 'GET', path: '/services/blogs', check: isList('blogs') },
	'blog count': { method: 'GET', path: '/services/blogs/count', check: isCount },
	'blog get': { method: 'GET', path: '/services/blogs/1', check: wrapped('blog', (b) => expect(b.title).toBe('News')) },
	'blog create': { method: 'POST', path: '/services/blogs', opts: { body: { blog: { title: 'Recipes', meta_title: 'R' } } }, check: wrapped('blog', (b) => expect(b).toMatchObject({ title: 'Recipes', handle: 'recipes' })) },
	'blog update → {id}': { method: 'PUT', path: '/services/blogs/1', opts: { body: { blog: { title: 'Newsroom' } } }, check: isId(1) },
	'blog delete': { method: 'DELETE', path: '/services/blogs/3', check: statusOk },

	'asset list (no content)': { method: 'GET', path: '/services/themes/1/assets', check: (j) => { isList('assets')(j); expect(j.assets.every((a: any) => a.content === undefined && typeof a.size === 'number')).toBe(true); } },
	'asset get by asset[key]': { method: 'GET', path: '/services/themes/1/assets', opts: { query: { 'asset[key]': 'assets/style.css' } }, check: (j) => expect(j.asset).toMatchObject({ key: 'assets/style.css', content_type: 'text/css', content: expect.stringContaining('body'), public_url: expect.stringMatching(/^http/) }) },
	'asset create': { method: 'POST', path: '/services/themes/1/assets', opts: { body: { asset: { key: 'snippets/footer.tpl', content: '<footer/>' } } }, check: (j) => expect(j.asset).toEqual({ key: 'snippets/footer.tpl', public_url: null, content_type: 'text/html', size: 9, content: '<footer/>' }) },
	'asset delete by asset[key]': { method: 'DELETE', path: '/services/themes/1/assets', opts: { query: { 'asset[key]': 'templates/index.tpl' } }, check: statusOk },

	'status list': { method: 'GET', path: '/services/statuses', check: isList('statuses') },
	'status get': { method: 'GET', path: '/services/statuses/2', check: wrapped('status', (s) => expect(s).toMatchObject({ id: '2', name: 'Paid' })) },
	'status create': { method: 'POST', path: '/services/statuses', opts: { body: { status: { name: 'Returned', color: 'ff00ff', send_mail: 1 } } }, check: wrapped('status', (s) => expect(s).toMatchObject({ name: 'Returned', url: 'returned', send_mail: '1' })) },
	'status update → {id}': { method: 'PUT', path: '/services/statuses/2', opts: { body: { status: { color: '00ff00' } } }, check: isId('2') },
	'status delete': { method: 'DELETE', path: '/services/statuses/5', check: statusOk },

	'theme list': { method: 'GET', path: '/services/themes', check: isList('themes') },
	'theme get': { method: 'GET', path: '/services/themes/1', check: wrapped('theme', (t) => expect(t).toMatchObject({ id: '1', active: true })) },
	'theme activate': { method: 'PUT', path: '/services/themes/2', opts: { body: { theme: { active: true } } }, check: wrapped('theme', (t) => expect(t).toMatchObject({ id: '2', active: true })) },

	'user list': { method: 'GET', path: '/services/users', check: isList('users') },
	'user get → {user: [user]}': { method: 'GET', path: '/services/users/1', check: (j) => expect(j.user).toEqual([expect.objectContaining({ id: 1, account_owner: 'true' })]) },

	'webhook create (format json)': { method: 'POST', path: '/services/webhooks', opts: { body: { webhook: { section: 'order/create', site_url: 'https://hooks.example.com/a' } } }, check: wrapped('webhook', (w) => expect(w).toMatchObject({ id: 1, format: 'json', section: 'order/create' })) },
	'webhook list': { method: 'GET', path: '/services/webhooks', check: (j) => expect(j).toEqual({ webhooks: [] }) },
	'webhook count': { method: 'GET', path: '/services/webhooks/count', check: (j) => expect(j).toEqual({ count: 0 }) },

	'theme script list': { method: 'GET', path: '/services/theme_scripts', check: isList('theme_scripts') },
	'theme script create': { method: 'POST', path: '/services/theme_scripts', opts: { body: { theme_script: { event_type: 'onload', src: 'https://cdn.example.com/x.js', scope: 'store' } } }, check: wrapped('theme_script', (s) => expect(s).toMatchObject({ id: '3', scope: 'store' })) },
	'theme script update → full': { method: 'PUT', path: '/services/theme_scripts/1', opts: { body: { theme_script: { scope: 'order_status' } } }, check: wrapped('theme_script', (s) => expect(s).toMatchObject({ id: '1', scope: 'order_status', event_type: 'onload' })) },
	'theme script delete': { method: 'DELETE', path: '/services/theme_scripts/2', check: statusOk },
	'theme script count (spec: /services/products/count)': { method: 'GET', path: '/services/products/count', check: (j) => expect(j).toEqual({ count: 5 }) },
};

describe('every endpoint answers a signed request with the spec wrapper', () => {
	test.each(Object.entries(ROWS))('%s', async (_name, row) => {
		const path = typeof row.path === 'function' ? row.path(sb) : row.path;
		const res = await call(sb, row.method, path, row.opts);
		expect({ status: res.status, body: res.json }).toEqual({ status: 200, body: expect.anything() });
		row.check(res.json);
		expect(sb.requests[sb.requests.length - 1]).toMatchObject({ method: row.method, path, authorized: true, status: 200 });
	});

	test('webhook get, update (full record) and delete ({})', async () => {
		const created = await call(sb, 'POST', '/services/webhooks', { body: { webhook: { section: 'order/paid', site_url: 'https://hooks.example.com/p' } } });
		const id = created.json.webhook.id;
		expect((await call(sb, 'GET', `/services/webhooks/${id}`)).json.webhook).toMatchObject({ id, section: 'order/paid' });
		const updated = await call(sb, 'PUT', `/services/webhooks/${id}`, { body: { webhook: { id, section: 'order/cancelled', site_url: 'https://hooks.example.com/c' } } });
		expect(updated.json).toEqual({ webhook: expect.objectContaining({ id, section: 'order/cancelled', site_url: 'https://hooks.example.com/c', format: 'json' }) });
		expect((await call(sb, 'DELETE', `/services/webhooks/${id}`)).json).toEqual({});
		expect((await call(sb, 'GET', `/services/webhooks/${id}`)).status).toBe(404);
	});

	test('no status count endpoint, unknown ids and paths → 404 with a JSON body', async () => {
		for (const path of ['/services/statuses/count', '/services/promotions/999', '/services/products/9/variants/1', '/services/products/2/variants/1', '/services/nothing']) {
			const res = await call(sb, 'GET', path);
			expect(res.status).toBe(404);
			expect(res.json).toEqual({ error: 'not_found', error_msg: expect.any(String) });
		}
		const wrongMethod = await call(sb, 'GET', '/services/theme_scripts/1');
		expect(wrongMethod.status).toBe(405);
	});

	test('field types: integer ids as numbers, string ids as strings, spec dates', async () => {
		const numeric = ['promotions', 'vouchers', 'pages', 'categories', 'collections', 'blogs'];
		for (const r of numeric) expect(typeof (await call(sb, 'GET', `/services/${r}`)).json[r][0].id).toBe('number');
		for (const [path, key] of [['vendors', 'vendors'], ['payment', 'payments'], ['statuses', 'statuses'], ['themes', 'themes'], ['theme_scripts', 'theme_scripts'], ['variants/1', 'variants']]) {
			expect(typeof (await call(sb, 'GET', `/services/${path}`)).json[key][0].id).toBe('string');
		}
		const promos = (await call(sb, 'GET', '/services/promotions')).json.promotions;
		expect(promos.every((p: any) => DATE.test(p.start_at) && (DATE.test(p.finish_at) || p.finish_at === '0000-00-00 00:00:00'))).toBe(true);
		expect(promos.some((p: any) => p.finish_at === '0000-00-00 00:00:00')).toBe(true);
	});

	test('stringIds "mixed" renders ids both as numbers and strings', async () => {
		const mixed = await startSandbox({ stringIds: 'mixed' });
		try {
			mixed.seed('promotion', 40);
			const ids = (await call(mixed, 'GET', '/services/promotions')).json.promotions.map((p: any) => p.id);
			expect(ids.some((id: unknown) => typeof id === 'number')).toBe(true);
			expect(ids.some((id: unknown) => typeof id === 'string')).toBe(true);
			expect(ids.map(Number)).toEqual(Array.from({ length: 44 }, (_, i) => i + 1));
		} finally {
			await mixed.close();
		}
	});
});

// ---- validation --------------------------------------------------------------------------------

describe('validation', () => {
	test.each([
		['blog without title', 'POST', '/services/blogs', { blog: { handle: 'x' } }, 422],
		['charge without return_url', 'POST', '/services/application_charges', { application_charge: { name: 'X', price: 1 } }, 422],
		['webhook with unknown section', 'POST', '/services/webhooks', { webhook: { section: 'order/exploded', site_url: 'https://x.example.com' } }, 422],
		['webhook without site_url', 'POST', '/services/webhooks', { webhook: { section: 'order/create' } }, 422],
		['asset outside the allowed folders', 'POST', '/services/themes/1/assets', { asset: { key: 'config/settings.json', content: '{}' } }, 422],
		['body without the wrapper', 'POST', '/services/pages', { title: 'x' }, 400],
		['voucher create wrapped (spec: unwrapped)', 'POST', '/services/vouchers', { voucher: { code: 'X' } }, 400],
		['duplicate voucher code', 'POST', '/services/vouchers', { code: 'SUMMER10' }, 422],
		['malformed date in a body', 'POST', '/services/promotions', { promotion: { title: 'x', start_at: '2024-13-01 00:00:00' } }, 422],
	])('%s → %i', async (_name, method, path, body, status) => {
		const res = await call(sb, method, path, { body });
		expect(res.status).toBe(status);
		expect(res.json).toEqual({ error: expect.any(String), error_msg: expect.any(String) });
	});

	test('bad JSON body → 400', async () => {
		const res = await call(sb, 'POST', '/services/blogs', { body: '{"blog": {"title": ' });
		expect(res.status).toBe(400);
		expect(res.json.error).toBe('invalid_json');
	});
});

// ---- OAuth verification ------------------------------------------------------------------------

describe('OAuth 1.0 verification', () => {
	test('unsigned request → 401', async () => {
		const res = await call(sb, 'GET', '/services/promotions', { sign: false });
		expect(res.status).toBe(401);
		expect(res.json).toEqual({ error: 'unauthorized', error_msg: expect.stringContaining('OAuth') });
		expect(sb.requests[0]).toMatchObject({ authorized: false, status: 401 });
	});

	test('wrong token secret, unknown token, wrong consumer secret → 401', async () => {
		const bad = [
			{ token: { key: sb.credentials.accessToken, secret: 'wrong' } },
			{ token: { key: 'nope', secret: sb.credentials.accessTokenSecret } },
			{ consumer: { key: sb.credentials.consumerKey, secret: 'wrong' } },
			{ consumer: { key: 'other-app', secret: sb.credentials.consumerSecret } },
		];
		for (const opts of bad) {
			const res = await call(sb, 'GET', '/services/promotions', opts);
			expect(res.status).toBe(401);
			expect(res.json.error).toBe('unauthorized');
		}
	});

	test('a query that differs from the signed one → 401 with the base string', async () => {
		const signer = new OAuth({ consumer: { key: sb.credentials.consumerKey, secret: sb.credentials.consumerSecret }, signature_method: 'HMAC-SHA1', hash_function: hmacSha1 });
		const url = `${sb.url}/services/promotions`;
		const auth = signer.authorize({ url, method: 'GET', data: { limit: '5' } }, { key: sb.credentials.accessToken, secret: sb.credentials.accessTokenSecret });
		const res = await fetch(`${url}?limit=6`, { headers: { Authorization: signer.toHeader(auth).Authorization } });
		expect(res.status).toBe(401);
		expect(((await res.json()) as { base_string: string }).base_string).toContain('limit%3D6');
	});

	test('reserved characters, unicode and asset[key] in the query verify', async () => {
		const odd = await call(sb, 'GET', '/services/collections', { query: { title: "Gift ideas & more/ü€ +=?!*'()", url: 'a%20b' } });
		expect(odd.status).toBe(200);
		expect(odd.json).toEqual({ collections: [] });
		expect(sb.requests[0].query).toEqual({ title: "Gift ideas & more/ü€ +=?!*'()", url: 'a%20b' });
		sb.store.assetsOf('1').insert({ key: 'snippets/ä ö&=.tpl', public_url: null, content_type: 'text/html', size: 1, content: 'x' });
		const asset = await call(sb, 'GET', '/services/themes/1/assets', { query: { 'asset[key]': 'snippets/ä ö&=.tpl' } });
		expect(asset.status).toBe(200);
		expect(asset.json.asset.key).toBe('snippets/ä ö&=.tpl');
		expect(sb.requests[1].rawQuery).toContain('asset%5Bkey%5D=');
	});

	test('oauth_* parameters in the query string instead of the header verify', async () => {
		const res = await call(sb, 'GET', '/services/pages', { query: { visibility: 1 }, queryAuth: true });
		expect(res.status).toBe(200);
		expect(res.json.pages.length).toBe(3);
	});

	test('HMAC-SHA256 (offered by n8n) with a realm in the header verifies', async () => {
		const signer = new OAuth({
			consumer: { key: sb.credentials.consumerKey, secret: sb.credentials.consumerSecret }, signature_method: 'HMAC-SHA256', realm: 'Store',
			hash_function: (b, k) => createHmac('sha256', k).update(b).digest('base64'),
		});
		const url = `${sb.url}/services/blogs`;
		const auth = signer.authorize({ url, method: 'GET', data: { order: 'DESC' } }, { key: sb.credentials.accessToken, secret: sb.credentials.accessTokenSecret });
		const header = signer.toHeader(auth).Authorization;
		expect(header).toMatch(/^OAuth realm="Store", /);
		const res = await fetch(`${url}?order=DESC`, { headers: { Authorization: header } });
		expect(res.status).toBe(200);
	});

	test('form-encoded body parameters take part in the signature', async () => {
		// the route wants a JSON wrapper (400), but the signature over the form parameters is accepted (not 401)
		const res = await call(sb, 'POST', '/services/blogs', { form: { title: 'Form blog' } });
		expect(res.status).toBe(400);
		expect(sb.requests[0]).toMatchObject({ authorized: true, body: { title: 'Form blog' } });
	});
});

// ---- lists ---------------------------------------------------------------------------------------

describe('lists', () => {
	const ids = (a: Answer, key = 'promotions') => a.json[key].map((r: any) => Number(r.id));

	test('limit (default 50), page, since_id, fields', async () => {
		sb.seed('promotion', 116); // 120 in all
		expect(ids(await call(sb, 'GET', '/services/promotions'))).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
		expect(ids(await call(sb, 'GET', '/services/promotions', { query: { page: 3 } }))).toEqual(Array.from({ length: 20 }, (_, i) => i + 101));
		expect(ids(await call(sb, 'GET', '/services/promotions', { query: { limit: 7, page: 2 } }))).toEqual([8, 9, 10, 11, 12, 13, 14]);
		expect(ids(await call(sb, 'GET', '/services/promotions', { query: { since_id: 115, limit: 100 } }))).toEqual([116, 117, 118, 119, 120]);
		expect(ids(await call(sb, 'GET', '/services/promotions', { query: { page: 9 } }))).toEqual([]);
		const fields = await call(sb, 'GET', '/services/promotions', { query: { fields: 'id,title', limit: 2 } });
		expect(fields.json.promotions).toEqual([{ id: 1, title: 'Summer sale' }, { id: 2, title: 'Black Friday' }]);
		const one = await call(sb, 'GET', '/services/vouchers/1', { query: { fields: 'code,items' } });
		expect(one.json).toEqual({ code: 'SUMMER10', items: [{ code: 'SUMMER10', used: 1 }] });
		expect((await call(sb, 'GET', '/services/promotions/count', { query: { since_id: 100 } })).json).toEqual({ count: 20 });
	});

	test('created_at / updated_at filters, count with the same filters, malformed values → 400', async () => {
		// seeded record n is created at 2024-01-01 08:00:00 + n hours, updated 30 minutes later
		const q = { created_at_min: '2024-01-01 10:00:00', created_at_max: '2024-01-01 12:00:00' };
		expect(ids(await call(sb, 'GET', '/services/pages', { query: q }), 'pages')).toEqual([2, 3, 4]);
		expect((await call(sb, 'GET', '/services/pages/count', { query: q })).json).toEqual({ count: 3 });
		expect(ids(await call(sb, 'GET', '/services/pages', { query: { updated_at_max: '2024-01-01 10:30:00' } }), 'pages')).toEqual([1, 2]);
		for (const query of [{ created_at_min: '2024-01-01' }, { updated_at_max: '2024-02-30 10:00:00' }, { limit: 'ten' }, { page: 0 }, { since_id: 'x' }] as Array<Record<string, string | number>>) {
			const res = await call(sb, 'GET', '/services/pages', { query });
			expect(res.status).toBe(400);
			expect(res.json.error_msg).toMatch(/created_at_min|updated_at_max|limit|page|since_id/);
		}
	});

	test('endpoint filters', async () => {
		const get = async (path: string, query: Record<string, string | number>, key: string) => ids(await call(sb, 'GET', path, { query }), key);
		expect(await get('/services/promotions', { promotion_type: 1 }, 'promotions')).toEqual([2, 4]);
		expect(await get('/services/vouchers', { code: 'FREESHIP' }, 'vouchers')).toEqual([3]);
		expect((await call(sb, 'GET', '/services/vouchers/count', { query: { discount_on: 3 } })).json).toEqual({ count: 1 });
		expect(await get('/services/pages', { url: 'returns' }, 'pages')).toEqual([3]);
		expect(await get('/services/categories', { parent_id: 0 }, 'categories')).toEqual([1, 2, 5]);
		expect(await get('/services/categories', { product_id: 2 }, 'categories')).toEqual([2, 4]);
		expect(await get('/services/vendors', { product_id: 3 }, 'vendors')).toEqual([3]);
		expect(await get('/services/collections', { product_id: 2 }, 'collections')).toEqual([1, 2]);
		expect(await get('/services/collections', { title: 'Gift ideas' }, 'collections')).toEqual([3]);
		expect(await get('/services/payment', { is_active: 0 }, 'payments')).toEqual([4]);
		expect(await get('/services/statuses', { name: 'Shipped' }, 'statuses')).toEqual([3]);
		expect(await get('/services/statuses', { sku: 'SNK-002' }, 'statuses')).toEqual([2]);
		expect(await get('/services/blogs', { order: 'DESC' }, 'blogs')).toEqual([3, 2, 1]);
		expect((await call(sb, 'GET', '/services/blogs', { query: { order: 'sideways' } })).status).toBe(400);
	});

	test('webhook list: limit is capped at 200; section / site_url filters and count', async () => {
		sb.seed('webhook', 250);
		expect((await call(sb, 'GET', '/services/webhooks', { query: { limit: 500 } })).json.webhooks).toHaveLength(200);
		expect((await call(sb, 'GET', '/services/webhooks', { query: { limit: 500, page: 2 } })).json.webhooks).toHaveLength(50);
		expect((await call(sb, 'GET', '/services/webhooks/count')).json).toEqual({ count: 250 });
		const section = await call(sb, 'GET', '/services/webhooks/count', { query: { section: 'order/create' } });
		expect(section.json.count).toBe(sb.store.webhooks.rows.filter((w) => w.section === 'order/create').length);
		expect(ids(await call(sb, 'GET', '/services/webhooks', { query: { site_url: 'http://127.0.0.1:1/hooks/7' } }), 'webhooks')).toEqual([7]);
	});

	test('100,000 records page fast', async () => {
		sb.seed('promotion', 100_000);
		const t0 = Date.now();
		const last = await call(sb, 'GET', '/services/promotions', { query: { page: 2000, limit: 50, fields: 'id' } });
		const since = await call(sb, 'GET', '/services/promotions', { query: { since_id: 99_990 } });
		const big = await call(sb, 'GET', '/services/promotions', { query: { limit: 100_000, page: 2 } });
		expect(ids(last)).toEqual(Array.from({ length: 50 }, (_, i) => 99_951 + i));
		expect(ids(since)).toHaveLength(14);
		expect(ids(big)).toEqual([100_001, 100_002, 100_003, 100_004]);
		expect(Date.now() - t0).toBeLessThan(1500);
	});
});

// ---- states --------------------------------------------------------------------------------------

describe('application charge states', () => {
	const create = async () => (await call(sb, 'POST', '/services/application_charges', { body: { application_charge: { name: 'Pro', price: '990', return_url: 'https://app.example.com/done?x=1', test: 1 } } })).json.application_charges[0];

	test('accept at confirmation_url → accepted, redirected; only then activate', async () => {
		const charge = await create();
		expect(charge).toMatchObject({ status: 'pending', price: '990', test: 1 });
		const early = await call(sb, 'POST', `/services/application_charges/${charge.id}/activate`);
		expect(early.status).toBe(422);
		expect(early.json).toEqual({ error: 'charge_not_accepted', error_msg: expect.stringContaining('pending') });

		const pageRes = await fetch(charge.confirmation_url);
		const pageHtml = await pageRes.text();
		expect(pageRes.headers.get('content-type')).toContain('text/html');
		expect(pageHtml).toMatch(/value="accept">Accept</);
		expect(pageHtml).toMatch(/value="decline">Decline</);
		const accepted = await fetch(charge.confirmation_url, { method: 'POST', body: 'decision=accept', headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
		expect(accepted.status).toBe(302);
		expect(accepted.headers.get('location')).toBe('https://app.example.com/done?x=1');
		expect(sb.store.applicationCharges.get(charge.id)!.status).toBe('accepted');

		const activated = await call(sb, 'POST', `/services/application_charges/${charge.id}/activate`);
		expect(activated.status).toBe(200);
		expect(Array.isArray(activated.json.application_charges)).toBe(false);
		expect(activated.json.application_charges).toMatchObject({ id: charge.id, status: 'accepted', activated_on: expect.stringMatching(DATE), test: 1 });
		expect((await call(sb, 'POST', `/services/application_charges/${charge.id}/activate`)).status).toBe(422);
	});

	test('decline → declined, redirected, never activatable', async () => {
		const charge = await create();
		const declined = await fetch(charge.confirmation_url, { method: 'POST', body: 'decision=decline', headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
		expect(declined.status).toBe(302);
		expect((await call(sb, 'GET', `/services/application_charges/${charge.id}`)).json.application_charges[0].status).toBe('declined');
		expect((await call(sb, 'POST', `/services/application_charges/${charge.id}/activate`)).status).toBe(422);
		const again = await fetch(charge.confirmation_url, { method: 'POST', body: 'decision=accept', headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
		expect(again.status).toBe(409);
	});
});

describe('themes', () => {
	test('exactly one active theme', async () => {
		const active = async () => (await call(sb, 'GET', '/services/themes')).json.themes.filter((t: any) => t.active).map((t: any) => t.id);
		expect(await active()).toEqual(['1']);
		await call(sb, 'PUT', '/services/themes/2', { body: { theme: { active: true } } });
		expect(await active()).toEqual(['2']);
		const off = await call(sb, 'PUT', '/services/themes/2', { body: { theme: { active: false } } });
		expect(off.status).toBe(422);
		await call(sb, 'PUT', '/services/themes/1', { body: { theme: { active: true } } });
		expect(await active()).toEqual(['1']);
	});

	test('asset create-or-update keeps one asset per key', async () => {
		const post = (content: string) => call(sb, 'POST', '/services/themes/2/assets', { body: { asset: { key: 'assets/extra.css', content } } });
		await post('a{}');
		const second = await post('b{color:red}');
		expect(second.json.asset).toMatchObject({ size: 12, content: 'b{color:red}' });
		const keys = (await call(sb, 'GET', '/services/themes/2/assets')).json.assets.map((a: any) => a.key);
		expect(keys.filter((k: string) => k === 'assets/extra.css')).toHaveLength(1);
		expect(await (await fetch(second.json.asset.public_url)).text()).toBe('b{color:red}');
	});
});

// ---- the token flow ------------------------------------------------------------------------------

describe('three-step token flow', () => {
	test("spec parameters: request_token → authorize (Approve) → access_token → signed API call", async () => {
		const c = sb.credentials;
		const step1 = await call(sb, 'POST', '/services/oauth/request_token', { sign: false, form: { oauth_consumer_key: c.consumerKey, oauth_consumer_secret: c.consumerSecret } });
		expect(step1.status).toBe(200);
		const rt = new URLSearchParams(step1.text);
		expect(rt.get('oauth_callback_confirmed')).toBe('true');

		const callback = 'https://app.example.com/oauth/callback?shop=1';
		const authorizeUrl = `${sb.url}/services/oauth/authorize?oauth_token=${rt.get('oauth_token')}&oauth_callback=${encodeURIComponent(callback)}`;
		const pageHtml = await (await fetch(authorizeUrl)).text();
		expect(pageHtml).toContain('Approve');
		const form = new URLSearchParams([...pageHtml.matchAll(/name="(\w+)" value="([^"]*)"/g)].map((m): [string, string] => [m[1], m[2].replace(/&amp;/g, '&')]));
		form.set('decision', 'approve');
		const approved = await fetch(`${sb.url}/services/oauth/authorize`, { method: 'POST', body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
		expect(approved.status).toBe(302);
		const back = new URL(approved.headers.get('location')!);
		expect(`${back.origin}${back.pathname}`).toBe('https://app.example.com/oauth/callback');
		expect(back.searchParams.get('shop')).toBe('1');
		expect(back.searchParams.get('oauth_token')).toBe(rt.get('oauth_token'));
		expect(back.searchParams.get('oauth_verifier')).toBeTruthy();

		const step3 = await call(sb, 'POST', '/services/oauth/access_token', {
			sign: false,
			form: { oauth_consumer_key: c.consumerKey, oauth_consumer_secret: c.consumerSecret, oauth_token: rt.get('oauth_token')!, oauth_token_secret: rt.get('oauth_token_secret')! },
		});
		expect(step3.status).toBe(200);
		const at = new URLSearchParams(step3.text);
		const token = { key: at.get('oauth_token')!, secret: at.get('oauth_token_secret')! };
		expect(token.key).not.toBe(c.accessToken);
		expect((await call(sb, 'GET', '/services/users', { token })).status).toBe(200);
		expect((await call(sb, 'GET', '/services/users', { token: { ...token, secret: 'x' } })).status).toBe(401);
		// a request token is used once
		expect((await call(sb, 'POST', '/services/oauth/access_token', { sign: false, form: { oauth_token: rt.get('oauth_token')!, oauth_verifier: back.searchParams.get('oauth_verifier')! } })).status).toBe(401);
	});

	test("n8n's Connect flow: signed request_token with oauth_callback, callback remembered, unsigned verifier exchange", async () => {
		const c = sb.credentials;
		const callback = 'http://localhost:5678/rest/oauth1-credential/callback?state=abc';
		// as n8n does it: oauth_callback is signed as a parameter and posted as a JSON body by axios
		const signer = new OAuth({ consumer: { key: c.consumerKey, secret: c.consumerSecret }, signature_method: 'HMAC-SHA1', hash_function: hmacSha1 });
		const url = `${sb.url}/services/oauth/request_token`;
		const auth = signer.authorize({ url, method: 'POST', data: { oauth_callback: callback } });
		const step1 = await fetch(url, { method: 'POST', headers: { ...signer.toHeader(auth), 'content-type': 'application/json' }, body: JSON.stringify({ oauth_callback: callback }) });
		expect(step1.status).toBe(200);
		const rt = new URLSearchParams(await step1.text());

		const pageHtml = await (await fetch(`${sb.url}/services/oauth/authorize?oauth_token=${rt.get('oauth_token')}`)).text();
		expect(pageHtml).toContain('Approve');
		const approved = await fetch(`${sb.url}/services/oauth/authorize`, { method: 'POST', body: `oauth_token=${rt.get('oauth_token')}&decision=approve`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
		const back = new URL(approved.headers.get('location')!);
		expect(back.searchParams.get('state')).toBe('abc');
		expect(back.pathname).toBe('/rest/oauth1-credential/callback');

		const step3 = await fetch(`${sb.url}/services/oauth/access_token?oauth_token=${back.searchParams.get('oauth_token')}&oauth_verifier=${back.searchParams.get('oauth_verifier')}`, { method: 'POST' });
		expect(step3.status).toBe(200);
		const at = new URLSearchParams(await step3.text());
		const res = await call(sb, 'GET', '/services/promotions', { token: { key: at.get('oauth_token')!, secret: at.get('oauth_token_secret')! }, query: { limit: 1 } });
		expect(res.json.promotions).toHaveLength(1);
	});

	test('bad flow requests → 401', async () => {
		expect((await call(sb, 'POST', '/services/oauth/request_token', { sign: false, form: { oauth_consumer_key: sb.credentials.consumerKey, oauth_consumer_secret: 'no' } })).status).toBe(401);
		const rt = new URLSearchParams((await call(sb, 'POST', '/services/oauth/request_token', { token: null })).text);
		expect(rt.get('oauth_token')).toBeTruthy();
		// not approved yet
		expect((await call(sb, 'POST', '/services/oauth/access_token', { sign: false, form: { oauth_token: rt.get('oauth_token')!, oauth_verifier: 'x' } })).status).toBe(401);
	});
});

// ---- webhook deliveries ------------------------------------------------------------------------

interface Received {
	headers: IncomingMessage['headers'];
	body: string;
}

async function receiver(answer: (n: number) => number = () => 200): Promise<{ url: string; got: Received[]; close(): Promise<void> }> {
	const got: Received[] = [];
	const server: Server = createServer((req, res) => {
		let body = '';
		req.setEncoding('utf8');
		req.on('data', (c: string) => (body += c));
		req.on('end', () => {
			got.push({ headers: req.headers, body });
			res.writeHead(answer(got.length)).end('ok');
		});
	});
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
		got,
		close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
	};
}

/** The receiver's check: base64 of the hex HMAC-SHA256 of the canonical form, keyed with the shared secret. */
const expectedHmac = (secret: string, canonical: string) => Buffer.from(createHmac('sha256', secret).update(canonical).digest('hex')).toString('base64');

const PAYLOAD = { id: 7, note: 'a b&c', tags: ['x', 'y'], paid: true, refunded: false, gone: null, addr: { city: 'Kraków' }, star: 'a*b~c' };
/** PHP: http_build_query($PAYLOAD), written out by hand */
const PHP_FORM = 'id=7&note=a+b%26c&tags%5B0%5D=x&tags%5B1%5D=y&paid=1&refunded=0&addr%5Bcity%5D=Krak%C3%B3w&star=a%2Ab%7Ec';

/** Minutes after the first attempt: gaps of 1, 5, 10, 20, 30, 60, 120, 240 minutes, then 240 until 48 h. */
const SCHEDULE_MINUTES = [0, 1, 6, 16, 36, 66, 126, 246, 486, 726, 966, 1206, 1446, 1686, 1926, 2166, 2406, 2646];

describe('webhook deliveries', () => {
	test('form delivery: headers, http_build_query body, HMAC', async () => {
		const rx = await receiver();
		try {
			await call(sb, 'POST', '/services/webhooks', { body: { webhook: { section: 'order/create', site_url: rx.url } } });
			await call(sb, 'POST', '/services/webhooks', { body: { webhook: { section: 'order/paid', site_url: rx.url } } });
			const deliveries = await sb.fire('order/create', PAYLOAD, { objectUuid: 'u-7' });
			expect(deliveries).toEqual([{ webhookId: 1, section: 'order/create', url: rx.url, attempt: 1, status: 200, at: sb.clock.now() }]);
			expect(rx.got).toHaveLength(1);
			const { headers, body } = rx.got[0];
			expect(body).toBe(PHP_FORM);
			expect(headers).toMatchObject({
				'content-type': 'application/x-www-form-urlencoded', 'service-section': 'order/create', 'service-shop-id': expect.any(String),
				'service-order-id': '7', 'service-order-uuid': 'u-7',
			});
			expect(headers['service-hmac-sha256']).toBe(expectedHmac(sb.credentials.consumerSecret, body));
			expect(headers['service-hmac-sha256']).not.toBe(expectedHmac('another secret', body));
		} finally {
			await rx.close();
		}
	});

	test('json delivery: the HMAC is still over the http_build_query form', async () => {
		const rx = await receiver();
		try {
			sb.store.webhooks.insert({ id: 1, section: 'orderStatus/paid', site_url: rx.url, format: 'json', created_at: '2024-01-01 00:00:00', updated_at: '2024-01-01 00:00:00' });
			await sb.fire('orderStatus/paid', PAYLOAD, { format: 'json', objectId: 99 });
			const { headers, body } = rx.got[0];
			expect(headers['content-type']).toBe('application/json');
			expect(JSON.parse(body)).toEqual(PAYLOAD);
			expect(headers['service-orderstatus-id']).toBe('99');
			expect(headers['service-hmac-sha256']).toBe(expectedHmac(sb.credentials.consumerSecret, PHP_FORM));
		} finally {
			await rx.close();
		}
	});

	test('failed deliveries retry at +1m, +5m, +10m, +20m, +30m, +1h, +2h, +4h, then every 4h; a reachable webhook stays', async () => {
		const rx = await receiver(() => 500);
		try {
			await call(sb, 'POST', '/services/webhooks', { body: { webhook: { section: 'product/update', site_url: rx.url } } });
			const t0 = sb.clock.now();
			await sb.fire('product/update');
			await sb.clock.advance(59_999);
			expect(sb.deliveries).toHaveLength(1);
			await sb.clock.advance(1);
			expect(sb.deliveries).toHaveLength(2);
			await sb.clock.advance(48 * 3_600_000);
			const minutes = sb.deliveries.map((d) => (d.at - t0) / 60_000);
			expect(minutes).toEqual(SCHEDULE_MINUTES);
			expect(minutes[minutes.length - 1]).toBeLessThanOrEqual(48 * 60);
			expect(sb.deliveries.map((d) => d.attempt)).toEqual(minutes.map((_, i) => i + 1));
			expect(sb.deliveries.every((d) => d.status === 500)).toBe(true);
			expect(rx.got).toHaveLength(minutes.length);
			expect(sb.store.webhooks.size).toBe(1);
			await sb.clock.advance(48 * 3_600_000);
			expect(sb.deliveries).toHaveLength(minutes.length);
		} finally {
			await rx.close();
		}
	});

	test('a webhook that cannot be reached for 48 hours is removed', async () => {
		const rx = await receiver();
		await rx.close(); // nothing listens there any more
		await call(sb, 'POST', '/services/webhooks', { body: { webhook: { section: 'customer/create', site_url: rx.url } } });
		const [first] = await sb.fire('customer/create', { id: 5, email: 'x@example.com' });
		expect(first.status).toBe('connection-error');
		await sb.clock.advance(47 * 3_600_000);
		expect(sb.store.webhooks.size).toBe(1);
		await sb.clock.advance(3_600_000);
		expect(sb.store.webhooks.size).toBe(0);
		expect((await call(sb, 'GET', '/services/webhooks/1')).status).toBe(404);
		expect(sb.deliveries.every((d) => d.status === 'connection-error')).toBe(true);
		expect(sb.deliveries.map((d) => (d.at - first.at) / 60_000)).toEqual(SCHEDULE_MINUTES);
	});

	test('a delivery that succeeds on retry stops the schedule', async () => {
		const rx = await receiver((n) => (n < 3 ? 503 : 204));
		try {
			await call(sb, 'POST', '/services/webhooks', { body: { webhook: { section: 'app/uninstalled', site_url: rx.url } } });
			await sb.fire('app/uninstalled');
			await sb.clock.advance(48 * 3_600_000);
			expect(sb.deliveries.map((d) => d.status)).toEqual([503, 503, 204]);
		} finally {
			await rx.close();
		}
	});
});

// ---- faults ----------------------------------------------------------------------------------------

describe('faults', () => {
	test('status with Retry-After, then normal again (times)', async () => {
		sb.faults.add({ type: 'status', status: 429, retryAfter: 2, times: 2 });
		const a = await call(sb, 'GET', '/services/pages');
		expect(a.status).toBe(429);
		expect(a.headers.get('retry-after')).toBe('2');
		expect((await call(sb, 'GET', '/services/pages')).status).toBe(429);
		expect((await call(sb, 'GET', '/services/pages')).status).toBe(200);
		expect(sb.requests.map((r) => r.status)).toEqual([429, 429, 200]);
	});

	test('match by path prefix and by regex on "METHOD /path"', async () => {
		sb.faults.add({ type: 'status', status: 503, match: '/services/blogs', times: Infinity });
		sb.faults.add({ type: 'status', status: 500, match: /^DELETE \/services\/pages\/\d+$/ });
		expect((await call(sb, 'GET', '/services/pages')).status).toBe(200);
		expect((await call(sb, 'GET', '/services/blogs')).status).toBe(503);
		expect((await call(sb, 'GET', '/services/blogs/1')).status).toBe(503);
		expect((await call(sb, 'DELETE', '/services/pages/1')).status).toBe(500);
		expect((await call(sb, 'DELETE', '/services/pages/1')).status).toBe(200);
		sb.faults.clear();
		expect((await call(sb, 'GET', '/services/blogs')).status).toBe(200);
	});

	test('statusErr, html, malformed', async () => {
		sb.faults.add({ type: 'statusErr', error: 'quota', message: 'Daily quota exceeded' });
		const err = await call(sb, 'GET', '/services/users');
		expect(err.status).toBe(200);
		expect(err.json).toEqual({ status: 'err', error: 'quota', error_msg: 'Daily quota exceeded' });
		sb.faults.add({ type: 'html' });
		const page = await call(sb, 'GET', '/services/users');
		expect(page.status).toBe(502);
		expect(page.headers.get('content-type')).toContain('text/html');
		expect(page.text).toContain('<html>');
		sb.faults.add({ type: 'malformed' });
		const broken = await call(sb, 'GET', '/services/users');
		expect(broken.status).toBe(200);
		expect(broken.json).toBeUndefined();
		expect(() => JSON.parse(broken.text)).toThrow();
	});

	test('slow, latencyMs, reset', async () => {
		sb.faults.add({ type: 'slow', ms: 300 });
		let t = Date.now();
		expect((await call(sb, 'GET', '/services/users')).status).toBe(200);
		expect(Date.now() - t).toBeGreaterThanOrEqual(290);
		sb.faults.latencyMs = 150;
		t = Date.now();
		await call(sb, 'GET', '/services/users');
		expect(Date.now() - t).toBeGreaterThanOrEqual(140);
		sb.faults.latencyMs = 0;
		sb.faults.add({ type: 'reset' });
		await expect(call(sb, 'GET', '/services/users')).rejects.toThrow();
		expect(sb.requests[sb.requests.length - 1].status).toBe(0);
		expect((await call(sb, 'GET', '/services/users')).status).toBe(200);
	});

	test('forMs: a fault that stays armed for a time (the webhook API down for a while)', async () => {
		sb.faults.add({ type: 'status', status: 503, match: '/services/webhooks', times: Infinity, forMs: 2000 });
		expect((await call(sb, 'GET', '/services/webhooks')).status).toBe(503);
		expect((await call(sb, 'GET', '/services/pages')).status).toBe(200);
		await new Promise((r) => setTimeout(r, 2100));
		expect((await call(sb, 'GET', '/services/webhooks')).status).toBe(200);
		expect(() => sb.faults.add({ type: 'status', status: 503, forMs: 0 })).toThrow(/forMs/);
	});

	test('inFlightCap: beyond N requests in flight, 429 + Retry-After at once; max in flight and connections counted', async () => {
		sb.faults.latencyMs = 150;
		sb.faults.inFlightCap = 3;
		sb.faults.capRetryAfter = 1;
		const answers = await Promise.all(Array.from({ length: 5 }, () => call(sb, 'GET', '/services/users')));
		const statuses = answers.map((a) => a.status).sort();
		expect(statuses).toEqual([200, 200, 200, 429, 429]);
		const refused = answers.filter((a) => a.status === 429);
		expect(refused.every((a) => a.headers.get('retry-after') === '1')).toBe(true);
		expect(refused[0].json.error).toBe('too_many_requests');
		expect(sb.traffic).toMatchObject({ inFlight: 0, capped: 2 });
		// a refusal is answered at once, so it may be gone before the last request arrives
		expect(sb.traffic.maxInFlight).toBeGreaterThanOrEqual(4);
		expect(sb.requests.filter((r) => r.status === 429).map((r) => r.path)).toEqual(['/services/users', '/services/users']);
		// one at a time: never refused
		for (let k = 0; k < 4; k++) expect((await call(sb, 'GET', '/services/users')).status).toBe(200);
		expect(sb.traffic.capped).toBe(2);
		sb.faults.clear();
		expect(sb.faults.inFlightCap).toBeNull();
	});

	test('pageCap silently caps every page', async () => {
		sb.seed('page', 46);
		sb.faults.pageCap = 20;
		const p1 = await call(sb, 'GET', '/services/pages', { query: { limit: 50 } });
		expect(p1.json.pages).toHaveLength(20);
		const p3 = await call(sb, 'GET', '/services/pages', { query: { limit: 50, page: 3 } });
		expect(p3.json.pages.map((p: any) => p.id)).toEqual([41, 42, 43, 44, 45, 46, 47, 48, 49, 50]);
		expect((await call(sb, 'GET', '/services/pages/count')).json.count).toBe(50);
	});
});

// ---- admin endpoints -------------------------------------------------------------------------------

describe('admin endpoints (/_sandbox)', () => {
	const admin = async (method: string, path: string, body?: unknown) => {
		const res = await fetch(`${sb.url}/_sandbox${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body), headers: { 'content-type': 'application/json' } });
		return { status: res.status, json: await res.json() as any };
	};

	test('seed, faults, fire, clock, webhooks, requests, reset', async () => {
		expect((await admin('POST', '/seed', { resource: 'blog', count: 2 })).status).toBe(200);
		expect(sb.store.blogs.size).toBe(5);
		expect((await admin('POST', '/faults', { type: 'status', status: 500, times: 'Infinity', regex: '^GET /services/blogs$' })).json.faults).toHaveLength(1);
		expect((await call(sb, 'GET', '/services/blogs')).status).toBe(500);
		await admin('DELETE', '/faults');
		expect((await admin('POST', '/faults', { inFlightCap: 2, capRetryAfter: 3 })).json).toMatchObject({ inFlightCap: 2, capRetryAfter: 3 });
		expect((await admin('GET', '/traffic')).json).toMatchObject({ inFlight: 0, maxInFlight: 1, capped: 0 });
		expect((await admin('DELETE', '/traffic')).json).toMatchObject({ maxInFlight: 0, connections: 0, capped: 0 });
		await admin('DELETE', '/faults');
		await admin('POST', '/faults', { pageCap: 1 });
		expect((await call(sb, 'GET', '/services/blogs/count')).json.count).toBe(5);
		expect((await call(sb, 'GET', '/services/pages')).json.pages).toHaveLength(1);
		await admin('DELETE', '/faults');

		const rx = await receiver((n) => (n === 1 ? 500 : 200));
		try {
			await call(sb, 'POST', '/services/webhooks', { body: { webhook: { section: 'vendor/update', site_url: rx.url } } });
			const fired = await admin('POST', '/fire', { section: 'vendor/update', data: { id: 3, title: 'x y' } });
			expect(fired.json.deliveries).toEqual([expect.objectContaining({ status: 500, attempt: 1 })]);
			expect(rx.got[0].body).toBe('id=3&title=x+y');
			expect((await admin('GET', '/webhooks')).json.pending).toHaveLength(1);
			const advanced = await admin('POST', '/clock/advance', { ms: 60_000 });
			expect(advanced.json.deliveries).toEqual([expect.objectContaining({ status: 200, attempt: 2 })]);
		} finally {
			await rx.close();
		}
		const recorded = (await admin('GET', '/requests')).json.requests;
		expect(recorded.every((r: any) => r.path.startsWith('/services/'))).toBe(true);
		// registrations removed or added by someone else than the app
		await admin('POST', '/webhooks/add', { section: 'order/create', site_url: 'https://erp.example/a' });
		await admin('POST', '/webhooks/add', { section: 'order/paid', site_url: 'https://erp.example/a' });
		await admin('POST', '/webhooks/add', { section: 'order/create', site_url: 'https://other.example/b' });
		expect((await admin('POST', '/webhooks/add', { section: 'order/create' })).status).toBe(400);
		const removed = await admin('POST', '/webhooks/remove', { url_contains: 'erp.example', section: 'order/create' });
		expect(removed.json.removed.map((w: any) => w.site_url)).toEqual(['https://erp.example/a']);
		expect(sb.store.webhooks.rows.map((w) => `${w.section} ${w.site_url}`).slice(-2)).toEqual(['order/paid https://erp.example/a', 'order/create https://other.example/b']);
		await admin('POST', '/reset');
		expect(sb.requests).toHaveLength(0);
		expect(sb.store.blogs.size).toBe(3);
		expect(sb.store.webhooks.size).toBe(0);
	});
});
