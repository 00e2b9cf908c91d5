/**
 * Habits of real shops the spec allows or does not rule out, each off until a test switches it on
 * (`sandbox.habits({...})`, `POST /_sandbox/habits`); reset() switches them off again. What the shop owner does
 * (owner.ts: restart, restore, a stamp ahead of the clock, a product removed with its variants) needs no switch.
 *
 * - flipForms: each answer gives ids, amounts and a charge's `test` in the other of the spec's two forms (forms.ts).
 * - idStep: ids handed out step by 2, 3, ... (a database cluster's auto_increment_increment).
 * - ignoreSinceId / ignorePage: the lists at these paths answer as if `since_id` / `page` were not given.
 * - countOffset: the count at a path answers this many more (or fewer, never below 0) than its list holds.
 * - deleteDuringPaging, bigIds: see their block at the end of this file (issue 34, items 4 and 7).
 */
import type { App } from './app';
import { badRequest } from './errors';
import { tableFor } from './seed';
import type { Query } from './wire';

export interface ShopHabits {
	flipForms: boolean;
	idStep: number;
	/** list paths (exact, e.g. `/services/pages`, `/services/variants/3`) whose list ignores `since_id` */
	ignoreSinceId: string[];
	/** list paths whose list ignores `page` (every page is the first) */
	ignorePage: string[];
	/** count path (exact, e.g. `/services/pages/count`) → added to its count */
	countOffset: Record<string, number>;
	/** ids-helper block below: a record deleted while a list is paged (once), or null */
	deleteDuringPaging: DeleteDuringPaging | null;
	/** ids-helper block below: ids above 2^53, as strings */
	bigIds: boolean;
}

export const DEFAULT_HABITS: ShopHabits = {
	flipForms: false,
	idStep: 1,
	ignoreSinceId: [],
	ignorePage: [],
	countOffset: {},
	deleteDuringPaging: null,
	bigIds: false,
};

/** The auto-increment steps allowed (MySQL allows up to 65,535; a cluster uses its node count). */
const MAX_STEP = 10;

const isPath = (v: unknown): v is string => typeof v === 'string' && v.startsWith('/services/');

function paths(v: unknown, name: string): string[] {
	if (!Array.isArray(v) || !v.every(isPath))
		throw badRequest(
			`${name} must be a list of API paths such as ["/services/pages"], got ${JSON.stringify(v)}`,
		);
	return [...v];
}

/** Validates a partial habits object (the API or the admin route); throws 400 naming the field. */
export function checkHabits(given: object): Partial<ShopHabits> {
	const input = given as Record<string, unknown>;
	const out: Partial<ShopHabits> = {};
	const known = Object.keys(DEFAULT_HABITS);
	const unknown = Object.keys(input).filter((k) => !known.includes(k));
	if (unknown.length)
		throw badRequest(`unknown habit ${unknown.join(', ')}; habits: ${known.join(', ')}`);
	if (input.flipForms !== undefined) {
		if (typeof input.flipForms !== 'boolean')
			throw badRequest(`flipForms must be true or false, got ${JSON.stringify(input.flipForms)}`);
		out.flipForms = input.flipForms;
	}
	if (input.idStep !== undefined) {
		const n = input.idStep;
		if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_STEP)
			throw badRequest(`idStep must be an integer from 1 to ${MAX_STEP}, got ${JSON.stringify(n)}`);
		out.idStep = n;
	}
	if (input.ignoreSinceId !== undefined)
		out.ignoreSinceId = paths(input.ignoreSinceId, 'ignoreSinceId');
	if (input.ignorePage !== undefined) out.ignorePage = paths(input.ignorePage, 'ignorePage');
	if (input.countOffset !== undefined) {
		const o = input.countOffset;
		const ok =
			o !== null &&
			typeof o === 'object' &&
			!Array.isArray(o) &&
			Object.entries(o).every(([p, n]) => isPath(p) && Number.isInteger(n));
		if (!ok)
			throw badRequest(
				`countOffset must map count paths to integers, e.g. {"/services/pages/count": 1}, got ${JSON.stringify(o)}`,
			);
		out.countOffset = { ...(o as Record<string, number>) };
	}
	Object.assign(out, checkIdHabits(input));
	return out;
}

/** Applies habits (a partial object: the others stay); returns those now in force. */
export function applyHabits(app: App, input: object): ShopHabits {
	const next = { ...app.habits, ...checkHabits(input) };
	app.habits = next;
	app.render.flipping = next.flipForms;
	app.render.bigIds = next.bigIds;
	if (next.deleteDuringPaging)
		next.deleteDuringPaging = { ...next.deleteDuringPaging, answered: 0 };
	for (const t of app.store.tables()) t.step = next.idStep;
	return { ...next };
}

