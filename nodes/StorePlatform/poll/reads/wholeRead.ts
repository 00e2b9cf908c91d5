import type { IDataObject } from 'n8n-workflow';

import { idOf, storedId, type Id } from '../rules/decimalId';
import { belowAnyCap, pageEnd } from '../rules/pageEnd';
import { MAX_POLL_REQUESTS, maxIdOf, PAST_BOUND_SLACK, type ShopReader } from './reader';
import { attempt } from './answer';
import { wholeList } from './pagedReads';
import { PastBound } from '../rules/snapshot';
import type { WholeAt } from '../rules/state';

export type { WholeAt } from '../rules/state';

/**
 * The whole list read without trusting what the fast reads learned: the activation's read and the audit's (auditParts.ts).
 * It trusts no order (records gathered by key), no page size learned before (a short page ends the read only right
 * after a full page of this read), no count (asked only to tell a list that ignores `page` from a short one) and no
 * `since_id` it has not checked at each page (readByKeyset). Deletions are never taken from this read: a deletion
 * meanwhile can move another record out of it (decide.ts).
 */

/** `bound`: a longer list is refused (PastBound), by its count once a page is full, else once the read holds more. */
export const readWhole = async (reader: ShopReader, bound?: number): Promise<IDataObject[]> =>
	(await readWholePart(reader, bound)).records;

/** readWhole, and whether it read by page number: a deletion meanwhile can move another record out (poller.ts baseline). */
export const readWholeHow = async (reader: ShopReader): Promise<WholePart> =>
	await readWholePart(reader);

/** A part of a whole read: its records, and where the read goes on (`next`) where the budget stopped it. */
export interface WholePart {
	records: IDataObject[];
	byPages: boolean;
	next?: WholeAt;
	/** Whether records moved between its pages: it may have skipped some, so it decides no deletion (decide.ts). */
	shifted?: boolean;
}

/** What one way of reading (readByKeyset, readByPages) gives readWholePart. */
type Reading = Omit<WholePart, 'byPages'>;

/**
 * readWholeHow in parts (ledger/auditParts.ts). `stop` is asked before every page but a part's first (a poll whose
 * budget is always spent still reads a page); true hands back what was read and where it goes on. `from`: where an
 * earlier part stopped; `before`: keys the earlier parts read, `held` their number (for the bound).
 */
export async function readWholePart(
	reader: ShopReader,
	bound?: number,
	stop: () => boolean = () => false,
	from: WholeAt = {},
	before: (key: string) => boolean = () => false,
	held = 0,
): Promise<WholePart> {
	const { plan } = reader;
	if (!plan.paged) return { records: await reader.list({}), byPages: false };
	let pages = new Pages(reader, bound, stop, from, before, held);
	if (plan.strategy === 'keyed' && from.page === undefined) {
		const keyset = await readByKeyset(pages, from.since);
		if (keyset) return { ...keyset, byPages: false };
		// after a part read by `since_id` that the list now ignores: again by page number from page 1, where the earlier
		// part's records are no sign of anything (they are page 1) nor held beside this reading (it reads them again)
		if (from.since !== undefined) pages = new Pages(reader, bound, stop);
	}
	return { ...(await readByPages(pages, from.page ?? 1)), byPages: true };
}

/**
 * The whole list, refused beyond `max` records (one fingerprint per record in the static data). A count more than
 * PAST_BOUND_SLACK beyond it refuses it after its first full page (closer, the count may be off: the records decide).
 */
export const readUpTo = async (reader: ShopReader, max: number): Promise<IDataObject[]> =>
	(await readUpToPart(reader, max)).records;

/** readUpTo, and whether records moved between its pages (`shifted`: it decides no deletion). */
export async function readUpToPart(reader: ShopReader, max: number): Promise<WholePart> {
	const tried = await attempt(async () => await readWholePart(reader, max + PAST_BOUND_SLACK));
	// the user is told `max`, not the slack the read allows the count
	if (!tried.ok && tried.error instanceof PastBound)
		throw reader.pastBound(tried.error.records, max);
	if (!tried.ok) throw tried.error;
	if (tried.value.records.length > max) throw reader.pastBound(tried.value.records.length, max);
	return tried.value;
}

/** A whole read's part as readWholePart was asked for, and the page size learned in this read alone (pageEnd.ts). */
class Pages {
	/** Page 1 as `since_id=0` gave it: the same records as page 1, not asked twice. */
	first?: IDataObject[];
	/** What a later part needs of this read's pages (WholeAt; `first`: page 1's length by page number). */
	readonly learned: WholeAt;

