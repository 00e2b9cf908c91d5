/** List queries: common parameters, endpoint filters, paging, `fields`, and rendering of ids (spec or mixed). */
import { EMPTY_DATE, isSpecDate } from './dates';
import { badRequest } from './errors';
import { flipForms, NUMERIC, shownId } from './forms';
import type { ShopTime } from './shopTime';
import type { Rec } from './store';
import { first, type Query } from './wire';

/** A filter builds a predicate from its (validated) query value; `shop` reads the date filters. */
export type Filter = (value: string, param: string, shop: ShopTime) => (rec: Rec) => boolean;

/** The spec's common list parameters besides fields/limit/page: since_id, created_at_min/max, updated_at_min/max. */
export type CommonParam = 'since_id' | 'created_at' | 'updated_at';

export interface ListSpec {
	/** limit and page apply (endpoints with `limit` in the spec) */
	paged: boolean;
	/**
	 * Which common parameters the endpoint's spec line lists (default: all three when paged, as "common
	 * parameters"); the others are ignored, as a shop ignores a parameter it does not know.
	 */
	common?: readonly CommonParam[];
	/** silent maximum of `limit` (webhooks: 200) */
	maxLimit?: number;
	filters?: Record<string, Filter>;
}

const ALL_COMMON: readonly CommonParam[] = ['since_id', 'created_at', 'updated_at'];
const commonOf = (spec: ListSpec): readonly CommonParam[] =>
	spec.common ?? (spec.paged ? ALL_COMMON : []);

export function intParam(value: string, param: string, min = Number.MIN_SAFE_INTEGER): number {
	if (!/^-?\d+$/.test(value.trim()) || Number(value) < min) {
		throw badRequest(
			`query parameter ${param} must be an integer${min > Number.MIN_SAFE_INTEGER ? ` >= ${min}` : ''}, got "${value}"`,
		);
	}
	return Number(value);
}

export function dateParam(value: string, param: string): string {
	if (!isSpecDate(value)) {
		throw badRequest(
			`query parameter ${param} must be a date-time "YYYY-MM-DD HH:MM:SS", got "${value}"`,
			'invalid_date',
		);
	}
	return value;
}

// ---- filter builders ------------------------------------------------------------------------

export const intEq =
	(field: string): Filter =>
	(v, p) => {
		const n = intParam(v, p);
		return (r) => Number(r[field]) === n;
	};
export const strEq =
	(field: string): Filter =>
	(v) =>
	(r) =>
		String(r[field]) === v;
/** record date at or after the value (empty dates never match): promotion/voucher start_at */
export const dateFrom =
	(field: string): Filter =>
	(v, p) => {
		const d = dateParam(v, p);
		return (r) => typeof r[field] === 'string' && r[field] !== EMPTY_DATE && r[field] >= d;
	};
/** record date at or before the value (empty dates never match): promotion/voucher finish_at */
export const dateUntil =
	(field: string): Filter =>
	(v, p) => {
		const d = dateParam(v, p);
		return (r) => typeof r[field] === 'string' && r[field] !== EMPTY_DATE && r[field] <= d;
	};
/** records whose id is in the set computed from the value (e.g. categories of a product) */
export const idIn =
	(ids: (value: string, param: string) => Array<string | number>): Filter =>
	(v, p) => {
		const set = new Set(ids(v, p).map(String));
		return (r) => set.has(String(r.id));
	};

/** The date a record was created or last modified (records without updated_at: created_at); '' when none. */
const stamp = (r: Rec, field: 'created_at' | 'updated_at'): string => {
	const v = field === 'updated_at' ? (r.updated_at ?? r.created_at) : r.created_at;
	return typeof v === 'string' && v !== EMPTY_DATE ? v : '';
};

/** "records created/modified later than the value": strict (>) or inclusive (>=) as the shop is set. */
const laterThan =
	(field: 'created_at' | 'updated_at'): Filter =>
	(v, p, shop) => {
		const d = dateParam(v, p);
		return (r) => stamp(r, field) !== '' && shop.later(stamp(r, field), d);
	};
/** "records created/modified earlier than the value": strict (<) or inclusive (<=) as the shop is set. */
const earlierThan =
	(field: 'created_at' | 'updated_at'): Filter =>
	(v, p, shop) => {
		const d = dateParam(v, p);
		return (r) => stamp(r, field) !== '' && shop.earlier(stamp(r, field), d);
	};

const COMMON: Record<'created_at' | 'updated_at', Record<string, Filter>> = {
	created_at: {
		created_at_min: laterThan('created_at'),
		created_at_max: earlierThan('created_at'),
	},
	updated_at: {
		updated_at_min: laterThan('updated_at'),
		updated_at_max: earlierThan('updated_at'),
	},
};

function predicates(q: Query, spec: ListSpec, shop: ShopTime): Array<(r: Rec) => boolean> {
	const preds: Array<(r: Rec) => boolean> = [];
	const filters: Record<string, Filter> = {};
	for (const c of commonOf(spec)) if (c !== 'since_id') Object.assign(filters, COMMON[c]);
	Object.assign(filters, spec.filters);
	for (const [param, build] of Object.entries(filters)) {
		const v = first(q, param);
		if (v !== undefined && v !== '') preds.push(build(v, param, shop));
	}
	return preds;
}

