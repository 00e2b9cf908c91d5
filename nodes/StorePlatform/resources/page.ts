import type { Field, ResourceTable } from '../endpoint';
import {
	commonFilters,
	countEndpoint,
	createEndpoint,
	deleteEndpoint,
	getEndpoint,
	listEndpoint,
	metadataField,
	titleField,
	updateEndpoint,
	urlField,
	type Noun,
} from './common';

const noun: Noun = { resource: 'page', one: 'page', many: 'pages' };

const visibility: Field = {
	key: 'visibility',
	displayName: 'Visibility',
	kind: 'number',
	// the spec names no meaning of the values (issue 43: the description said "1 visible, 0 hidden")
	description:
		"The page's visibility code as the shop stores it (0 or 1). The API documentation does not say what each value means",
	default: 1,
};

const filters: Field[] = [
	...commonFilters,
	{ ...urlField('page'), description: 'Only the page with this URL' },
	{ ...visibility, default: undefined },
];

export const page: ResourceTable = {
	resource: 'page',
	displayName: 'Page',
	description: 'Static pages of the shop',
	label: 'title',
	endpoints: [
		listEndpoint(noun, {
			path: '/services/pages',
			filters,
			fieldsOption: true,
			paging: {},
			countWith: 'count',
		}),
		countEndpoint(noun, { path: '/services/pages/count', filters }),
		getEndpoint(noun, { path: '/services/pages/{id}', fieldsOption: true }),
		createEndpoint(noun, {
			path: '/services/pages',
			wrap: 'page',
			output: 'page',
			body: [
				titleField('page', true),
				urlField('page'),
				{
					key: 'content',
					displayName: 'Content',
					kind: 'text',
					description: 'The page body (HTML allowed)',
				},
				visibility,
				metadataField,
			],
		}),
		updateEndpoint(noun, {
			path: '/services/pages/{id}',
			wrap: 'page',
			answer: 'idOnly',
			body: [
				titleField('page'),
				{
					key: 'description',
					displayName: 'Description',
					kind: 'text',
					description: 'The page description; the spec lists this key for page updates',
				},
				{
					key: 'content',
					displayName: 'Content',
					kind: 'text',
					description: 'The page body (HTML allowed)',
				},
				metadataField,
			],
		}),
		deleteEndpoint(noun, { path: '/services/pages/{id}' }),
	],
};
