/** "From list" of every resource locator, and the dropdowns fed by the shop, through n8n-core's load-options context. */
import { StorePlatform } from '../../nodes/StorePlatform/StorePlatform.node';
import { callListSearch, callLoadOptions } from '../harness';
import { apiCredentials, credentialTypes, useSandbox } from './setup';

const env = useSandbox();

const search = async (
	method: string,
	parameters: Record<string, unknown> = {},
	filter?: string,
	paginationToken?: string,
) =>
	await callListSearch(new StorePlatform(), method, {
		parameters: parameters as never,
		credentials: { storePlatformApi: apiCredentials(env.sandbox) as never },
		credentialTypes,
		filter,
		paginationToken,
	});

describe('resource locators: From list', () => {
	it.each([
		['searchPromotion', { resource: 'promotion', operation: 'get' }, 'Summer sale (1)'],
		['searchVoucher', { resource: 'voucher', operation: 'get' }, 'SUMMER10 (1)'],
		[
			'searchApplicationCharge',
			{ resource: 'applicationCharge', operation: 'get' },
			'Pro plan (1)',
		],
		['searchPage', { resource: 'page', operation: 'get' }, 'About us (1)'],
		['searchCategory', { resource: 'category', operation: 'get' }, 'Clothing (1)'],
		['searchVendor', { resource: 'vendor', operation: 'get' }, 'Acme Apparel (1)'],
		['searchCollection', { resource: 'collection', operation: 'get' }, 'New arrivals (1)'],
		['searchPaymentMethod', { resource: 'paymentMethod', operation: 'get' }, 'Bank transfer (1)'],
		['searchBlog', { resource: 'blog', operation: 'get' }, 'News (1)'],
		['searchOrderStatus', { resource: 'orderStatus', operation: 'get' }, 'New (1)'],
		['searchTheme', { resource: 'theme', operation: 'get' }, undefined],
		['searchUser', { resource: 'user', operation: 'get' }, undefined],
		['searchThemeScript', { resource: 'themeScript', operation: 'update' }, undefined],
	])('%s lists records by name with their ids', async (method, parameters, first) => {
		const result = await search(method, parameters);
		expect(result.results.length).toBeGreaterThan(0);
		if (first) expect(result.results[0].name).toBe(first);
		for (const item of result.results) {
			expect(String(item.value)).toMatch(/^\d+$/);
			expect(item.name).not.toBe('');
		}
	});

	it('lists carts by e-mail with their user keys', async () => {
		const result = await search('searchAbandonedCart', {
			resource: 'abandonedCart',
			operation: 'get',
		});
		expect(result.results[0].value).toBe(env.sandbox.store.abandonedCarts.rows[0].user_key);
		expect(result.results[0].name).toContain('@example.com');
	});

	it('lists webhooks by event and target', async () => {
		env.sandbox.store.webhooks.insert({
			id: 1,
			section: 'order/paid',
			site_url: 'https://a.example/h',
			format: 'json',
		});
		const result = await search('searchWebhook', { resource: 'webhook', operation: 'get' });
		expect(result.results).toEqual([{ name: 'order/paid → https://a.example/h', value: '1' }]);
	});

	it('lists the assets of the chosen theme and the variants of the chosen product', async () => {
		const assets = await search('searchThemeAsset', {
			resource: 'themeAsset',
			operation: 'get',
			themeId: { __rl: true, mode: 'id', value: '1' },
		});
		expect(assets.results.map((r) => r.value)).toContain('assets/style.css');
		const product = String(env.sandbox.store.variants.rows[0].product_id);
		const variants = await search('searchVariant', {
			resource: 'variant',
			operation: 'get',
			productId: product,
		});
		const expected = env.sandbox.store.variants.rows
			.filter((v) => String(v.product_id) === product)
			.map((v) => String(v.id));
		expect(variants.results.map((r) => r.value)).toEqual(expected);
		const none = await search('searchVariant', {
			resource: 'variant',
			operation: 'get',
			productId: '',
		});
		expect(none.results).toEqual([]);
	});

	it('filters by the search text and pages through long lists', async () => {
		env.sandbox.seed('page', 120);
		const first = await search('searchPage', { resource: 'page', operation: 'get' });
		expect(first.results).toHaveLength(50);
		expect(first.paginationToken).toBe('2');
		const third = await search(
			'searchPage',
			{ resource: 'page', operation: 'get' },
			undefined,
			'3',
		);
		expect(third.results.length).toBe(124 - 100);
		expect(third.paginationToken).toBeUndefined();
		const filtered = await search('searchPage', { resource: 'page', operation: 'get' }, 'shipp');
		expect(filtered.results.map((r) => r.name)).toEqual(['Shipping (2)']);
	});
});

describe('dropdowns fed by the shop', () => {
	const load = async (method: string, parameters: Record<string, unknown>) =>
		await callLoadOptions(new StorePlatform(), method, {
			parameters: parameters as never,
			credentials: { storePlatformApi: apiCredentials(env.sandbox) as never },
			credentialTypes,
		});

	it('offers the categories as parent category', async () => {
		const options = await load('loadCategories', { resource: 'category', operation: 'create' });
		expect(options.map((o) => o.value)).toEqual(
			env.sandbox.store.categories.rows.map((c) => String(c.id)),
		);
	});

	it('offers the targets of the chosen Applies To type', async () => {
		const vendors = await load('loadTargets', {
			resource: 'promotion',
			operation: 'create',
			promotionOnType: 4,
		});
		expect(vendors.map((o) => o.name)).toContain('Acme Apparel (1)');
		const collections = await load('loadTargets', {
			resource: 'promotion',
			operation: 'create',
			promotionOnType: 3,
		});
		expect(collections.map((o) => o.name)).toContain('Bestsellers (2)');
	});

	it("offers the targets of a new voucher's Discount On Type (at the top of the form)", async () => {
		const vendors = await load('loadTargets', {
			resource: 'voucher',
			operation: 'create',
			discountOn: 3,
			discountOnType: 4,
		});
		expect(vendors.map((o) => o.name)).toContain('Acme Apparel (1)');
	});
});
