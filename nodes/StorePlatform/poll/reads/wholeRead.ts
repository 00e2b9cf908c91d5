import type { IDataObject } from 'n8n-workflow';

import { idOf, storedId, type Id } from '../rules/decimalId';
import { belowAnyCap, pageEnd } from '../rules/pageEnd';
import { PAST_BOUND_SLACK, type ShopReader } from './reader';
import { attempt } from './answer';
import { PastBound } from '../rules/pastBound';
import type { WholeAt } from '../rules/state';

export type { WholeAt } from '../rules/state';

/**
 * The whole list read without trusting what the fast reads learned: the activation's read (keyed lists) and the audit's
 * (audit.ts). I/O through the reader.
 *
 * It trusts no order (records gathered by key), no page size learned before (a short page ends the read only right
 * after a full page of this read), no count (asked only to tell a list that ignores `page` from a short one) and no
 * `since_id` it has not checked at each page (readByKeyset). A page that brings nothing new repeats an earlier one: the
 * first page was the whole list where it was short (MIN_PAGE_CAP, the count), else UnreadableList. Deletions are never
 * taken from this read: a deletion meanwhile can move another record out of it (decide.ts).
 */

/** `bound`: a longer list is refused (PastBound), by its count once a page is full, else once the read holds more. */
export async function readWhole(reader: ShopReader, bound?: number): Promise<IDataObject[]> {
	return (await readWholeHow(reader, bound)).records;
}

/** readWhole, and whether it read by page number: a deletion meanwhile can move another record out (start.ts). */
export async function readWholeHow(
	reader: ShopReader,
	bound?: number,
): Promise<{ records: IDataObject[]; byPages: boolean }> {
	return await readWholePart(reader, bound);
}

/** A part of a whole read: its records, and where the read goes on (`next`) where the budget stopped it. */
export interface WholePart {
	records: IDataObject[];
	byPages: boolean;
	next?: WholeAt;
	/** Whether records moved between its pages: it may have skipped some, so it decides no deletion (decide.ts). */
	shifted?: boolean;
}

/**
 * readWholeHow in parts (ledger/auditParts.ts). `stop` is asked before every page but a part's first (a poll whose
 * budget is always spent still reads a page); true hands back what was read and where it goes on. `from`: where an
 * earlier part stopped; `before`: keys the earlier parts read, `held` their number (for the bound). Without `stop`, the
 * read is readWholeHow's, request for request.
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
	let pages = new Pages(reader, bound, from, held);
	if (plan.strategy === 'keyed' && from.page === undefined) {
		const keyset = await readByKeyset(reader, pages, stop, from.since);
		if (keyset) return { ...keyset, byPages: false };
		// after a part read by `since_id` that the list now ignores: again by page number from page 1, where the earlier
		// part's records are no sign of anything (they are page 1) nor held beside this reading (it reads them again)
		if (from.since !== undefined) {
			before = () => false;
			pages = new Pages(reader, bound, {}, 0);
		}
	}
	const read = await readByPages(reader, pages, stop, from.page ?? 1, before);
	return { ...read, byPages: true };
}

/**
 * The whole list, refused beyond `max` records (one fingerprint per record in the static data). A count more than
 * PAST_BOUND_SLACK beyond it refuses it after its first full page (closer, the count may be off: the records decide).
 */
export async function readUpTo(reader: ShopReader, max: number): Promise<IDataObject[]> {
	return (await readUpToPart(reader, max)).records;
}

/** readUpTo, and whether records moved between its pages (`shifted`: it decides no deletion). */
export async function readUpToPart(reader: ShopReader, max: number): Promise<WholePart> {
	const tried = await attempt(async () => await readWholePart(reader, max + PAST_BOUND_SLACK));
	// the user is told `max`, not the slack the read allows the count
	if (!tried.ok)
		throw tried.error instanceof PastBound
			? reader.pastBound(tried.error.records, max)
			: tried.error;
	if (tried.value.records.length > max) throw reader.pastBound(tried.value.records.length, max);
	return tried.value;
}

/** The page size learned in this read alone (pageEnd.ts), handed to the reader's limits as the fast reads do. */
class Pages {
	private full: number | undefined;
	private previous: number | undefined;
	/** Page 1 as `since_id=0` gave it: the same records as page 1, not asked twice. */
	first?: IDataObject[];
	/** The length of page 1 by page number (kept where the read goes on in another part). */
	firstLength: number | undefined;
	private counted = false;

