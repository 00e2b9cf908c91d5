import type { IDataObject } from 'n8n-workflow';

import { isDigested, ledgerKey } from '../ledger/ledger';
import { fingerprint, sameState, type ChangeKind } from './fingerprint';
import { laterOf, secondsBefore, secondsBetween, shopTimeOf, timeOf } from './shopTime';

/**
 * The rules of a scan by a shop time (`updated_at_min` or `created_at_min`). Pure. A pass reads every record at or
 * after the floor, its filter one second early (strict or inclusive: what lies below is dropped). `seen` holds the
 * fingerprint of every record accounted for: one read again unchanged is not emitted, a second change in the same
 * second is. The next floor is a time the shop's clock certainly reached when the pass began (not the highest seen
 * during a long pass: a record changed after its page was read would be lost), leaving out a few outliers stamped in
 * the shop's future (floorOf).
 *
 * The lookback window: a shop whose clock steps back (summer time ends on a shop that stamps local time) stamps changes
 * below the floor for up to an hour, so `seen` also keeps that hour (`back` to `floor`, at most MAX_WINDOW records) to
 * read it again: a wide pass reads from `back` where they fit one page; else the part the floor leaves behind is read
 * once as a slice, every SLICE_S. Details: docs/poll-scan.md.
 */

/** Records stamped in the shop's future that blind no scan (floorOf). */
export const OUTLIERS = 3;
/** How far ahead of the next time a few records must stand to count as outliers (floorOf). */
export const OUTLIER_GAP_S = 600;

/** How far below its floor a scan reads: a shop clock that steps back by up to this loses nothing. */
export const LOOKBACK_S = 3600;
/** Records kept below the floor at most (more in the hour: a shorter window); twice as many while a slice waits. */
export const MAX_WINDOW = 1000;
/** A slice is read once the window's start has moved this far (or the bound moves it): one request per ten minutes. */
export const SLICE_S = 600;

/** time → id → fingerprint (the time once); a text key as the ledger's digest (seenKey): about 55 characters each. */
export type Seen = Record<string, Record<string, string>>;

/** The key a record has in `seen`: its id as decimal text, a text key's digest (the ledger's), kept as it is. */
export const seenKey = (id: string): string => (isDigested(id) ? id : ledgerKey(id));

/** `seen` with text keys a cursor from before kept whole digested (read once, where the cursor is loaded). */
export const digestKeys = (seen: Seen): Seen =>
	Object.fromEntries(
		Object.entries(seen).map(([time, group]) => [
			time,
			Object.fromEntries(Object.entries(group).map(([id, state]) => [seenKey(id), state])),
		]),
	);

/** The records of `seen` at or after a time (a copy). */
function from(seen: Seen, time: string): Seen {
	const kept: Seen = {};
	for (const [t, group] of Object.entries(seen)) if (t >= time) kept[t] = { ...group };
	return kept;
}

/** How many records `seen` holds (at or after `time`, below `until` where given). */
function sizeOf(seen: Seen, time = '', until?: string): number {
	let n = 0;
	for (const [t, group] of Object.entries(seen))
		if (t >= time && (until === undefined || t < until)) n += Object.keys(group).length;
	return n;
}

export interface ScanState {
	/** Records with a time at or after it are read again; '' before any record had a time. */
	floor: string;
	/** The records accounted for at or after `back`. */
	seen: Seen;
	/** The start of the lookback window; absent in cursors stored before it: the floor. */
	back?: string;
	/** A part of the window the floor left behind, read before its fingerprints are dropped. */
	slice?: Slice;
	// cursors from before version 2 of the floor also hold `latest`: not read, dropped when their pass ends
	/** A pass in progress: where it goes on, the floor it leaves, its filter's start (`back` if wide, else floor). */
	pass?: { at: number | string; nextFloor: string; from?: string; quiet?: true };
	/** The latest time of a deleted record that no other record of `seen` held: the shop reached it (readUpTo). */
	reached?: string;
}

export interface Slice {
	/** The slice ends below it: the floor of the pass that left it, or the new window's start where lower. */
	to: string;
	/** The window's start once the slice is read (records from `to` up to it were read by that pass). */
	then: string;
	/** Where the slice's read goes on (a `since_id`, as decimalId.ts stores it, or a page number). */
	at: number | string;
}

/** A record a scan or a slice read in a state not accounted for. */
export interface ScanChange {
	record: IDataObject;
	id: string;
	state: string;
	/** Whether the record was accounted for before (at another state). */
	known: boolean;
	/** The time it was accounted for at, where it was. */
	at?: string;
}

/** The start of a scan's lookback window. */
export const backOf = (scan: ScanState): string => scan.back ?? scan.floor;

/**
 * The floor `seen` gives: its latest time, unless at most OUTLIERS records stand there (with the times skipped before
 * it) more than OUTLIER_GAP_S ahead of the next time: outliers (a writer's clock ahead), the floor is below them.
 * Undefined while `seen` holds OUTLIERS records or fewer.
 */
