/**
 * One case per operation (see ./case.ts) for the resources
 * categories, vendors, collections and variants.
 */
import { byId } from '../setup';
import { type Case, countIs, deleted, firstVariant, list, manyOf, record } from './case';

export const CATALOG_CASES: Case[] = [
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
			// typeVersion 3: Update returns the record, read again
			expect(out[0]).toMatchObject({ id: 3, name: 'Tees' });
			expect(s.store.categories.get(3)?.name).toBe('Tees');
		},
	},
	{
		name: 'category delete',
		params: { resource: 'category', operation: 'delete', categoryId: byId(4) },
		method: 'DELETE',
		path: '/services/categories/4',
		check: deleted({ id: 4 }),
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
		check: deleted({ id: 3 }),
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
		check: record({ id: 1 }),
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
		check: (out) => expect(out[0]).toMatchObject({ id: 1, deleted: true }),
	},
];
