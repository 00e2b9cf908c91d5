import type { IDataObject } from 'n8n-workflow';

import { idOf, type Id } from './decimalId';
import { countIn, countUpTo, idsIn, withIds, withoutIds, type KnownIds } from './knownIds';

/**
 * Where the count endpoint and the known ids disagree, and why: records deleted, records the trigger does not know (an
 * id handed out again, a record restored), or a count off its list. Found by bisection with the count's `since_id`.
 * `countSince(a) - countSince(b)` counts the ids in (a, b]; records created meanwhile have higher ids and cancel out. A
 * range is expected to count its known ids, plus `unlisted` (counted, not shown), minus `uncounted` (shown, not
 * counted). A range that counts otherwise is halved (by rank of its known ids) until it holds at most a page of them,
 * then listed: a known id not shown is deleted; an unknown id shown is created once a second reading shows it too. What
 * the list leaves unexplained is the count's own: pinned to its id by halving by id value and expected from then on
 * (beyond MAX_PINNED ids, only of the whole count). k changes among n known ids cost about k·log2(n / page) counts and
 * k pages (2k where records were created).
 */

/** Ids at most where the count is known to be off its list (a few characters each in the static data). */
export const MAX_PINNED = 100;

export interface Tally {
	/** The ids known to exist. */
	known: KnownIds;
	/** Ids the count counts that the list does not show (a record hidden, trashed). */
	unlisted: KnownIds;
	/** Ids the list shows that the count does not count. */
	uncounted: KnownIds;
}

export interface CountShop {
	/** How many records have an id above `since`. */
	countSince(since: Id): Promise<number>;
	/** The ids the list shows in (lo, hi]; undefined when the read was cut short (budget, ceiling). */
	idsIn(lo: Id, hi: Id): Promise<Id[] | undefined>;
	/** The records the list shows in (lo, hi] among the given ids; undefined when cut short. */
	recordsIn(lo: Id, hi: Id, ids: Set<Id>): Promise<IDataObject[] | undefined>;
	/** Whether the poll must stop asking (its budget or its ceiling of requests). */
	stopped(): boolean;
}

export interface SearchResult {
	tally: Tally;
	deleted: Id[];
	created: IDataObject[];
	/** Whether every range that disagreed was read (else the rest waits for the next poll). */
	complete: boolean;
	/** Where complete and the count stood still: what the count since the floor gave beyond the tally. */
	unplaced?: number;
}

/** Explains where the count and the tally disagree, as far as the poll's budget allows (the rules above). */
export async function searchCount(
	start: Tally,
	floor: Id,
	maxId: Id,
	shop: CountShop,
	pageSize: number,
	/** The count since the floor the poll asked before it read its creations. */
	before?: number,
): Promise<SearchResult> {
	let { known, unlisted, uncounted } = start;
	const deleted: Id[] = [];
	const created: IDataObject[] = [];
	let complete = true;
	const ask = async <T>(request: () => Promise<T | undefined>): Promise<T | undefined> => {
		if (shop.stopped()) return void (complete = false);
		const answer = await request();
		if (answer === undefined) complete = false;
		return answer;
	};
	const counter = () => {
		const memo = new Map<Id, number>();
		return async (since: Id) => {
			const n = memo.get(since) ?? (await ask(async () => await shop.countSince(since)));
			if (n !== undefined) memo.set(since, n);
			return n;
		};
	};
	const expected = (lo: Id, hi: Id) =>
		countIn(known, lo, hi) + countIn(unlisted, lo, hi) - countIn(uncounted, lo, hi);
	const counts = counter();
	const counted = async (count: typeof counts, lo: Id, hi: Id) => {
		const a = await count(lo);
		const b = a === undefined ? undefined : await count(hi);
		return a === undefined || b === undefined ? undefined : a - b;
	};

	/** Pins what the count counts in (lo, hi] beyond the listed ids to ids, with counts asked afresh. */
	const pin = async (fresh: typeof counts, lo: Id, hi: Id): Promise<void> => {
		const full = unlisted.length + uncounted.length >= MAX_PINNED;
		// full: only pins already there may move (be dropped)
		if (full && countIn(unlisted, lo, hi) + countIn(uncounted, lo, hi) === 0) return;
		const n = await counted(fresh, lo, hi);
		if (n === undefined || n === expected(lo, hi)) return;
		if (hi - lo === BigInt(1)) {
			const listed = countIn(known, lo, hi);
			unlisted = withoutIds(unlisted, [hi]);
			uncounted = withoutIds(uncounted, [hi]);
			if (unlisted.length + uncounted.length >= MAX_PINNED) return;
			if (n > listed) unlisted = withIds(unlisted, [hi]);
			if (n < listed) uncounted = withIds(uncounted, [hi]);
			return;
		}
		const mid = lo + (hi - lo) / BigInt(2);
		await pin(fresh, lo, mid);
		await pin(fresh, mid, hi);
	};

	const leaf = async (lo: Id, hi: Id, n: number): Promise<void> => {
		const listed = await ask(async () => await shop.idsIn(lo, hi));
		if (!listed) return;
		const present = new Set(listed.filter((id) => id > lo && id <= hi));
		const here = idsIn(known, lo, hi);
		const gone = here.filter((id) => !present.has(id));
		deleted.push(...gone);
		known = withoutIds(known, gone);
		uncounted = withoutIds(uncounted, gone);
		const fresh = new Set([...present].filter((id) => !here.includes(id)));
		if (fresh.size > 0) {
			// read again, whole: a record is created only when a second reading shows it too
			const records = (await ask(async () => await shop.recordsIn(lo, hi, fresh))) ?? [];
			const confirmed = records.filter((r) => fresh.has(idOf(r.id) as Id));
			created.push(...confirmed);
			const ids = confirmed.map((r) => idOf(r.id));
			known = withIds(known, ids);
		}
		unlisted = withoutIds(unlisted, present);
		if (n !== expected(lo, hi)) await pin(counter(), lo, hi);
	};

	const search = async (lo: Id, hi: Id): Promise<void> => {
		const n = await counted(counts, lo, hi);
		if (n === undefined || n === expected(lo, hi)) return;
		const mine = countIn(known, lo, hi);
		if (mine <= pageSize) return await leaf(lo, hi, n);
		const mid = known[countUpTo(known, lo) + Math.floor(mine / 2) - 1];
		await search(lo, mid);
		await search(mid, hi);
	};

	await search(floor, maxId);
	// the count's own offset is learned only from a shop that stood still (the count since the floor the same before the
	// creations were read, at the search's start and end): a record created meanwhile would be learned as the count's
	const atStart = complete ? await counts(floor) : undefined;
	const atEnd = atStart === undefined ? undefined : await counter()(floor);
	const stood = atEnd !== undefined && atEnd === atStart && (before ?? atEnd) === atEnd;
	const unplaced = stood ? atEnd - (known.length + unlisted.length - uncounted.length) : undefined;
	return { tally: { known, unlisted, uncounted }, deleted, created, complete, unplaced };
}
