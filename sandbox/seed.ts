/** Record builders and the seed data: a handful of realistic records per resource, and `seed(resource, n)` generators. */
import { EMPTY_DATE, seedDate } from './dates';
import { SECTIONS } from './events';
import type { Rec, Store, Table } from './store';

const pick = <T>(list: readonly T[], n: number): T => list[(n - 1) % list.length];

/** Deterministic v4-shaped uuid for (kind, id). */
export function uuidFor(kind: string, id: number): string {
	let h = 2166136261;
	for (let i = 0; i < kind.length; i++) h = Math.imul(h ^ kind.charCodeAt(i), 16777619) >>> 0;
	return `${h.toString(16).padStart(8, '0')}-0000-4000-8000-${id.toString(16).padStart(12, '0')}`;
}

export const slugify = (s: string): string =>
	s
		.toLowerCase()
		.normalize('NFKD')
		.replace(/[^\w\s-]/g, '')
		.trim()
		.replace(/[\s_-]+/g, '-') || 'item';

const meta = (title: string) => [
	{
		meta_title: title,
		meta_description: `${title} in our store`,
		meta_keywords: title.toLowerCase().split(' ').join(', '),
	},
];

const stamps = (n: number) => ({ created_at: seedDate(n), updated_at: seedDate(n, 30) });

const MIME: Record<string, string> = {
	css: 'text/css',
	js: 'application/javascript',
	json: 'application/json',
	png: 'image/png',
	jpg: 'image/jpeg',
	svg: 'image/svg+xml',
	gif: 'image/gif',
	tpl: 'text/html',
	html: 'text/html',
	liquid: 'text/html',
	txt: 'text/plain',
};

/** An asset record; `public_url` only for the `assets` folder. */
export function assetRecord(baseUrl: string, themeId: string, key: string, content: string): Rec {
	const ext = key.split('.').pop()?.toLowerCase() ?? '';
	return {
		key,
		public_url: key.startsWith('assets/')
			? `${baseUrl}/_sandbox/themes/${encodeURIComponent(themeId)}/${key}`
			: null,
		content_type: MIME[ext] ?? 'text/plain',
		size: Buffer.byteLength(content),
		content,
	};
}

type Builder = (id: number, store: Store, baseUrl: string) => Rec;

