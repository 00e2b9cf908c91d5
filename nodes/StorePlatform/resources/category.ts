import type { Field, ResourceTable } from '../endpoint';
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

const noun: Noun = { resource: 'category', one: 'category', many: 'categories' };

const parentFilter: Field = {
	key: 'parent_id',
	displayName: 'Parent Category ID',
	kind: 'id',
	description: 'Only subcategories of this category (0 for top-level categories)',
};

export const category: ResourceTable = {
	resource: 'category',
	displayName: 'Category',
	description: 'Product categories, as a tree',
	label: 'name',
	endpoints: [
		listEndpoint(noun, {
			path: '/services/categories',
			filters: [...commonFilters, productIdFilter('categories'), parentFilter],
			fieldsOption: true,
			paging: {},
			// the spec: uuid is "in single and create responses"
			lacks: ['uuid'],
			countWith: 'count',
		}),
		countEndpoint(noun, {
			path: '/services/categories/count',
			filters: [...commonFilters, productIdFilter('categories'), parentFilter],
		}),
		getEndpoint(noun, {
			path: '/services/categories/{id}',
			output: 'category',
			fieldsOption: true,
		}),
		createEndpoint(noun, {
			path: '/services/categories',
			wrap: 'category',
			output: 'category',
			body: [
				{ ...titleField('category', true), description: "The category's name" },
				urlField('category'),
				{
					key: 'parent_id',
					displayName: 'Parent Category Name or ID',
					kind: 'id',
					loadFrom: { method: 'loadCategories', resource: 'category' },
					description: 'The parent category; none or 0 for a top-level category',
				},
				descriptionField('category'),
				metadataField,
				{
					key: 'force_save',
					displayName: 'Force Save',
					kind: 'boolean',
					description:
						'Whether to save even when the platform would refuse (for example a URL already used)',
				},
			],
		}),
		updateEndpoint(noun, {
			path: '/services/categories/{id}',
			wrap: 'category',
			answer: 'idOnly',
			body: [
				{ ...titleField('category'), description: "The category's name" },
				urlField('category'),
				descriptionField('category'),
				metadataField,
			],
		}),
		deleteEndpoint(noun, { path: '/services/categories/{id}' }),
	],
};
