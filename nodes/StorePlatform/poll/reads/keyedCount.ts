import type { IDataObject } from 'n8n-workflow';

import { searchCount, type CountShop, type SearchResult, type Tally } from '../rules/countSearch';
import { idOf, loadId, storedId, type Id } from '../rules/decimalId';
import { decodeIds, encodeIds, idsOf, keptIds, withIds, type KnownIds } from '../rules/knownIds';
import { maxIdOf, type ShopReader } from './reader';
import type { PollState } from '../rules/state';
import { countFilters } from '../rules/strategy';
import { readSince } from './pagedReads';

/** The ids the trigger knows of a list read by `since_id` (in its static data), against which its count is read. */
export interface Known {
	tally: Tally;
	/** Ids at or below it are no longer looked for (the lowest forgotten beyond the bound of knownIds.ts). */
	floor: Id;
	/** What the count gives beyond the ids (countSearch.ts: off its list at every id, or unplaced). */
	unplaced: number;
}

/** The known ids as the cursor keeps them. */
export function loadKnown(state: PollState): Known {
	const off = state.countOff ?? {};
	return {
		tally: {
			known: decodeIds(state.ids ?? ''),
			unlisted: decodeIds(off.unlisted ?? ''),
			uncounted: decodeIds(off.uncounted ?? ''),
		},
		floor: loadId(state.liveFloor),
		unplaced: off.unplaced ?? 0,
	};
}

/** The known ids for the cursor: those above the floor (knownIds.ts keptIds), no empty field kept. */
export function storeKnown(known: Known): Pick<PollState, 'ids' | 'liveFloor' | 'countOff'> {
	const kept = keptIds(known.tally.known, known.floor);
	const over = (ids: KnownIds) => encodeIds(ids.filter((id) => id > kept.floor));
	const off = {
		unlisted: over(known.tally.unlisted) || undefined,
		uncounted: over(known.tally.uncounted) || undefined,
		unplaced: known.unplaced || undefined,
	};
	const countOff = Object.values(off).some((v) => v !== undefined)
		? (JSON.parse(JSON.stringify(off)) as PollState['countOff'])
		: undefined;
	return { ids: kept.text, liveFloor: storedId(kept.floor), countOff };
}

/** The known ids of a list read whole (a start). */
export const knownOf = (records: IDataObject[]): Known => ({
	tally: { known: idsOf(records.map((r) => idOf(r.id))), unlisted: [], uncounted: [] },
	floor: BigInt(0),
	unplaced: 0,
});

/** The known ids with those of records created since. */
export const withCreated = (known: Known, ids: Array<Id | undefined>): Known => ({
	...known,
	tally: { ...known.tally, known: withIds(known.tally.known, ids) },
});

/** What the count since the floor should say of the known ids. */
const expectedCount = ({ tally, unplaced }: Known): number =>
	tally.known.length + tally.unlisted.length - tally.uncounted.length + unplaced;

/**
 * Where `counted` (the count since the floor, asked before this poll's creations) is not what the known ids make
 * expected, the search finds why (the known ids after it, the creations and deletions it found), within the budget
 * and ceiling; else nothing is asked.
 */
export async function reconcile(
	reader: ShopReader,
	known: Known,
	counted: number,
	maxId: Id,
): Promise<Pick<SearchResult, 'created' | 'deleted'> & { known: Known }> {
	const stopped = () => reader.stops(true);
	if (counted === expectedCount(known) || stopped()) return { known, created: [], deleted: [] };
	const { plan } = reader;
	const readRange = async (lo: Id, hi: Id, fields?: string) => {
		const got: IDataObject[] = [];
		const within = (id: Id = lo) => id > lo && id <= hi;
		let reached = false;
		const done = await readSince(reader, lo, { fields }, (page) => {
			got.push(...page.filter((r) => within(idOf(r.id))));
			reached = maxIdOf(page) >= hi;
			return !reached;
		});
		return done || reached ? got : undefined;
	};
	const fields = plan.list.fieldsOption ? 'id' : undefined;
	const shop: CountShop = {
		countSince: async (since) => await reader.count({ since_id: storedId(since) }),
		idsIn: async (lo, hi) => (await readRange(lo, hi, fields))?.map((r) => idOf(r.id) as Id),
		recordsIn: async (lo, hi, ids) =>
			(await readRange(lo, hi))?.filter((r) => ids.has(idOf(r.id) as Id)),
		stopped,
	};
	const found = await searchCount(known.tally, known.floor, maxId, shop, plan.pageSize, counted);
	const { tally, unplaced = known.unplaced, created, deleted } = found;
	return { known: { ...known, tally, unplaced }, created, deleted };
}

/** Whether the count by `since_id` counts the record of id `key` (two counts); false without such a count. */
export async function countedAt(reader: ShopReader, key: string): Promise<boolean> {
	const id = idOf(key);
	if (id === undefined || !countFilters(reader.plan, { since_id: key })) return false;
	const below = await reader.count({ since_id: storedId(id - BigInt(1)) });
	return below - (await reader.count({ since_id: storedId(id) })) > 0;
}
