import type { Field, ResourceTable } from '../endpoint';
import {
	countEndpoint,
	createEndpoint,
	deleteEndpoint,
	getEndpoint,
	listEndpoint,
	sinceId,
	updateEndpoint,
	type Noun,
	discountTarget,
} from './common';
import { createBody, dateFilters, listFilters as newListFilters, updateBody } from './voucherForm';

const noun: Noun = { resource: 'voucher', one: 'voucher', many: 'vouchers' };

const discountType: Field = {
	key: 'discount_type',
	displayName: 'Discount Type',
	kind: 'options',
	options: [
		[1, 'Price Discount', 'A fixed amount off (Discount Amount)'],
		[2, 'Percent Discount', 'A percentage off (Discount Percent)'],
		[3, 'Free Shipping'],
		[5, 'Progressive Discount', 'Steps by cart value or products count (Progressive Steps)'],
		[6, 'Price Discount and Free Shipping'],
		[7, 'Percent Discount and Free Shipping'],
	],
};

const discountOn: Field = {
	key: 'discount_on',
	displayName: 'Discount On',
	kind: 'options',
	options: [
		[1, 'All Orders'],
		[
			2,
			'Orders Above a Sum (Deprecated)',
			'Deprecated by the platform: orders whose sum exceeds the discount value',
		],
		[3, 'Products, Category, Collection or Vendor', 'Choose which with Discount On Type'],
	],
};

const discountOnType: Field = {
	key: 'discount_on_type',
	displayName: 'Discount On Type',
	kind: 'options',
	description:
		'Used when Discount On is Products/Category/Collection/Vendor; must be Products when Discount On is All Orders',
	options: [
		[2, 'Category'],
		[3, 'Collection'],
		[1, 'Products'],
		[4, 'Vendor'],
	],
	// the first option's value before the options were sorted by name: saved workflows keep their meaning
	default: 1,
};

const progressiveThreshold: Field = {
	key: 'progressive_steps_treshold_type',
	displayName: 'Progressive Threshold Type',
	kind: 'options',
	options: [
		[1, 'Cart Value'],
		[2, 'Products Count'],
	],
};

const progressiveDiscount: Field = {
	key: 'progressive_steps_discount_type',
	displayName: 'Progressive Discount Type',
	kind: 'options',
	options: [
		[2, 'Percentage'],
		[1, 'Price'],
	],
	default: 1,
};

const startAt: Field = { key: 'start_at', displayName: 'Start At', kind: 'dateTime' };
const finishAt: Field = { key: 'finish_at', displayName: 'Finish At', kind: 'dateTime' };

const zeroOne = (
	key: string,
	displayName: string,
	one: string,
	zero: string,
	description?: string,
): Field => ({
	key,
	displayName,
	kind: 'options',
	description,
	// sorted by name, as n8n lists options (options-sorted-alphabetically); 0 stays the default, as when it came first
	options: (
		[
			[0, zero],
			[1, one],
		] as NonNullable<Field['options']>
	).sort(([, a], [, b]) => a.localeCompare(b, undefined, { sensitivity: 'base' })),
	default: 0,
});

const bodyFields: Field[] = [
	startAt,
	finishAt,
	{ ...discountType, default: 1 },
	discountOn,
	discountOnType,
	{
		key: 'products',
		displayName: 'Products',
		kind: 'ids',
		description: 'Product IDs, comma-separated (when Discount On Type is Products)',
		placeholder: 'e.g. 12, 15',
	},
	{
		key: 'discount_set',
		displayName: 'Target Name or ID',
		kind: 'id',
		loadFrom: discountTarget,
		description:
			'ID of the category, collection or vendor (when Discount On Type is Category, Collection or Vendor)',
	},
	{
		key: 'discount_amount',
		name: 'discountAmount',
		displayName: 'Amount Off',
		kind: 'number',
		description:
			'The money taken off, in the shop currency. Used when Discount Type is a Price Discount.',
	},
	{
		key: 'discount_percent',
		name: 'discountPercent',
		displayName: 'Percent Off',
		kind: 'number',
		description:
			'The percentage taken off, e.g. 10 for 10%. Used when Discount Type is a Percent Discount.',
	},
	{
		key: 'discount_value',
		name: 'discountValue',
		displayName: 'Stored Discount Value',
		kind: 'number',
		description:
			"Advanced: the raw discount_value key of the platform's request samples, not explained by the platform. Use Amount Off or Percent Off instead.",
	},
	zeroOne(
		'voucher_multiple_use',
		'Uses per Customer',
		'Once per Customer',
		'Unlimited per Customer',
		'Whether one customer can use the voucher only once or any number of times',
	),
	progressiveThreshold,
	progressiveDiscount,
	{
		key: 'progressive_steps',
		displayName: 'Progressive Steps',
		kind: 'progressiveSteps',
		description: 'Thresholds and their discounts (Progressive Discount type)',
	},
	zeroOne('apply_once', 'Apply Once', 'To All Matching Products', 'Once on the Cart Sum'),
	{
		key: 'discount_maximal_value_require',
		displayName: 'Limit Maximal Discount',
		kind: 'flag',
		description: 'Whether Maximal Discount Value applies',
	},
	{
		key: 'discount_maximal_value',
		displayName: 'Maximal Discount Value',
		kind: 'number',
		description: 'The largest discount amount (with Limit Maximal Discount)',
	},
	{
		key: 'discount_minimal_value_require',
		displayName: 'Require Minimal Order Value',
		kind: 'flag',
		description: 'Whether Minimal Order Value applies',
	},
	{
		key: 'discount_minimal_value',
		displayName: 'Minimal Order Value',
		kind: 'number',
		description: 'The smallest order value the voucher matches (with Require Minimal Order Value)',
	},
	zeroOne(
		'available_on_promo',
		'Available On Promotion',
		'Usable on Products on Promotion',
		'Not on Products on Promotion',
	),
	{
		key: 'quantity',
		displayName: 'Quantity',
		kind: 'number',
		description: 'Number of allowed uses in total; the platform shows -1 where none was set',
		default: 1,
	},
	{
		key: 'unique',
		displayName: 'Unique Codes',
		kind: 'flag',
		description: 'Whether to generate as many distinct codes as Quantity (sent as 1/0)',
	},
	{
		key: 'per_client',
		name: 'perClient',
		displayName: 'Max Uses per Customer',
		kind: 'number',
		description:
			'How many times one customer can use the voucher. The platform does not document what 0 means: to allow a customer any number of uses, use Uses per Customer instead.',
	},
	{
		key: 'type',
		name: 'type',
		displayName: 'Voucher Type Code',
		kind: 'number',
		description:
			"Advanced: the raw type key of the platform's request samples; the platform does not document its values. Leave it out unless the shop support gives you one.",
	},
];

