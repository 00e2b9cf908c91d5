/** Helpers shared by the resource routes: body wrappers, lookups, lists, input coercion. */
import { nowDate } from '../app';
import { isSpecDate } from '../dates';
import { badRequest, notFound, unprocessable } from '../errors';
import { afterListPage, countOf, listQuery } from '../habits';
import { fieldsOf, filterRows, pageOf, type ListSpec } from '../list';
import { laggedRows, orderedPage } from '../listHabits';
import { emptyListReply } from '../readHabits';
import { parentPath, shaped } from '../recordHabits';
import type { Ctx } from '../router';
import type { Rec, Table } from '../store';
import { ok, type Reply } from '../wire';

const isObject = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The object under `key` of a `{key: {...}}` body. */
export function wrapped(ctx: Ctx, key: string): Rec {
	if (!isObject(ctx.body))
		throw badRequest(`request body must be a JSON object {"${key}": {...}}`, 'invalid_body');
	const inner = ctx.body[key];
	if (!isObject(inner))
		throw badRequest(
			`request body must wrap the ${key} fields in {"${key}": {...}}`,
			'invalid_body',
		);
	return inner;
}

/** An unwrapped body (voucher create/update); a body wrapped in `{wrapperKey: {...}}` alone is refused. */
export function unwrapped(ctx: Ctx, wrapperKey: string): Rec {
	if (!isObject(ctx.body)) throw badRequest('request body must be a JSON object', 'invalid_body');
	const keys = Object.keys(ctx.body);
	if (keys.length === 1 && keys[0] === wrapperKey && isObject(ctx.body[wrapperKey])) {
		throw badRequest(
			`this endpoint takes the ${wrapperKey} fields unwrapped, not in {"${wrapperKey}": {...}}`,
			'invalid_body',
		);
	}
	return ctx.body;
}

export function found(table: Table, id: string, what: string): Rec {
	const rec = table.get(id);
	if (!rec) throw notFound(`${what} ${id} not found`);
	return rec;
}

/** Renders one record with `fields` and the id style (and its list's answer shape, recordHabits.ts). */
export const out = (ctx: Ctx, rec: Rec): Rec =>
	ctx.app.render.one(shaped(ctx.app.habits, parentPath(ctx.path) ?? '', rec), fieldsOf(ctx.query));

export function list(
	ctx: Ctx,
	rows: Rec[],
	spec: ListSpec,
	key: string,
	view: (r: Rec) => Rec = (r) => r,
): Reply {
	const empty = emptyListReply(ctx.app, ctx.path);
	if (empty) return empty;
	const query = listQuery(ctx.app, ctx.path, ctx.query);
	const { pageCap } = ctx.app.faults;
	const page =
		orderedPage(ctx.app, ctx.app.habits, ctx.path, rows, query, spec, pageCap, ctx.app.shopTime) ??
		pageOf(rows, query, spec, pageCap, ctx.app.shopTime);
	const fields = fieldsOf(ctx.query);
	const answer = ok({
		[key]: page.map((r) => ctx.app.render.one(shaped(ctx.app.habits, ctx.path, view(r)), fields)),
	});
	afterListPage(ctx.app, rows);
	return answer;
}

export function count(ctx: Ctx, rows: Rec[], spec: ListSpec): Reply {
	const counting = laggedRows(ctx.app, ctx.app.habits, ctx.path, rows, now(ctx));
	return counted(ctx, filterRows(counting, ctx.query, spec, ctx.app.shopTime).length);
}

/** A count answer `{count}`, as the shop's habits give it (off by an offset, in the answer's form). */
export function counted(ctx: Ctx, n: number): Reply {
	return ok(ctx.app.render.flipped({ count: countOf(ctx.app, ctx.path, n) }));
}

export const statusOk = (): Reply => ok({ status: 'ok' });

export const now = (ctx: Ctx): string => nowDate(ctx.app);

// ---- input coercion (422 on a wrong value) ----------------------------------------------------

export function int(v: unknown, field: string, allowed?: readonly number[]): number {
	const n =
		typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : NaN;
	if (!Number.isSafeInteger(n))
		throw unprocessable(`${field} must be an integer, got ${JSON.stringify(v)}`);
	if (allowed && !allowed.includes(n))
		throw unprocessable(`${field} must be one of ${allowed.join(', ')}, got ${n}`);
	return n;
}

export function str(v: unknown, field: string): string {
	if (typeof v === 'string') return v;
	if (typeof v === 'number' || typeof v === 'boolean') return String(v);
	throw unprocessable(`${field} must be a string, got ${JSON.stringify(v)}`);
}

export function date(v: unknown, field: string): string {
	if (!isSpecDate(v, true))
		throw unprocessable(
			`${field} must be a date-time "YYYY-MM-DD HH:MM:SS", got ${JSON.stringify(v)}`,
			'invalid_date',
		);
	return v;
}

export function httpUrl(v: unknown, field: string): string {
	const s = str(v, field);
	let u: URL;
	try {
		u = new URL(s);
	} catch {
		throw unprocessable(`${field} must be an absolute http(s) URL, got ${JSON.stringify(s)}`);
	}
	if (u.protocol !== 'http:' && u.protocol !== 'https:')
		throw unprocessable(`${field} must be an http(s) URL, got ${JSON.stringify(s)}`);
	return s;
}

export function intList(v: unknown, field: string): number[] {
	const arr = Array.isArray(v)
		? v
		: typeof v === 'string'
			? v.split(',').filter((s) => s.trim() !== '')
			: [v];
	return arr.map((x) => int(x, field));
}

export function required(input: Rec, fields: string[], what: string): void {
	const missing = fields.filter(
		(f) => input[f] === undefined || input[f] === null || input[f] === '',
	);
	if (missing.length)
		throw unprocessable(
			`${what}: required field${missing.length > 1 ? 's' : ''} missing: ${missing.join(', ')}`,
			'missing_field',
		);
}

export function metadata(v: unknown): Rec[] {
	const arr = Array.isArray(v) ? v : isObject(v) ? [v] : null;
	if (!arr || !arr.every(isObject))
		throw unprocessable(
			'metadata must be an array of {meta_title, meta_description, meta_keywords}',
		);
	return arr.map((m) => ({
		meta_title: String(m.meta_title ?? ''),
		meta_description: String(m.meta_description ?? ''),
		meta_keywords: String(m.meta_keywords ?? ''),
	}));
}

/** Copies the given keys of `input` (when present) through `convert` into `target`. */
export function assign(
	target: Rec,
	input: Rec,
	convert: Record<string, (v: unknown, field: string) => unknown>,
): void {
	for (const [key, fn] of Object.entries(convert))
		if (input[key] !== undefined) target[key] = fn(input[key], key);
}
