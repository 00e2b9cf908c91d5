/** Application charges and the shop owner's confirmation page (accept / decline → return_url). */
import { unprocessable } from '../errors';
import { decideCharge } from '../owner';
import type { Ctx, Router } from '../router';
import type { Rec } from '../store';
import { escapeHtml, first, html, ok, page, redirect } from '../wire';
import { count, found, httpUrl, list, now, out, required, str, wrapped } from './common';

const price = (v: unknown, field: string): number | string => {
	if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
	if (typeof v === 'string' && /^\d+$/.test(v.trim())) return v.trim();
	throw unprocessable(
		`${field} must be a non-negative integer or integer string, got ${JSON.stringify(v)}`,
	);
};

const testFlag = (v: unknown): boolean | number | string => {
	if (
		typeof v === 'boolean' ||
		v === 0 ||
		v === 1 ||
		v === '0' ||
		v === '1' ||
		v === 'true' ||
		v === 'false'
	)
		return v;
	throw unprocessable(`test must be 0/1 or true/false, got ${JSON.stringify(v)}`);
};

export function registerCharges(r: Router): void {
	const base = '/services/application_charges';
	const table = (ctx: Ctx) => ctx.app.store.applicationCharges;

	r.get(base, (ctx) => list(ctx, table(ctx).rows, { paged: false }, 'application_charges'));
	r.get(`${base}/count`, (ctx) => count(ctx, table(ctx).rows, { paged: false }));
	r.get(`${base}/:id`, (ctx) =>
		ok({ application_charges: [out(ctx, found(table(ctx), ctx.params.id, 'application charge'))] }),
	);
	r.post(base, (ctx) => {
		const input = wrapped(ctx, 'application_charge');
		required(input, ['name', 'price', 'return_url'], 'application_charge');
		const t = table(ctx);
		const id = t.nextId();
		const charge: Rec = {
			id,
			name: str(input.name, 'name'),
			price: price(input.price, 'price'),
			return_url: httpUrl(input.return_url, 'return_url'),
			status: 'pending',
			test: input.test === undefined ? false : testFlag(input.test),
			confirmation_url: `${ctx.baseUrl}${base}/${id}/confirm`,
			activated_on: null,
			created_at: now(ctx),
			updated_at: now(ctx),
		};
		return ok({ application_charges: [out(ctx, t.insert(charge))] });
	});
	r.post(`${base}/:id/activate`, (ctx) => {
		const c = found(table(ctx), ctx.params.id, 'application charge');
		if (c.status !== 'accepted') {
			throw unprocessable(
				`application charge ${c.id} is ${c.status}; only a charge the shop owner accepted can be activated`,
				'charge_not_accepted',
			);
		}
		if (c.activated_on)
			throw unprocessable(
				`application charge ${c.id} was already activated on ${c.activated_on}`,
				'charge_already_activated',
			);
		c.activated_on = now(ctx);
		c.updated_at = c.activated_on;
		return ok({ application_charges: out(ctx, c) });
	});
	r.delete(`${base}/:id`, (ctx) => {
		found(table(ctx), ctx.params.id, 'application charge');
		table(ctx).remove(ctx.params.id);
		return ok({});
	});

	// The page the app sends the shop owner to (a browser: no OAuth).
	r.add(
		'GET',
		`${base}/:id/confirm`,
		(ctx) => {
			const c = table(ctx).get(ctx.params.id);
			if (!c)
				return html(
					404,
					page('Charge not found', `<p>No application charge ${escapeHtml(ctx.params.id)}.</p>`),
				);
			const amount = escapeHtml(String(c.price));
			const body =
				c.status === 'pending'
					? `<p>The app asks you to approve a one-time charge.</p><p><b>${escapeHtml(String(c.name))}</b>: ${amount}${c.test === true || String(c.test) === '1' || c.test === 'true' ? ' (test charge, not billed)' : ''}</p>` +
						`<form method="POST"><button name="decision" value="accept">Accept</button> <button name="decision" value="decline">Decline</button></form>`
					: `<p>This charge is already ${escapeHtml(String(c.status))}.</p>`;
			return html(200, page(`Approve charge ${c.id}`, body));
		},
		true,
	);
	r.add(
		'POST',
		`${base}/:id/confirm`,
		(ctx) => {
			const c = table(ctx).get(ctx.params.id);
			if (!c)
				return html(
					404,
					page('Charge not found', `<p>No application charge ${escapeHtml(ctx.params.id)}.</p>`),
				);
			const form = (ctx.body && typeof ctx.body === 'object' ? ctx.body : {}) as Record<
				string,
				string | string[]
			>;
			const decision = first(form, 'decision') ?? first(ctx.query, 'decision');
			if (decision !== 'accept' && decision !== 'decline')
				return html(400, page('Bad request', '<p>decision must be accept or decline.</p>'));
			if (c.status !== 'pending')
				return html(
					409,
					page('Already decided', `<p>This charge is already ${escapeHtml(String(c.status))}.</p>`),
				);
			decideCharge(ctx.app, c.id, decision);
			return redirect(String(c.return_url));
		},
		true,
	);
}
