import type { Field, ResourceTable } from '../endpoint';
import {
	countEndpoint,
	createEndpoint,
	deleteEndpoint,
	getEndpoint,
	listEndpoint,
	titleField,
	updateEndpoint,
	urlField,
	type Noun,
} from './common';

const noun: Noun = { resource: 'blog', one: 'blog', many: 'blogs' };

const meta: Field[] = [
	{ key: 'meta_title', displayName: 'Meta Title', kind: 'string' },
	{ key: 'meta_description', displayName: 'Meta Description', kind: 'string' },
	{ key: 'meta_keywords', displayName: 'Meta Keywords', kind: 'string', placeholder: 'news, shop' },
];

export const blog: ResourceTable = {
	resource: 'blog',
	displayName: 'Blog',
	description: 'Blogs of the shop',
	label: 'title',
	endpoints: [
		listEndpoint(noun, {
			path: '/services/blogs',
			filters: [
				{
					key: 'order',
					displayName: 'Sort Direction',
					kind: 'options',
					options: [
						['ASC', 'Ascending'],
						['DESC', 'Descending'],
					],
					description: 'Order of the blogs (ascending by default)',
				},
			],
		}),
		countEndpoint(noun, { path: '/services/blogs/count', description: 'Count blogs' }),
		getEndpoint(noun, { path: '/services/blogs/{id}', output: 'blog' }),
		createEndpoint(noun, {
			path: '/services/blogs',
			wrap: 'blog',
			output: 'blog',
			body: [
				titleField('blog', true),
				{ key: 'handle', displayName: 'Handle', kind: 'string', placeholder: 'e.g. news' },
				urlField('blog'),
				{
					key: 'visibility',
					displayName: 'Visibility',
					kind: 'number',
					default: 1,
					description:
						"The blog's visibility code as the shop stores it (0 or 1). The API documentation does not say what each value means",
				},
				...meta,
			],
		}),
		updateEndpoint(noun, {
			path: '/services/blogs/{id}',
			wrap: 'blog',
			answer: 'idOnly',
			body: [titleField('blog'), ...meta],
		}),
		deleteEndpoint(noun, { path: '/services/blogs/{id}' }),
	],
};
