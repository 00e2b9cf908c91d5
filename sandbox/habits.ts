/**
 * Habits of real shops the spec allows or does not rule out, each off until a test switches it on
 * (`sandbox.habits({...})`, `POST /_sandbox/habits`); reset() switches them off again. What the shop owner does
 * (owner.ts: restart, restore, a stamp ahead of the clock, a product removed with its variants) needs no switch.
 *
 * - flipForms: each answer gives ids, amounts and a charge's `test` in the other of the spec's two forms (forms.ts).
 * - idStep: ids handed out step by 2, 3, ... (a database cluster's auto_increment_increment).
 * - ignoreSinceId / ignorePage: the lists at these paths answer as if `since_id` / `page` were not given.
 * - countOffset: the count at a path answers this many more (or fewer, never below 0) than its list holds.
 * - emptyListAnswer: list answers that carry no list (readHabits.ts).
 */
import type { App } from './app';
import { badRequest } from './errors';
import { checkEmptyListAnswer, type EmptyListAnswer } from './readHabits';
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
	// ---- habits of answers to reads (readHabits.ts; issue 34 items 1 and 9) ----
	/** list answers without their list: a 200 with no body, `{}` or `null` (null: off) */
	emptyListAnswer: EmptyListAnswer | null;
}

export const DEFAULT_HABITS: ShopHabits = {
	flipForms: false,
	idStep: 1,
	ignoreSinceId: [],
	ignorePage: [],
	countOffset: {},
	emptyListAnswer: null,
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
	// ---- habits of answers to reads (readHabits.ts) ----
	if (input.emptyListAnswer !== undefined)
		out.emptyListAnswer = checkEmptyListAnswer(input.emptyListAnswer);
	return out;
}

/** Applies habits (a partial object: the others stay); returns those now in force. */
export function applyHabits(app: App, input: object): ShopHabits {
	const next = { ...app.habits, ...checkHabits(input) };
	app.habits = next;
	app.render.flipping = next.flipForms;
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
