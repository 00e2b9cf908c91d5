/**
 * The voucher forms of new nodes (typeVersion 3 on): one field per meaning, each shown only where it applies.
 * Create asks at the top for what every voucher needs (Code, Discount Type, Discount On) and shows the field a
 * choice calls for: Amount Off for the price types, Percent Off for the percent types, the steps for the
 * progressive type, the products or the category/collection/vendor for Discount On. A type that calls for an
 * amount, a percent or steps gets one: nothing off (an empty Amount Off or Percent Off, 0, no steps) is refused before any
 * request; Amount Off and Percent Off start empty and n8n marks them required (text fields read as numbers), not at
 * a 0 the form refuses. A maximum or minimum sets
 * its own flag. The keys the platform's samples use without explaining them (`type`, `discount_value`,
 * `per_client`) are left to Other API Keys. Nodes saved earlier keep the form of `voucher.ts`.
 */
import type { Field } from '../endpoint';
import { discountTarget, sinceId, TARGET_TYPES } from './common';

const PRICE = [1, 6];
const PERCENT = [2, 7];
const PROGRESSIVE = [5];

const discountType: Field = {
	key: 'discount_type',
	displayName: 'Discount Type',
	kind: 'options',
	options: [
		[1, 'Price Discount', 'A fixed amount off, given in Amount Off'],
		[2, 'Percent Discount', 'A percentage off, given in Percent Off'],
		[3, 'Free Shipping'],
		[
			5,
			'Progressive Discount',
			'Steps by cart value or products count, given in Progressive Steps',
		],
		[6, 'Price Discount and Free Shipping', 'Amount Off, and free shipping'],
		[7, 'Percent Discount and Free Shipping', 'Percent Off, and free shipping'],
	],
};

const amountOff: Field = {
	key: 'discount_amount',
	name: 'discountAmount',
	displayName: 'Amount Off',
	kind: 'number',
	description:
		'The money taken off, more than 0, as the shop writes amounts (whole numbers; the API does not state the unit)',
	showWhen: { discount_type: PRICE },
	// a price discount with nothing off is refused, not created (issue 31)
	range: { above: 0 },
	// under the field: the unit of "e.g. 500" (issue 43), which the spec does not give
	hint: 'As the shop writes amounts: 500 may be 5.00 or 500 in its currency. The API documentation does not say which.',
};

const percentOff: Field = {
	key: 'discount_percent',
	name: 'discountPercent',
	displayName: 'Percent Off',
	kind: 'number',
	description: 'The percentage taken off, more than 0 and at most 100, e.g. 10 for 10%',
	showWhen: { discount_type: PERCENT },
	range: { above: 0, atMost: 100 },
};

const stepThreshold: Field = {
	key: 'progressive_steps_treshold_type',
	displayName: 'Steps By',
	kind: 'options',
	description: 'What the thresholds of the steps count',
	options: [
		[1, 'Cart Value'],
		[2, 'Products Count'],
	],
	showWhen: { discount_type: PROGRESSIVE },
};

const stepDiscount: Field = {
	key: 'progressive_steps_discount_type',
	displayName: 'Step Discount',
	kind: 'options',
	description: 'What the discounts of the steps are',
	options: [
		[1, 'Amount Off'],
		[2, 'Percent Off'],
	],
	showWhen: { discount_type: PROGRESSIVE },
};

const steps: Field = {
	key: 'progressive_steps',
	displayName: 'Progressive Steps',
	kind: 'progressiveSteps',
	description:
		'One row per step: from Threshold (cart value or products count, per Steps By) on, the Discount (amount or percent, per Step Discount)',
	showWhen: { discount_type: PROGRESSIVE },
};

const discountOn: Field = {
	key: 'discount_on',
	displayName: 'Discount On',
	kind: 'options',
	options: [
		[1, 'All Orders'],
		[3, 'Products, Category, Collection or Vendor', 'Choose which in Discount On Type'],
	],
};

const discountOnType: Field = {
	key: 'discount_on_type',
	displayName: 'Discount On Type',
	kind: 'options',
	options: TARGET_TYPES,
	default: 1,
	showWhen: { discount_on: [3] },
};

const products: Field = {
	key: 'products',
	displayName: 'Products',
	kind: 'ids',
	description: 'Product IDs, comma-separated',
	placeholder: 'e.g. 12, 15',
	showWhen: { discount_on: [3], discount_on_type: [1] },
};

const target: Field = {
	key: 'discount_set',
	name: 'discountSet',
	displayName: 'Target Name or ID',
	kind: 'id',
	loadFrom: discountTarget,
	description: 'The category, collection or vendor the voucher applies to',
	showWhen: { discount_on: [3], discount_on_type: [2, 3, 4] },
};

const startAt: Field = {
	key: 'start_at',
	displayName: 'Start At',
	kind: 'dateTime',
	description: 'When the voucher becomes valid',
};
const finishAt: Field = {
	key: 'finish_at',
	displayName: 'Finish At',
	kind: 'dateTime',
	description: 'When the voucher stops being valid',
};

