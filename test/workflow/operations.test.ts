/**
 * Every operation of the node, run once through n8n-core's WorkflowExecute against the sandbox over
 * real HTTP: the request the sandbox received (method, path, query, body, signature) and the items
 * the node returned.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { apiRequests, byId, jsonOf, runStore, useSandbox } from './setup';

interface Case {
	name: string;
	params: INodeParameters;
	method: string;
	path: string | ((s: Sandbox) => string);
	query?: IDataObject;
	body?: unknown;
	before?: (s: Sandbox) => void;
	check: (out: IDataObject[], s: Sandbox) => void;
}

const env = useSandbox();

const list = (resource: string, extra: INodeParameters = {}): INodeParameters => ({
	resource,
	operation: 'getAll',
	returnAll: false,
	limit: 2,
	...extra,
});

const manyOf = (n: number) => (out: IDataObject[]) => {
	expect(out).toHaveLength(n);
	for (const r of out) expect(r).toEqual(expect.any(Object));
};
const countIs = (get: (s: Sandbox) => number) => (out: IDataObject[], s: Sandbox) => {
	expect(out).toEqual([{ count: get(s) }]);
};
const deleted = (id: IDataObject) => (out: IDataObject[]) =>
	expect(out).toEqual([{ ...id, deleted: true }]);
const record = (fields: IDataObject) => (out: IDataObject[]) => {
	expect(out).toHaveLength(1);
	expect(out[0]).toMatchObject(fields);
};

const firstVariant = (s: Sandbox) => s.store.variants.rows[0];
const firstCart = (s: Sandbox) => s.store.abandonedCarts.rows[0];

const CASES: Case[] = [
	// promotion
	{
		name: 'promotion getAll',
		params: list('promotion', { filters: { promotionType: 1 } }),
		method: 'GET',
		path: '/services/promotions',
		query: { limit: '2', page: '1', promotion_type: '1' },
		check: (out) => out.forEach((p) => expect(Number(p.promotion_type)).toBe(1)),
	},
	{
		name: 'promotion count',
		params: { resource: 'promotion', operation: 'count' },
		method: 'GET',
		path: '/services/promotions/count',
		check: countIs((s) => s.store.promotions.size),
	},
	{
		name: 'promotion get',
		params: {
			resource: 'promotion',
			operation: 'get',
			promotionId: byId(1),
			options: { fields: 'id,title' },
		},
		method: 'GET',
		path: '/services/promotions/1',
		query: { fields: 'id,title' },
		check: (out) => expect(Object.keys(out[0]).sort()).toEqual(['id', 'title']),
	},
	{
		name: 'promotion create',
		params: {
			resource: 'promotion',
			operation: 'create',
			title: 'Autumn',
			promotionType: 2,
			promotionValue: 15,
			promotionOnType: 1,
			additionalFields: {
				startAt: '2026-09-01T08:00:00',
				finishAt: '2026-09-30 20:00:00',
				products: '1, 2',
			},
		},
		method: 'POST',
		path: '/services/promotions',
		body: {
			promotion: {
				title: 'Autumn',
				promotion_type: 2,
				promotion_value: 15,
				promotion_on_type: 1,
				start_at: '2026-09-01 08:00:00',
				finish_at: '2026-09-30 20:00:00',
				products: [1, 2],
			},
		},
		check: record({ title: 'Autumn' }),
	},
	{
		name: 'promotion update',
		params: {
			resource: 'promotion',
			operation: 'update',
			promotionId: byId(2),
			updateFields: { promotionValue: 30 },
		},
		method: 'PUT',
		path: '/services/promotions/2',
		body: { promotion: { promotion_value: 30 } },
		check: (out, s) => {
			expect(String(out[0].id)).toBe('2');
			expect(Number(s.store.promotions.get(2)?.promotion_value)).toBe(30);
		},
	},
	{
		name: 'promotion delete',
		params: { resource: 'promotion', operation: 'delete', promotionId: byId(3) },
		method: 'DELETE',
		path: '/services/promotions/3',
		check: (out, s) => {
			deleted({ id: '3' })(out);
			expect(s.store.promotions.get(3)).toBeUndefined();
		},
	},
	// voucher
	{
		name: 'voucher getAll',
		params: list('voucher', { filters: { code: 'WELCOME' } }),
		method: 'GET',
		path: '/services/vouchers',
		query: { code: 'WELCOME' },
		check: (out) => {
			expect(out).toHaveLength(1);
			expect(out[0].code).toBe('WELCOME');
		},
	},
	{
		name: 'voucher count',
		params: { resource: 'voucher', operation: 'count', filters: { discountType: 3 } },
		method: 'GET',
		path: '/services/vouchers/count',
		query: { discount_type: '3' },
		check: countIs(
			(s) => s.store.vouchers.rows.filter((v) => Number(v.discount_type) === 3).length,
		),
	},
	{
		name: 'voucher get',
		params: { resource: 'voucher', operation: 'get', voucherId: byId(1), simplify: false },
		method: 'GET',
		path: '/services/vouchers/1',
		check: (out) => {
			expect(String(out[0].id)).toBe('1');
			expect(Array.isArray(out[0].items)).toBe(true);
		},
	},
	{
		name: 'voucher create',
		params: {
			resource: 'voucher',
			operation: 'create',
			code: 'AUTUMN5',
			additionalFields: {
				discountType: 5,
				discountOn: 1,
				discountOnType: 1,
				progressiveStepsTresholdType: 1,
				progressiveStepsDiscountType: 2,
				progressiveSteps: {
					step: [
						{ treshold: 100, discount: 5 },
						{ treshold: 200, discount: 10 },
					],
				},
				quantity: 3,
				unique: true,
			},
		},
		method: 'POST',
		path: '/services/vouchers',
		body: {
			code: 'AUTUMN5',
			discount_type: 5,
			discount_on: 1,
			discount_on_type: 1,
			progressive_steps_treshold_type: 1,
			progressive_steps_discount_type: 2,
			progressive_steps: [
				{ treshold: 100, discount: 5 },
				{ treshold: 200, discount: 10 },
			],
			quantity: 3,
			unique: 1,
		},
		check: record({ code: 'AUTUMN5' }),
	},
	{
		name: 'voucher update',
		params: {
			resource: 'voucher',
			operation: 'update',
			voucherId: byId(2),
			updateFields: { perClient: 1 },
			options: { returnFullRecord: true },
		},
		method: 'PUT',
		path: '/services/vouchers/2',
		body: { per_client: 1 },
		check: (out) => {
			expect(String(out[0].id)).toBe('2');
			expect(out[0].code).toBeDefined();
		},
	},
	{
		name: 'voucher delete',
		params: { resource: 'voucher', operation: 'delete', voucherId: byId(4) },
		method: 'DELETE',
		path: '/services/vouchers/4',
		check: deleted({ id: '4' }),
	},
	// application charge
	{
		name: 'applicationCharge getAll',
		params: { resource: 'applicationCharge', operation: 'getAll', returnAll: true },
		method: 'GET',
		path: '/services/application_charges',
		check: (out, s) => expect(out).toHaveLength(s.store.applicationCharges.size),
	},
	{
		name: 'applicationCharge count',
		params: { resource: 'applicationCharge', operation: 'count' },
		method: 'GET',
		path: '/services/application_charges/count',
		check: countIs((s) => s.store.applicationCharges.size),
	},
	{
		name: 'applicationCharge get',
		params: { resource: 'applicationCharge', operation: 'get', applicationChargeId: byId(1) },
		method: 'GET',
		path: '/services/application_charges/1',
		check: record({ name: 'Pro plan' }),
	},
	{
		name: 'applicationCharge create',
		params: {
			resource: 'applicationCharge',
			operation: 'create',
			name: 'Gold',
			price: 2500,
			returnUrl: 'https://app.example.com/back',
			additionalFields: { test: true },
		},
		method: 'POST',
		path: '/services/application_charges',
		body: {
			application_charge: {
				name: 'Gold',
				price: 2500,
				return_url: 'https://app.example.com/back',
				test: true,
			},
		},
		check: (out) => {
			expect(out).toHaveLength(1);
			expect(out[0]).toMatchObject({ name: 'Gold', status: 'pending' });
			expect(out[0].confirmation_url).toMatch(/^http/);
		},
	},
	{
		name: 'applicationCharge activate',
		before: (s) =>
			Object.assign(s.store.applicationCharges.get(1) ?? {}, {
				status: 'accepted',
				activated_on: null,
			}),
		params: { resource: 'applicationCharge', operation: 'activate', applicationChargeId: byId(1) },
		method: 'POST',
		path: '/services/application_charges/1/activate',
		check: (out) => {
			expect(out).toHaveLength(1);
			expect(out[0].status).toBe('accepted');
			expect(out[0].activated_on).toBeTruthy();
		},
	},
	{
		name: 'applicationCharge delete',
		params: { resource: 'applicationCharge', operation: 'delete', applicationChargeId: byId(3) },
		method: 'DELETE',
		path: '/services/application_charges/3',
		check: deleted({ id: '3' }),
	},
	// abandoned cart
	{
		name: 'abandonedCart getAll',
		params: list('abandonedCart', { filters: { createdAtMin: '2000-01-01 00:00:00' } }),
		method: 'GET',
		path: '/services/checkout',
		query: { created_at_min: '2000-01-01 00:00:00' },
		check: manyOf(2),
	},
	{
		name: 'abandonedCart count',
		params: { resource: 'abandonedCart', operation: 'count' },
		method: 'GET',
		path: '/services/checkout/count',
		check: countIs((s) => s.store.abandonedCarts.size),
	},
	{
		name: 'abandonedCart get',
		params: { resource: 'abandonedCart', operation: 'get', userKey: '={{ "" }}' },
		method: 'GET',
		path: (s) => `/services/checkout/${firstCart(s).user_key}`,
		check: (out, s) => expect(out[0].user_key).toBe(firstCart(s).user_key),
	},
	// page
	{
		name: 'page getAll',
		params: list('page', { returnAll: true, filters: { visibility: 1 } }),
		method: 'GET',
		path: '/services/pages',
		query: { visibility: '1' },
		check: (out) => expect(out.length).toBeGreaterThan(0),
	},
	{
		name: 'page count',
		params: { resource: 'page', operation: 'count' },
		method: 'GET',
		path: '/services/pages/count',
		check: countIs((s) => s.store.pages.size),
	},
	{
		name: 'page get',
		params: { resource: 'page', operation: 'get', pageId: byId(1) },
		method: 'GET',
		path: '/services/pages/1',
		check: record({ title: 'About us' }),
	},
	{
		name: 'page create',
		params: {
			resource: 'page',
			operation: 'create',
			title: 'FAQ',
			additionalFields: {
				url: 'faq',
				content: '<p>Q&amp;A</p>',
				visibility: 1,
				metadata: {
					meta: [{ meta_title: 'FAQ', meta_description: 'Questions', meta_keywords: 'faq' }],
				},
			},
		},
		method: 'POST',
		path: '/services/pages',
		body: {
			page: {
				title: 'FAQ',
				url: 'faq',
				content: '<p>Q&amp;A</p>',
				visibility: 1,
				metadata: [{ meta_title: 'FAQ', meta_description: 'Questions', meta_keywords: 'faq' }],
			},
		},
		check: record({ title: 'FAQ' }),
	},
	{
		name: 'page update',
		params: {
			resource: 'page',
			operation: 'update',
			pageId: byId(2),
			updateFields: { title: 'Shipping & delivery' },
		},
		method: 'PUT',
		path: '/services/pages/2',
		body: { page: { title: 'Shipping & delivery' } },
		check: (out, s) => {
			expect(String(out[0].id)).toBe('2');
			expect(s.store.pages.get(2)?.title).toBe('Shipping & delivery');
		},
	},
	{
		name: 'page delete',
		params: { resource: 'page', operation: 'delete', pageId: byId(4) },
		method: 'DELETE',
		path: '/services/pages/4',
		check: deleted({ id: '4' }),
	},
	// category
	{
		name: 'category getAll',
		params: list('category', { returnAll: true, filters: { parentId: '0' } }),
		method: 'GET',
		path: '/services/categories',
		query: { parent_id: '0' },
		check: (out) => out.forEach((c) => expect(Number(c.parent)).toBe(0)),
	},
	{
		name: 'category count',
		params: { resource: 'category', operation: 'count', filters: { parentId: '0' } },
		method: 'GET',
		path: '/services/categories/count',
		query: { parent_id: '0' },
		check: countIs((s) => s.store.categories.rows.filter((c) => Number(c.parent) === 0).length),
	},
	{
		name: 'category get',
		params: { resource: 'category', operation: 'get', categoryId: byId(1) },
		method: 'GET',
		path: '/services/categories/1',
		check: record({ name: 'Clothing' }),
	},
	{
		name: 'category create',
		params: {
			resource: 'category',
			operation: 'create',
			title: 'Hats',
			additionalFields: { parentId: '5', description: 'All hats', forceSave: true },
		},
		method: 'POST',
		path: '/services/categories',
		body: { category: { title: 'Hats', parent_id: 5, description: 'All hats', force_save: true } },
		check: (out) => {
			expect(out[0].name).toBe('Hats');
			expect(String(out[0].tree)).toMatch(/^0-5\b/);
		},
	},
	{
		name: 'category update',
		params: {
			resource: 'category',
			operation: 'update',
			categoryId: byId(3),
			updateFields: { title: 'Tees' },
		},
		method: 'PUT',
		path: '/services/categories/3',
		body: { category: { title: 'Tees' } },
		check: (out, s) => {
			expect(String(out[0].id)).toBe('3');
			expect(s.store.categories.get(3)?.name).toBe('Tees');
		},
	},
	{
		name: 'category delete',
		params: { resource: 'category', operation: 'delete', categoryId: byId(4) },
		method: 'DELETE',
		path: '/services/categories/4',
		check: deleted({ id: '4' }),
	},
	// vendor
	{
		name: 'vendor getAll',
		params: list('vendor'),
		method: 'GET',
		path: '/services/vendors',
		query: { limit: '2' },
		check: manyOf(2),
	},
	{
		name: 'vendor count',
		params: { resource: 'vendor', operation: 'count' },
		method: 'GET',
		path: '/services/vendors/count',
		check: countIs((s) => s.store.vendors.size),
	},
	{
		name: 'vendor get',
		params: { resource: 'vendor', operation: 'get', vendorId: byId(1) },
		method: 'GET',
		path: '/services/vendors/1',
		check: record({ title: 'Acme Apparel' }),
	},
	{
		name: 'vendor create',
		params: {
			resource: 'vendor',
			operation: 'create',
			title: 'North Wind',
			additionalFields: { description: 'Outdoor' },
		},
		method: 'POST',
		path: '/services/vendors',
		body: { vendor: { title: 'North Wind', description: 'Outdoor' } },
		check: record({ title: 'North Wind' }),
	},
	{
		name: 'vendor update',
		params: {
			resource: 'vendor',
			operation: 'update',
			vendorId: byId(2),
			updateFields: { url: 'stride' },
		},
		method: 'PUT',
		path: '/services/vendors/2',
		body: { vendor: { url: 'stride' } },
		check: record({ url: 'stride', title: 'Stride Footwear' }),
	},
	{
		name: 'vendor delete',
		params: { resource: 'vendor', operation: 'delete', vendorId: byId(3) },
		method: 'DELETE',
		path: '/services/vendors/3',
		check: deleted({ id: '3' }),
	},
	// collection
	{
		name: 'collection getAll',
		params: list('collection', { filters: { title: 'Bestsellers' } }),
		method: 'GET',
		path: '/services/collections',
		query: { title: 'Bestsellers' },
		check: (out) => expect(out.map((c) => c.title)).toEqual(['Bestsellers']),
	},
	{
		name: 'collection count',
		params: { resource: 'collection', operation: 'count' },
		method: 'GET',
		path: '/services/collections/count',
		check: countIs((s) => s.store.collections.size),
	},
	{
		name: 'collection get',
		params: { resource: 'collection', operation: 'get', collectionId: byId(2) },
		method: 'GET',
		path: '/services/collections/2',
		check: record({ title: 'Bestsellers' }),
	},
	// payment method
	{
		name: 'paymentMethod getAll',
		params: list('paymentMethod', { returnAll: true, filters: { isActive: 0 } }),
		method: 'GET',
		path: '/services/payment',
		query: { is_active: '0' },
		check: (out) => out.forEach((p) => expect(Number(p.is_active)).toBe(0)),
	},
	{
		name: 'paymentMethod count',
		params: { resource: 'paymentMethod', operation: 'count', filters: { isActive: 1 } },
		method: 'GET',
		path: '/services/payment/count',
		query: { is_active: '1' },
		check: countIs(
			(s) => s.store.paymentMethods.rows.filter((p) => Number(p.is_active) === 1).length,
		),
	},
	{
		name: 'paymentMethod get',
		params: { resource: 'paymentMethod', operation: 'get', paymentMethodId: byId(3) },
		method: 'GET',
		path: '/services/payment/3',
		check: record({ name: 'PayPal' }),
	},
	// variant
	{
		name: 'variant getAll',
		params: { resource: 'variant', operation: 'getAll', productId: '={{ "1" }}', returnAll: true },
		method: 'GET',
		path: '/services/variants/1',
		check: (out, s) =>
			expect(out).toHaveLength(
				s.store.variants.rows.filter((v) => String(v.product_id) === '1').length,
			),
	},
	{
		name: 'variant count',
		params: { resource: 'variant', operation: 'count', productId: '1' },
		method: 'GET',
		path: '/services/products/1/variants/count',
		check: countIs((s) => s.store.variants.rows.filter((v) => String(v.product_id) === '1').length),
	},
	{
		name: 'variant get',
		params: { resource: 'variant', operation: 'get', productId: '={{ "" }}', variantId: byId(1) },
		method: 'GET',
		path: (s) => `/services/products/${firstVariant(s).product_id}/variants/1`,
		check: record({ id: '1' }),
	},
	{
		name: 'variant create',
		params: {
			resource: 'variant',
			operation: 'create',
			productId: '2',
			additionalFields: {
				sku: 'SNK-XL',
				property1: 'Size',
				propertyName1: 'XL',
				price: 99,
				quantity: 4,
				availabilityType: 'days',
			},
		},
		method: 'POST',
		path: '/services/products/2/variants',
		body: {
			variant: {
				sku: 'SNK-XL',
				property_1: 'Size',
				property_name_1: 'XL',
				price: 99,
				quantity: 4,
				availability_type: 'days',
			},
		},
		check: record({ sku: 'SNK-XL' }),
	},
	{
		name: 'variant update',
		params: {
			resource: 'variant',
			operation: 'update',
			productId: '={{ "" }}',
			variantId: byId(1),
			updateFields: { quantity: 7, propertyName1: 'M' },
		},
		method: 'PUT',
		path: (s) => `/services/products/${firstVariant(s).product_id}/variants/1`,
		body: { variant: { quantity: 7, property_name1: 'M' } },
		check: (out) => expect(Number(out[0].quantity)).toBe(7),
	},
	{
		name: 'variant delete',
		params: {
			resource: 'variant',
			operation: 'delete',
			productId: '={{ "" }}',
			variantId: byId(1),
		},
		method: 'DELETE',
		path: (s) => `/services/products/${firstVariant(s).product_id}/variants/1`,
		check: (out) => expect(out[0]).toMatchObject({ id: '1', deleted: true }),
	},
	// blog
	{
		name: 'blog getAll',
		params: list('blog', { returnAll: true, filters: { order: 'DESC' } }),
		method: 'GET',
		path: '/services/blogs',
		query: { order: 'DESC' },
		check: (out) => expect(Number(out[0].id)).toBeGreaterThan(Number(out[out.length - 1].id)),
	},
	{
		name: 'blog count',
		params: { resource: 'blog', operation: 'count' },
		method: 'GET',
		path: '/services/blogs/count',
		check: countIs((s) => s.store.blogs.size),
	},
	{
		name: 'blog get',
		params: { resource: 'blog', operation: 'get', blogId: byId(1) },
		method: 'GET',
		path: '/services/blogs/1',
		check: record({ title: 'News' }),
	},
	{
		name: 'blog create',
		params: {
			resource: 'blog',
			operation: 'create',
			title: 'Recipes',
			additionalFields: { handle: 'recipes', metaTitle: 'Recipes' },
		},
		method: 'POST',
		path: '/services/blogs',
		body: { blog: { title: 'Recipes', handle: 'recipes', meta_title: 'Recipes' } },
		check: record({ title: 'Recipes' }),
	},
	{
		name: 'blog update',
		params: {
			resource: 'blog',
			operation: 'update',
			blogId: byId(2),
			updateFields: { metaKeywords: 'style' },
		},
		method: 'PUT',
		path: '/services/blogs/2',
		body: { blog: { meta_keywords: 'style' } },
		check: (out) => expect(String(out[0].id)).toBe('2'),
	},
	{
		name: 'blog delete',
		params: { resource: 'blog', operation: 'delete', blogId: byId(3) },
		method: 'DELETE',
		path: '/services/blogs/3',
		check: deleted({ id: '3' }),
	},
	// theme asset
	{
		name: 'themeAsset getAll',
		params: { resource: 'themeAsset', operation: 'getAll', themeId: byId(1), returnAll: true },
		method: 'GET',
		path: '/services/themes/1/assets',
		check: (out) => {
			expect(out.length).toBeGreaterThan(0);
			out.forEach((a) => expect(a.content).toBeUndefined());
		},
	},
	{
		name: 'themeAsset get',
		params: {
			resource: 'themeAsset',
			operation: 'get',
			themeId: byId(1),
			assetKey: byId('layout/theme.tpl'),
		},
		method: 'GET',
		path: '/services/themes/1/assets',
		query: { 'asset[key]': 'layout/theme.tpl' },
		check: (out) => {
			expect(out[0].key).toBe('layout/theme.tpl');
			expect(typeof out[0].content).toBe('string');
		},
	},
	{
		name: 'themeAsset create',
		params: {
			resource: 'themeAsset',
			operation: 'create',
			themeId: byId(1),
			key: 'assets/new file.css',
			contentSource: 'text',
			content: 'body{color:red}',
		},
		method: 'POST',
		path: '/services/themes/1/assets',
		body: { asset: { key: 'assets/new file.css', content: 'body{color:red}' } },
		check: record({ key: 'assets/new file.css', content: 'body{color:red}' }),
	},
	{
		name: 'themeAsset delete',
		params: {
			resource: 'themeAsset',
			operation: 'delete',
			themeId: byId(1),
			assetKey: byId('snippets/header.tpl'),
		},
		method: 'DELETE',
		path: '/services/themes/1/assets',
		query: { 'asset[key]': 'snippets/header.tpl' },
		check: deleted({ id: '1', key: 'snippets/header.tpl' }),
	},
	// order status
	{
		name: 'orderStatus getAll',
		params: list('orderStatus', { filters: { name: 'Paid' } }),
		method: 'GET',
		path: '/services/statuses',
		query: { name: 'Paid' },
		check: (out) => expect(out.map((s) => s.name)).toEqual(['Paid']),
	},
	{
		name: 'orderStatus count',
		params: { resource: 'orderStatus', operation: 'count' },
		method: 'GET',
		path: '/services/statuses',
		check: countIs((s) => s.store.orderStatuses.size),
	},
	{
		name: 'orderStatus get',
		params: { resource: 'orderStatus', operation: 'get', orderStatusId: byId(2) },
		method: 'GET',
		path: '/services/statuses/2',
		check: record({ name: 'Paid' }),
	},
	{
		name: 'orderStatus create',
		params: {
			resource: 'orderStatus',
			operation: 'create',
			name: 'Packed',
			additionalFields: { color: 'aabbcc', sendMail: '1' },
		},
		method: 'POST',
		path: '/services/statuses',
		body: { status: { name: 'Packed', color: 'aabbcc', send_mail: '1' } },
		check: record({ name: 'Packed' }),
	},
	{
		name: 'orderStatus update',
		params: {
			resource: 'orderStatus',
			operation: 'update',
			orderStatusId: byId(3),
			updateFields: { color: '000000' },
		},
		method: 'PUT',
		path: '/services/statuses/3',
		body: { status: { color: '000000' } },
		check: (out) => expect(String(out[0].id)).toBe('3'),
	},
	{
		name: 'orderStatus delete',
		params: { resource: 'orderStatus', operation: 'delete', orderStatusId: byId(5) },
		method: 'DELETE',
		path: '/services/statuses/5',
		check: deleted({ id: '5' }),
	},
	// theme
	{
		name: 'theme getAll',
		params: { resource: 'theme', operation: 'getAll', returnAll: true },
		method: 'GET',
		path: '/services/themes',
		check: (out) => expect(out.filter((t) => t.active === true)).toHaveLength(1),
	},
	{
		name: 'theme get',
		params: { resource: 'theme', operation: 'get', themeId: byId(2) },
		method: 'GET',
		path: '/services/themes/2',
		check: record({ id: '2' }),
	},
	{
		name: 'theme activate',
		params: { resource: 'theme', operation: 'activate', themeId: byId(2) },
		method: 'PUT',
		path: '/services/themes/2',
		body: { theme: { active: true } },
		check: (out, s) => {
			expect(out[0]).toMatchObject({ id: '2', active: true });
			expect(s.store.activeTheme()?.id).toBe('2');
		},
	},
	// user
	{
		name: 'user getAll',
		params: { resource: 'user', operation: 'getAll', returnAll: false, limit: 2 },
		method: 'GET',
		path: '/services/users',
		check: manyOf(2),
	},
	{
		name: 'user get',
		params: { resource: 'user', operation: 'get', userId: byId(1) },
		method: 'GET',
		path: '/services/users/1',
		check: (out) => {
			expect(out).toHaveLength(1);
			expect(String(out[0].id)).toBe('1');
			expect(out[0].email).toContain('@');
		},
	},
	// webhook (created first where one is needed)
	{
		name: 'webhook create',
		params: {
			resource: 'webhook',
			operation: 'create',
			section: 'order/paid',
			siteUrl: 'https://example.com/hook',
		},
		method: 'POST',
		path: '/services/webhooks',
		body: { webhook: { section: 'order/paid', site_url: 'https://example.com/hook' } },
		check: record({ section: 'order/paid', format: 'json' }),
	},
	{
		name: 'webhook getAll',
		params: list('webhook', { returnAll: true }),
		method: 'GET',
		path: '/services/webhooks',
		query: { limit: '200' },
		check: (out) => expect(out).toEqual([]),
	},
	{
		name: 'webhook count',
		params: { resource: 'webhook', operation: 'count', filters: { section: 'order/create' } },
		method: 'GET',
		path: '/services/webhooks/count',
		query: { section: 'order/create' },
		check: (out) => expect(out).toEqual([{ count: 0 }]),
	},
	// theme script
	{
		name: 'themeScript getAll',
		params: list('themeScript', { returnAll: true }),
		method: 'GET',
		path: '/services/theme_scripts',
		check: (out, s) => expect(out).toHaveLength(s.store.themeScripts.size),
	},
	{
		name: 'themeScript count',
		params: { resource: 'themeScript', operation: 'count' },
		method: 'GET',
		path: '/services/theme_scripts',
		check: countIs((s) => s.store.themeScripts.size),
	},
	{
		name: 'themeScript create',
		params: {
			resource: 'themeScript',
			operation: 'create',
			src: 'https://cdn.example.com/a.js',
			eventType: 'onload',
			scope: 'order_status',
		},
		method: 'POST',
		path: '/services/theme_scripts',
		body: {
			theme_script: {
				src: 'https://cdn.example.com/a.js',
				event_type: 'onload',
				scope: 'order_status',
			},
		},
		check: record({ scope: 'order_status' }),
	},
	{
		name: 'themeScript update',
		params: {
			resource: 'themeScript',
			operation: 'update',
			themeScriptId: byId(1),
			updateFields: { scope: 'all' },
		},
		method: 'PUT',
		path: '/services/theme_scripts/1',
		body: { theme_script: { scope: 'all' } },
		check: record({ id: '1', scope: 'all' }),
	},
	{
		name: 'themeScript delete',
		params: { resource: 'themeScript', operation: 'delete', themeScriptId: byId(2) },
		method: 'DELETE',
		path: '/services/theme_scripts/2',
		check: deleted({ id: '2' }),
	},
];

describe('every operation against the sandbox', () => {
	it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
		const s = env.sandbox;
		const params = { ...c.params };
		// ids only known once the sandbox is seeded
		if (params.userKey) params.userKey = firstCart(s).user_key;
		if (params.productId === '={{ "" }}') params.productId = String(firstVariant(s).product_id);
		c.before?.(s);
		const path = typeof c.path === 'function' ? c.path(s) : c.path;
		const result = await runStore(s, params);
		expect(result.error).toBeUndefined();
		const requests = apiRequests(s);
		const sent = requests.find((r) => r.method === c.method && r.path === path);
		expect(sent).toBeDefined();
		expect(requests.every((r) => r.authorized)).toBe(true);
		if (c.query) expect(sent?.query).toMatchObject(c.query);
		if (c.body !== undefined) expect(sent?.body).toEqual(c.body);
		c.check(jsonOf(result), s);
		for (const item of result.items[0]) expect(item.pairedItem).toEqual({ item: 0 });
	});

	it('covers 83 operations including webhook get, update and delete', async () => {
		const s = env.sandbox;
		const created = await runStore(s, {
			resource: 'webhook',
			operation: 'create',
			section: 'order/create',
			siteUrl: 'https://example.com/a',
		});
		const id = String(jsonOf(created)[0].id);
		const got = await runStore(s, { resource: 'webhook', operation: 'get', webhookId: byId(id) });
		expect(jsonOf(got)[0]).toMatchObject({
			section: 'order/create',
			site_url: 'https://example.com/a',
		});
		const updated = await runStore(s, {
			resource: 'webhook',
			operation: 'update',
			webhookId: byId(id),
			updateFields: { siteUrl: 'https://example.com/b' },
		});
		expect(jsonOf(updated)[0]).toMatchObject({ site_url: 'https://example.com/b' });
		const put = apiRequests(s).find((r) => r.method === 'PUT');
		expect(put?.body).toEqual({ webhook: { id: Number(id), site_url: 'https://example.com/b' } });
		const removed = await runStore(s, {
			resource: 'webhook',
			operation: 'delete',
			webhookId: byId(id),
		});
		expect(jsonOf(removed)).toEqual([{ id, deleted: true }]);
		expect(s.store.webhooks.size).toBe(0);
		expect(CASES.length + 3).toBe(83);
	});
});
