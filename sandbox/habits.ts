/**
 * Habits of real shops the spec allows or does not rule out, each off until a test switches it on
 * (`sandbox.habits({...})`, `POST /_sandbox/habits`); reset() switches them off again. What the shop owner does
 * (owner.ts: restart, restore, a stamp ahead of the clock, a product removed with its variants) needs no switch.
 *
 * - flipForms: each answer gives ids, amounts and a charge's `test` in the other of the spec's two forms (forms.ts).
 * - idStep: ids handed out step by 2, 3, ... (a database cluster's auto_increment_increment).
 * - ignoreSinceId / ignorePage: the lists at these paths answer as if `since_id` / `page` were not given.
 * - countOffset: the count at a path answers this many more (or fewer, never below 0) than its list holds.
 * Clock habits (issue 34, items 5, 6 and 8; checkClockHabits below):
 * - clockStepBackS: the shop's wall clock steps back this many seconds (summer time ends on a shop stamping local
 *   time): stamps written from then on repeat that span; stamps stored stay.
 * - stampForm: answers write created_at/updated_at/activated_on in another form of the same instant (shopTime.ts
 *   stampIn: 'iso-z', 'offset', 'naive-t'; 'spec' as stored). Filters still take the spec's form.
 * - nullUpdatedAt: a record created from then on (by the API's theme script create, or the owner) has
 *   `updated_at: null` until it is changed; the date filters read its created_at in its place (list.ts stamp).
 */
import type { App } from './app';
import { badRequest } from './errors';
import { STAMP_FIELDS, STAMP_FORMS, stampIn, type StampForm } from './shopTime';
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
	// ---- clock habits ----
	clockStepBackS: number;
	stampForm: StampForm;
	nullUpdatedAt: boolean;
}

export const DEFAULT_HABITS: ShopHabits = {
	flipForms: false,
	idStep: 1,
	ignoreSinceId: [],
	ignorePage: [],
	countOffset: {},
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
	return { ...out, ...checkClockHabits(input) };
}

/** Applies habits (a partial object: the others stay); returns those now in force. */
export function applyHabits(app: App, input: object): ShopHabits {
	const next = { ...app.habits, ...checkHabits(input) };
	app.habits = next;
	app.render.flipping = next.flipForms;
	for (const t of app.store.tables()) t.step = next.idStep;
	applyClockHabits(app, next);
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

function applyClockHabits(app: App, next: ShopHabits): void {
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
export function newlyCreated<R extends Record<string, unknown>>(app: App, rec: R): R {
	if (app.habits.nullUpdatedAt && 'updated_at' in rec)
		(rec as Record<string, unknown>).updated_at = null;
	return rec;
}
