/** Categories, vendors, collections, variants, and the products count. */
import { notFound, unprocessable } from '../errors';
import { idIn, intEq, intParam, strEq, type ListSpec } from '../list';
import type { Ctx, Router } from '../router';
import { categoryRecord, slugify, uuidFor } from '../seed';
import type { Rec } from '../store';
import { ok } from '../wire';
import {
	assign,
	count,
	counted,
	found,
	int,
	list,
	metadata,
	now,
	out,
	statusOk,
	str,
	wrapped,
} from './common';

/** The products matching a product_id filter value (none when unknown). */
const productsOf =
	(ctx: Ctx) =>
	(v: string, p: string): Rec[] => {
		const product = ctx.app.store.products.get(intParam(v, p));
		return product ? [product] : [];
	};

const categorySpec = (ctx: Ctx): ListSpec => ({
	paged: true,
	filters: {
		parent_id: intEq('parent'),
		product_id: idIn((v, p) => productsOf(ctx)(v, p).flatMap((x) => x.category_ids)),
	},
});
const vendorSpec = (ctx: Ctx): ListSpec => ({
	paged: true,
	filters: { product_id: idIn((v, p) => productsOf(ctx)(v, p).map((x) => x.vendor_id)) },
});
const collectionSpec = (ctx: Ctx): ListSpec => ({
	paged: true,
	filters: {
		title: strEq('title'),
		url: strEq('url'),
		product_id: idIn((v, p) => productsOf(ctx)(v, p).flatMap((x) => x.collection_ids)),
	},
});

/** uuid only on single and create answers; global_parent, tree, sort_order only on create. */
const categoryView =
	(mode: 'list' | 'single') =>
	(c: Rec): Rec => {
		const { uuid, global_parent: _g, tree: _t, sort_order: _s, ...rest } = c;
		return mode === 'single' ? { id: rest.id, uuid, ...rest } : rest;
	};

const AVAILABILITY = ['own', 'hours', 'days', 'weeks', 'months'];
const VARIANT_FIELDS: Record<string, (v: unknown, f: string) => unknown> = {
	title: str,
	sku: str,
	price: str,
	price_regular: str,
	quantity: str,
	weight: str,
	add_to_magazine: str,
	magazine_group: str,
	buy_if_empty: str,
	availability: str,
	availability_description: str,
	barcode: str,
	property_name_1: str,
	property_name_2: str,
	property_name_3: str,
	availability_type: (v, f) => {
		const s = str(v, f);
		if (!AVAILABILITY.includes(s))
			throw unprocessable(
				`availability_type must be one of ${AVAILABILITY.join(', ')}, got "${s}"`,
			);
		return s;
	},
};

function variantInput(v: Rec, input: Rec): void {
	// the spec's update list spells them property_name1..3
	const aliased = { ...input };
	for (const n of [1, 2, 3])
		if (aliased[`property_name_${n}`] === undefined && input[`property_name${n}`] !== undefined)
			aliased[`property_name_${n}`] = input[`property_name${n}`];
	assign(v, aliased, VARIANT_FIELDS);
}

