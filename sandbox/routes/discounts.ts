/** Promotions and vouchers. */
import { EMPTY_DATE } from '../dates';
import { unprocessable } from '../errors';
import { dateFrom, dateUntil, intEq, strEq, type ListSpec } from '../list';
import type { Router, Ctx } from '../router';
import type { Rec } from '../store';
import { ok } from '../wire';
import {
	assign,
	count,
	date,
	found,
	int,
	intList,
	list,
	now,
	out,
	statusOk,
	str,
	unwrapped,
	wrapped,
} from './common';

// promotions: fields, limit, page and their own filters (no since_id, no created/updated range)
const PROMOTIONS: ListSpec = {
	paged: true,
	common: [],
	filters: {
		promotion_type: intEq('promotion_type'),
		start_at: dateFrom('start_at'),
		finish_at: dateUntil('finish_at'),
	},
};

// vouchers: since_id, no created/updated range
const VOUCHERS: ListSpec = {
	paged: true,
	common: ['since_id'],
	filters: {
		code: strEq('code'),
		discount_type: intEq('discount_type'),
		discount_on: intEq('discount_on'),
		start_at: dateFrom('start_at'),
		finish_at: dateUntil('finish_at'),
	},
};

const PROMOTION_FIELDS = {
	title: str,
	start_at: date,
	finish_at: date,
	activate: int,
	promotion_type: (v: unknown, f: string) => int(v, f, [1, 2]),
	promotion_value: int,
	promotion_on_type: (v: unknown, f: string) => int(v, f, [1, 2, 3, 4]),
};

function promotionTargets(p: Rec, input: Rec): void {
	if (input.products !== undefined && Number(p.promotion_on_type) === 1)
		p.promotion_on_value = intList(input.products, 'products');
	else if (input.promotion_set !== undefined)
		p.promotion_on_value = [int(input.promotion_set, 'promotion_set')];
	else if (input.products !== undefined) p.promotion_on_value = intList(input.products, 'products');
}

const DISCOUNT_TYPES = [1, 2, 3, 5, 6, 7];

/** Maps the voucher create/update inputs of the spec onto Voucher fields. */
function voucherInput(v: Rec, input: Rec, ctx: Ctx): void {
	if (input.discount_type === undefined && input.type !== undefined)
		input = { ...input, discount_type: input.type };
	assign(v, input, {
		code: str,
		start_at: date,
		finish_at: date,
		quantity: int,
		activate: int,
		per_client: int,
		discount_type: (x, f) => int(x, f, DISCOUNT_TYPES),
		discount_on: (x, f) => int(x, f, [1, 2, 3]),
		discount_on_type: (x, f) => int(x, f, [0, 1, 2, 3, 4]),
		apply_once: (x, f) => int(x, f, [0, 1]),
		available_on_promo: (x, f) => int(x, f, [0, 1]),
		discount_value: int,
	});
	if (input.voucher_multiple_use !== undefined && input.per_client === undefined)
		v.per_client = int(input.voucher_multiple_use, 'voucher_multiple_use', [0, 1]);
	for (const k of ['discount_amount', 'discount_percent'] as const)
		if (input[k] !== undefined && input.discount_value === undefined)
			v.discount_value = int(input[k], k);
	if (input.discount_set !== undefined)
		v.discount_on_value = int(input.discount_set, 'discount_set');
	else if (input.products !== undefined)
		v.discount_on_value = intList(input.products, 'products')[0] ?? 0;
	if (v.discount_on === 1 && input.discount_on_type !== undefined && v.discount_on_type !== 1) {
		throw unprocessable('discount_on_type must be 1 when discount_on is 1');
	}
	if (typeof v.code === 'string') {
		if (v.code.trim() === '') throw unprocessable('code must not be empty');
		const clash = ctx.app.store.vouchers.rows.find((o) => o.id !== v.id && o.code === v.code);
		if (clash)
			throw unprocessable(
				`code ${v.code} is already used by voucher ${clash.id}`,
				'duplicate_code',
			);
	}
}

