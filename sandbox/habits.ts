/**
 * Habits of real shops the spec allows or does not rule out, each off until a test switches it on
 * (`sandbox.habits({...})`, `POST /_sandbox/habits`); reset() switches them off again. What the shop owner does
 * (owner.ts: restart, restore, a stamp ahead of the clock, a product removed with its variants) needs no switch.
 *
 * - flipForms: each answer gives ids, amounts and a charge's `test` in the other of the spec's two forms (forms.ts).
 * - idStep: ids handed out step by 2, 3, ... (a database cluster's auto_increment_increment).
 * - ignoreSinceId / ignorePage: the lists at these paths answer as if `since_id` / `page` were not given.
 * - countOffset: the count at a path answers this many more (or fewer, never below 0) than its list holds.
 * - listOrder, countLag, fillIdGaps (issue 41): listHabits.ts.
 * - unknownGetStatus, trashGet, staleGet, answerShape (issue 49): recordHabits.ts.
 *
 * Habits of issue 34 (the history checker's switches; see the block at the end):
 * - emptyListAnswer: list answers that carry no list (readHabits.ts).
 * - bigNewIds: ids handed out from now on lie beyond 2^53 (even numbers, exact as doubles, so the store keeps them
 *   apart) and are answered as strings, as the spec allows.
 * - bigIds: every id shown as its stored id plus 2^53, as a string (odd ids: beyond what a double keeps);
 *   `since_id` and a path's id in that form are read back (the block at the end).
 * - deleteDuringPaging: see its block at the end of this file (issue 34, item 4).
 *
 * Clock habits (issue 34, items 5, 6 and 8; checkClockHabits below):
 * - clockStepBackS: the shop's wall clock steps back this many seconds (summer time ends on a shop stamping local
 *   time): stamps written from then on repeat that span; stamps stored stay.
 * - stampForm: answers write created_at/updated_at/activated_on in another form of the same instant (shopTime.ts
 *   stampIn: 'iso-z', 'offset', 'naive-t'; 'spec' as stored). Filters still take the spec's form.
 * - nullUpdatedAt: a record created from then on (by the API's theme script create, or the owner) has
 *   `updated_at: null` until it is changed; the date filters read its created_at in its place (list.ts stamp).
 */
import { badRequest } from './errors';
import { tableFor } from './seed';
import { checkEmptyListAnswer, type EmptyListAnswer } from './readHabits';
import { STAMP_FIELDS, STAMP_FORMS, stampIn, type StampForm } from './shopTime';
import type { Query } from './wire';
import { storedId } from './forms';
import type { Renderer } from './list';
import type { ShopTime } from './shopTime';
import type { Store } from './store';
import { checkListHabits, DEFAULT_LIST_HABITS, forgetCounts, type ListHabits } from './listHabits';
import { checkRecordHabits, DEFAULT_RECORD_HABITS, type RecordHabits } from './recordHabits';

/**
 * The habits of every list (listHabits.ts: listOrder, countLag, fillIdGaps), of one record's Get and of the shape
 * of answers (recordHabits.ts: unknownGetStatus, trashGet, staleGet, answerShape) and those below.
 */
export interface ShopHabits extends ListHabits, RecordHabits {
	flipForms: boolean;
	idStep: number;
	/** list paths (exact, e.g. `/services/pages`, `/services/variants/3`) whose list ignores `since_id` */
	ignoreSinceId: string[];
	/** list paths whose list ignores `page` (every page is the first) */
	ignorePage: string[];
	/** count path (exact, e.g. `/services/pages/count`) → added to its count */
	countOffset: Record<string, number>;
	emptyListAnswer: EmptyListAnswer | null;
	bigNewIds: boolean;
	/** every id shown as its stored id plus 2^53, as a string; read back from since_id and paths */
	bigIds: boolean;
	/** a record deleted while a list is paged (once), or null: the block below */
	deleteDuringPaging: DeleteDuringPaging | null;
	// ---- clock habits (the block below) ----
	clockStepBackS: number;
	stampForm: StampForm;
	nullUpdatedAt: boolean;
}

/** What habits act on (app.ts's App has it): named here so that habits.ts imports nothing of app.ts. */
interface HabitHost {
	habits: ShopHabits;
	render: Renderer;
	store: Store;
	shopTime: ShopTime;
}

export const DEFAULT_HABITS: ShopHabits = {
	...DEFAULT_LIST_HABITS,
	...DEFAULT_RECORD_HABITS,
	flipForms: false,
	idStep: 1,
	ignoreSinceId: [],
	ignorePage: [],
	countOffset: {},
	emptyListAnswer: null,
	deleteDuringPaging: null,
	bigNewIds: false,
	bigIds: false,
	clockStepBackS: 0,
	stampForm: 'spec',
	nullUpdatedAt: false,
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
	Object.assign(
		out,
		checkIssue34Habits(input),
		checkPagingHabit(input),
		checkClockHabits(input),
		checkListHabits(input),
		checkRecordHabits(input),
	);
	return out;
}

/** Applies habits (a partial object: the others stay); returns those now in force. */
export function applyHabits(app: HabitHost, input: object): ShopHabits {
	const next = { ...app.habits, ...checkHabits(input) };
	app.habits = next;
	app.render.flipping = next.flipForms;
	for (const t of app.store.tables()) {
		t.step = next.idStep;
		t.big = next.bigNewIds;
		t.fillGaps = next.fillIdGaps;
	}
	if ('countLag' in input) forgetCounts(app);
	app.render.bigIds = next.bigIds;
	if (next.deleteDuringPaging)
		next.deleteDuringPaging = { ...next.deleteDuringPaging, answered: 0 };
	applyClockHabits(app, next);
	return { ...next };
}