export function floorOf(seen: Seen): string | undefined {
	if (sizeOf(seen) <= OUTLIERS) return undefined;
	const times = Object.keys(seen).sort().reverse();
	let skipped = 0;
	for (let i = 0; i < times.length; i++) {
		skipped += Object.keys(seen[times[i]]).length;
		const next = times[i + 1];
		const outlier =
			skipped <= OUTLIERS && next !== undefined && secondsBetween(next, times[i]) > OUTLIER_GAP_S;
		if (!outlier) return times[i];
	}
	return undefined;
}

/** The window's start for a floor: LOOKBACK_S below it, higher where that would keep more than MAX_WINDOW records. */
export function windowStart(floor: string, seen: Seen): string {
	if (floor === '') return '';
	const start = secondsBefore(floor, LOOKBACK_S);
	const times = Object.keys(seen)
		.filter((t) => t >= start && t < floor)
		.sort()
		.reverse();
	let n = 0;
	for (let i = 0; i < times.length; i++) {
		n += Object.keys(seen[times[i]]).length;
		if (n > MAX_WINDOW) return i === 0 ? floor : times[i - 1];
	}
	return start;
}

/**
 * The records stamped from `back` (below `below`, where given) in a state `seen` has not accounted for, in page order,
 * noted in a copy of `seen`. `restamp`: one in its state under a version-1 fingerprint is kept under the new one.
 */
function newStates(
	seen: Seen,
	records: IDataObject[],
	field: string,
	key: string,
	range: { back: string; below?: string; restamp: boolean },
): { seen: Seen; changes: ScanChange[] } {
	const next = from(seen, '');
	// where each record is: id → [time, fingerprint]
	const index = new Map<string, [string, string]>();
	for (const [time, group] of Object.entries(next))
		for (const [id, state] of Object.entries(group)) index.set(id, [time, state]);
	const changes: ScanChange[] = [];
	for (const record of records) {
		const time = timeOf(record, field);
		if (time === undefined || time < range.back) continue;
		if (range.below !== undefined && time >= range.below) continue;
		const id = String(record[key]);
		const state = fingerprint(record);
		const name = seenKey(id);
		const earlier = index.get(name);
		const same = earlier !== undefined && sameState(earlier[1], record, state);
		if (same && (!range.restamp || earlier[1] === state)) continue;
		if (earlier && earlier[0] !== time) {
			delete next[earlier[0]][name];
			if (Object.keys(next[earlier[0]]).length === 0) delete next[earlier[0]];
		}
		(next[time] ??= {})[name] = state;
		index.set(name, [time, state]);
		if (!same) changes.push({ record, id, state, known: earlier !== undefined, at: earlier?.[0] });
	}
	return { seen: next, changes };
}

/** Forgets a record (deleted). */
export function forget(scan: ScanState, id: string): ScanState {
	const seen = from(scan.seen, '');
	const key = seenKey(id);
	let reached = scan.reached;
	for (const [time, group] of Object.entries(seen)) {
		if (!(key in group)) continue;
		delete group[key];
		if (Object.keys(group).length > 0) continue;
		delete seen[time];
		if (reached === undefined || time > reached) reached = time;
	}
	return reached === undefined ? { ...scan, seen } : { ...scan, seen, reached };
}

/** The state after a baseline read: everything now present counts as seen; nothing is a change. */
export function baselineScan(records: IDataObject[], field: string, key: string): ScanState {
	const all = newStates({}, records, field, key, { back: '', restamp: true }).seen;
	const floor = floorOf(all) ?? '';
	const back = windowStart(floor, all);
	return { floor, back, seen: from(all, back) };
}

/**
 * The time filter of a pass's requests: from its start, one second early (a strict filter). A wide pass whose start
 * MAX_WINDOW raised asks from that start itself: the second below overflowed the bound, and an inclusive filter would
 * hand that burst back at every pass.
 */
export function scanQuery(scan: ScanState, field: string): Record<string, string> {
	const start = scan.pass?.from ?? scan.floor;
	if (start === '') return {};
	const raised = start !== scan.floor && start > secondsBefore(scan.floor, LOOKBACK_S);
	return { [`${field}_min`]: raised ? start : secondsBefore(start, 1) };
}

/** Starts a pass (`start`: its first `since_id` or page), wide where every record kept fits one page (one request). */
export function beginPass(scan: ScanState, start: number, page: number): ScanState {
	if (scan.pass) return scan;
	const back = backOf(scan);
	const wide = back < scan.floor && sizeOf(scan.seen, back) < page;
	const nextFloor = laterOf(scan.floor, floorOf(from(scan.seen, scan.floor))) ?? '';
	const pass: ScanState['pass'] = { at: start, nextFloor, from: wide ? back : scan.floor };
	// a cursor from before stamps were read in every form that read none (a shop writing `Z`): its first pass takes the
	// records as an activation does, rather than report each as created
	if (scan.back === undefined && scan.floor === '' && sizeOf(scan.seen) === 0) pass.quiet = true;
	return { ...scan, pass };
}

