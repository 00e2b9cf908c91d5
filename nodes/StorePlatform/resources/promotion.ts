import type { Field, ResourceTable } from '../endpoint';
import {
	countEndpoint,
	createEndpoint,
	deleteEndpoint,
	getEndpoint,
	listEndpoint,
	updateEndpoint,
	type Noun,
	discountTarget,
	TARGET_TYPES,
} from './common';

const noun: Noun = { resource: 'promotion', one: 'promotion', many: 'promotions' };

const promotionType: Field = {
	key: 'promotion_type',
	displayName: 'Promotion Type',
	kind: 'options',
	options: [
		[2, 'Percentage', 'A percentage off'],
		[1, 'Price', 'A fixed amount off'],
	],
	// the first option's value before the options were sorted by name: saved workflows keep their meaning
	default: 1,
};

const promotionValue: Field = {
	key: 'promotion_value',
	displayName: 'Promotion Value',
	kind: 'number',
	description: 'The amount (Price type) or the percent (Percentage type)',
};

const startAt: Field = {
	key: 'start_at',
	displayName: 'Start At',
	kind: 'dateTime',
	description: 'When the promotion starts',
};
const finishAt: Field = {
	key: 'finish_at',
	displayName: 'Finish At',
	kind: 'dateTime',
	description: 'When the promotion ends',
};

const filters: Field[] = [
	promotionType,
	{
		...startAt,
		displayName: 'Starts After',
		description: 'Only promotions that start later than this date-time',
	},
	{
		...finishAt,
		displayName: 'Starts Before',
		description:
			"Only promotions that start earlier than this date-time (the spec's finish_at filter)",
	},
];

const createTop: Field[] = [
	{
		key: 'title',
		displayName: 'Title',
		kind: 'string',
		required: true,
		placeholder: 'e.g. Summer sale',
	},
	{ ...promotionType, required: true },
	{ ...promotionValue, required: true },
	{
		key: 'promotion_on_type',
		displayName: 'Applies To',
		kind: 'options',
		required: true,
		options: TARGET_TYPES,
		default: 1,
	},
];

const products: Field = {
	key: 'products',
	displayName: 'Products',
	kind: 'ids',
	description: 'Product IDs, comma-separated (when Applies To is Products)',
	placeholder: 'e.g. 12, 15, 31',
};

const target: Field = {
	key: 'promotion_set',
	displayName: 'Target Name or ID',
	kind: 'id',
	loadFrom: discountTarget,
	description: 'ID of the category, collection or vendor (when Applies To is not Products)',
	placeholder: 'e.g. 7',
};

export const promotion: ResourceTable = {
	resource: 'promotion',
	displayName: 'Promotion',
	description: 'Price or percentage discounts on products, categories, collections or vendors',
	label: 'title',
	endpoints: [
		listEndpoint(noun, {
			path: '/services/promotions',
			filters,
			fieldsOption: true,
			paging: {},
			countWith: 'count',
		}),
		countEndpoint(noun, { path: '/services/promotions/count', filters }),
		getEndpoint(noun, { path: '/services/promotions/{id}', fieldsOption: true }),
		createEndpoint(noun, {
			path: '/services/promotions',
			wrap: 'promotion',
			output: 'promotion',
			body: [...createTop, startAt, finishAt, products, target],
			versions: { before: 3 },
		}),
		// new nodes: Products or Target at the top, shown only for the Applies To that uses it (no empty list)
		createEndpoint(noun, {
			path: '/services/promotions',
			wrap: 'promotion',
			output: 'promotion',
			body: [
				...createTop,
				{ ...products, required: true, showWhen: { promotion_on_type: [1] } },
				{ ...target, required: true, showWhen: { promotion_on_type: [2, 3, 4] } },
				startAt,
				finishAt,
			],
			versions: { from: 3 },
		}),
		updateEndpoint(noun, {
			path: '/services/promotions/{id}',
			wrap: 'promotion',
			answer: 'idOnly',
			body: [startAt, finishAt, promotionType, promotionValue],
		}),
		deleteEndpoint(noun, { path: '/services/promotions/{id}' }),
	],
};
