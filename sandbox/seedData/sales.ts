/**
 * Seed data of sales: promotions, vouchers, application charges, abandoned carts, payment methods,
 * order statuses and orders.
 */
import { EMPTY_DATE, seedDate } from '../dates';
import { type Builder, pick, slugify, stamps, uuidFor } from './common';
import { PRODUCTS } from './catalog';

const PROMOS = ['Summer sale', 'Black Friday', 'Shoes week', 'Vendor days'];

const CODES = ['SUMMER10', 'WELCOME', 'FREESHIP', 'VIP20'];

const CHARGES = [
	['Pro plan', 4900, 'pending'],
	['Setup fee', '1500', 'accepted'],
	['Add-on pack', 900, 'declined'],
] as const;

const PAYMENTS: Array<[string, number, string]> = [
	['Bank transfer', 1, ''],
	['Cash on delivery', 1, ''],
	['PayPal', 1, 'paypal'],
	['Card', 0, 'stripe'],
];

const STATUSES: Array<[string, string, string]> = [
	['New', '4a90e2', 'new'],
	['Paid', '7ed321', 'paid'],
	['Shipped', 'f5a623', 'sent'],
	['Delivered', '417505', 'delivered'],
	['Cancelled', 'd0021b', 'cancelled'],
];

export const SALES_BUILDERS: Record<string, Builder> = {
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
	order: (id, store) => {
		const status = String(((id - 1) % Math.max(store.orderStatuses.size, 1)) + 1);
		const skus = [PRODUCTS[(id - 1) % PRODUCTS.length][1]];
		return { id, status_id: status, skus };
	},
};
