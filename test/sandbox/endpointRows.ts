/**
 * Every endpoint of the spec as one row: a signed request to the sandbox and what its answer must look like
 * (the spec's wrapper). Used by endpoints.test.ts.
 */
import type { Sandbox } from '../../sandbox';
import type { CallOptions } from './client';
// ---- every endpoint, with the spec's wrappers ----------------------------------------------------

export interface Row {
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
const wrapped =
	(key: string, more: (r: any) => void = () => undefined) =>
	(j: any) => {
		expect(Object.keys(j)).toEqual([key]);
		expect(Array.isArray(j[key])).toBe(false);
		expect(j[key]).toHaveProperty('created_at');
		more(j[key]);
	};

export const ROWS: Record<string, Row> = {
	'promotion list': { method: 'GET', path: '/services/promotions', check: isList('promotions') },
	'promotion count': { method: 'GET', path: '/services/promotions/count', check: isCount },
	'promotion get (unwrapped)': {
		method: 'GET',
		path: '/services/promotions/1',
		check: (j) =>
			expect(j).toMatchObject({
				id: 1,
				title: 'Summer sale',
				promotion_on_value: expect.any(Array),
			}),
	},
	'promotion create': {
		method: 'POST',
		path: '/services/promotions',
		opts: {
			body: {
				promotion: {
					title: 'Flash',
					start_at: '2024-06-01 00:00:00',
					finish_at: '2024-06-02 00:00:00',
					promotion_type: 2,
					promotion_on_type: 1,
					promotion_value: 15,
					products: [1, 2],
				},
			},
		},
		check: wrapped('promotion', (p) =>
			expect(p).toMatchObject({ title: 'Flash', promotion_type: 2, promotion_on_value: [1, 2] }),
		),
	},
	'promotion update → {id}': {
		method: 'PUT',
		path: '/services/promotions/1',
		opts: { body: { promotion: { promotion_value: 30 } } },
		check: isId(1),
	},
	'promotion delete': { method: 'DELETE', path: '/services/promotions/2', check: statusOk },

	'voucher list (no items)': {
		method: 'GET',
		path: '/services/vouchers',
		check: (j) => {
			isList('vouchers')(j);
			expect(j.vouchers[0].items).toBeUndefined();
		},
	},
	'voucher count': { method: 'GET', path: '/services/vouchers/count', check: isCount },
	'voucher get (unwrapped, with items)': {
		method: 'GET',
		path: '/services/vouchers/2',
		check: (j) =>
			expect(j).toMatchObject({
				id: 2,
				code: 'WELCOME',
				items: expect.arrayContaining([{ code: 'WELCOME-1', used: 1 }]),
			}),
	},
	'voucher create (unwrapped in and out)': {
		method: 'POST',
		path: '/services/vouchers',
		opts: {
			body: {
				code: 'NEW5',
				discount_type: 1,
				discount_on: 1,
				discount_on_type: 1,
				discount_amount: 500,
				quantity: 3,
				unique: 1,
			},
		},
		check: (j) =>
			expect(j).toMatchObject({
				code: 'NEW5',
				discount_value: 500,
				items: [
					{ code: 'NEW5-1', used: 0 },
					{ code: 'NEW5-2', used: 0 },
					{ code: 'NEW5-3', used: 0 },
				],
			}),
	},
	'voucher update → {id}': {
		method: 'PUT',
		path: '/services/vouchers/1',
		opts: { body: { discount_value: 25 } },
		check: isId(1),
	},
	'voucher delete': { method: 'DELETE', path: '/services/vouchers/3', check: statusOk },

	'charge list': {
		method: 'GET',
		path: '/services/application_charges',
		check: isList('application_charges'),
	},
	'charge get → array of one': {
		method: 'GET',
		path: '/services/application_charges/1',
		check: (j) => {
			expect(j.application_charges).toHaveLength(1);
			expect(j.application_charges[0].id).toBe(1);
		},
	},
	'charge count': { method: 'GET', path: '/services/application_charges/count', check: isCount },
	'charge create → array, pending': {
		method: 'POST',
		path: '/services/application_charges',
		opts: {
			body: {
				application_charge: {
					name: 'Pro',
					price: 990,
					return_url: 'https://app.example.com/back',
					test: true,
				},
			},
		},
		check: (j) =>
			expect(j.application_charges).toEqual([
				expect.objectContaining({
					status: 'pending',
					test: true,
					activated_on: null,
					confirmation_url: expect.stringMatching(/\/services\/application_charges\/4\/confirm$/),
				}),
			]),
	},
	'charge delete → {}': {
		method: 'DELETE',
		path: '/services/application_charges/3',
		check: (j) => expect(j).toEqual({}),
	},

	'cart list': { method: 'GET', path: '/services/checkout', check: isList('carts') },
	'cart get': {
		method: 'GET',
		path: (s) => `/services/checkout/${s.store.abandonedCarts.rows[0].user_key}`,
		check: wrapped('cart', (c) => expect(c.items.length).toBeGreaterThan(0)),
	},
	'cart count': { method: 'GET', path: '/services/checkout/count', check: isCount },

	'page list': { method: 'GET', path: '/services/pages', check: isList('pages') },
	'page count': { method: 'GET', path: '/services/pages/count', check: isCount },
	'page get (unwrapped)': {
		method: 'GET',
		path: '/services/pages/1',
		check: (j) =>
			expect(j).toMatchObject({
				id: 1,
				title: 'About us',
				metadata: [expect.objectContaining({ meta_title: 'About us' })],
			}),
	},
	'page create': {
		method: 'POST',
		path: '/services/pages',
		opts: { body: { page: { title: 'FAQ', content: '<p>?</p>', visibility: 1 } } },
		check: wrapped('page', (p) => expect(p).toMatchObject({ title: 'FAQ', handle: 'faq' })),
	},
	'page update → {id}': {
		method: 'PUT',
		path: '/services/pages/1',
		opts: { body: { page: { title: 'About' } } },
		check: isId(1),
	},
	'page delete': { method: 'DELETE', path: '/services/pages/4', check: statusOk },

	'category list': { method: 'GET', path: '/services/categories', check: isList('categories') },
	'category count': { method: 'GET', path: '/services/categories/count', check: isCount },
	'category get': {
		method: 'GET',
		path: '/services/categories/3',
		check: wrapped('category', (c) =>
			expect(c).toMatchObject({ id: 3, name: 'T-shirts', parent: 1, uuid: expect.any(String) }),
		),
	},
	'category create (global_parent, tree, sort_order)': {
		method: 'POST',
		path: '/services/categories',
		opts: { body: { category: { title: 'Polo', parent_id: 3 } } },
		check: wrapped('category', (c) =>
			expect(c).toMatchObject({
				name: 'Polo',
				parent: 3,
				global_parent: 1,
				tree: '0-1-3',
				sort_order: 1,
			}),
		),
	},
	'category update → {id}': {
		method: 'PUT',
		path: '/services/categories/1',
		opts: { body: { category: { title: 'Apparel' } } },
		check: isId(1),
	},
	'category delete': { method: 'DELETE', path: '/services/categories/5', check: statusOk },

	'vendor list': { method: 'GET', path: '/services/vendors', check: isList('vendors') },
	'vendor count': { method: 'GET', path: '/services/vendors/count', check: isCount },
	'vendor get (string id)': {
		method: 'GET',
		path: '/services/vendors/1',
		check: wrapped('vendor', (v) => expect(v.id).toBe('1')),
	},
	'vendor create (url from title)': {
		method: 'POST',
		path: '/services/vendors',
		opts: { body: { vendor: { title: 'Nord Wool Co' } } },
		check: wrapped('vendor', (v) =>
			expect(v).toMatchObject({ title: 'Nord Wool Co', url: 'nord-wool-co' }),
		),
	},
	'vendor update → full vendor': {
		method: 'PUT',
		path: '/services/vendors/1',
		opts: { body: { vendor: { description: 'New text' } } },
		check: wrapped('vendor', (v) =>
			expect(v).toMatchObject({ id: '1', title: 'Acme Apparel', description: 'New text' }),
		),
	},
	'vendor delete': { method: 'DELETE', path: '/services/vendors/3', check: statusOk },

	'collection list': { method: 'GET', path: '/services/collections', check: isList('collections') },
	'collection count': { method: 'GET', path: '/services/collections/count', check: isCount },
	'collection get': {
		method: 'GET',
		path: '/services/collections/1',
		check: wrapped('collection', (c) => expect(c.count).toBe(2)),
	},

	'payment list': { method: 'GET', path: '/services/payment', check: isList('payments') },
	'payment count': { method: 'GET', path: '/services/payment/count', check: isCount },
	'payment get': {
		method: 'GET',
		path: '/services/payment/3',
		check: wrapped('payment', (p) => expect(p).toMatchObject({ id: '3', channel: 'paypal' })),
	},

	'variant list (by product)': {
		method: 'GET',
		path: '/services/variants/1',
		check: (j) => {
			isList('variants')(j);
			expect(j.variants.every((v: any) => v.product_id === '1')).toBe(true);
		},
	},
	'variant count': { method: 'GET', path: '/services/products/1/variants/count', check: isCount },
	'variant get': {
		method: 'GET',
		path: '/services/products/1/variants/1',
		check: wrapped('variant', (v) => expect(v).toMatchObject({ id: '1', product_id: '1' })),
	},
	'variant create': {
		method: 'POST',
		path: '/services/products/2/variants',
		opts: { body: { variant: { sku: 'SNK-002-XXL', price: 2999, property_name_1: 'XXL' } } },
		check: wrapped('variant', (v) =>
			expect(v).toMatchObject({ product_id: '2', sku: 'SNK-002-XXL', price: '2999' }),
		),
	},
	'variant update → full variant': {
		method: 'PUT',
		path: '/services/products/1/variants/1',
		opts: { body: { variant: { quantity: 7, property_name1: 'Small' } } },
		check: wrapped('variant', (v) =>
			expect(v).toMatchObject({ id: '1', quantity: '7', property_name_1: 'Small' }),
		),
	},
	'variant delete': { method: 'DELETE', path: '/services/products/1/variants/6', check: statusOk },

	'blog list': { method: 'GET', path: '/services/blogs', check: isList('blogs') },
	'blog count': { method: 'GET', path: '/services/blogs/count', check: isCount },
	'blog get': {
		method: 'GET',
		path: '/services/blogs/1',
		check: wrapped('blog', (b) => expect(b.title).toBe('News')),
	},
	'blog create': {
		method: 'POST',
		path: '/services/blogs',
		opts: { body: { blog: { title: 'Recipes', meta_title: 'R' } } },
		check: wrapped('blog', (b) => expect(b).toMatchObject({ title: 'Recipes', handle: 'recipes' })),
	},
	'blog update → {id}': {
		method: 'PUT',
		path: '/services/blogs/1',
		opts: { body: { blog: { title: 'Newsroom' } } },
		check: isId(1),
	},
	'blog delete': { method: 'DELETE', path: '/services/blogs/3', check: statusOk },

	'asset list (no content)': {
		method: 'GET',
		path: '/services/themes/1/assets',
		check: (j) => {
			isList('assets')(j);
			expect(
				j.assets.every((a: any) => a.content === undefined && typeof a.size === 'number'),
			).toBe(true);
		},
	},
	'asset get by asset[key]': {
		method: 'GET',
		path: '/services/themes/1/assets',
		opts: { query: { 'asset[key]': 'assets/style.css' } },
		check: (j) =>
			expect(j.asset).toMatchObject({
				key: 'assets/style.css',
				content_type: 'text/css',
				content: expect.stringContaining('body'),
				public_url: expect.stringMatching(/^http/),
			}),
	},
	'asset create': {
		method: 'POST',
		path: '/services/themes/1/assets',
		opts: { body: { asset: { key: 'snippets/footer.tpl', content: '<footer/>' } } },
		check: (j) =>
			expect(j.asset).toEqual({
				key: 'snippets/footer.tpl',
				public_url: null,
				content_type: 'text/html',
				size: 9,
				content: '<footer/>',
			}),
	},
	'asset delete by asset[key]': {
		method: 'DELETE',
		path: '/services/themes/1/assets',
		opts: { query: { 'asset[key]': 'templates/index.tpl' } },
		check: statusOk,
	},

	'status list': { method: 'GET', path: '/services/statuses', check: isList('statuses') },
	'status get': {
		method: 'GET',
		path: '/services/statuses/2',
		check: wrapped('status', (s) => expect(s).toMatchObject({ id: '2', name: 'Paid' })),
	},
	'status create': {
		method: 'POST',
		path: '/services/statuses',
		opts: { body: { status: { name: 'Returned', color: 'ff00ff', send_mail: 1 } } },
		check: wrapped('status', (s) =>
			expect(s).toMatchObject({ name: 'Returned', url: 'returned', send_mail: '1' }),
		),
	},
	'status update → {id}': {
		method: 'PUT',
		path: '/services/statuses/2',
		opts: { body: { status: { color: '00ff00' } } },
		check: isId('2'),
	},
	'status delete': { method: 'DELETE', path: '/services/statuses/5', check: statusOk },

	'theme list': { method: 'GET', path: '/services/themes', check: isList('themes') },
	'theme get': {
		method: 'GET',
		path: '/services/themes/1',
		check: wrapped('theme', (t) => expect(t).toMatchObject({ id: '1', active: true })),
	},
	'theme activate': {
		method: 'PUT',
		path: '/services/themes/2',
		opts: { body: { theme: { active: true } } },
		check: wrapped('theme', (t) => expect(t).toMatchObject({ id: '2', active: true })),
	},

	'user list': { method: 'GET', path: '/services/users', check: isList('users') },
	'user get → {user: [user]}': {
		method: 'GET',
		path: '/services/users/1',
		check: (j) =>
			expect(j.user).toEqual([expect.objectContaining({ id: 1, account_owner: 'true' })]),
	},

	'webhook create (format json)': {
		method: 'POST',
		path: '/services/webhooks',
		opts: {
			body: { webhook: { section: 'order/create', site_url: 'https://hooks.example.com/a' } },
		},
		check: wrapped('webhook', (w) =>
			expect(w).toMatchObject({ id: 1, format: 'json', section: 'order/create' }),
		),
	},
	'webhook list': {
		method: 'GET',
		path: '/services/webhooks',
		check: (j) => expect(j).toEqual({ webhooks: [] }),
	},
	'webhook count': {
		method: 'GET',
		path: '/services/webhooks/count',
		check: (j) => expect(j).toEqual({ count: 0 }),
	},

	'theme script list': {
		method: 'GET',
		path: '/services/theme_scripts',
		check: isList('theme_scripts'),
	},
	'theme script create': {
		method: 'POST',
		path: '/services/theme_scripts',
		opts: {
			body: {
				theme_script: { event_type: 'onload', src: 'https://cdn.example.com/x.js', scope: 'store' },
			},
		},
		check: wrapped('theme_script', (s) => expect(s).toMatchObject({ id: '3', scope: 'store' })),
	},
	'theme script update → full': {
		method: 'PUT',
		path: '/services/theme_scripts/1',
		opts: { body: { theme_script: { scope: 'order_status' } } },
		check: wrapped('theme_script', (s) =>
			expect(s).toMatchObject({ id: '1', scope: 'order_status', event_type: 'onload' }),
		),
	},
	'theme script delete': { method: 'DELETE', path: '/services/theme_scripts/2', check: statusOk },
	'theme script count (spec: /services/products/count)': {
		method: 'GET',
		path: '/services/products/count',
		check: (j) => expect(j).toEqual({ count: 5 }),
	},
};
