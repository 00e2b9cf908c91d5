/** Webhook registrations (deliveries themselves live in ../webhooks.ts). */
import { unprocessable } from '../errors';
import { isSection, SECTIONS } from '../events';
import { strEq, type ListSpec } from '../list';
import type { Router } from '../router';
import type { Rec } from '../store';
import { ok } from '../wire';
import { assign, count, found, httpUrl, list, now, out, required, wrapped } from './common';

const WEBHOOKS: ListSpec = {
	paged: true,
	common: [],
	maxLimit: 200,
	filters: { section: strEq('section'), site_url: strEq('site_url') },
};

const FIELDS: Record<string, (v: unknown, f: string) => unknown> = {
	site_url: httpUrl,
	section: (v) => {
		if (!isSection(v))
			throw unprocessable(
				`section must be one of ${SECTIONS.join(', ')}, got ${JSON.stringify(v)}`,
				'invalid_section',
			);
		return v;
	},
};

export function registerWebhooks(r: Router): void {
	r.get('/services/webhooks', (ctx) =>
		list(ctx, ctx.app.store.webhooks.rows, WEBHOOKS, 'webhooks'),
	);
	r.get('/services/webhooks/count', (ctx) => count(ctx, ctx.app.store.webhooks.rows, WEBHOOKS));
	r.get('/services/webhooks/:id', (ctx) =>
		ok({ webhook: out(ctx, found(ctx.app.store.webhooks, ctx.params.id, 'webhook')) }),
	);
	r.post('/services/webhooks', (ctx) => {
		const input = wrapped(ctx, 'webhook');
		required(input, ['section', 'site_url'], 'webhook');
		const t = ctx.app.store.webhooks;
		const w: Rec = {
			id: 0,
			section: '',
			site_url: '',
			format: 'json',
			created_at: now(ctx),
			updated_at: now(ctx),
		};
		assign(w, input, FIELDS);
		w.id = t.nextId();
		return ok({ webhook: out(ctx, t.insert(w)) });
	});
	r.put('/services/webhooks/:id', (ctx) => {
		const w = found(ctx.app.store.webhooks, ctx.params.id, 'webhook');
		const input = wrapped(ctx, 'webhook');
		if (input.id !== undefined && String(input.id) !== String(w.id))
			throw unprocessable(
				`webhook.id ${JSON.stringify(input.id)} does not match the path id ${w.id}`,
			);
		const next = { ...w };
		assign(next, input, FIELDS);
		Object.assign(w, next, { updated_at: now(ctx) });
		return ok({ webhook: out(ctx, w) });
	});
	r.delete('/services/webhooks/:id', (ctx) => {
		const w = found(ctx.app.store.webhooks, ctx.params.id, 'webhook');
		ctx.app.store.webhooks.remove(w.id);
		ctx.app.hooks.cancel(Number(w.id));
		return ok({});
	});
}
