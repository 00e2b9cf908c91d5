/**
 * The poll trigger's scoped lists (a product's variants, a theme's assets) through n8n-core's poll machinery
 * against the sandbox, when the watched parent is gone: its known records come as deleted once, later polls are
 * quiet (one request, no error); an unknown parent at activation or Fetch Test Event is an error naming the
 * field; an id that is not a whole number is refused before any request.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { type PollerOptions } from '../harness';
import { apiRequests, pollStore, useSandbox } from './setup';

const env = useSandbox();

const poller = (parameters: INodeParameters, opts: Partial<PollerOptions> = {}) =>
	pollStore(env.sandbox, parameters, opts);

const json = (tick: { items: Array<{ json: IDataObject }> | null }) =>
	(tick.items ?? []).map((i) => i.json);

/** Requests the sandbox receives while `run` runs. */
async function counted<T>(run: () => Promise<T>): Promise<{ result: T; requests: string[] }> {
	const before = apiRequests(env.sandbox).length;
	const result = await run();
	return {
		result,
		requests: apiRequests(env.sandbox)
			.slice(before)
			.map((r) => `${r.method} ${r.path}`),
	};
}

const VARIANT_EVENTS = ['created', 'updated', 'deleted'];

describe('poll trigger: the watched product is deleted', () => {
	test('its variants come as deleted once, then the polls are quiet: no error, one request each', async () => {
		const product = env.sandbox.store.products.rows[0];
		const productId = String(product.id);
		const variants = env.sandbox.store.variants.rows
			.filter((v) => v.product_id === productId)
			.map((v) => Number(v.id))
			.sort((a, b) => a - b);
		expect(variants.length).toBeGreaterThanOrEqual(2);
		const p = poller({ resource: 'variant', events: VARIANT_EVENTS, productId });
		const activation = await p.tick({ activation: true });
		expect(activation.error).toBeUndefined();

		env.sandbox.owner.remove('product', productId);

		const { result: first, requests } = await counted(async () => await p.tick());
		expect(first.error).toBeUndefined();
		// the list, then the shop's own answer proves the product gone (not a wrong Shop Base URL)
		expect(requests).toEqual([
			`GET /services/variants/${productId}`,
			'GET /services/webhooks/count',
		]);
		const items = json(first);
		expect(items.map((j) => j.id).sort((a, b) => Number(a) - Number(b))).toEqual(variants);
		for (const j of items) {
			expect(j.event).toBe('variant/deleted');
			expect(j.deliveryKey).toMatch(/^[0-9a-f]{32}$/);
			expect(Object.keys(j).sort()).toEqual(['deliveryKey', 'event', 'id']);
		}
		for (let n = 0; n < 2; n++) {
			const { result: tick, requests } = await counted(async () => await p.tick());
			expect(tick.error).toBeUndefined();
			expect(tick.items).toBeNull();
			expect(requests).toEqual([`GET /services/variants/${productId}`]);
		}
		expect(p.emitted.flat()).toHaveLength(variants.length);
	});

	test('the product restored later: its variants come as created, nothing lost', async () => {
		const productId = String(env.sandbox.store.products.rows[1].id);
		const variants = env.sandbox.store.variants.rows
			.filter((v) => v.product_id === productId)
			.map((v) => Number(v.id))
			.sort((a, b) => a - b);
		const p = poller({ resource: 'variant', events: VARIANT_EVENTS, productId });
		expect((await p.tick({ activation: true })).error).toBeUndefined();
		const removed = env.sandbox.owner.remove('product', productId);
		expect(json(await p.tick()).map((j) => j.event)).toEqual(variants.map(() => 'variant/deleted'));
		expect((await p.tick()).items).toBeNull();

		env.sandbox.store.products.insert(removed);
		const back = await p.tick();
		expect(back.error).toBeUndefined();
		expect(json(back).map((j) => [j.event, j.id])).toEqual(
			variants.map((id) => ['variant/created', id]),
		);
		expect((await p.tick()).items).toBeNull();
	});

	test('a 404 from a shop that does not answer at all keeps the Shop Base URL error', async () => {
		const productId = String(env.sandbox.store.products.rows[0].id);
		const p = poller({ resource: 'variant', events: VARIANT_EVENTS, productId });
		expect((await p.tick({ activation: true })).error).toBeUndefined();
		env.sandbox.owner.remove('product', productId);
		// every address of the shop answers 404 now: the product's absence is not proven
		env.sandbox.faults.add({ type: 'status', status: 404, times: Infinity });
		const cursor = p.staticData().cursor;
		for (let n = 0; n < 2; n++) {
			const tick = await p.tick();
			expect(tick.items).toBeNull();
			expect(tick.error?.message).toBe('The shop does not know this address');
			expect(p.staticData().cursor).toEqual(cursor);
		}
		// the shop answers again: the variants come as deleted then, once
		env.sandbox.faults.clear();
		const back = json(await p.tick());
		expect(back.length).toBeGreaterThan(0);
		expect(back.every((j) => j.event === 'variant/deleted')).toBe(true);
	});
});