	constructor(
		readonly reader: ShopReader,
		private readonly bound?: number,
		readonly stop: () => boolean = () => false,
		{ prev, full, first, counted }: WholeAt = {},
		readonly before: (key: string) => boolean = () => false,
		readonly held = 0,
	) {
		this.learned = { prev, full, first, counted: counted === 1 ? 1 : undefined };
	}

	/** Refuses a list past the bound: by the records read, and by its count once a page (`length`) was full. */
	async check(length: number, read: number): Promise<void> {
		const { reader, bound, learned } = this;
		const held = read + this.held;
		if (bound === undefined) return;
		if (held > bound) throw reader.pastBound(held, bound);
		if (learned.counted || !reader.plan.count || length < reader.plan.pageSize) return;
		learned.counted = 1;
		const total = await reader.count({});
		if (total > bound) throw reader.pastBound(total, bound);
	}

	ends(length: number): boolean {
		const { learned, reader } = this;
		const { end, full } = pageEnd(learned.full, reader.plan.pageSize, length, learned.prev);
		[learned.full, learned.prev] = [full, length];
		if (full !== undefined) reader.limits.full = full;
		return end;
	}

	/** `learned` without its empty fields. */
	at(): WholeAt {
		return JSON.parse(JSON.stringify(this.learned)) as WholeAt;
	}
}

/**
 * A list that takes `since_id`, read by it: no record deleted or created meanwhile moves another out of the read.
 * Checked at each page: every id above the one asked, ascending; a page that fails gives up (undefined: read by page
 * number from page 1). `from`: the last id an earlier part read.
 */
async function readByKeyset(pages: Pages, from?: number | string): Promise<Reading | undefined> {
	const { reader, stop } = pages;
	const out: IDataObject[] = [];
	const asked = reader.plan.pageSize;
	let since: Id = idOf(from) ?? BigInt(0);
	for (let n = 0; ; n++) {
		if (n > 0 && stop()) return { records: out, next: { ...pages.at(), since: storedId(since) } };
		const page = await reader.list({ since_id: storedId(since), limit: asked, page: 1 });
		if (n === 0 && from === undefined) pages.first = page;
		const ids = page.map((r) => idOf(r.id));
		if (!ids.every((id, i) => id !== undefined && id > (ids[i - 1] ?? since))) return undefined;
		out.push(...page);
		since = maxIdOf(page, since);
		await pages.check(page.length, out.length);
		if (pages.ends(page.length)) return { records: out };
	}
}

/** Pages in a row of records read before (moved back by records created ahead) that a reading by page goes over. */
const MAX_MOVED_PAGES = 10;

/** The list by page number from page `from`; `before`: keys the earlier parts read. */
async function readByPages(pages: Pages, from: number): Promise<Reading> {
	const { reader, stop, before } = pages;
	const { plan } = reader;
	const asked = plan.pageSize;
	const byKey = new Map<string, IDataObject>();
	const keyless: IDataObject[] = [];
	if (from === 1) pages.learned.prev = undefined;
	const records = () => [...byKey.values(), ...keyless];
	const held = () => byKey.size + keyless.length;
	let shifted = false;
	let probed = false;
	// page 1's keys, where this part read it: a list that ignores `page` answers them again
	let firstKeys: Set<string> | undefined;
	let lastAdded = from;
	for (let n = from; ; n++) {
		if (n > from && stop())
			return { records: records(), next: { ...pages.at(), page: n }, shifted };
		const page =
			n === 1 && pages.first ? pages.first : await reader.list({ limit: asked, page: n });
		if (n === 1) {
			pages.learned.first = page.length;
			firstKeys = new Set(page.map((r) => String(r[plan.key])));
		}
		let added = 0;
		let again = 0;
		for (const record of page) {
			const key = record[plan.key];
			const keyed = key !== undefined && key !== null;
			if (keyed && byKey.has(String(key))) again++;
			else if (!keyed || !before(String(key))) added++;
			if (keyed) byKey.set(String(key), record);
			else keyless.push(record);
		}
		if (added > 0) lastAdded = n;
		if (added > 0 && added < page.length) shifted = true;
		if (page.length === 0 || added > 0) {
			await pages.check(page.length, held());
			if (pages.ends(page.length)) break;
			continue;
		}
		// a page of records only earlier parts read proves nothing of `page` (records created ahead moved them back a page
		// between the parts): the reading ends here, and decides no deletion; unless page 1 was shorter than any cap, the
		// whole list when it was read (records created since moved none of its records out of the reading)
		if (again === 0) {
			shifted ||= !belowAnyCap(pages.learned.first ?? asked, asked);
			break;
		}
		// a page of records read before: the list ignores `page`. The first page was the whole list where it was shorter
		// than any cap, than a page the shop filled, or than its count; else the list cannot be read whole
		const first = pages.learned.first ?? 0;
		if (belowAnyCap(first, asked) || (!plan.count && wholeList(reader, first, asked))) break;
		// a page read before that is not page 1: the list takes `page`, and records created ahead of the reading (newest
		// first) or rows of one second in another order moved it back: the reading goes on, and decides no deletion
		// (MAX_MOVED_PAGES in a row at most: a list that ignores `page` and answers in another order each time ends too)
		const one = firstKeys;
		const pageOne =
			one && page.length === one.size && page.every((r) => one.has(String(r[plan.key])));
		if (one && !pageOne && n - lastAdded <= MAX_MOVED_PAGES) {
			shifted = true;
			continue;
		}
		if (probed) throw reader.unreadableList('page', first);
		if (plan.count && (await reader.count({})) <= pages.held + held()) break;
		// a page's worth of records created ahead of the reading (newest first) repeats a page too: the next page tells
		[probed, shifted] = [true, true];
	}
	return { records: records(), shifted };
}