/** The query a list answers: without the parameters its habits ignore. */
export function listQuery(app: App, path: string, query: Query): Query {
	const { ignoreSinceId, ignorePage } = app.habits;
	const drop = [
		...(ignoreSinceId.includes(path) ? ['since_id'] : []),
		...(ignorePage.includes(path) ? ['page'] : []),
	];
	if (drop.length === 0) return query;
	return Object.fromEntries(Object.entries(query).filter(([k]) => !drop.includes(k)));
}

/** The count a count endpoint answers for `n` records: off by its offset, never below 0. */
export function countOf(app: App, path: string, n: number): number {
	return Math.max(0, n + (app.habits.countOffset[path] ?? 0));
}

// ---- ids habits (issue 34, items 4 and 7) --------------------------------------------------------------------
//
// - deleteDuringPaging {resource, afterRequests}: once the list of `resource` (a node resource name) has answered
//   `afterRequests` pages since the habit was set, the record first in that list is removed (as the owner removes
//   one) before the next request is answered; then the habit is spent (null). A list read by page number then
//   moves every later record one place up: a reader that goes on with the next page misses one that exists.
// - bigIds: every record's `id` in the answers is its stored id plus 2^53, as a string (the spec allows ids as
//   strings; a JSON number could not carry it); `since_id` and a path's id given so are read back. Other id
//   fields (`product_id`, ...) are left as they are.

export interface DeleteDuringPaging {
	resource: string;
	afterRequests: number;
	/** Pages the list has answered since the habit was set (kept by the sandbox). */
	answered?: number;
}

/** What bigIds adds to every stored id: 2^53, so the first record's id is 9007199254740993. */
export const BIG_ID_BASE = BigInt(2) ** BigInt(53);

function checkIdHabits(input: Record<string, unknown>): Partial<ShopHabits> {
	const out: Partial<ShopHabits> = {};
	if (input.bigIds !== undefined) {
		if (typeof input.bigIds !== 'boolean')
			throw badRequest(`bigIds must be true or false, got ${JSON.stringify(input.bigIds)}`);
		out.bigIds = input.bigIds;
	}
	const d = input.deleteDuringPaging;
	if (d !== undefined) {
		const v = d as Record<string, unknown> | null;
		const ok =
			v === null ||
			(typeof v === 'object' &&
				typeof v.resource === 'string' &&
				Number.isInteger(v.afterRequests) &&
				Number(v.afterRequests) >= 1);
		if (!ok)
			throw badRequest(
				`deleteDuringPaging must be null or {"resource": "promotion", "afterRequests": 1}, got ${JSON.stringify(d)}`,
			);
		out.deleteDuringPaging =
			v === null ? null : { resource: String(v.resource), afterRequests: Number(v.afterRequests) };
	}
	return out;
}

/**
 * Called after a list answered a page of `rows` (a table's rows): where deleteDuringPaging names that table and
 * its pages are now as many as it waits for, the record first in the list is removed and the habit is spent.
 */
export function afterListPage(app: App, rows: unknown[]): void {
	const habit = app.habits.deleteDuringPaging;
	if (!habit) return;
	const table = tableFor(app.store, habit.resource);
	if (!table || table.rows !== rows) return;
	habit.answered = (habit.answered ?? 0) + 1;
	if (habit.answered < habit.afterRequests) return;
	app.habits = { ...app.habits, deleteDuringPaging: null };
	const first = table.rows[0];
	if (first) table.remove(String(first[table.keyField]));
}

/** The stored id a query or path gives where bigIds is on (the id less 2^53); any other value as it is. */
export function storedId(value: string): string {
	if (!/^\d{16,}$/.test(value)) return value;
	const n = BigInt(value);
	return n > BIG_ID_BASE ? String(n - BIG_ID_BASE) : value;
}

/** The id an answer shows for a stored id where bigIds is on. */
export function shownId(id: unknown): unknown {
	const n =
		typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : NaN;
	return Number.isSafeInteger(n) && n > 0 ? String(BigInt(n) + BIG_ID_BASE) : id;
}

/** Reads back the ids a request gives in the bigIds form (its `since_id`, its path's `id`). */
export function readBigIds(app: App, query: Query, params: Record<string, string>): Query {
	if (!app.habits.bigIds) return query;
	if (params.id !== undefined) params.id = storedId(params.id);
	const since = query.since_id;
	return typeof since === 'string' ? { ...query, since_id: storedId(since) } : query;
}