describe('poll trigger: the watched theme is deleted', () => {
	test('its assets come as deleted once, then the polls are quiet', async () => {
		const theme = env.sandbox.store.themes.rows.find((t) => t.active !== true);
		const themeId = String(theme?.id);
		const keys = env.sandbox.store
			.assetsOf(themeId)
			.rows.map((a) => String(a.key))
			.sort();
		expect(keys.length).toBeGreaterThanOrEqual(2);
		const p = poller({ resource: 'themeAsset', events: VARIANT_EVENTS, themeId });
		expect((await p.tick({ activation: true })).error).toBeUndefined();

		env.sandbox.owner.remove('theme', themeId);

		const first = await p.tick();
		expect(first.error).toBeUndefined();
		expect(
			json(first)
				.map((j) => [j.event, j.key])
				.sort(),
		).toEqual(keys.map((k) => ['themeAsset/deleted', k]));
		for (let n = 0; n < 2; n++) {
			const { result: tick, requests } = await counted(async () => await p.tick());
			expect(tick.error).toBeUndefined();
			expect(tick.items).toBeNull();
			expect(requests).toEqual([`GET /services/themes/${themeId}/assets`]);
		}
	});
});

describe('poll trigger: an unknown or malformed parent ID', () => {
	test.each([
		['activation', 'trigger'],
		['Fetch Test Event', 'manual'],
	] as const)('%s with an unknown Product ID: an error naming the field', async (_name, mode) => {
		const p = poller({ resource: 'variant', events: VARIANT_EVENTS, productId: '4242' }, { mode });
		const tick = await p.tick({ activation: true });
		expect(tick.items).toBeNull();
		expect(tick.error?.message).toBe('The shop has no product with Product ID 4242');
		expect((tick.error as { description?: string }).description).toContain('Check the Product ID');
		expect(p.staticData().cursor).toBeUndefined();
	});

	test('activation with an unknown Theme ID: an error naming the field', async () => {
		const p = poller({ resource: 'themeAsset', events: VARIANT_EVENTS, themeId: '999' });
		const tick = await p.tick({ activation: true });
		expect(tick.error?.message).toBe('The shop has no theme with Theme ID 999');
	});

	test.each([
		['variant', 'productId', 'T-shirt', "'Product ID' must be the product's ID"],
		['variant', 'productId', '4.5', "'Product ID' must be the product's ID"],
		['themeAsset', 'themeId', 'Summer theme', "'Theme ID' must be the theme's ID"],
	])(
		'%s: %s %j is refused before any request, naming the field',
		async (resource, field, value, message) => {
			const p = poller({ resource, events: VARIANT_EVENTS, [field]: value });
			const { result: tick, requests } = await counted(
				async () => await p.tick({ activation: true }),
			);
			expect(tick.error?.message).toContain(message);
			expect(tick.error?.message).toContain(JSON.stringify(value));
			expect(requests).toEqual([]);
			expect(p.staticData().cursor).toBeUndefined();
		},
	);
});
