/**
 * Seed data of the site: pages, blogs, themes (with their assets), users, webhooks and theme scripts.
 */
import { SECTIONS } from '../events';
import type { Rec, Store } from '../store';
import { type Builder, meta, pick, slugify, stamps } from './common';

const MIME: Record<string, string> = {
	css: 'text/css',
	js: 'application/javascript',
	json: 'application/json',
	png: 'image/png',
	jpg: 'image/jpeg',
	svg: 'image/svg+xml',
	gif: 'image/gif',
	tpl: 'text/html',
	html: 'text/html',
	liquid: 'text/html',
	txt: 'text/plain',
};

/** An asset record; `public_url` only for the `assets` folder. */
export function assetRecord(baseUrl: string, themeId: string, key: string, content: string): Rec {
	const ext = key.split('.').pop()?.toLowerCase() ?? '';
	return {
		key,
		public_url: key.startsWith('assets/')
			? `${baseUrl}/_sandbox/themes/${encodeURIComponent(themeId)}/${key}`
			: null,
		content_type: MIME[ext] ?? 'text/plain',
		size: Buffer.byteLength(content),
		content,
	};
}

const PAGES = ['About us', 'Shipping', 'Returns', 'Contact'];

const BLOGS = ['News', 'Style guide', 'Behind the scenes'];

const PEOPLE: Array<[string, string, string[]]> = [
	[
		'Alice',
		'Owner',
		[
			'dashboard',
			'product',
			'order',
			'client',
			'marketing',
			'layout',
			'reports',
			'apps',
			'settings',
		],
	],
	['Bob', 'Staff', ['dashboard', 'product', 'order']],
	['Carol', 'Marketer', ['dashboard', 'marketing', 'reports']],
];

function theme(id: number, store: Store, baseUrl: string): Rec {
	const title = pick(['Classic', 'Modern'], id) + (id > 2 ? ` ${id}` : '');
	const files: Array<[string, string]> = [
		[
			'layout/theme.tpl',
			`<html><head><title>{{ shop.name }}</title></head><body>{{ content }}</body></html>`,
		],
		['templates/index.tpl', `<h1>Welcome to {{ shop.name }}</h1>`],
		['templates/product.tpl', `<h1>{{ product.title }}</h1><p>{{ product.price }}</p>`],
		['assets/style.css', `body { font-family: sans-serif; color: #222; }`],
		['assets/app.js', `console.log('theme ${title}');`],
		['snippets/header.tpl', `<header>{{ shop.name }}</header>`],
	];
	const assets = store.assetsOf(String(id));
	for (const [key, content] of id <= 2 ? files : files.slice(0, 1))
		assets.insert(assetRecord(baseUrl, String(id), key, content));
	return {
		id: String(id),
		title,
		screenshot: `//cdn.store.example/themes/${id}/screenshot.png`,
		...stamps(id),
		active: id === 1 && !store.activeTheme(),
	};
}

export const SITE_BUILDERS: Record<string, Builder> = {
	page: (id) => {
		const title = id <= PAGES.length ? PAGES[id - 1] : `Page ${id}`;
		return {
			id,
			title,
			handle: slugify(title),
			url: slugify(title),
			content: `<p>${title}</p>`,
			visibility: id % 4 ? 1 : 0,
			...stamps(id),
			metadata: meta(title),
		};
	},
	blog: (id) => {
		const title = id <= BLOGS.length ? BLOGS[id - 1] : `Blog ${id}`;
		return {
			id,
			title,
			handle: slugify(title),
			url: `blog/${slugify(title)}`,
			visibility: 1,
			...stamps(id),
			meta_title: title,
			meta_description: `${title} from our team`,
			meta_keywords: slugify(title),
		};
	},
	theme,
	user: (id) => {
		const [first_name, last_name, permissions] =
			id <= PEOPLE.length ? PEOPLE[id - 1] : [`User${id}`, 'Generated', ['dashboard']];
		return {
			id,
			email: `${first_name.toLowerCase()}@shop.example.com`,
			first_name,
			last_name,
			account_owner: id === 1 ? 'true' : 'false',
			permissions,
		};
	},
	webhook: (id) => ({
		id,
		section: pick(SECTIONS, id),
		site_url: `http://127.0.0.1:1/hooks/${id}`,
		format: 'json',
		...stamps(id),
	}),
	themeScript: (id) => ({
		id: String(id),
		event_type: 'onload',
		src: `https://cdn.apps.example.com/scripts/app-${id}.js`,
		scope: pick(['all', 'store', 'order_status'], id),
		...stamps(id),
	}),
};
