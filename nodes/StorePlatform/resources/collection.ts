import type { ResourceTable } from '../endpoint';
import {
	commonFilters,
	countEndpoint,
	getEndpoint,
	listEndpoint,
	productIdFilter,
	urlField,
	type Noun,
} from './common';

const noun: Noun = { resource: 'collection', one: 'collection', many: 'collections' };

const countFilters = [...commonFilters, productIdFilter('collections containing')];

export const collection: ResourceTable = {
	resource: 'collection',
	displayName: 'Collection',
	description: 'Curated groups of products (read only)',
	label: 'title',
	endpoints: [
		listEndpoint(noun, {
			path: '/services/collections',
			filters: [
				...countFilters,
				{
					key: 'title',
					displayName: 'Title',
					kind: 'string',
					description: 'Only collections with this title',
				},
				{ ...urlField('collection'), description: 'Only the collection with this URL' },
			],
			fieldsOption: true,
			paging: {},
			countWith: 'count',
		}),
		countEndpoint(noun, { path: '/services/collections/count', filters: countFilters }),
		getEndpoint(noun, {
			path: '/services/collections/{id}',
			output: 'collection',
			fieldsOption: true,
		}),
	],
};