/** One page of a pass (newStates). `first`: its first page, whose times bound the next floor; `at`: where it goes. */
export function takePage(
	scan: ScanState,
	records: IDataObject[],
	field: string,
	key: string,
	at: number | string,
	first: boolean,
): { scan: ScanState; changes: ScanChange[] } {
	// below the floor, records of the lookback window are compared as well (a clock stepped back)
	const range = { back: backOf(scan), restamp: true };
	const { seen, changes } = newStates(scan.seen, records, field, key, range);
	const pass = scan.pass ?? { at, nextFloor: scan.floor };
	const nextFloor = first
		? (laterOf(pass.nextFloor, floorOf(from(seen, scan.floor))) ?? '')
		: pass.nextFloor;
	const taken = scan.pass?.quiet ? [] : changes;
	return { scan: { ...scan, seen, pass: { ...pass, at, nextFloor } }, changes: taken };
}

/** Notes records read elsewhere (a creation read) as accounted for. */
export function noteRecords(scan: ScanState, records: IDataObject[], field: string, key: string) {
	const range = { back: backOf(scan), restamp: true };
	return { ...scan, seen: newStates(scan.seen, records, field, key, range).seen };
}

/** Ends a pass: floor and window move; the part left behind goes if the pass read it, else waits as a slice. */
export function endPass(scan: ScanState): ScanState {
	const ended = passEnded(scan);
	// the time a deleted record kept stays reached until the floor passes it (changeKey.ts readUpTo)
	const { reached } = scan;
	return reached !== undefined && reached > ended.floor ? { ...ended, reached } : ended;
}

function passEnded(scan: ScanState): ScanState {
	const floor = laterOf(scan.floor, scan.pass?.nextFloor) ?? '';
	const back = backOf(scan);
	const start = windowStart(floor, scan.seen);
	const read = (scan.pass?.from ?? scan.floor) <= back;
	if (start <= back) return { floor, back, seen: from(scan.seen, back) };
	if (read) return { floor, back: start, seen: from(scan.seen, start) };
	// a slice waits until the window's start has moved SLICE_S, unless the bound on its records forces it
	const forced =
		start > secondsBefore(floor, LOOKBACK_S) || sizeOf(scan.seen, back, floor) > MAX_WINDOW;
	if (back !== '' && !forced && secondsBetween(back, start) < SLICE_S)
		return { floor, back, seen: from(scan.seen, back) };
	// from the pass's floor up the pass read them: only those below it are left to the slice
	const to = start < scan.floor ? start : scan.floor;
	const seen = from(scan.seen, back);
	for (const time of Object.keys(seen)) if (time >= to && time < start) delete seen[time];
	return { floor, back, seen, slice: { to, then: start, at: 0 } };
}

/** The filter of a slice's requests: the records stamped from `back` up to the slice's end. */
export function sliceQuery(back: string, slice: Slice, field: string): Record<string, string> {
	return {
		...(back === '' ? {} : { [`${field}_min`]: secondsBefore(back, 1) }),
		[`${field}_max`]: slice.to,
	};
}

/** One page of a slice (newStates); records outside it (an inclusive filter's edges) are left alone. */
export function takeSlice(
	seen: Seen,
	back: string,
	slice: Slice,
	records: IDataObject[],
	field: string,
	key: string,
	at: number | string,
): { seen: Seen; slice: Slice; changes: ScanChange[] } {
	const range = { back, below: slice.to, restamp: false };
	return { ...newStates(seen, records, field, key, range), slice: { ...slice, at } };
}

/** The window after a slice: it starts at the slice's end, and the fingerprints below it are dropped. */
export const afterSlice = (seen: Seen, slice: Slice) => ({
	back: slice.then,
	seen: from(seen, slice.then),
});

/**
 * What a record a scan reads in a new state is. It is created once, by its own `created_at`, whatever its id: unknown
 * and created at or after `since` (the window's start: all from there is accounted for), or known at a time before its
 * `created_at` (no later than its stamp): another record under the same id (MySQL before 8 hands out the highest id
 * deleted again after a restart). Else an update; a scan by `created_at` reports creations only.
 */
export function scannedKind(
	change: Pick<ScanChange, 'record' | 'at'>,
	field: 'updated_at' | 'created_at',
	since: string,
): ChangeKind | undefined {
	const createdAt = shopTimeOf(change.record.created_at);
	const stamp = timeOf(change.record, field);
	const created =
		createdAt !== undefined &&
		(change.at === undefined
			? createdAt >= since
			: createdAt > change.at && stamp !== undefined && createdAt <= stamp);
	if (created) return 'created';
	return field === 'created_at' ? undefined : 'updated';
}