	constructor(
		private readonly reader: ShopReader,
		private readonly bound?: number,
		from: WholeAt = {},
		/** Records read by the earlier parts of this read. */
		private readonly held = 0,
	) {
		[this.full, this.previous, this.firstLength] = [from.full, from.prev, from.first];
		this.counted = from.counted === 1;
	}

	/** Refuses a list past the bound: by the records read, and by its count once a page (`length`) was full. */
	async check(length: number, read: number): Promise<void> {
		const { reader, bound } = this;
		const held = this.heldWith(read);
		if (bound === undefined) return;
		if (held > bound) throw reader.pastBound(held, bound);
		if (this.counted || !reader.plan.count || length < reader.plan.pageSize) return;
		this.counted = true;
		const total = await reader.count({});
		if (total > bound) throw reader.pastBound(total, bound);
	}

	/** Whether a page ends the read. */
	ends(length: number): boolean {
		const asked = this.reader.plan.pageSize;
		const { end, full } = pageEnd(this.full, asked, length, this.previous);
		[this.full, this.previous] = [full, length];
		if (full !== undefined) this.reader.limits.full = full;
		return end;
	}

	/** Records held by this read with `read` of this part. */
	heldWith(read: number): number {
		return read + this.held;
	}

	restart(): void {
		this.previous = undefined;
	}

	/** What a later part needs of this read's pages. */
	at(): WholeAt {
		const at: WholeAt = { prev: this.previous, full: this.full, first: this.firstLength };
		if (this.counted) at.counted = 1;
		for (const k of ['prev', 'full', 'first'] as const) if (at[k] === undefined) delete at[k];
		return at;
	}
}

/**
 * A list that takes `since_id`, read by it: no record deleted or created meanwhile moves another out of the read.
 * Checked at each page: every id above the one asked, ascending; a page that fails gives up (undefined: read by page
 * number from page 1). `from`: the last id an earlier part read.
 */
async function readByKeyset(
	reader: ShopReader,
	pages: Pages,
	stop: () => boolean,
	from?: number | string,
): Promise<{ records: IDataObject[]; next?: WholeAt } | undefined> {
	const out: IDataObject[] = [];
	const asked = reader.plan.pageSize;
	let since: Id = idOf(from) ?? BigInt(0);
	for (let n = 0; ; n++) {
		if (n > 0 && stop()) return { records: out, next: { ...pages.at(), since: storedId(since) } };
		const page = await reader.list({ since_id: storedId(since), limit: asked, page: 1 });
		if (n === 0 && from === undefined) pages.first = page;
		let last = since;
		for (const record of page) {
			const id = idOf(record.id);
			if (id === undefined || !(id > last)) return undefined;
			last = id;
		}
		out.push(...page);
		since = last;
		await pages.check(page.length, out.length);
		if (pages.ends(page.length)) return { records: out };
	}
}

/** Pages in a row of records read before (moved back by records created ahead) that a reading by page goes over. */
const MAX_MOVED_PAGES = 10;

/**
 * The list by page number from page `from`. `before`: keys read by the earlier parts (a page of them alone is the sign
 * of a list that ignores `page`).
 */
async function readByPages(
	reader: ShopReader,
	pages: Pages,
	stop: () => boolean,
	from: number,
	before: (key: string) => boolean,
): Promise<{ records: IDataObject[]; next?: WholeAt; shifted: boolean }> {
	const { plan } = reader;
	const asked = plan.pageSize;
	const byKey = new Map<string, IDataObject>();
	const keyless: IDataObject[] = [];
	if (from === 1) pages.restart();
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
			pages.firstLength = page.length;
			firstKeys = new Set(page.map((r) => String(r[plan.key])));
		}
		let added = 0;
		let again = 0;
		for (const record of page) {
			const key = record[plan.key];
			if (key === undefined || key === null) {
				keyless.push(record);
				added++;
				continue;
			}
			if (byKey.has(String(key))) again++;
			else if (!before(String(key))) added++;
			byKey.set(String(key), record);
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
		if (again === 0)
			return {
				records: records(),
				shifted: shifted || !belowAnyCap(pages.firstLength ?? asked, asked),
			};
		// a page of records read before: the list ignores `page`. The first page was the whole list where it was shorter
		// than any cap, than a page the shop filled, or than its count; else the list cannot be read whole
		const first = pages.firstLength ?? 0;
		const filled = Math.min(asked, reader.limits.full ?? asked);
		if (belowAnyCap(first, asked) || (first < filled && !plan.count)) break;
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
		if (plan.count && (await reader.count({})) <= pages.heldWith(held())) break;
		// a page's worth of records created ahead of the reading (newest first) repeats a page too: the next page tells
		[probed, shifted] = [true, true];
	}
	return { records: records(), shifted };
}
