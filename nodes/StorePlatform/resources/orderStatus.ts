import type { Field, ResourceTable } from '../endpoint';
import {
	commonFilters,
	countEndpoint,
	createEndpoint,
	deleteEndpoint,
	getEndpoint,
	listEndpoint,
	updateEndpoint,
	urlField,
	type Noun,
} from './common';

const noun: Noun = { resource: 'orderStatus', one: 'order status', many: 'order statuses' };

const fields: Field[] = [
	urlField('order status'),
	{
		key: 'color',
		displayName: 'Color',
		kind: 'string',
		placeholder: 'e.g. 1e90ff',
		description: 'Hexadecimal color without #',
	},
	{
		key: 'send_mail',
		displayName: 'Send Mail',
		kind: 'options',
		options: [
			['0', 'No'],
			['1', 'Yes'],
		],
		default: '1',
		description: 'Whether the customer gets an e-mail when an order takes this status',
	},
	{
		key: 'mail_template',
		displayName: 'Mail Template ID',
		kind: 'string',
		description: 'ID of the mail template sent',
	},
	{
		key: 'change_type',
		displayName: 'Change Type',
		kind: 'string',
		description: 'The change type code as the platform stores it',
	},
];

const name: Field = {
	key: 'name',
	displayName: 'Name',
	kind: 'string',
	placeholder: 'e.g. Shipped',
};

const filters: Field[] = [
	...commonFilters,
	{ ...name, description: 'Only statuses with this name' },
	{
		key: 'sku',
		displayName: 'Product SKU',
		kind: 'string',
		description: 'Only statuses of orders with a product of this SKU',
	},
];

export const orderStatus: ResourceTable = {
	resource: 'orderStatus',
	displayName: 'Order Status',
	description: 'The statuses an order can take',
	label: 'name',
	endpoints: [
		listEndpoint(noun, {
			path: '/services/statuses',
			output: 'statuses',
			filters,
			fieldsOption: true,
			paging: {},
		}),
		countEndpoint(noun, {
			path: '/services/statuses',
			filters,
			countByListing: 'getAll',
			description:
				'Count order statuses (the API has no count endpoint: the list is read and counted)',
		}),
		getEndpoint(noun, { path: '/services/statuses/{id}', output: 'status', fieldsOption: true }),
		createEndpoint(noun, {
			path: '/services/statuses',
			wrap: 'status',
			output: 'status',
			body: [{ ...name, required: true }, ...fields],
		}),
		updateEndpoint(noun, {
			path: '/services/statuses/{id}',
			wrap: 'status',
			answer: 'idOnly',
			body: [name, ...fields],
		}),
		deleteEndpoint(noun, { path: '/services/statuses/{id}' }),
	],
};