export function registerDiscounts(r: Router): void {
	r.get('/services/promotions', (ctx) =>
		list(ctx, ctx.app.store.promotions.rows, PROMOTIONS, 'promotions'),
	);
	r.get('/services/promotions/count', (ctx) =>
		count(ctx, ctx.app.store.promotions.rows, PROMOTIONS),
	);
	r.get('/services/promotions/:id', (ctx) =>
		ok(out(ctx, found(ctx.app.store.promotions, ctx.params.id, 'promotion'))),
	);
	r.post('/services/promotions', (ctx) => {
		const input = wrapped(ctx, 'promotion');
		const t = ctx.app.store.promotions;
		const p: Rec = {
			id: 0,
			title: '',
			start_at: now(ctx),
			finish_at: EMPTY_DATE,
			promotion_type: 1,
			promotion_value: 0,
			promotion_on_type: 1,
			promotion_on_value: [],
			activate: 1,
			created_at: now(ctx),
		};
		assign(p, input, PROMOTION_FIELDS);
		promotionTargets(p, input);
		p.id = t.nextId();
		return ok({ promotion: out(ctx, t.insert(p)) });
	});
	r.put('/services/promotions/:id', (ctx) => {
		const p = found(ctx.app.store.promotions, ctx.params.id, 'promotion');
		const input = wrapped(ctx, 'promotion');
		const next = { ...p };
		assign(next, input, PROMOTION_FIELDS);
		promotionTargets(next, input);
		Object.assign(p, next);
		return ok({ id: p.id });
	});
	r.delete('/services/promotions/:id', (ctx) => {
		found(ctx.app.store.promotions, ctx.params.id, 'promotion');
		ctx.app.store.promotions.remove(ctx.params.id);
		return statusOk();
	});

	const withoutItems = (v: Rec): Rec => {
		const { items: _items, ...rest } = v;
		return rest;
	};
	r.get('/services/vouchers', (ctx) =>
		list(ctx, ctx.app.store.vouchers.rows, VOUCHERS, 'vouchers', withoutItems),
	);
	r.get('/services/vouchers/count', (ctx) => count(ctx, ctx.app.store.vouchers.rows, VOUCHERS));
	r.get('/services/vouchers/:id', (ctx) =>
		ok(out(ctx, found(ctx.app.store.vouchers, ctx.params.id, 'voucher'))),
	);
	r.post('/services/vouchers', (ctx) => {
		const input = unwrapped(ctx, 'voucher');
		const t = ctx.app.store.vouchers;
		const v: Rec = {
			id: 0,
			code: '',
			start_at: now(ctx),
			finish_at: EMPTY_DATE,
			quantity: -1,
			quantity_used: 0,
			discount_type: 1,
			discount_value: 0,
			discount_on: 1,
			discount_on_type: 1,
			discount_on_value: 0,
			activate: 1,
			apply_once: 0,
			per_client: 0,
			available_on_promo: 0,
			created_at: now(ctx),
			items: [],
		};
		const id = t.nextId();
		if (input.code === undefined) v.code = `SANDBOX${id}`;
		voucherInput(v, input, ctx);
		const unique = input.unique !== undefined && Number(input.unique) === 1 && v.quantity > 0;
		v.items = unique
			? Array.from({ length: Math.min(v.quantity, 1000) }, (_, i) => ({
					code: `${v.code}-${i + 1}`,
					used: 0,
				}))
			: [{ code: v.code, used: 0 }];
		v.id = id;
		return ok(out(ctx, t.insert(v)));
	});
	r.put('/services/vouchers/:id', (ctx) => {
		const v = found(ctx.app.store.vouchers, ctx.params.id, 'voucher');
		const next = { ...v };
		voucherInput(next, unwrapped(ctx, 'voucher'), ctx);
		if (next.code !== v.code && v.items.length === 1)
			next.items = [{ code: next.code, used: v.items[0].used }];
		Object.assign(v, next);
		return ok({ id: v.id });
	});
	r.delete('/services/vouchers/:id', (ctx) => {
		found(ctx.app.store.vouchers, ctx.params.id, 'voucher');
		ctx.app.store.vouchers.remove(ctx.params.id);
		return statusOk();
	});
}