/** The query a list answers: without the parameters its habits ignore. */
export function listQuery(app: HabitHost, path: string, query: Query): Query {
	const { ignoreSinceId, ignorePage } = app.habits;
	const drop = [
		...(ignoreSinceId.includes(path) ? ['since_id'] : []),
		...(ignorePage.includes(path) ? ['page'] : []),
	];
	if (drop.length === 0) return query;
	return Object.fromEntries(Object.entries(query).filter(([k]) => !drop.includes(k)));
}

/** The count a count endpoint answers for `n` records: off by its offset, never below 0. */
export function countOf(app: HabitHost, path: string, n: number): number {
	return Math.max(0, n + (app.habits.countOffset[path] ?? 0));
}

// ---- habits of issue 34: answers without their list, ids beyond 2^53 -----------------------------------------

function checkIssue34Habits(input: Record<string, unknown>): Partial<ShopHabits> {
	const out: Partial<ShopHabits> = {};
	if (input.emptyListAnswer !== undefined)
		out.emptyListAnswer = checkEmptyListAnswer(input.emptyListAnswer);
	for (const name of ['bigNewIds', 'bigIds'] as const) {
		const v = input[name];
		if (v === undefined) continue;
		if (typeof v !== 'boolean')
			throw badRequest(`${name} must be true or false, got ${JSON.stringify(v)}`);
		out[name] = v;
	}
	return out;
}

// ---- clock habits (issue 34 items 5, 6, 8) ----

/** The largest step back of the shop's clock (two hours: summer time, and a bit more). */
const MAX_STEP_BACK_S = 7200;

function checkClockHabits(input: Record<string, unknown>): Partial<ShopHabits> {
	const out: Partial<ShopHabits> = {};
	const step = input.clockStepBackS;
	if (step !== undefined) {
		if (typeof step !== 'number' || !Number.isInteger(step) || step < 0 || step > MAX_STEP_BACK_S)
			throw badRequest(
				`clockStepBackS must be an integer from 0 to ${MAX_STEP_BACK_S}, got ${JSON.stringify(step)}`,
			);
		out.clockStepBackS = step;
	}
	const form = input.stampForm;
	if (form !== undefined) {
		if (!STAMP_FORMS.includes(form as StampForm))
			throw badRequest(
				`stampForm must be one of ${STAMP_FORMS.join(', ')}, got ${JSON.stringify(form)}`,
			);
		out.stampForm = form as StampForm;
	}
	if (input.nullUpdatedAt !== undefined) {
		if (typeof input.nullUpdatedAt !== 'boolean')
			throw badRequest(
				`nullUpdatedAt must be true or false, got ${JSON.stringify(input.nullUpdatedAt)}`,
			);
		out.nullUpdatedAt = input.nullUpdatedAt;
	}
	return out;
}

// ---- a deletion while a list is paged (issue 34, item 4) -------------------------------------------------------
//
// deleteDuringPaging {resource, afterRequests}: once the list of `resource` (a node resource name) has answered
// `afterRequests` pages since the habit was set, the record first in that list is removed (as the owner removes
// one) before the next request is answered; then the habit is spent (null). A list read by page number then
// moves every later record one place up: a reader that goes on with the next page misses one that exists.

export interface DeleteDuringPaging {
	resource: string;
	afterRequests: number;
	/** Pages the list has answered since the habit was set (kept by the sandbox). */
	answered?: number;
}

function checkPagingHabit(input: Record<string, unknown>): Partial<ShopHabits> {
	const d = input.deleteDuringPaging;
	if (d === undefined) return {};
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
	return {
		deleteDuringPaging:
			v === null ? null : { resource: String(v.resource), afterRequests: Number(v.afterRequests) },
	};
}

/**
 * Called after a list answered a page of `rows` (a table's rows): where deleteDuringPaging names that table and
 * its pages are now as many as it waits for, the record first in the list is removed and the habit is spent.
 */
export function afterListPage(app: HabitHost, rows: unknown[]): void {
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

// ---- ids beyond 2^53 as strings (issue 34, item 7) -------------------------------------------------------------

/** Reads back the ids a request gives in the bigIds form (its `since_id`, its path's `id`). */
export function readBigIds(app: HabitHost, query: Query, params: Record<string, string>): Query {
	if (!app.habits.bigIds) return query;
	if (params.id !== undefined) params.id = storedId(params.id);
	const since = query.since_id;
	return typeof since === 'string' ? { ...query, since_id: storedId(since) } : query;
}

function applyClockHabits(app: HabitHost, next: ShopHabits): void {
	app.shopTime.stepBackS = next.clockStepBackS;
	const form = next.stampForm;
	app.render.restamp =
		form === 'spec'
			? undefined
			: (rec) => {
					const out = { ...rec };
					const zone = app.shopTime.settings.shopZoneOffsetMinutes;
					for (const f of STAMP_FIELDS) if (f in out) out[f] = stampIn(form, out[f], zone);
					return out;
				};
}

/** A record just created: with `nullUpdatedAt`, its updated_at is null until it is changed. */
export function newlyCreated<R extends Record<string, unknown>>(app: HabitHost, rec: R): R {
	if (app.habits.nullUpdatedAt && 'updated_at' in rec)
		(rec as Record<string, unknown>).updated_at = null;
	return rec;
}