/** The fields of the Additional Fields (Create) and of Update Fields. */
const moreFields: Field[] = [
	startAt,
	finishAt,
	{
		key: 'quantity',
		displayName: 'Quantity',
		kind: 'number',
		default: 1,
		description:
			'How many times the voucher can be used in all. The shop shows -1 where none was set; the API documentation does not say whether that means unlimited',
	},
	{
		key: 'unique',
		displayName: 'Unique Codes',
		kind: 'flag',
		description: 'Whether to generate as many distinct codes as Quantity, each usable once',
	},
	{
		key: 'voucher_multiple_use',
		displayName: 'Uses per Customer',
		kind: 'options',
		options: [
			[1, 'Once'],
			[0, 'Unlimited'],
		],
		default: 0,
		description: 'Whether one customer can use the voucher once or any number of times',
	},
	{
		key: 'apply_once',
		displayName: 'Apply Discount',
		kind: 'options',
		options: [
			[0, 'Once on the Cart Sum'],
			[1, 'To Each Matching Product'],
		],
	},
	{
		key: 'discount_maximal_value',
		displayName: 'Maximal Discount',
		kind: 'number',
		description: 'The largest discount the voucher gives (sends its limit switch on too)',
		alsoSends: { discount_maximal_value_require: 1 },
	},
	{
		key: 'discount_minimal_value',
		displayName: 'Minimal Order Value',
		kind: 'number',
		description: 'The smallest order value the voucher applies to (sends its limit switch on too)',
		alsoSends: { discount_minimal_value_require: 1 },
	},
	{
		key: 'available_on_promo',
		displayName: 'On Products on Promotion',
		kind: 'options',
		// the names are also the output's words (available_on_promo_label): they say what is usable, alone
		options: [
			[0, 'Not Usable on Promoted Products'],
			[1, 'Usable on Promoted Products'],
		],
		description: 'Whether the voucher can be used on products that are on promotion',
	},
	{
		key: 'other_api_keys',
		name: 'otherApiKeys',
		displayName: 'Other API Keys',
		kind: 'json',
		rawKeys: true,
		description:
			'Keys sent as given, for what the form does not offer: type, discount_value and per_client (used by the request samples of the platform, which does not explain them), or discount_maximal_value_require: 0 to lift a limit. A key a field of the form sets is refused.',
		placeholder: '{"per_client": 2}',
	},
];

const top = (field: Field, required = true): Field => ({ ...field, required, top: true });

/** Create: what every voucher needs at the top, each field shown where it applies; the rest below. */
export const createBody: Field[] = [
	{
		key: 'code',
		displayName: 'Code',
		kind: 'string',
		required: true,
		placeholder: 'e.g. SUMMER10',
		description: 'What customers enter at checkout; unique in the shop',
	},
	top({ ...discountType, default: 1 }),
	// empty and marked required until the user gives one: n8n's 0 is refused by the field's own rule
	top({ ...amountOff, markedEmpty: true, placeholder: 'e.g. 500' }),
	top({ ...percentOff, markedEmpty: true, placeholder: 'e.g. 10' }),
	top(stepThreshold),
	top(stepDiscount),
	// required for a progressive discount, given as rows or in its JSON field
	top({ ...steps, needed: true }, false),
	top({ ...discountOn, default: 1 }),
	top(discountOnType),
	top(products),
	top(target),
	...moreFields,
];

/** Update: every field optional (Update Fields); one given against another of the same update is refused. */
export const updateBody: Field[] = [
	{ key: 'code', displayName: 'Code', kind: 'string' },
	discountType,
	amountOff,
	percentOff,
	stepThreshold,
	stepDiscount,
	steps,
	discountOn,
	discountOnType,
	products,
	target,
	...moreFields,
];

const progressive = 'Only with Discount Type Progressive Discount';

/** Get Many's filters: the steps as rows (sent as progressive_steps[0][treshold]=…), the dates explained. */
export const listFilters: Field[] = [
	sinceId,
	{ key: 'code', displayName: 'Code', kind: 'string', placeholder: 'e.g. SUMMER10' },
	discountType,
	{ ...stepThreshold, showWhen: undefined, description: progressive },
	{ ...stepDiscount, showWhen: undefined, description: progressive },
	{
		...steps,
		showWhen: undefined,
		description: `Vouchers with these steps, one row per step. ${progressive}.`,
	},
];

/**
 * The date filters of Get Many and Count (every typeVersion). The API documents start_at and finish_at as
 * filters for promotions only ("starts later than", "starts earlier than"); the voucher lists take the same
 * parameters without a word, so they are described by the promotions' meaning (docs/decisions.md).
 */
export const dateFilters: Field[] = [
	{
		key: 'start_at',
		displayName: 'Starts After',
		kind: 'dateTime',
		description:
			"Only vouchers that start later than this date-time (the API's start_at filter, described so for promotions)",
	},
	{
		key: 'finish_at',
		displayName: 'Starts Before',
		kind: 'dateTime',
		description:
			"Only vouchers that start earlier than this date-time (the API's finish_at filter, described so for promotions)",
	},
];
