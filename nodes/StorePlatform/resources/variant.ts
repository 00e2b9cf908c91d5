import type { Field, Param, ResourceTable } from '../endpoint';
import {
	countEndpoint,
	PRODUCT_ID_LIST_HINT,
	createEndpoint,
	deleteEndpoint,
	getEndpoint,
	idParam,
	listEndpoint,
	updateEndpoint,
	type Noun,
} from './common';
import { PRODUCT_SEARCH } from '../api/productSearch';

const noun: Noun = { resource: 'variant', one: 'variant', many: 'variants' };

const productId: Param = {
	key: 'product_id',
	in: 'path',
	name: 'productId',
	displayName: 'Product ID',
	description: 'The product the variants belong to',
	placeholder: 'e.g. 3',
	// the spec shows no product endpoint: "From list" offers the products the abandoned carts hold
	listSearch: PRODUCT_SEARCH,
	findHint: PRODUCT_ID_LIST_HINT,
};

const variantId = idParam(noun, {
	description: 'The variant of the product: pick it from the list or give its ID',
});

const str = (key: string, displayName: string, description?: string): Field => ({
	key,
	displayName,
	kind: 'string',
	description,
});
const num = (key: string, displayName: string, description?: string): Field => ({
	key,
	displayName,
	kind: 'number',
	description,
});
const flag = (key: string, displayName: string, description: string): Field => ({
	key,
	displayName,
	kind: 'options',
	description,
	options: [
		['0', 'No'],
		['1', 'Yes'],
	],
	// "Yes" was first before the options were sorted by name, so the default: saved workflows keep their meaning
	default: '1',
});

const sku = str('sku', 'SKU');
const price = num('price', 'Price', 'Selling price');
const priceRegular = num('price_regular', 'Regular Price', 'Price before discount');
const quantity = num('quantity', 'Quantity', 'Stock quantity');
const weight = num('weight', 'Weight');
const magazineGroup = str('magazine_group', 'Warehouse Group');
const buyIfEmpty = flag(
	'buy_if_empty',
	'Buy If Out of Stock',
	'Whether customers can buy it when the stock is empty',
);

const createFields: Field[] = [
	sku,
	str('property_1', 'Property 1', 'Name of the first property, e.g. Size'),
	str('property_name_1', 'Property 1 Value', 'Value of the first property, e.g. XL'),
	str('property_2', 'Property 2', 'Name of the second property, e.g. Color'),
	str('property_name_2', 'Property 2 Value', 'Value of the second property, e.g. Red'),
	price,
	priceRegular,
	quantity,
	weight,
	magazineGroup,
	buyIfEmpty,
	str('availability', 'Availability'),
	str('availability_description', 'Availability Description'),
	{
		key: 'availability_type',
		displayName: 'Availability Type',
		kind: 'options',
		options: [
			['own', 'Own'],
			['hours', 'Hours'],
			['days', 'Days'],
			['weeks', 'Weeks'],
			['months', 'Months'],
		],
	},
	str('barcode', 'Barcode'),
];

const updateFields: Field[] = [
	str('title', 'Title', 'Product title'),
	sku,
	priceRegular,
	price,
	weight,
	quantity,
	buyIfEmpty,
	flag('add_to_magazine', 'Track in Warehouse', 'Whether the warehouse tracks this variant'),
	magazineGroup,
	str('property_name1', 'Property 1 Value'),
	str('property_name2', 'Property 2 Value'),
	str('property_name3', 'Property 3 Value'),
];

const path = '/services/products/{product_id}/variants';

export const variant: ResourceTable = {
	resource: 'variant',
	displayName: 'Variant',
	description: 'Variants of a product (size, color...)',
	label: 'sku',
	simplify: [
		'id',
		'product_id',
		'sku',
		'title',
		'price',
		'price_regular',
		'quantity',
		'availability',
	],
	endpoints: [
		listEndpoint(noun, {
			path: '/services/variants/{product_id}',
			params: [productId],
			fieldsOption: true,
			description: "List a product's variants",
		}),
		countEndpoint(noun, {
			path: `${path}/count`,
			params: [productId],
			description: "Count a product's variants",
		}),
		getEndpoint(noun, {
			path: `${path}/{id}`,
			params: [productId, variantId],
			output: 'variant',
			fieldsOption: true,
		}),
		createEndpoint(noun, {
			path,
			params: [productId],
			wrap: 'variant',
			output: 'variant',
			body: createFields,
		}),
		updateEndpoint(noun, {
			path: `${path}/{id}`,
			params: [productId, variantId],
			wrap: 'variant',
			output: 'variant',
			body: updateFields,
		}),
		deleteEndpoint(noun, { path: `${path}/{id}`, params: [productId, variantId] }),
	],
};
