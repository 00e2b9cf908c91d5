/**
 * Seed data of the catalog: categories, vendors, collections, products and variants.
 */
import type { Rec, Store } from '../store';
import { type Builder, meta, pick, slugify, stamps, uuidFor } from './common';

const CATS: Array<[string, number]> = [
	['Clothing', 0],
	['Shoes', 0],
	['T-shirts', 1],
	['Sneakers', 2],
	['Accessories', 0],
];

const VENDORS = ['Acme Apparel', 'Stride Footwear', 'Leatherworks'];

const COLLS = ['New arrivals', 'Bestsellers', 'Gift ideas'];

export const PRODUCTS: Array<[string, string, number[], number, number[]]> = [
	['Basic T-shirt', 'TSH-001', [1, 3], 1, [1]],
	['Running sneakers', 'SNK-002', [2, 4], 2, [1, 2]],
	['Leather belt', 'BLT-003', [5], 3, [3]],
	['Hoodie', 'HOD-004', [1], 1, [2]],
	['Canvas tote bag', 'BAG-005', [5], 3, []],
];

function category(id: number, store: Store): Rec {
	const [name, seededParent] = id <= CATS.length ? CATS[id - 1] : [`Category ${id}`, 0];
	const parent = store.categories.get(seededParent) ? seededParent : 0;
	// generated categories are top level and numbered by id (no sibling scan: seeding 100k stays linear)
	const position = id <= CATS.length ? undefined : id;
	return categoryRecord(
		store,
		id,
		{ name, url: slugify(name), description: `${name} for everyone`, parent, metadata: meta(name) },
		stamps(id),
		position,
	);
}

/** Category with the derived create-response fields (tree, global_parent, sort_order). */
export function categoryRecord(
	store: Store,
	id: number,
	input: { name: string; url: string; description: string; parent: number; metadata: unknown },
	dates: { created_at: string; updated_at: string },
	position?: number,
): Rec {
	const chain: number[] = [];
	for (let p = input.parent; p; p = Number(store.categories.get(p)?.parent ?? 0)) chain.unshift(p);
	const siblings =
		position !== undefined
			? position - 1
			: store.categories.rows.filter((c) => c.parent === input.parent).length;
	return {
		id,
		uuid: uuidFor('category', id),
		pos: siblings + 1,
		name: input.name,
		url: input.url,
		description: input.description,
		parent: input.parent,
		global_parent: chain[0] ?? 0,
		tree: [0, ...chain].join('-'),
		sort_order: siblings + 1,
		...dates,
		metadata: input.metadata,
	};
}

function variant(id: number, store: Store): Rec {
	if (store.products.size === 0)
		store.products.insert(CATALOG_BUILDERS.product(store.products.nextId(), store, ''));
	const product = store.products.rows[(id - 1) % store.products.size];
	const sizes = ['S', 'M', 'L', 'XL'];
	const position = Math.floor((id - 1) / store.products.size) + 1;
	return {
		id: String(id),
		uuid: uuidFor('variant', id),
		product_id: String(product.id),
		sku: `${product.sku}-${pick(sizes, id)}`,
		property_name_1: pick(sizes, id),
		property_name_2: pick(['White', 'Black', 'Navy'], id),
		property_name_3: '',
		price: String(1900 + 100 * (id % 7)),
		price_regular: String(2500 + 100 * (id % 7)),
		quantity: String(10 + (id % 30)),
		weight: '0.3',
		add_to_magazine: '1',
		magazine_group: '',
		buy_if_empty: '0',
		thumbnail: `https://cdn.store.example/products/${product.id}/${id}.jpg`,
		availability: '',
		availability_description: '',
		availability_type: 'own',
		barcode: String(5901234000000 + id),
		...stamps(id),
		title: product.title,
		position,
	};
}

export const CATALOG_BUILDERS: Record<string, Builder> = {
	category,
	vendor: (id) => {
		const title = id <= VENDORS.length ? VENDORS[id - 1] : `Vendor ${id}`;
		return {
			id: String(id),
			uuid: uuidFor('vendor', id),
			title,
			url: slugify(title),
			description: `Products by ${title}`,
			logo: `https://cdn.store.example/vendors/${id}.png`,
			...stamps(id),
			metadata: meta(title),
		};
	},
	collection: (id, store) => {
		const title = id <= COLLS.length ? COLLS[id - 1] : `Collection ${id}`;
		const count =
			id <= COLLS.length
				? store.products.rows.filter((p) => p.collection_ids.includes(id)).length
				: 0;
		return {
			id,
			uuid: uuidFor('collection', id),
			title,
			url: slugify(title),
			description: title,
			label: id === 1 ? 'NEW' : '',
			label_color: pick(['e91e63', '3f51b5', '009688'], id),
			count,
			...stamps(id),
			metadata: meta(title),
		};
	},
	product: (id) => {
		const [title, sku, category_ids, vendor, collection_ids] =
			id <= PRODUCTS.length
				? PRODUCTS[id - 1]
				: [
						`Product ${id}`,
						`PRD-${id}`,
						[((id - 1) % 5) + 1],
						((id - 1) % 3) + 1,
						[((id - 1) % 3) + 1],
					];
		return {
			id,
			title,
			sku,
			category_ids,
			vendor_id: String(vendor),
			collection_ids,
			...stamps(id),
		};
	},
	variant,
};
