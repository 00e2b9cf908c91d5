import type { Field, ResourceTable } from '../endpoint';
import { countRow, createRow, deleteRow, getRow, listRow, titleField, updateRow, urlField, type Noun } from './common';

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
		listRow(noun, {
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
		countRow(noun, { path: '/services/blogs/count', description: 'Count blogs' }),
		getRow(noun, { path: '/services/blogs/{id}', output: 'blog' }),
		createRow(noun, {
			path: '/services/blogs',
			wrap: 'blog',
			output: 'blog',
			body: [
				titleField('blog', true),
				{ key: 'handle', displayName: 'Handle', kind: 'string', placeholder: 'e.g. news' },
				urlField('blog'),
				{ key: 'visibility', displayName: 'Visibility', kind: 'number', default: 1, description: 'Visibility code as the platform stores it (for example 1 visible)' },
				...meta,
			],
		}),
		updateRow(noun, { path: '/services/blogs/{id}', wrap: 'blog', answer: 'idOnly', body: [titleField('blog'), ...meta] }),
		deleteRow(noun, { path: '/services/blogs/{id}' }),
	],
};