const PROMOS = ['Summer sale', 'Black Friday', 'Shoes week', 'Vendor days'];
const CODES = ['SUMMER10', 'WELCOME', 'FREESHIP', 'VIP20'];
const CHARGES = [
	['Pro plan', 4900, 'pending'],
	['Setup fee', '1500', 'accepted'],
	['Add-on pack', 900, 'declined'],
] as const;
const PAGES = ['About us', 'Shipping', 'Returns', 'Contact'];
const CATS: Array<[string, number]> = [
	['Clothing', 0],
	['Shoes', 0],
	['T-shirts', 1],
	['Sneakers', 2],
	['Accessories', 0],
];
const VENDORS = ['Acme Apparel', 'Stride Footwear', 'Leatherworks'];
const COLLS = ['New arrivals', 'Bestsellers', 'Gift ideas'];
const PAYMENTS: Array<[string, number, string]> = [
	['Bank transfer', 1, ''],
	['Cash on delivery', 1, ''],
	['PayPal', 1, 'paypal'],
	['Card', 0, 'stripe'],
];
const PRODUCTS: Array<[string, string, number[], number, number[]]> = [
	['Basic T-shirt', 'TSH-001', [1, 3], 1, [1]],
	['Running sneakers', 'SNK-002', [2, 4], 2, [1, 2]],
	['Leather belt', 'BLT-003', [5], 3, [3]],
	['Hoodie', 'HOD-004', [1], 1, [2]],
	['Canvas tote bag', 'BAG-005', [5], 3, []],
];
const BLOGS = ['News', 'Style guide', 'Behind the scenes'];
const STATUSES: Array<[string, string, string]> = [
	['New', '4a90e2', 'new'],
	['Paid', '7ed321', 'paid'],
	['Shipped', 'f5a623', 'sent'],
	['Delivered', '417505', 'delivered'],
	['Cancelled', 'd0021b', 'cancelled'],
];
const PEOPLE: Array<[string, string, string[]]> = [
	[
		'Alice',
		'Owner',
		[
			'dashboard',
			'product',
			'order',
			'client',
			'marketing',
			'layout',
			'reports',
			'apps',
			'settings',
		],
	],
	['Bob', 'Staff', ['dashboard', 'product', 'order']],
	['Carol', 'Marketer', ['dashboard', 'marketing', 'reports']],
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
		store.products.insert(BUILDERS.product(store.products.nextId(), store, ''));
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

function theme(id: number, store: Store, baseUrl: string): Rec {
	const title = pick(['Classic', 'Modern'], id) + (id > 2 ? ` ${id}` : '');
	const files: Array<[string, string]> = [
		[
			'layout/theme.tpl',
			`<html><head><title>{{ shop.name }}</title></head><body>{{ content }}</body></html>`,
		],
		['templates/index.tpl', `<h1>Welcome to {{ shop.name }}</h1>`],
		['templates/product.tpl', `<h1>{{ product.title }}</h1><p>{{ product.price }}</p>`],
		['assets/style.css', `body { font-family: sans-serif; color: #222; }`],
		['assets/app.js', `console.log('theme ${title}');`],
		['snippets/header.tpl', `<header>{{ shop.name }}</header>`],
	];
	const assets = store.assetsOf(String(id));
	for (const [key, content] of id <= 2 ? files : files.slice(0, 1))
		assets.insert(assetRecord(baseUrl, String(id), key, content));
	return {
		id: String(id),
		title,
		screenshot: `//cdn.store.example/themes/${id}/screenshot.png`,
		...stamps(id),
		active: id === 1 && !store.activeTheme(),
	};
}

const BUILDERS: Record<string, Builder> = {
	promotion: (id) => ({
		id,
		title: id <= PROMOS.length ? PROMOS[id - 1] : `Promotion ${id}`,
		start_at: seedDate(id),
		finish_at: id % 2 ? seedDate(id + 24 * 14) : EMPTY_DATE,
		promotion_type: (id % 2) + 1,
		promotion_value: id % 2 ? 10 + id : 500 * id,
		promotion_on_type: ((id - 1) % 4) + 1,
		promotion_on_value: id % 4 === 1 ? [1, 2] : [((id - 1) % 3) + 1],
		activate: 1,
		created_at: seedDate(id),
	}),
	voucher: (id) => {
		const code = id <= CODES.length ? CODES[id - 1] : `CODE${id}`;
		const items =
			id === 2
				? [1, 2, 3].map((n) => ({ code: `${code}-${n}`, used: n === 1 ? 1 : 0 }))
				: [{ code, used: id % 3 }];
		return {
			id,
			code,
			start_at: seedDate(id),
			finish_at: id % 2 ? seedDate(id + 24 * 30) : EMPTY_DATE,
			quantity: id === 2 ? 3 : id % 2 ? 100 : -1,
			quantity_used: id % 3,
			discount_type: pick([2, 1, 3, 7], id),
			discount_value: pick([10, 500, 0, 20], id),
			discount_on: pick([1, 1, 1, 3], id),
			discount_on_type: pick([1, 1, 1, 2], id),
			discount_on_value: pick([0, 0, 0, 5], id),
			activate: 1,
			apply_once: 0,
			per_client: id % 2,
			available_on_promo: 1,
			created_at: seedDate(id),
			items,
		};
	},
	applicationCharge: (id, _s, baseUrl) => {
		const [name, price, status] =
			id <= CHARGES.length ? CHARGES[id - 1] : [`Charge ${id}`, 100 * id, 'pending'];
		return {
			id,
			name,
			price,
			return_url: `https://app.example.com/billing/return?charge=${id}`,
			status,
			test: id % 2 === 1,
			confirmation_url: `${baseUrl}/services/application_charges/${id}/confirm`,
			activated_on: status === 'accepted' ? seedDate(id, 10) : null,
			...stamps(id),
		};
	},
	abandonedCart: (id) => ({
		user_key: uuidFor('cart', id).replace(/-/g, ''),
		email: `shopper${id}@example.com`,
		accept_newsletter: String(id % 2),
		shipping: [{ id: 1, title: 'Courier', price: 1500 }],
		payment: [{ id: 2, meta_keywords: 'cash on delivery' }],
		discount: id % 2 ? [{ code: 'SUMMER10', amount: 390 }] : [],
		items: [
			{
				id: id * 10 + 1,
				product_id: 1,
				variant_id: 1,
				price: 1900,
				tax: 437,
				quantity: 2,
				weight: 300,
				sku: 'TSH-001-S',
				require_shipping: 1,
				title: 'Basic T-shirt',
				variant_title: 'S / White',
			},
			{
				id: id * 10 + 2,
				product_id: 3,
				variant_id: 7,
				price: 3500,
				tax: 805,
				quantity: 1,
				weight: 200,
				sku: 'BLT-003-S',
				require_shipping: 1,
				title: 'Leather belt',
				variant_title: 'S / Black',
			},
		],
		landing_site: '/collections/new-arrivals',
		referring_site: 'https://www.google.com/',
		note: id % 3 ? '' : 'Gift wrap please',
		data: '',
		total_price: 8800 + 1500,
		total_items_price: 7300,
		total_tax: 1679,
		total_weight: 800,
		currency: 'EUR',
		order_id: '',
		created_at: seedDate(id),
	}),
	page: (id) => {
		const title = id <= PAGES.length ? PAGES[id - 1] : `Page ${id}`;
		return {
			id,
			title,
			handle: slugify(title),
			url: slugify(title),
			content: `<p>${title}</p>`,
			visibility: id % 4 ? 1 : 0,
			...stamps(id),
			metadata: meta(title),
		};
	},
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
	paymentMethod: (id) => {
		const [name, is_active, channel] =
			id <= PAYMENTS.length ? PAYMENTS[id - 1] : [`Payment ${id}`, id % 2, ''];
		return {
			id: String(id),
			name,
			is_active,
			position: id,
			is_default: id === 1 ? 1 : 0,
			channel,
			msg_body: `Thank you for choosing ${name}.`,
			email_template: id,
			...stamps(id),
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
	blog: (id) => {
		const title = id <= BLOGS.length ? BLOGS[id - 1] : `Blog ${id}`;
		return {
			id,
			title,
			handle: slugify(title),
			url: `blog/${slugify(title)}`,
			visibility: 1,
			...stamps(id),
			meta_title: title,
			meta_description: `${title} from our team`,
			meta_keywords: slugify(title),
		};
	},
	orderStatus: (id) => {
		const [name, color, change_type] =
			id <= STATUSES.length ? STATUSES[id - 1] : [`Status ${id}`, '9b9b9b', 'custom'];
		return {
			id: String(id),
			uuid: uuidFor('status', id),
			name,
			url: slugify(name),
			color,
			send_mail: String(id % 2),
			mail_template: String(id),
			change_type,
			...stamps(id),
		};
	},
	theme,
	user: (id) => {
		const [first_name, last_name, permissions] =
			id <= PEOPLE.length ? PEOPLE[id - 1] : [`User${id}`, 'Generated', ['dashboard']];
		return {
			id,
			email: `${first_name.toLowerCase()}@shop.example.com`,
			first_name,
			last_name,
			account_owner: id === 1 ? 'true' : 'false',
			permissions,
		};
	},
	webhook: (id) => ({
		id,
		section: pick(SECTIONS, id),
		site_url: `http://127.0.0.1:1/hooks/${id}`,
		format: 'json',
		...stamps(id),
	}),
	themeScript: (id) => ({
		id: String(id),
		event_type: 'onload',
		src: `https://cdn.apps.example.com/scripts/app-${id}.js`,
		scope: pick(['all', 'store', 'order_status'], id),
		...stamps(id),
	}),
	order: (id, store) => {
		const status = String(((id - 1) % Math.max(store.orderStatuses.size, 1)) + 1);
		const skus = [PRODUCTS[(id - 1) % PRODUCTS.length][1]];
		return { id, status_id: status, skus };
	},
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
