/**
 * One case per operation (see ./case.ts) for the resources
 * pages, blogs, theme assets, themes, theme scripts, users and webhooks.
 */
import { byId } from '../setup';
import { type Case, countIs, deleted, list, manyOf, record } from './case';

export const SITE_CASES: Case[] = [
	// page
	{
		name: 'page getAll',
		params: list('page', { returnAll: true, filters: { visibility: 1 } }),
		method: 'GET',
		path: '/services/pages',
		query: { visibility: '1' },
		check: (out) => expect(out.length).toBeGreaterThan(0),
	},
	{
		name: 'page count',
		params: { resource: 'page', operation: 'count' },
		method: 'GET',
		path: '/services/pages/count',
		check: countIs((s) => s.store.pages.size),
	},
	{
		name: 'page get',
		params: { resource: 'page', operation: 'get', pageId: byId(1) },
		method: 'GET',
		path: '/services/pages/1',
		check: record({ title: 'About us' }),
	},
	{
		name: 'page create',
		params: {
			resource: 'page',
			operation: 'create',
			title: 'FAQ',
			additionalFields: {
				url: 'faq',
				content: '<p>Q&amp;A</p>',
				visibility: 1,
				metadata: {
					meta: [{ meta_title: 'FAQ', meta_description: 'Questions', meta_keywords: 'faq' }],
				},
			},
		},
		method: 'POST',
		path: '/services/pages',
		body: {
			page: {
				title: 'FAQ',
				url: 'faq',
				content: '<p>Q&amp;A</p>',
				visibility: 1,
				metadata: [{ meta_title: 'FAQ', meta_description: 'Questions', meta_keywords: 'faq' }],
			},
		},
		check: record({ title: 'FAQ' }),
	},
	{
		name: 'page update',
		params: {
			resource: 'page',
			operation: 'update',
			pageId: byId(2),
			updateFields: { title: 'Shipping & delivery' },
		},
		method: 'PUT',
		path: '/services/pages/2',
		body: { page: { title: 'Shipping & delivery' } },
		check: (out, s) => {
			expect(out[0]).toMatchObject({ id: 2, title: 'Shipping & delivery' });
			expect(s.store.pages.get(2)?.title).toBe('Shipping & delivery');
		},
	},
	{
		name: 'page delete',
		params: { resource: 'page', operation: 'delete', pageId: byId(4) },
		method: 'DELETE',
		path: '/services/pages/4',
		check: deleted({ id: 4 }),
	},
	// blog
	{
		name: 'blog getAll',
		params: list('blog', { returnAll: true, filters: { order: 'DESC' } }),
		method: 'GET',
		path: '/services/blogs',
		query: { order: 'DESC' },
		check: (out) => expect(Number(out[0].id)).toBeGreaterThan(Number(out[out.length - 1].id)),
	},
	{
		name: 'blog count',
		params: { resource: 'blog', operation: 'count' },
		method: 'GET',
		path: '/services/blogs/count',
		check: countIs((s) => s.store.blogs.size),
	},
	{
		name: 'blog get',
		params: { resource: 'blog', operation: 'get', blogId: byId(1) },
		method: 'GET',
		path: '/services/blogs/1',
		check: record({ title: 'News' }),
	},
	{
		name: 'blog create',
		params: {
			resource: 'blog',
			operation: 'create',
			title: 'Recipes',
			additionalFields: { handle: 'recipes', metaTitle: 'Recipes' },
		},
		method: 'POST',
		path: '/services/blogs',
		body: { blog: { title: 'Recipes', handle: 'recipes', meta_title: 'Recipes' } },
		check: record({ title: 'Recipes' }),
	},
	{
		name: 'blog update',
		params: {
			resource: 'blog',
			operation: 'update',
			blogId: byId(2),
			updateFields: { metaKeywords: 'style' },
		},
		method: 'PUT',
		path: '/services/blogs/2',
		body: { blog: { meta_keywords: 'style' } },
		check: record({ id: 2, meta_keywords: 'style' }),
	},
	{
		name: 'blog delete',
		params: { resource: 'blog', operation: 'delete', blogId: byId(3) },
		method: 'DELETE',
		path: '/services/blogs/3',
		check: deleted({ id: 3 }),
	},
	// theme asset
	{
		name: 'themeAsset getAll',
		params: { resource: 'themeAsset', operation: 'getAll', themeId: byId(1), returnAll: true },
		method: 'GET',
		path: '/services/themes/1/assets',
		check: (out) => {
			expect(out.length).toBeGreaterThan(0);
			out.forEach((a) => expect(a.content).toBeUndefined());
		},
	},
	{
		name: 'themeAsset get',
		params: {
			resource: 'themeAsset',
			operation: 'get',
			themeId: byId(1),
			assetKey: byId('layout/theme.tpl'),
		},
		method: 'GET',
		path: '/services/themes/1/assets',
		query: { 'asset[key]': 'layout/theme.tpl' },
		check: (out) => {
			expect(out[0].key).toBe('layout/theme.tpl');
			expect(typeof out[0].content).toBe('string');
		},
	},
	{
		name: 'themeAsset create',
		params: {
			resource: 'themeAsset',
			operation: 'create',
			themeId: byId(1),
			key: 'assets/new file.css',
			contentSource: 'text',
			content: 'body{color:red}',
		},
		method: 'POST',
		path: '/services/themes/1/assets',
		body: { asset: { key: 'assets/new file.css', content: 'body{color:red}' } },
		check: record({ key: 'assets/new file.css', content: 'body{color:red}' }),
	},
	{
		name: 'themeAsset delete',
		params: {
			resource: 'themeAsset',
			operation: 'delete',
			themeId: byId(1),
			assetKey: byId('snippets/header.tpl'),
		},
		method: 'DELETE',
		path: '/services/themes/1/assets',
		query: { 'asset[key]': 'snippets/header.tpl' },
		check: deleted({ id: 1, key: 'snippets/header.tpl' }),
	},
	// theme
	{
		name: 'theme getAll',
		params: { resource: 'theme', operation: 'getAll', returnAll: true },
		method: 'GET',
		path: '/services/themes',
		check: (out) => expect(out.filter((t) => t.active === true)).toHaveLength(1),
	},
	{
		name: 'theme get',
		params: { resource: 'theme', operation: 'get', themeId: byId(2) },
		method: 'GET',
		path: '/services/themes/2',
		check: record({ id: 2 }),
	},
	{
		name: 'theme activate',
		params: { resource: 'theme', operation: 'activate', themeId: byId(2) },
		method: 'PUT',
		path: '/services/themes/2',
		body: { theme: { active: true } },
		check: (out, s) => {
			expect(out[0]).toMatchObject({ id: 2, active: true });
			expect(s.store.activeTheme()?.id).toBe('2');
		},
	},
	// theme script
	{
		name: 'themeScript getAll',
		params: list('themeScript', { returnAll: true }),
		method: 'GET',
		path: '/services/theme_scripts',
		check: (out, s) => expect(out).toHaveLength(s.store.themeScripts.size),
	},
	{
		name: 'themeScript count',
		params: { resource: 'themeScript', operation: 'count' },
		method: 'GET',
		path: '/services/theme_scripts',
		check: countIs((s) => s.store.themeScripts.size),
	},
	{
		name: 'themeScript create',
		params: {
			resource: 'themeScript',
			operation: 'create',
			src: 'https://cdn.example.com/a.js',
			eventType: 'onload',
			scope: 'order_status',
		},
		method: 'POST',
		path: '/services/theme_scripts',
		body: {
			theme_script: {
				src: 'https://cdn.example.com/a.js',
				event_type: 'onload',
				scope: 'order_status',
			},
		},
		check: record({ scope: 'order_status' }),
	},
	{
		name: 'themeScript update',
		params: {
			resource: 'themeScript',
			operation: 'update',
			themeScriptId: byId(1),
			updateFields: { scope: 'all' },
		},
		method: 'PUT',
		path: '/services/theme_scripts/1',
		body: { theme_script: { scope: 'all' } },
		check: record({ id: 1, scope: 'all' }),
	},
	{
		name: 'themeScript delete',
		params: { resource: 'themeScript', operation: 'delete', themeScriptId: byId(2) },
		method: 'DELETE',
		path: '/services/theme_scripts/2',
		check: deleted({ id: 2 }),
	},
	// user
	{
		name: 'user getAll',
		params: { resource: 'user', operation: 'getAll', returnAll: false, limit: 2 },
		method: 'GET',
		path: '/services/users',
		check: manyOf(2),
	},
	{
		name: 'user get',
		params: { resource: 'user', operation: 'get', userId: byId(1) },
		method: 'GET',
		path: '/services/users/1',
		check: (out) => {
			expect(out).toHaveLength(1);
			expect(String(out[0].id)).toBe('1');
			expect(out[0].email).toContain('@');
		},
	},
	// webhook (created first where one is needed)
	{
		name: 'webhook create',
		params: {
			resource: 'webhook',
			operation: 'create',
			section: 'order/paid',
			siteUrl: 'https://example.com/hook',
		},
		method: 'POST',
		path: '/services/webhooks',
		body: { webhook: { section: 'order/paid', site_url: 'https://example.com/hook' } },
		check: record({ section: 'order/paid', format: 'json' }),
	},
	{
		name: 'webhook getAll',
		params: list('webhook', { returnAll: true }),
		method: 'GET',
		path: '/services/webhooks',
		query: { limit: '200' },
		check: (out) => expect(out).toEqual([]),
	},
	{
		name: 'webhook count',
		params: { resource: 'webhook', operation: 'count', filters: { section: 'order/create' } },
		method: 'GET',
		path: '/services/webhooks/count',
		query: { section: 'order/create' },
		check: (out) => expect(out).toEqual([{ count: 0 }]),
	},
];
