import type { IDataObject } from 'n8n-workflow';

import type { Query } from '../../api/request';
import { ascending, idOf, loadId, storedId, type Id } from '../rules/decimalId';
import type { ChangeKind } from '../rules/fingerprint';
import { belowAnyCap } from '../rules/pageEnd';
import {
	afterSlice,
	backOf,
	scannedKind,
	sliceQuery,
	takeSlice,
	type ScanChange,
	type ScanState,
} from '../rules/scan';
import { countFilters } from '../rules/strategy';
import { maxIdOf, type ShopReader } from './reader';

/**
 * A list's reads in pages, on the reader's requests (reader.ts): by `since_id` (readSince), with what it falls back on
 * where the list ignores it or answers out of id order, by page number (readPages), and a scan's slice (readSlice).
 */

/** Readings by page number at most of a list answered out of id order while together they fall short of its count. */
const MAX_ROUNDS = 8;

/** A read by `since_id` as readSince was asked for, handed on to what it falls back on. */
interface SinceRead {
	reader: ShopReader;
	query: Query;
	onPage: (page: IDataObject[], at: Id) => boolean | void;
	budgeted: boolean;
}

/** Whether a page's ids ascend (records without an id are left to the other checks). */
function inIdOrder(page: IDataObject[]): boolean {
	const ids = page.map((r) => idOf(r.id)).filter((id) => id !== undefined);
	return ids.every((id, i) => i === 0 || id > ids[i - 1]);
}

/** A record's id, 0 where it has none. */
const idIn = (r: IDataObject): Id => idOf(r.id) ?? BigInt(0);

/**
 * Reads by `since_id` from `from`, handing each page's records above the id asked for to `onPage` (false stops the
 * read): records created or deleted meanwhile shift nothing, each page starts after the last id read. Returns whether
 * the read reached the end. A read that must be whole (`budgeted` false) ignores the budget, not the ceiling. A list
 * that ignores `since_id` answers its first page again: shorter than any cap, that is the whole list; else the read
 * goes on by page number (readAfterPages), even below the size learned: the shop may have lowered its cap.
 */
export async function readSince(
	reader: ShopReader,
	from: Id,
	query: Query,
	onPage: SinceRead['onPage'],
	budgeted = true,
): Promise<boolean> {
	const read: SinceRead = { reader, query, onPage, budgeted };
	const asked = reader.plan.pageSize;
	let since = from;
	let previous: number | undefined;
	for (let n = 0; ; n++) {
		if (reader.stops(budgeted, n > 0)) return false;
		const page = await reader.list({ ...query, since_id: storedId(since), limit: asked, page: 1 });
		const next = maxIdOf(page, since);
		if (page.length > 0 && !(next > since))
			return belowAnyCap(page.length, asked) || (await readAfterPages(read, since, page));
		// a keyset needs a page in id order (a jump to its highest id would skip the records below it)
		if (!inIdOrder(page)) return await readUnordered(read, since);
		const end = reader.ends(page, asked, previous);
		previous = page.length;
		if (page.length === 0) return true;
		const after = page.filter((r) => idIn(r) > since);
		since = next;
		if (onPage(after, since) === false || end) return end;
	}
}

/**
 * The rest of a read by `since_id` from a list answered out of id order: its pages by number, gathered, handed on in
 * id order. Rows shuffled at each request leave some out of each reading: read again until together they hold the
 * count with the same filters, within MAX_ROUNDS (short only after three rounds with nothing new: records counted,
 * never shown). A read the budget stops, or one that stays short, hands on nothing (the next poll reads again).
 */
async function readUnordered(read: SinceRead, since: Id): Promise<boolean> {
	const { reader, query, onPage, budgeted } = read;
	const byId = new Map<string, IDataObject>();
	const first = await roundUnordered(read, since, byId);
	if (first === undefined) return false;
	const counts = countFilters(reader.plan, query);
	if (!first.whole && counts) {
		const counted = await reader.count({ ...counts, since_id: storedId(since) });
		let nothingNew = 0;
		for (let round = 1; byId.size < counted && round < MAX_ROUNDS; round++) {
			if (reader.stops(budgeted)) return false;
			const size = byId.size;
			if ((await roundUnordered(read, since, byId, first.pages)) === undefined) return false;
			nothingNew = byId.size > size ? 0 : nothingNew + 1;
		}
		if (byId.size < counted && nothingNew < 3) return false;
	}
	const records = [...byId.values()].sort((a, b) => ascending(idIn(a), idIn(b)));
	if (records.length > 0) onPage(records, maxIdOf(records, since));
	return true;
}

/** One reading by page number into `byId`: to its end, a page adding nothing, or `pages` pages; undefined: budget. */
async function roundUnordered(
	{ reader, query, budgeted }: SinceRead,
	since: Id,
	byId: Map<string, IDataObject>,
	pages?: number,
): Promise<{ pages: number; whole: boolean } | undefined> {
	const asked = reader.plan.pageSize;
	let previous: number | undefined;
	for (let n = 1; ; n++) {
		if (n > 1 && reader.stops(budgeted)) return undefined;
		const page = await reader.list({ ...query, since_id: storedId(since), limit: asked, page: n });
		const size = byId.size;
		for (const r of page) if (idIn(r) > since && !byId.has(String(r.id))) byId.set(String(r.id), r);
		const end = reader.ends(page, asked, previous);
		if (n === 1 && (page.length === 0 || end)) return { pages: n, whole: page.length < asked };
		previous = page.length;
		if (page.length === 0 || end || n === pages || (pages === undefined && byId.size === size))
			return { pages: n, whole: false };
	}
}