export function registerCatalog(r: Router): void {
	r.get('/services/categories', (ctx) =>
		list(ctx, ctx.app.store.categories.rows, categorySpec(ctx), 'categories', categoryView('list')),
	);
	r.get('/services/categories/count', (ctx) =>
		count(ctx, ctx.app.store.categories.rows, categorySpec(ctx)),
	);
	r.get('/services/categories/:id', (ctx) =>
		ok({
			category: out(
				ctx,
				categoryView('single')(found(ctx.app.store.categories, ctx.params.id, 'category')),
			),
		}),
	);
	r.post('/services/categories', (ctx) => {
		const input = wrapped(ctx, 'category');
		const store = ctx.app.store;
		const parent =
			input.parent_id === undefined || input.parent_id === null || input.parent_id === ''
				? 0
				: int(input.parent_id, 'parent_id');
		if (parent !== 0 && !store.categories.get(parent))
			throw unprocessable(`parent_id ${parent}: no such category`);
		const name = input.title === undefined ? '' : str(input.title, 'title');
		const rec = categoryRecord(
			store,
			store.categories.nextId(),
			{
				name,
				url: input.url === undefined ? slugify(name) : str(input.url, 'url'),
				description: input.description === undefined ? '' : str(input.description, 'description'),
				parent,
				metadata: input.metadata === undefined ? [] : metadata(input.metadata),
			},
			{ created_at: now(ctx), updated_at: now(ctx) },
		);
		return ok({ category: out(ctx, store.categories.insert(rec)) });
	});
	r.put('/services/categories/:id', (ctx) => {
		const c = found(ctx.app.store.categories, ctx.params.id, 'category');
		const input = wrapped(ctx, 'category');
		const next = { ...c };
		assign(next, input, { url: str, description: str, metadata });
		if (input.title !== undefined) next.name = str(input.title, 'title');
		Object.assign(c, next, { updated_at: now(ctx) });
		return ok({ id: c.id });
	});
	r.delete('/services/categories/:id', (ctx) => {
		found(ctx.app.store.categories, ctx.params.id, 'category');
		ctx.app.store.categories.remove(ctx.params.id);
		return statusOk();
	});

	r.get('/services/vendors', (ctx) =>
		list(ctx, ctx.app.store.vendors.rows, vendorSpec(ctx), 'vendors'),
	);
	r.get('/services/vendors/count', (ctx) =>
		count(ctx, ctx.app.store.vendors.rows, vendorSpec(ctx)),
	);
	r.get('/services/vendors/:id', (ctx) =>
		ok({ vendor: out(ctx, found(ctx.app.store.vendors, ctx.params.id, 'vendor')) }),
	);
	r.post('/services/vendors', (ctx) => {
		const input = wrapped(ctx, 'vendor');
		const t = ctx.app.store.vendors;
		const id = t.nextId();
		const v: Rec = {
			id: String(id),
			uuid: uuidFor('vendor', id),
			title: '',
			url: '',
			description: '',
			logo: '',
			created_at: now(ctx),
			updated_at: now(ctx),
			metadata: [],
		};
		assign(v, input, { title: str, description: str, metadata });
		v.url = slugify(v.title);
		return ok({ vendor: out(ctx, t.insert(v)) });
	});
	r.put('/services/vendors/:id', (ctx) => {
		const v = found(ctx.app.store.vendors, ctx.params.id, 'vendor');
		const next = { ...v };
		assign(next, wrapped(ctx, 'vendor'), { title: str, url: str, description: str, metadata });
		Object.assign(v, next, { updated_at: now(ctx) });
		return ok({ vendor: out(ctx, v) });
	});
	r.delete('/services/vendors/:id', (ctx) => {
		found(ctx.app.store.vendors, ctx.params.id, 'vendor');
		ctx.app.store.vendors.remove(ctx.params.id);
		return statusOk();
	});

	r.get('/services/collections', (ctx) =>
		list(ctx, ctx.app.store.collections.rows, collectionSpec(ctx), 'collections'),
	);
	r.get('/services/collections/count', (ctx) =>
		count(ctx, ctx.app.store.collections.rows, collectionSpec(ctx)),
	);
	r.get('/services/collections/:id', (ctx) =>
		ok({ collection: out(ctx, found(ctx.app.store.collections, ctx.params.id, 'collection')) }),
	);

	// the path the spec shows for the theme-script count, with created/updated min/max; it counts products
	r.get('/services/products/count', (ctx) =>
		count(ctx, ctx.app.store.products.rows, { paged: true, common: ['created_at', 'updated_at'] }),
	);

	const product = (ctx: Ctx) => found(ctx.app.store.products, ctx.params.product_id, 'product');
	const variantsOf = (ctx: Ctx) => {
		const pid = String(product(ctx).id);
		return ctx.app.store.variants.rows.filter((v) => v.product_id === pid);
	};
	const variant = (ctx: Ctx): Rec => {
		const v = ctx.app.store.variants.get(ctx.params.id);
		const pid = String(product(ctx).id);
		if (!v || v.product_id !== pid)
			throw notFound(`variant ${ctx.params.id} of product ${pid} not found`);
		return v;
	};
	const base = '/services/products/:product_id/variants';
	r.get('/services/variants/:product_id', (ctx) =>
		list(ctx, variantsOf(ctx), { paged: false }, 'variants'),
	);
	r.get(`${base}/count`, (ctx) => counted(ctx, variantsOf(ctx).length));
	r.get(`${base}/:id`, (ctx) => ok({ variant: out(ctx, variant(ctx)) }));
	r.post(base, (ctx) => {
		const p = product(ctx);
		const input = wrapped(ctx, 'variant');
		const t = ctx.app.store.variants;
		const id = t.nextId();
		const position = t.rows.filter((v) => v.product_id === String(p.id)).length + 1;
		const v: Rec = {
			id: String(id),
			uuid: uuidFor('variant', id),
			product_id: String(p.id),
			sku: '',
			property_name_1: '',
			property_name_2: '',
			property_name_3: '',
			price: '0',
			price_regular: '0',
			quantity: '0',
			weight: '0',
			add_to_magazine: '0',
			magazine_group: '',
			buy_if_empty: '0',
			thumbnail: '',
			availability: '',
			availability_description: '',
			availability_type: 'own',
			barcode: '',
			created_at: now(ctx),
			updated_at: now(ctx),
			title: p.title,
			position,
		};
		variantInput(v, input);
		return ok({ variant: out(ctx, t.insert(v)) });
	});
	r.put(`${base}/:id`, (ctx) => {
		const v = variant(ctx);
		const next = { ...v };
		variantInput(next, wrapped(ctx, 'variant'));
		Object.assign(v, next, { updated_at: now(ctx) });
		return ok({ variant: out(ctx, v) });
	});
	r.delete(`${base}/:id`, (ctx) => {
		variant(ctx);
		ctx.app.store.variants.remove(ctx.params.id);
		return statusOk();
	});
}
