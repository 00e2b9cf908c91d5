import type { Field, ResourceTable } from '../endpoint';
import { countEndpoint, getEndpoint, listEndpoint, type Noun } from './common';

const noun: Noun = { resource: 'paymentMethod', one: 'payment method', many: 'payment methods' };

const isActive: Field = {
	key: 'is_active',
	displayName: 'Is Active',
	kind: 'options',
	options: [
		[1, 'Active'],
		[0, 'Inactive'],
	],
	description: 'Only active or only inactive payment methods',
};

export const paymentMethod: ResourceTable = {
	resource: 'paymentMethod',
	displayName: 'Payment Method',
	description: 'Payment methods of the shop (read only)',
	label: 'name',
	endpoints: [
		listEndpoint(noun, {
			path: '/services/payment',
			output: 'payments',
			filters: [isActive],
			fieldsOption: true,
			paging: {},
			countWith: 'count',
		}),
		countEndpoint(noun, { path: '/services/payment/count', filters: [isActive] }),
		getEndpoint(noun, { path: '/services/payment/{id}', output: 'payment', fieldsOption: true }),
	],
};
