/**
 * The seed data: a handful of realistic records per resource, and `seed(resource, n)` generators. The
 * record builders by area: seedData/catalog.ts, seedData/sales.ts, seedData/site.ts.
 */
import { CATALOG_BUILDERS } from './seedData/catalog';
import type { Builder } from './seedData/common';
import { SALES_BUILDERS } from './seedData/sales';
import { assetRecord, SITE_BUILDERS } from './seedData/site';
import type { Store, Table } from './store';

export { categoryRecord } from './seedData/catalog';
export { slugify, uuidFor } from './seedData/common';
export { assetRecord } from './seedData/site';

const BUILDERS: Record<string, Builder> = {
	promotion: SALES_BUILDERS.promotion,
	voucher: SALES_BUILDERS.voucher,
	applicationCharge: SALES_BUILDERS.applicationCharge,
	abandonedCart: SALES_BUILDERS.abandonedCart,
	page: SITE_BUILDERS.page,
	category: CATALOG_BUILDERS.category,
	vendor: CATALOG_BUILDERS.vendor,
	collection: CATALOG_BUILDERS.collection,
	paymentMethod: SALES_BUILDERS.paymentMethod,
	product: CATALOG_BUILDERS.product,
	variant: CATALOG_BUILDERS.variant,
	blog: SITE_BUILDERS.blog,
	orderStatus: SALES_BUILDERS.orderStatus,
	theme: SITE_BUILDERS.theme,
	user: SITE_BUILDERS.user,
	webhook: SITE_BUILDERS.webhook,
	themeScript: SITE_BUILDERS.themeScript,
	order: SALES_BUILDERS.order,
};

/** Node resource name → table. */
export function tableFor(store: Store, resource: string): Table | undefined {
	const map: Record<string, Table> = {
		promotion: store.promotions,
		voucher: store.vouchers,
		applicationCharge: store.applicationCharges,
		abandonedCart: store.abandonedCarts,
		page: store.pages,
		category: store.categories,
		vendor: store.vendors,
		collection: store.collections,
		paymentMethod: store.paymentMethods,
		product: store.products,
		variant: store.variants,
		blog: store.blogs,
		orderStatus: store.orderStatuses,
		theme: store.themes,
		user: store.users,
		webhook: store.webhooks,
		themeScript: store.themeScripts,
		order: store.orders,
	};
	return map[resource];
}

export const SEEDABLE = [...Object.keys(BUILDERS).filter((r) => r !== 'order'), 'themeAsset'];

/** Adds `count` generated records to a resource; returns its new size. */
export function seedResource(
	store: Store,
	resource: string,
	count: number,
	baseUrl: string,
): number {
	if (resource === 'themeAsset') {
		const theme = store.activeTheme() ?? store.themes.rows[0];
		if (!theme) throw new Error('no theme to add assets to');
		const assets = store.assetsOf(theme.id);
		for (let i = 0, n = assets.size + 1; i < count; n++) {
			const key = `snippets/generated-${n}.tpl`;
			if (assets.get(key)) continue;
			assets.insert(
				assetRecord(baseUrl, String(theme.id), key, `<div class="generated-${n}"></div>`),
			);
			i++;
		}
		return assets.size;
	}
	const build = BUILDERS[resource];
	const table = tableFor(store, resource);
	if (!build || !table)
		throw new Error(`unknown resource "${resource}"; one of ${SEEDABLE.join(', ')}`);
	for (let i = 0; i < count; i++) {
		if (resource === 'abandonedCart') table.insert(build(table.size + 1, store, baseUrl));
		else table.insert(build(table.nextId(), store, baseUrl));
	}
	return table.size;
}

/** The initial data: a handful of records everywhere, no webhooks. */
export function seedAll(store: Store, baseUrl: string): void {
	const plan: Array<[string, number]> = [
		['product', 5],
		['category', 5],
		['vendor', 3],
		['collection', 3],
		['promotion', 4],
		['voucher', 4],
		['applicationCharge', 3],
		['abandonedCart', 3],
		['page', 4],
		['paymentMethod', 4],
		['variant', 12],
		['blog', 3],
		['orderStatus', 5],
		['order', 5],
		['theme', 2],
		['user', 3],
		['themeScript', 2],
	];
	for (const [resource, count] of plan) seedResource(store, resource, count, baseUrl);
}
