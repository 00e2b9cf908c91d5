/**
 * Habits of a shop's lists and counts that issue 41 found the poll trigger trusting (the history checker's
 * switches), kept apart from habits.ts's others:
 *
 * - listOrder: the lists at these paths answer in another order than ascending ids, which the spec never
 *   promises: `newest` (descending ids, as `ORDER BY id DESC`) or `shuffled` (a fixed permutation of the ids:
 *   the same record always in the same place relative to the others), or `createdTies` (issue 49: by `created_at`,
 *   the records of one second in another order at each request, as `ORDER BY created_at` leaves ties to the
 *   database). Filters and `since_id` select first, then the order, then `limit`/`page` cut the page (as a
 *   database's `WHERE … ORDER BY … LIMIT … OFFSET`).
 * - countLag: the counts at these paths count a copy of the list refreshed once a shop second, one refresh late
 *   (laggedRows): a poll's counts say what the list was at the previous poll, whatever their query.
 * - fillIdGaps: a new record takes the highest free id below the highest that exists (store.ts Table.fillGaps),
 *   ids handed out again below the highest.
 *
 * The shop's zone changing by whole hours needs no habit: `sandbox.settings({shopZoneOffsetMinutes})` shifts every
 * stamp shown (owner.ts applySettings).
 */
import { badRequest } from './errors';
import { filterRows, pageWindow, type ListSpec } from './list';
import type { ShopTime } from './shopTime';
import type { Rec } from './store';
import type { Query } from './wire';

export type ListOrder = 'newest' | 'shuffled' | 'createdTies';
const ORDERS: readonly ListOrder[] = ['newest', 'shuffled', 'createdTies'];

export interface ListHabits {
	/** list path (exact, e.g. `/services/pages`) → its order */
	listOrder: Record<string, ListOrder>;
	/** count paths (exact, e.g. `/services/pages/count`) answering one request late */
	countLag: string[];
	fillIdGaps: boolean;
}

export const DEFAULT_LIST_HABITS: ListHabits = { listOrder: {}, countLag: [], fillIdGaps: false };

const isPath = (v: unknown): v is string => typeof v === 'string' && v.startsWith('/services/');

/** Validates the habits of this file in a partial habits object; throws 400 naming the field. */
export function checkListHabits(input: Record<string, unknown>): Partial<ListHabits> {
	const out: Partial<ListHabits> = {};
	const order = input.listOrder;
	if (order !== undefined) {
		const ok =
			order !== null &&
			typeof order === 'object' &&
			!Array.isArray(order) &&
			Object.entries(order).every(([p, o]) => isPath(p) && ORDERS.includes(o as ListOrder));
		if (!ok)
			throw badRequest(
				`listOrder must map list paths to ${ORDERS.join(' or ')}, e.g. {"/services/pages": "newest"}, got ${JSON.stringify(order)}`,
			);
		out.listOrder = { ...(order as Record<string, ListOrder>) };
	}
	const lag = input.countLag;
	if (lag !== undefined) {
		if (!Array.isArray(lag) || !lag.every(isPath))
			throw badRequest(
				`countLag must be a list of count paths such as ["/services/pages/count"], got ${JSON.stringify(lag)}`,
			);
		out.countLag = [...(lag as string[])];
	}
	if (input.fillIdGaps !== undefined) {
		if (typeof input.fillIdGaps !== 'boolean')
			throw badRequest(`fillIdGaps must be true or false, got ${JSON.stringify(input.fillIdGaps)}`);
		out.fillIdGaps = input.fillIdGaps;
	}
	return out;
}

/** A fixed permutation: ids ordered by a multiplicative hash of the id (the same order at every request). */
const scramble = (r: Rec): number => Math.imul(Number(r.id) | 0, 2654435761) >>> 0;

/** A record's place among its ties at request `turn`: a hash of its key and the turn (another at each request). */
function tieRank(r: Rec, turn: number): number {
	let h = Math.imul(turn + 1, 0x9e3779b1);
	for (const c of String(r.id ?? r.user_key)) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
	return (h ^ (h >>> 15)) >>> 0;
}

/** Requests answered in the `createdTies` order, per sandbox (each request orders ties anew). */
const turns = new WeakMap<object, number>();

/** The `createdTies` orders start again (reset(): a history replays alike whatever ran before it). */
export function resetTurns(host: object): void {
	turns.delete(host);
}

/** The page of a list answered in `order`, or undefined where the list keeps ascending ids. */
export function orderedPage(
	host: object,
	habits: ListHabits,
	path: string,
	rows: Rec[],
	q: Query,
	spec: ListSpec,
	pageCap: number | null,
	shop: ShopTime,
): Rec[] | undefined {
	const order = habits.listOrder[path];
	if (!order) return undefined;
	const all = filterRows(rows, q, spec, shop).slice();
	if (order === 'newest') all.reverse();
	else if (order === 'shuffled') all.sort((a, b) => scramble(a) - scramble(b));
	else {
		const turn = turns.get(host) ?? 0;
		turns.set(host, turn + 1);
		const at = (r: Rec) => String(r.created_at ?? '');
		all.sort((a, b) =>
			at(a) < at(b) ? -1 : at(a) > at(b) ? 1 : tieRank(a, turn) - tieRank(b, turn),
		);
	}
	if (!spec.paged) return all;
	const { limit, skip } = pageWindow(q, spec, pageCap);
	return all.slice(skip, skip + limit);
}

interface Lag {
	/** The shop second of the latest refresh. */
	at: string;
	/** The list copied then (what the next second's requests count). */
	latest: Rec[];
	/** The list this second's requests count. */
	answered: Rec[];
}

/** The lagging counts' copies, per sandbox (count path → its copies). */
const lagging = new WeakMap<object, Map<string, Lag>>();

/** Forgets what lagging counts saw (the habit set again, or a reset). */
export function forgetCounts(host: object): void {
	lagging.delete(host);
	turns.delete(host);
}

/**
 * The rows a count request counts: with countLag on its path, a copy of the list refreshed at the first request of
 * each shop second and answered one refresh late: every request of a second counts the list as the previous
 * second's first request saw it (a poll, whose requests share a second, counts what the previous poll saw). The
 * first request of all counts the list as it is.
 */
export function laggedRows(
	host: object,
	habits: ListHabits,
	path: string,
	rows: Rec[],
	now: string,
): Rec[] {
	if (!habits.countLag.includes(path)) return rows;
	let memory = lagging.get(host);
	if (!memory) lagging.set(host, (memory = new Map()));
	const copy = () => rows.map((r) => ({ ...r }));
	const lag = memory.get(path);
	if (!lag) {
		const latest = copy();
		memory.set(path, { at: now, latest, answered: latest });
	} else if (lag.at !== now) memory.set(path, { at: now, latest: copy(), answered: lag.latest });
	return memory.get(path)?.answered ?? rows;
}
