import { countIn, idAtRank, idsIn, type Runs } from './idRuns';

/**
 * Which known records were deleted, found by bisection of the known ids with the count endpoint's `since_id`.
 * The shop is reached only through the two functions given, so tests run it against tables.
 *
 * `countSince(a) - countSince(b)` is the number of records with an id in (a, b]; records created meanwhile have
 * higher ids and cancel out. A range whose count equals the ids known in it lost none and is not read; a range
 * that lost some is halved (by rank of the known ids) until it holds at most a page of known ids, which is then
 * listed once. k deletions among n known ids cost about k·log2(n / page) counts and k pages.
 */
export interface DeletionShop {
	/** How many records have an id above `since`. */
	countSince(since: number): Promise<number>;
	/** The ids that exist in (lo, hi]. */
	idsIn(lo: number, hi: number): Promise<number[]>;
}

export async function findDeleted(
	runs: Runs,
	floor: number,
	maxId: number,
	shop: DeletionShop,
	pageSize: number,
): Promise<number[]> {
	const counts = new Map<number, number>();
	const countSince = async (since: number) => {
		let n = counts.get(since);
		if (n === undefined) counts.set(since, (n = await shop.countSince(since)));
		return n;
	};
	const deleted: number[] = [];
	const search = async (lo: number, hi: number): Promise<void> => {
		const known = countIn(runs, lo, hi);
		if (known === 0) return;
		const actual = (await countSince(lo)) - (await countSince(hi));
		if (actual >= known) return;
		if (known <= pageSize) {
			const present = new Set(await shop.idsIn(lo, hi));
			for (const id of idsIn(runs, lo, hi)) if (!present.has(id)) deleted.push(id);
			return;
		}
		const before = countIn(runs, Number.MIN_SAFE_INTEGER, lo);
		const mid = idAtRank(runs, before + Math.floor(known / 2) - 1) ?? hi;
		await search(lo, mid);
		await search(mid, hi);
	};
	await search(floor, maxId);
	return deleted;
}