/** Readings of the whole list an activation makes at most, where the last one still showed a record new to them. */
export const MAX_READINGS = 3;
/**
 * Readings an activation makes at most while each shows a record none before showed (rows of one second answered in
 * another order at each request, so every reading leaves out some); it stops once one shows none new.
 */
const MAX_GROWING_READINGS = 10;

/** Whether two readings hold the same records (by key, in any order). */
export function sameRecords(a: IDataObject[], b: IDataObject[], key: string): boolean {
	const keys = (records: IDataObject[]) => new Set(records.map((r) => String(r[key])));
	const [x, y] = [keys(a), keys(b)];
	return x.size === y.size && [...x].every((k) => y.has(k));
}

/**
 * What the readings made so far give: the last one where it agrees with the one before, else every record of any
 * reading (each in its latest reading, in the order first read). `agreed`: whether two readings in a row agreed.
 */
export function settled(
	readings: IDataObject[][],
	key: string,
): { records: IDataObject[]; agreed: boolean } {
	const n = readings.length;
	if (n < 2) return { records: readings[0] ?? [], agreed: false };
	if (sameRecords(readings[n - 2], readings[n - 1], key))
		return { records: readings[n - 1], agreed: true };
	const byKey = new Map<string, IDataObject>();
	const keyless: IDataObject[] = [];
	for (const r of readings.flat()) {
		if (r[key] === undefined || r[key] === null) keyless.push(r);
		else byKey.set(String(r[key]), r);
	}
	return { records: [...byKey.values(), ...keyless], agreed: false };
}

/**
 * The whole list as an activation takes it, where the list is read by page number. A record deleted while the pages
 * are read moves every later record one place up, so one reading can leave out a record that exists, which a later
 * poll would report created. So `read` is read again until two readings in a row hold the same records, within
 * MAX_READINGS (more while they grow, up to MAX_GROWING_READINGS) and the ceiling; once where one request held it all
 * (its count beside it). Where none agree, settled() keeps every record any reading showed: none that existed is left
 * out (one deleted meanwhile comes deleted later, once two readings agree).
 */
export async function settledReading(
	reader: ShopReader,
	read: () => Promise<IDataObject[]>,
	/** A first reading made already, and the requests it took: it counts as the first of the readings. */
	made?: { records: IDataObject[]; cost: number },
): Promise<IDataObject[]> {
	const { plan, limits } = reader;
	const start = limits.requests;
	const readings = [made ? made.records : await read()];
	const cost = made ? made.cost : limits.requests - start;
	// one page held every record (and its count, or the empty page after it): nothing can move between pages
	const onePage = cost <= 2 && readings[0].length < (limits.full ?? plan.pageSize);
	if (!plan.paged || onePage) return readings[0];
	const ceiling = limits.ceiling ?? MAX_POLL_REQUESTS;
	const seen = new Set(readings[0].map((r) => String(r[plan.key])));
	let counted: number | undefined;
	let nothingNew = 0;
	while (readings.length < MAX_GROWING_READINGS && limits.requests + cost <= ceiling) {
		const reading = await read();
		readings.push(reading);
		if (sameRecords(readings[readings.length - 2], reading, plan.key)) break;
		const before = seen.size;
		for (const r of reading) seen.add(String(r[plan.key]));
		nothingNew = seen.size > before ? 0 : nothingNew + 1;
		if (readings.length < MAX_READINGS || nothingNew === 0) continue;
		// no reading agreed and this one showed nothing new: the readings together hold the list where they hold as many
		// records as its count says (asked once); without a count, two readings in a row showing nothing new
		if (plan.count) counted ??= await reader.count({});
		if (counted === undefined ? nothingNew >= 2 : seen.size >= counted) break;
	}
	return settled(readings, plan.key).records;
}