/** The `since_id` of a list query, or undefined when the endpoint does not take it. */
function sinceId(q: Query, spec: ListSpec): number | undefined {
	const since = first(q, 'since_id');
	if (!commonOf(spec).includes('since_id') || since === undefined || since === '') return undefined;
	return intParam(since, 'since_id');
}

/**
 * Index of the first row with an id above `since`. Rows of paged lists are a Table's rows, kept in ascending
 * numeric id order, so this is a binary search, as a database finds it with the index on id.
 */
function firstAfter(rows: Rec[], since: number | undefined): number {
	if (since === undefined) return 0;
	let lo = 0;
	let hi = rows.length;
	while (lo < hi) {
		const mid = (lo + hi) >> 1;
		if (Number(rows[mid].id) <= since) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

/** Filters rows (one pass). */
export function filterRows(rows: Rec[], q: Query, spec: ListSpec, shop: ShopTime): Rec[] {
	const preds = predicates(q, spec, shop);
	const from = firstAfter(rows, sinceId(q, spec));
	if (preds.length === 0) return from === 0 ? rows : rows.slice(from);
	return rows.slice(from).filter((r) => preds.every((p) => p(r)));
}

/**
 * Filters then takes one page, reading only the rows up to the end of that page. `pageCap` is the fault that
 * silently caps every page size.
 */
export function pageOf(
	rows: Rec[],
	q: Query,
	spec: ListSpec,
	pageCap: number | null,
	shop: ShopTime,
): Rec[] {
	if (!spec.paged) return filterRows(rows, q, spec, shop);
	const preds = predicates(q, spec, shop);
	const from = firstAfter(rows, sinceId(q, spec));
	const { limit, skip: first } = pageWindow(q, spec, pageCap);
	let skip = first;
	const out: Rec[] = [];
	for (let i = from; i < rows.length && out.length < limit; i++) {
		const r = rows[i];
		if (!preds.every((p) => p(r))) continue;
		if (skip > 0) skip--;
		else out.push(r);
	}
	return out;
}

/** The page a paged list's query asks: its size (`limit`, capped) and the records before it (`skip`). */
export function pageWindow(
	q: Query,
	spec: ListSpec,
	pageCap: number | null,
): { limit: number; skip: number } {
	const limitRaw = first(q, 'limit');
	const pageRaw = first(q, 'page');
	let limit = limitRaw === undefined || limitRaw === '' ? 50 : intParam(limitRaw, 'limit', 1);
	const page = pageRaw === undefined || pageRaw === '' ? 1 : intParam(pageRaw, 'page', 1);
	if (spec.maxLimit !== undefined) limit = Math.min(limit, spec.maxLimit);
	if (pageCap !== null && pageCap > 0) limit = Math.min(limit, pageCap);
	return { limit, skip: (page - 1) * limit };
}

export function fieldsOf(q: Query): string[] | null {
	const raw = q.fields;
	if (raw === undefined) return null;
	const list = (Array.isArray(raw) ? raw.join(',') : raw)
		.split(',')
		.map((s) => s.trim())
		.filter(Boolean);
	return list.length ? list : null;
}

// ---- rendering -------------------------------------------------------------------------------

/** Renders stored records for an answer: `fields` projection, then the id style, then the answer's forms. */
export class Renderer {
	private seed: number;
	/** The habit of flipping forms (habits.ts): each answer in the other form of the spec's two. */
	flipping = false;
	/** The habit of ids above 2^53 (habits.ts `bigIds`): each record's id shown as a string beyond it. */
	bigIds = false;
	/** How answers write stamps (habits.ts `stampForm`): set by applyHabits; unset, as stored. */
	restamp?: (rec: Rec) => Rec;
	/** Answers begun so far (server.ts counts each API request). */
	private turn = 0;

	constructor(
		readonly mode: 'spec' | 'mixed',
		seed = 42,
	) {
		this.seed = seed >>> 0;
	}

	private random(): number {
		// mulberry32: deterministic sequence, so a failing test replays the same mix
		let t = (this.seed = (this.seed + 0x6d2b79f5) >>> 0);
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	}

	/** A new answer begins: with flipping on, its values take the next form. */
	answer(): void {
		this.turn++;
	}

	/** A record in this answer's forms (as it is where the shop does not flip them). */
	flipped(rec: Rec): Rec {
		return this.flipping ? flipForms(rec, this.turn) : rec;
	}

	one(rec: Rec, fields: string[] | null): Rec {
		let out = rec;
		if (fields) {
			out = {};
			for (const f of fields) if (f in rec) out[f] = rec[f];
		}
		if (this.mode === 'mixed') {
			out = { ...out };
			for (const k of Object.keys(out)) {
				const v = out[k];
				const numeric = NUMERIC.has(k) || k.endsWith('_id');
				if (!numeric) continue;
				if (typeof v === 'number' && Number.isSafeInteger(v))
					out[k] = this.random() < 0.5 ? String(v) : v;
				else if (typeof v === 'string' && /^-?\d{1,15}$/.test(v))
					out[k] = this.random() < 0.5 ? Number(v) : v;
			}
		}
		if (typeof out.id === 'number' && out.id > Number.MAX_SAFE_INTEGER)
			out = { ...out, id: String(out.id) };
		if (this.bigIds && out.id !== undefined) out = { ...out, id: shownId(out.id) };
		return this.flipped(this.restamp ? this.restamp(out) : out);
	}

	many(rows: Rec[], fields: string[] | null): Rec[] {
		return rows.map((r) => this.one(r, fields));
	}
}
