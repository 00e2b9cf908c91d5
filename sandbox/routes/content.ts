/** Pages and blogs. */
import { badRequest } from '../errors';
import { intEq, strEq, type ListSpec } from '../list';
import type { Router } from '../router';
import type { Rec } from '../store';
import { slugify } from '../seed';
import { first, ok } from '../wire';
import {
	assign,
	count,
	found,
	int,
	list,
	metadata,
	now,
	out,
	required,
	statusOk,
	str,
	wrapped,
} from './common';

const PAGES: ListSpec = {
	paged: true,
	filters: { url: strEq('url'), visibility: intEq('visibility') },
};
const PAGE_FIELDS = { title: str, url: str, content: str, visibility: int, metadata };
const BLOG_FIELDS = {
	title: str,
	handle: str,
	url: str,
	visibility: int,
	meta_title: str,
	meta_description: str,
	meta_keywords: str,
};

export function registerContent(r: Router): void {
	r.get('/services/pages', (ctx) => list(ctx, ctx.app.store.pages.rows, PAGES, 'pages'));
	r.get('/services/pages/count', (ctx) => count(ctx, ctx.app.store.pages.rows, PAGES));
	r.get('/services/pages/:id', (ctx) =>
		ok(out(ctx, found(ctx.app.store.pages, ctx.params.id, 'page'))),
	);
	r.post('/services/pages', (ctx) => {
		const input = wrapped(ctx, 'page');
		const t = ctx.app.store.pages;
		const p: Rec = {
			id: 0,
			title: '',
			handle: '',
			url: '',
			content: '',
			visibility: 1,
			created_at: now(ctx),
			updated_at: now(ctx),
			metadata: [],
		};
		assign(p, input, PAGE_FIELDS);
		p.handle = slugify(p.title);
		if (!p.url) p.url = p.handle;
		p.id = t.nextId();
		return ok({ page: out(ctx, t.insert(p)) });
	});
	r.put('/services/pages/:id', (ctx) => {
		const p = found(ctx.app.store.pages, ctx.params.id, 'page');
		const next = { ...p };
		assign(next, wrapped(ctx, 'page'), PAGE_FIELDS);
		Object.assign(p, next, { updated_at: now(ctx) });
		return ok({ id: p.id });
	});
	r.delete('/services/pages/:id', (ctx) => {
		found(ctx.app.store.pages, ctx.params.id, 'page');
		ctx.app.store.pages.remove(ctx.params.id);
		return statusOk();
	});

	r.get('/services/blogs', (ctx) => {
		const order = (first(ctx.query, 'order') ?? 'ASC').toUpperCase();
		if (order !== 'ASC' && order !== 'DESC')
			throw badRequest(
				`query parameter order must be ASC or DESC, got "${first(ctx.query, 'order')}"`,
			);
		const rows = ctx.app.store.blogs.rows;
		return list(ctx, order === 'DESC' ? [...rows].reverse() : rows, { paged: false }, 'blogs');
	});
	r.get('/services/blogs/count', (ctx) => count(ctx, ctx.app.store.blogs.rows, { paged: false }));
	r.get('/services/blogs/:id', (ctx) =>
		ok({ blog: out(ctx, found(ctx.app.store.blogs, ctx.params.id, 'blog')) }),
	);
	r.post('/services/blogs', (ctx) => {
		const input = wrapped(ctx, 'blog');
		required(input, ['title'], 'blog');
		const t = ctx.app.store.blogs;
		const b: Rec = {
			id: 0,
			title: '',
			handle: '',
			url: '',
			visibility: 1,
			created_at: now(ctx),
			updated_at: now(ctx),
			meta_title: '',
			meta_description: '',
			meta_keywords: '',
		};
		assign(b, input, BLOG_FIELDS);
		if (!b.handle) b.handle = slugify(b.title);
		if (!b.url) b.url = `blog/${b.handle}`;
		b.id = t.nextId();
		return ok({ blog: out(ctx, t.insert(b)) });
	});
	r.put('/services/blogs/:id', (ctx) => {
		const b = found(ctx.app.store.blogs, ctx.params.id, 'blog');
		const input = wrapped(ctx, 'blog');
		if (input.title !== undefined) required(input, ['title'], 'blog');
		const next = { ...b };
		assign(next, input, BLOG_FIELDS);
		Object.assign(b, next, { updated_at: now(ctx) });
		return ok({ id: b.id });
	});
	r.delete('/services/blogs/:id', (ctx) => {
		found(ctx.app.store.blogs, ctx.params.id, 'blog');
		ctx.app.store.blogs.remove(ctx.params.id);
		return statusOk();
	});
}
