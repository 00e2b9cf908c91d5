import type { ResourceTable } from '../endpoint';
import {
	countEndpoint,
	createdRange,
	getEndpoint,
	idParam,
	listEndpoint,
	type Noun,
} from './common';

const noun: Noun = { resource: 'abandonedCart', one: 'abandoned cart', many: 'abandoned carts' };

const userKey = idParam(noun, {
	key: 'user_key',
	name: 'userKey',
	displayName: 'Cart',
	description: "The cart's user key: pick it from the list or give it",
	placeholder: 'e.g. 3f2a9c0d1e',
	text: true,
});

export const abandonedCart: ResourceTable = {
	resource: 'abandonedCart',
	displayName: 'Abandoned Cart',
	description: 'Checkouts customers left without ordering (read only)',
	label: 'email',
	simplify: [
		'user_key',
		'email',
		'total_price',
		'currency',
		'items:count',
		'order_id',
		'created_at',
	],
	valueKey: 'user_key',
	endpoints: [
		listEndpoint(noun, {
			path: '/services/checkout',
			output: 'carts',
			filters: createdRange,
			fieldsOption: true,
			paging: {},
			countWith: 'count',
		}),
		countEndpoint(noun, { path: '/services/checkout/count', filters: createdRange }),
		getEndpoint(noun, {
			path: '/services/checkout/{user_key}',
			params: [userKey],
			output: 'cart',
			fieldsOption: true,
			description: 'Get one abandoned cart by its user key',
		}),
	],
};
