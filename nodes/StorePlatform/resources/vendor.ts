import type { ResourceTable } from '../endpoint';
import {
	commonFilters,
	countEndpoint,
	createEndpoint,
	deleteEndpoint,
	descriptionField,
	getEndpoint,
	listEndpoint,
	metadataField,
	productIdFilter,
	titleField,
	updateEndpoint,
	urlField,
	type Noun,
} from './common';

const noun: Noun = { resource: 'vendor', one: 'vendor', many: 'vendors' };

export const vendor: ResourceTable = {
	resource: 'vendor',
	displayName: 'Vendor',
	description: 'Brands and manufacturers of products',
	label: 'title',
	endpoints: [
		listEndpoint(noun, {
			path: '/services/vendors',
			filters: [...commonFilters, productIdFilter('vendors')],
			fieldsOption: true,
			paging: {},
			countWith: 'count',
		}),
		countEndpoint(noun, {
			path: '/services/vendors/count',
			filters: [...commonFilters, productIdFilter('vendors')],
		}),
		getEndpoint(noun, { path: '/services/vendors/{id}', output: 'vendor', fieldsOption: true }),
		createEndpoint(noun, {
			path: '/services/vendors',
			wrap: 'vendor',
			output: 'vendor',
			description: 'Create a vendor; its URL is derived from the title',
			body: [titleField('vendor', true), descriptionField('vendor'), metadataField],
		}),
		updateEndpoint(noun, {
			path: '/services/vendors/{id}',
			wrap: 'vendor',
			output: 'vendor',
			body: [titleField('vendor'), urlField('vendor'), descriptionField('vendor'), metadataField],
		}),
		deleteEndpoint(noun, { path: '/services/vendors/{id}' }),
	],
};