const listFilters: Field[] = [
	sinceId,
	{ key: 'code', displayName: 'Code', kind: 'string', placeholder: 'e.g. SUMMER10' },
	discountType,
	{ ...progressiveThreshold, description: 'Applies when Discount Type is Progressive Discount' },
	{ ...progressiveDiscount, description: 'Applies when Discount Type is Progressive Discount' },
	{
		key: 'progressive_steps',
		displayName: 'Progressive Steps',
		kind: 'string',
		description:
			'Applies when Discount Type is Progressive Discount; sent as given (new nodes take the steps as rows)',
	},
	...dateFilters,
];

const countFilters: Field[] = [sinceId, discountType, discountOn, ...dateFilters];

/** The forms of nodes saved before typeVersion 3, kept as they were (`voucherForm.ts` has the new ones). */
const legacy = { versions: { before: 3 } };
const current = { versions: { from: 3 } };

export const voucher: ResourceTable = {
	resource: 'voucher',
	displayName: 'Voucher',
	description: 'Discount codes customers enter at checkout',
	label: 'code',
	simplify: [
		'id',
		'code',
		'discount_type',
		'discount_value',
		'quantity',
		'quantity_used',
		'start_at',
		'finish_at',
		'activate',
		'items:list',
	],
	// the spec: "a value of -1 appears where none was set; its meaning: not shown": the label says what is known
	// (no quantity was set), not whether the voucher can then be used without limit (docs/operations.md)
	words: { quantity: { '-1': 'Not Set' } },
	endpoints: [
		listEndpoint(noun, {
			path: '/services/vouchers',
			filters: listFilters,
			fieldsOption: true,
			paging: {},
			// the spec: items is "only in the single-voucher response"
			lacks: ['items'],
			countWith: 'count',
			...legacy,
		}),
		listEndpoint(noun, {
			path: '/services/vouchers',
			filters: [...newListFilters, ...dateFilters],
			fieldsOption: true,
			paging: {},
			// the spec: items is "only in the single-voucher response"
			lacks: ['items'],
			countWith: 'count',
			...current,
		}),
		countEndpoint(noun, { path: '/services/vouchers/count', filters: countFilters }),
		getEndpoint(noun, {
			path: '/services/vouchers/{id}',
			fieldsOption: true,
			description: 'Get one voucher by its ID, with its generated codes (items)',
		}),
		createEndpoint(noun, {
			path: '/services/vouchers',
			body: [
				{
					key: 'code',
					displayName: 'Code',
					kind: 'string',
					required: true,
					placeholder: 'e.g. SUMMER10',
					description: 'Unique value for each discount',
				},
				...bodyFields,
			],
			...legacy,
		}),
		createEndpoint(noun, { path: '/services/vouchers', body: createBody, ...current }),
		updateEndpoint(noun, {
			path: '/services/vouchers/{id}',
			answer: 'idOnly',
			body: [{ key: 'code', displayName: 'Code', kind: 'string' }, ...bodyFields],
			...legacy,
		}),
		updateEndpoint(noun, {
			path: '/services/vouchers/{id}',
			answer: 'idOnly',
			body: updateBody,
			...current,
		}),
		deleteEndpoint(noun, { path: '/services/vouchers/{id}' }),
	],
};
