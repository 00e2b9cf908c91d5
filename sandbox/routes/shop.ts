/** Payment methods, order statuses, users and abandoned carts (checkout). */
import { unprocessable } from '../errors';
import { idIn, intEq, strEq, type ListSpec } from '../list';
import type { Ctx, Router } from '../router';
import type { Rec } from '../store';
import { slugify, uuidFor } from '../seed';
import { ok } from '../wire';
import { assign, count, found, list, now, out, statusOk, str, wrapped } from './common';

const PAYMENTS: ListSpec = { paged: true, common: [], filters: { is_active: intEq('is_active') } };
const CARTS: ListSpec = { paged: true, common: ['created_at'] };
const statusSpec = (ctx: Ctx): ListSpec => ({
	paged: true,
	filters: {
		name: strEq('name'),
		// statuses of the orders that contain a product with that sku
		sku: idIn((sku) =>
			ctx.app.store.orders.rows.filter((o) => o.skus.includes(sku)).map((o) => o.status_id),
		),
	},
});

const STATUS_FIELDS: Record<string, (v: unknown, f: string) => unknown> = {
	name: str,
	url: str,
	mail_template: str,
	change_type: str,
	color: (v, f) => {
		const s = str(v, f).replace(/^#/, '');
		if (!/^[0-9a-fA-F]{6}$|^[0-9a-fA-F]{3}$/.test(s))
			throw unprocessable(`color must be a hexadecimal colour without #, got ${JSON.stringify(v)}`);
		return s;
	},
	send_mail: (v, f) => {
		const s = v === true ? '1' : v === false ? '0' : str(v, f);
		if (s !== '0' && s !== '1')
			throw unprocessable(`send_mail must be 0 or 1, got ${JSON.stringify(v)}`);
		return s;
	},
};

export function registerShop(r: Router): void {
	r.get('/services/payment', (ctx) =>
		list(ctx, ctx.app.store.paymentMethods.rows, PAYMENTS, 'payments'),
	);
	r.get('/services/payment/count', (ctx) =>
		count(ctx, ctx.app.store.paymentMethods.rows, PAYMENTS),
	);
	r.get('/services/payment/:id', (ctx) =>
		ok({ payment: out(ctx, found(ctx.app.store.paymentMethods, ctx.params.id, 'payment method')) }),
	);

	r.get('/services/statuses', (ctx) =>
		list(ctx, ctx.app.store.orderStatuses.rows, statusSpec(ctx), 'statuses'),
	);
	r.get('/services/statuses/:id', (ctx) =>
		ok({ status: out(ctx, found(ctx.app.store.orderStatuses, ctx.params.id, 'order status')) }),
	);
	r.post('/services/statuses', (ctx) => {
		const input = wrapped(ctx, 'status');
		const t = ctx.app.store.orderStatuses;
		const id = t.nextId();
		const s: Rec = {
			id: String(id),
			uuid: uuidFor('status', id),
			name: '',
			url: '',
			color: '9b9b9b',
			send_mail: '0',
			mail_template: '',
			change_type: '',
			created_at: now(ctx),
			updated_at: now(ctx),
		};
		assign(s, input, STATUS_FIELDS);
		if (!s.url) s.url = slugify(s.name);
		return ok({ status: out(ctx, t.insert(s)) });
	});
	r.put('/services/statuses/:id', (ctx) => {
		const s = found(ctx.app.store.orderStatuses, ctx.params.id, 'order status');
		const next = { ...s };
		assign(next, wrapped(ctx, 'status'), STATUS_FIELDS);
		Object.assign(s, next, { updated_at: now(ctx) });
		return ok({ id: s.id });
	});
	r.delete('/services/statuses/:id', (ctx) => {
		found(ctx.app.store.orderStatuses, ctx.params.id, 'order status');
		ctx.app.store.orderStatuses.remove(ctx.params.id);
		return statusOk();
	});

	r.get('/services/users', (ctx) => list(ctx, ctx.app.store.users.rows, { paged: false }, 'users'));
	r.get('/services/users/:id', (ctx) =>
		ok({ user: [out(ctx, found(ctx.app.store.users, ctx.params.id, 'user'))] }),
	);

	r.get('/services/checkout', (ctx) =>
		list(ctx, ctx.app.store.abandonedCarts.rows, CARTS, 'carts'),
	);
	r.get('/services/checkout/count', (ctx) => count(ctx, ctx.app.store.abandonedCarts.rows, CARTS));
	r.get('/services/checkout/:user_key', (ctx) =>
		ok({
			cart: out(ctx, found(ctx.app.store.abandonedCarts, ctx.params.user_key, 'abandoned cart')),
		}),
	);
}
