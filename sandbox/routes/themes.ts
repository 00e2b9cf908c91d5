/** Themes (exactly one active), theme assets addressed by `asset[key]`, and theme scripts. */
import { badRequest, notFound, unprocessable } from '../errors';
import { ASSET_FOLDERS } from '../events';
import { newlyCreated } from '../habits';
import type { ListSpec } from '../list';
import type { Ctx, Router } from '../router';
import { assetRecord } from '../seed';
import type { Rec } from '../store';
import { first, ok } from '../wire';
import { assign, found, httpUrl, list, now, out, required, statusOk, str, wrapped } from './common';

const KEY = new RegExp(`^(${ASSET_FOLDERS.join('|')})/([^/]+)$`);
const SCOPES = ['all', 'store', 'order_status'];

function assetKey(v: unknown): string {
	const key = str(v, 'key');
	const m = KEY.exec(key);
	if (!m || m[2] === '.' || m[2] === '..') {
		throw unprocessable(
			`asset key must be "<folder>/<filename>" with folder one of ${ASSET_FOLDERS.join(', ')}, got ${JSON.stringify(key)}`,
			'invalid_asset_key',
		);
	}
	return key;
}

const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';
const falsy = (v: unknown) => v === false || v === 0 || v === '0' || v === 'false';

const SCRIPT_FIELDS: Record<string, (v: unknown, f: string) => unknown> = {
	src: httpUrl,
	event_type: (v, f) => {
		if (str(v, f) !== 'onload')
			throw unprocessable(`event_type must be "onload", got ${JSON.stringify(v)}`);
		return 'onload';
	},
	scope: (v, f) => {
		const s = str(v, f);
		if (!SCOPES.includes(s))
			throw unprocessable(`scope must be one of ${SCOPES.join(', ')}, got ${JSON.stringify(v)}`);
		return s;
	},
};

const SCRIPTS: ListSpec = { paged: true, common: ['created_at', 'updated_at'] };

export function registerThemes(r: Router): void {
	const theme = (ctx: Ctx) => found(ctx.app.store.themes, ctx.params.id, 'theme');

	r.get('/services/themes', (ctx) =>
		list(ctx, ctx.app.store.themes.rows, { paged: false }, 'themes'),
	);
	r.get('/services/themes/:id', (ctx) => ok({ theme: out(ctx, theme(ctx)) }));
	r.put('/services/themes/:id', (ctx) => {
		const t = theme(ctx);
		const input = wrapped(ctx, 'theme');
		if (truthy(input.active)) {
			for (const other of ctx.app.store.themes.rows)
				if (other !== t && other.active)
					Object.assign(other, { active: false, updated_at: now(ctx) });
			if (!t.active) Object.assign(t, { active: true, updated_at: now(ctx) });
		} else if (falsy(input.active)) {
			if (t.active)
				throw unprocessable(
					`theme ${t.id} is the active theme; a theme is deactivated only by activating another one`,
					'theme_active',
				);
		} else {
			throw unprocessable('theme update takes {"theme": {"active": true}}');
		}
		return ok({ theme: out(ctx, t) });
	});

	const assetParam = (ctx: Ctx): string | undefined => first(ctx.query, 'asset[key]');
	r.get('/services/themes/:id/assets', (ctx) => {
		const assets = ctx.app.store.assetsOf(theme(ctx).id);
		const key = assetParam(ctx);
		if (key === undefined)
			return list(ctx, assets.rows, { paged: false }, 'assets', ({ content: _c, ...meta }) => meta);
		const a = assets.get(key);
		if (!a) throw notFound(`asset ${key} not found in theme ${ctx.params.id}`);
		return ok({ asset: out(ctx, a) });
	});
	r.post('/services/themes/:id/assets', (ctx) => {
		const t = theme(ctx);
		const input = wrapped(ctx, 'asset');
		required(input, ['key'], 'asset');
		if (typeof input.content !== 'string')
			throw unprocessable('asset: content must be a string', 'missing_field');
		const key = assetKey(input.key);
		const assets = ctx.app.store.assetsOf(t.id);
		const rec = assetRecord(ctx.app.url, String(t.id), key, input.content);
		const existing = assets.get(key);
		if (existing) Object.assign(existing, rec);
		else assets.insert(rec);
		return ok({ asset: out(ctx, existing ?? rec) });
	});
	r.delete('/services/themes/:id/assets', (ctx) => {
		const t = theme(ctx);
		const key = assetParam(ctx);
		if (key === undefined) throw badRequest('query parameter asset[key] is required');
		if (!ctx.app.store.assetsOf(t.id).remove(key))
			throw notFound(`asset ${key} not found in theme ${t.id}`);
		return statusOk();
	});

	r.get('/services/theme_scripts', (ctx) =>
		list(ctx, ctx.app.store.themeScripts.rows, SCRIPTS, 'theme_scripts'),
	);
	r.post('/services/theme_scripts', (ctx) => {
		const input = wrapped(ctx, 'theme_script');
		required(input, ['src'], 'theme_script');
		const t = ctx.app.store.themeScripts;
		const s: Rec = {
			id: '',
			event_type: 'onload',
			src: '',
			scope: 'all',
			created_at: now(ctx),
			updated_at: now(ctx),
		};
		assign(s, input, SCRIPT_FIELDS);
		s.id = String(t.nextId());
		return ok({ theme_script: out(ctx, t.insert(newlyCreated(ctx.app, s))) });
	});
	r.put('/services/theme_scripts/:id', (ctx) => {
		const s = found(ctx.app.store.themeScripts, ctx.params.id, 'theme script');
		const next = { ...s };
		assign(next, wrapped(ctx, 'theme_script'), SCRIPT_FIELDS);
		Object.assign(s, next, { updated_at: now(ctx) });
		return ok({ theme_script: out(ctx, s) });
	});
	r.delete('/services/theme_scripts/:id', (ctx) => {
		found(ctx.app.store.themeScripts, ctx.params.id, 'theme script');
		ctx.app.store.themeScripts.remove(ctx.params.id);
		return statusOk();
	});
}
