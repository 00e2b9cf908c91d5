/**
 * Every resource of the poll trigger through n8n-core's poll machinery against the sandbox: activation replays
 * nothing; a record added, one changed and one removed by the shop owner between two polls come as exactly the
 * events the resource offers, once; the next poll is quiet.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	planOf,
	quietRequests,
	type PollPlan,
} from '../../nodes/StorePlatform/poll/rules/strategy';
import { TABLES } from '../../nodes/StorePlatform/resources';
import type { Sandbox } from '../../sandbox';
import { call } from '../sandbox/client';
import { pollStore, useSandbox } from './setup';

const env = useSandbox();
const PLANS = TABLES.map(planOf).filter((p): p is PollPlan => p !== undefined);
const TEXT_FIELDS = [
	'title',
	'name',
	'src',
	'email',
	'code',
	'section',
	'note',
	'sku',
	'first_name',
];

/** How a test changes each kind of record: the owner's helpers, or the API for theme assets. */
interface Shop {
	scope(): IDataObject;
	rows(): IDataObject[];
	add(): Promise<IDataObject>;
	change(record: IDataObject): Promise<void>;
	remove(record: IDataObject): Promise<void>;
}

function shopFor(sandbox: Sandbox, plan: PollPlan): Shop {
	const resource = plan.table.resource;
	if (resource === 'themeAsset') {
		const themeId = String(sandbox.store.themes.rows[0].id);
		const path = `/services/themes/${themeId}/assets`;
		return {
			scope: () => ({ themeId }),
			rows: () => sandbox.store.assetsOf(themeId).rows,
			add: async () =>
				(
					await call(sandbox, 'POST', path, {
						body: { asset: { key: 'snippets/new.liquid', content: 'a' } },
					})
				).json.asset,
			change: async (r) =>
				void (await call(sandbox, 'POST', path, {
					body: { asset: { key: r.key, content: 'changed content' } },
				})),
			remove: async (r) =>
				void (await call(sandbox, 'DELETE', path, { query: { 'asset[key]': String(r.key) } })),
		};
	}
	const productId = String(sandbox.store.variants.rows[0]?.product_id ?? '');
	const own = (r: IDataObject) => resource !== 'variant' || String(r.product_id) === productId;
	return {
		scope: () => (resource === 'variant' ? { productId } : {}),
		rows: () => rowsOf(sandbox, resource).filter(own),
		add: async () =>
			sandbox.owner.add(resource, resource === 'variant' ? { product_id: productId } : {}),
		change: async (r) => {
			const field = TEXT_FIELDS.find((f) => typeof r[f] === 'string') ?? 'title';
			sandbox.owner.change(resource, String(r[plan.key]), {
				[field]: `${String(r[field] ?? '')} changed`,
			});
		},
		remove: async (r) => void sandbox.owner.remove(resource, String(r[plan.key])),
	};
}

function rowsOf(sandbox: Sandbox, resource: string): IDataObject[] {
	const tables: Record<string, keyof Sandbox['store']> = {
		promotion: 'promotions',
		voucher: 'vouchers',
		applicationCharge: 'applicationCharges',
		abandonedCart: 'abandonedCarts',
		page: 'pages',
		category: 'categories',
		vendor: 'vendors',
		collection: 'collections',
		paymentMethod: 'paymentMethods',
		variant: 'variants',
		blog: 'blogs',
		orderStatus: 'orderStatuses',
		theme: 'themes',
		user: 'users',
		webhook: 'webhooks',
		themeScript: 'themeScripts',
	};
	return (sandbox.store[tables[resource]] as unknown as { rows: IDataObject[] }).rows;
}

describe.each(PLANS.map((p) => [p.table.resource, p] as const))(
	'poll trigger: %s',
	(_resource, plan) => {
		test(`offers ${plan.events.join(', ')}, each once; a quiet poll of a few records costs ${quietRequests(plan, plan.events, 2)} requests`, async () => {
			const shop = shopFor(env.sandbox, plan);
			while (shop.rows().length < 2) await shop.add();
			const p = pollStore(env.sandbox, {
				resource: plan.table.resource,
				events: plan.events,
				...shop.scope(),
			});
			const activation = await p.tick({ activation: true });
			expect(activation.error).toBeUndefined();
			expect(activation.items).toBeNull();

			const [first, second] = shop.rows();
			expect(second).toBeDefined();
			const added = await shop.add();
			await shop.change(first);
			await shop.remove(second);

			const tick = await p.tick();
			expect(tick.error).toBeUndefined();
			const got = (tick.items ?? [])
				.map((i) => `${String(i.json.event)} ${String(i.json[plan.key])}`)
				.sort();
			const want = [
				`${plan.table.resource}/created ${String(added[plan.key])}`,
				...(plan.events.includes('updated')
					? [`${plan.table.resource}/updated ${String(first[plan.key])}`]
					: []),
				...(plan.events.includes('deleted')
					? [`${plan.table.resource}/deleted ${String(second[plan.key])}`]
					: []),
			].sort();
			expect(got).toEqual(want);
			for (const item of tick.items ?? []) expect(item.json.deliveryKey).toMatch(/^[0-9a-f]{32}$/);
			// a quiet poll: the stated number of requests (the sandbox's lists are under one page)
			const before = env.sandbox.requests.length;
			expect((await p.tick()).items).toBeNull();
			expect(env.sandbox.requests.length - before).toBe(
				quietRequests(plan, plan.events, shop.rows().length),
			);
		});
	},
);