/** Whether a page of `length` answered again (the list ignores `since_id` or `page`) was the whole list. */
export function wholeList(reader: ShopReader, length: number, asked: number): boolean {
	const filled = Math.min(asked, reader.limits.full ?? asked);
	return belowAnyCap(length, asked) || length < filled;
}

/**
 * The rest of a read by `since_id` from a list that ignores it: page numbers from 2, each record above the highest id
 * handed on. A page repeating the one before: page 1 was the whole list if short (wholeList), else repeatEnds tells.
 */
async function readAfterPages(read: SinceRead, since: Id, first: IDataObject[]): Promise<boolean> {
	const { reader, query, onPage, budgeted } = read;
	const asked = reader.plan.pageSize;
	let handed = since;
	let previous = keysOf(reader, first);
	let length = first.length;
	const probe = { done: false };
	for (let n = 2; ; n++) {
		if (reader.stops(budgeted)) return false;
		const page = await reader.list({ ...query, since_id: storedId(since), limit: asked, page: n });
		if (page.length === 0) return true;
		const keys = keysOf(reader, page);
		// a repeated page is checked before any size is learned from it: it is no cap
		if (keys === previous) {
			const whole = n === 2 && wholeList(reader, first.length, asked);
			if (repeatEnds(reader, whole, probe, 'since_id and page', first.length)) return true;
			continue;
		}
		const end = reader.ends(page, asked, length);
		length = page.length;
		previous = keys;
		const after = page.filter((r) => idIn(r) > handed);
		handed = maxIdOf(page, handed);
		if (after.length > 0 && onPage(after, handed) === false) return false;
		if (end) return true;
	}
}

/**
 * A page that repeats the one before: true where the read ends there (the page answered again was the whole list,
 * `whole`); else the next page tells, once (a page's worth of records created ahead of the reading, newest first,
 * repeats a page too); a repeat again: the list ignores `ignored` (UnreadableList, naming `shown` records).
 */
function repeatEnds(
	reader: ShopReader,
	whole: boolean,
	probe: { done: boolean },
	ignored: string,
	shown: number,
): boolean {
	if (whole) return true;
	if (probe.done) throw reader.unreadableList(ignored, shown);
	probe.done = true;
	return false;
}

/** The records' keys as one text (the whole record where it has none): what tells two pages apart. */
function keysOf(reader: ShopReader, page: IDataObject[]): string {
	return page.map((r) => String(r[reader.plan.key] ?? JSON.stringify(r))).join('\n');
}

/**
 * Reads by page number from `from`, as readSince. A page that repeats the one before (a list that ignores `page`)
 * ends the read where it is shorter than a page; else repeatEnds tells.
 */
export async function readPages(
	reader: ShopReader,
	from: number,
	query: Query,
	onPage: (page: IDataObject[], next: number) => void,
	budgeted = true,
): Promise<boolean> {
	const asked = reader.limits.full ?? reader.plan.pageSize;
	let length: number | undefined;
	let previous: string | undefined;
	const probe = { done: false };
	for (let n = from; ; n++) {
		if (reader.stops(budgeted, n > from)) return false;
		const page = await reader.list({ ...query, limit: asked, page: n });
		const keys = keysOf(reader, page);
		if (page.length > 0 && keys === previous) {
			const whole = wholeList(reader, page.length, asked);
			if (repeatEnds(reader, whole, probe, 'page', page.length)) return true;
			continue;
		}
		previous = keys;
		const end = reader.ends(page, asked, length);
		length = page.length;
		if (page.length === 0) return true;
		onPage(page, n + 1);
		if (end) return true;
	}
}

/**
 * Reads the slice of the lookback window a scan has left behind (scan.ts), or the part of it the budget allows: each
 * record stamped in it whose state was not accounted for is emitted (scannedKind tells which kind).
 * The scan without its slice when it was read whole; else with the slice going on where it stopped.
 */
export async function readSlice(
	reader: ShopReader,
	start: ScanState,
	field: 'updated_at' | 'created_at',
	paging: 'since' | 'pages',
	emit: (change: Omit<ScanChange, 'at'> & { kind: ChangeKind }) => void,
): Promise<ScanState> {
	let scan = start;
	const slice = scan.slice;
	if (!slice) return scan;
	const back = backOf(scan);
	const query = sliceQuery(back, slice, field);
	const onPage = (page: IDataObject[], at: number | string) => {
		const taken = takeSlice(scan.seen, back, scan.slice ?? slice, page, field, reader.plan.key, at);
		scan = { ...scan, seen: taken.seen, slice: taken.slice };
		emitScanned(taken.changes, field, back, emit);
	};
	const from = slice.at || (paging === 'since' ? 0 : 1);
	if (!(await readScanPages(reader, paging, from, query, onPage))) return scan;
	const after: ScanState = { ...scan, ...afterSlice(scan.seen, slice) };
	delete after.slice;
	return after;
}

/** A scan's or a slice's pages from `from` (a `since_id` as decimalId.ts stores it, or a page number). */
export const readScanPages = async (
	reader: ShopReader,
	paging: 'since' | 'pages',
	from: number | string,
	query: Query,
	onPage: (page: IDataObject[], at: number | string) => void,
): Promise<boolean> =>
	paging === 'since'
		? await readSince(reader, loadId(from), query, (page, at) => onPage(page, storedId(at)))
		: await readPages(reader, Number(from), query, onPage);

/** The changes a scan's page holds, as what each is (scannedKind), to `emit`. */
export function emitScanned(
	changes: ScanChange[],
	field: 'updated_at' | 'created_at',
	back: string,
	emit: (change: Omit<ScanChange, 'at'> & { kind: ChangeKind }) => void,
): void {
	for (const c of changes) {
		const kind = scannedKind(c, field, back);
		if (kind) emit({ kind, id: c.id, record: c.record, state: c.state, known: c.known });
	}
}
