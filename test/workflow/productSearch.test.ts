/**
 * A Product ID "From list" (issue 43: about ten steps and a dead end before): the products the shop's abandoned
 * carts hold, offered on the action node's Variant operations and on the poll trigger's Variant, through
 * n8n-core's load-options context against the sandbox; a Product ID saved as plain text (before the list) still
 * runs.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { StorePlatform } from '../../nodes/StorePlatform/StorePlatform.node';
import { StorePlatformPollTrigger } from '../../nodes/StorePlatform/StorePlatformPollTrigger.node';
import { productsInCarts } from '../../nodes/StorePlatform/api/productSearch';
import { callListSearch } from '../harness';
import {
	apiCredentials,
	apiRequests,
	credentialTypes,
	jsonOf,
	pollStore,
	runStore,
	useSandbox,
} from './setup';

const env = useSandbox();

const search = async (node: StorePlatform | StorePlatformPollTrigger, filter?: string) =>
	await callListSearch(node, 'searchProducts', {
		parameters: { resource: 'variant', operation: 'getAll' } as never,
		credentials: { storePlatformApi: apiCredentials(env.sandbox) as never },
		credentialTypes,
		filter,
	});

describe('Product ID: From list', () => {
	test.each([
		['the action node', () => new StorePlatform()],
		['the poll trigger', () => new StorePlatformPollTrigger()],
	])(
		'%s lists the products in abandoned carts, each once, by title with its ID',
		async (_, make) => {
			const before = apiRequests(env.sandbox).length;
			const result = await search(make());
			// the sandbox's carts all hold products 1 and 3
			expect(result.results).toEqual([
				{ name: 'Basic T-shirt (1)', value: '1' },
				{ name: 'Leather belt (3)', value: '3' },
			]);
			expect(
				apiRequests(env.sandbox)
					.slice(before)
					.map((r) => `${r.method} ${r.path}`),
				// page 2 answers empty: a shop that caps the page below 250 is read on (CART_PAGES at most)
			).toEqual(['GET /services/checkout', 'GET /services/checkout']);
		},
	);

	test('the search filters by title or ID', async () => {
		expect((await search(new StorePlatform(), 'belt')).results).toEqual([
			{ name: 'Leather belt (3)', value: '3' },
		]);
		expect((await search(new StorePlatform(), '(1)')).results.map((r) => r.value)).toEqual(['1']);
	});

	test('both nodes show the Product ID as From list first, By ID beside it', () => {
		const fields = [
			...new StorePlatform().description.properties,
			...new StorePlatformPollTrigger().description.properties,
		].filter((p): p is INodeProperties => p.name === 'productId');
		expect(fields.length).toBeGreaterThan(1);
		for (const field of fields) {
			expect(field.type).toBe('resourceLocator');
			expect(field.default).toEqual({ mode: 'list', value: '' });
			expect(field.modes?.map((m) => [m.name, m.typeOptions?.searchListMethod])).toEqual([
				['list', 'searchProducts'],
				['id', undefined],
			]);
			expect((field.hint ?? '').length).toBeLessThanOrEqual(120);
			expect(field.hint).toMatch(/From list/);
		}
	});
});

describe('productsInCarts', () => {
	test('skips items without a product, keeps the first title, works without one', () => {
		const carts: IDataObject[] = [
			{ items: [{ product_id: 5, title: 'Mug' }, { product_id: null }, 'junk' as never] },
			{ items: [{ product_id: '5', title: 'Other' }, { product_id: ' 9 ' }] },
			{ items: 'none' },
			{},
		];
		expect(productsInCarts(carts)).toEqual([
			{ name: 'Mug (5)', value: '5' },
			{ name: '9', value: '9' },
		]);
	});
});

describe('a Product ID saved as text before the list still runs', () => {
	test('the action node: Variant → Get Many with productId "3"', async () => {
		const result = await runStore(env.sandbox, {
			resource: 'variant',
			operation: 'getAll',
			productId: '3',
			returnAll: true,
		});
		const variants = jsonOf(result);
		expect(variants.length).toBeGreaterThan(0);
		for (const v of variants) expect(String(v.product_id)).toBe('3');
	});

	test.each([
		['text', '3'],
		['From list', { __rl: true, mode: 'list', value: '3', cachedResultName: 'Leather belt (3)' }],
	])('the poll trigger with a Product ID as %s', async (_, productId) => {
		const p = pollStore(
			env.sandbox,
			{ resource: 'variant', events: ['created'], productId } as never,
			{ mode: 'manual' },
		);
		const tick = await p.tick();
		const items = (tick.items ?? []).map((i) => i.json);
		expect(items.length).toBe(1);
		expect(String(items[0].product_id)).toBe('3');
	});
});
