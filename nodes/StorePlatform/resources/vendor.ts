import type { ResourceTable } from '../endpoint';
import {
	commonFilters,
	countRow,
	createRow,
	deleteRow,
	descriptionField,
	getRow,
	listRow,
	metadataField,
	productIdFilter,
	titleField,
	updateRow,
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
		listRow(noun, { path: '/services/vendors', filters: [...commonFilters, productIdFilter('vendors')], fieldsOption: true, paging: {}, countWith: 'count' }),
		countRow(noun, { path: '/services/vendors/count', filters: [...commonFilters, productIdFilter('vendors')] }),
		getRow(noun, { path: '/services/vendors/{id}', output: 'vendor', fieldsOption: true }),
		createRow(noun, {
			path: '/services/vendors',
			wrap: 'vendor',
			output: 'vendor',
			description: 'Create a vendor; its URL is derived from the title',
			body: [titleField('vendor', true), descriptionField('vendor'), metadataField],
		}),
		updateRow(noun, {
			path: '/services/vendors/{id}',
			wrap: 'vendor',
			output: 'vendor',
			body: [titleField('vendor'), urlField('vendor'), descriptionField('vendor'), metadataField],
		}),
		deleteRow(noun, { path: '/services/vendors/{id}' }),
	],
};
