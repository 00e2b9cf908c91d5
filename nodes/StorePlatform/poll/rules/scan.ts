import type { IDataObject } from 'n8n-workflow';

import { fingerprint, sameState } from './fingerprint';
import { LOOKBACK_S, MAX_WINDOW, SLICE_S, windowStart, type Slice } from './lookback';
import { copyOf, from, indexOf, put, seenKey, sizeOf, type Seen } from './seen';
import { laterOf, secondBefore, secondsBefore, secondsBetween, timeOf } from './shopTime';

export type { Seen } from './seen';

/**
 * The rules of a scan by a shop time (`updated_at_min`, or `created_at_min`). Pure. Nothing here reads n8n's clock.
 *
 * A pass reads every record whose time is at or after the floor, asking the filter one second early (strict or
 * inclusive) and dropping what lies below, so both readings give the same records. `seen` holds the fingerprint of
 * every record accounted for: a record read again unchanged is not emitted, a second change in the same second is. The
 * next floor is a time the shop's clock certainly reached when the pass began (not the highest seen during a long pass:
 * a record changed after its page was read would be lost), leaving out a few outliers stamped in the shop's future
 * (floorOf). Below the floor, `seen` keeps the lookback window for a clock that steps back (lookback.ts).
 * Details: docs/poll-scan.md.
 */

/** Records stamped in the shop's future that blind no scan (floorOf). */
export const OUTLIERS = 3;
/** How far ahead of the next time a few records must stand to count as outliers (floorOf). */
export const OUTLIER_GAP_S = 600;

export interface ScanState {
	/** Records with a time at or after it are read again; '' before any record had a time. */
	floor: string;
	/** time → id → fingerprint of the records accounted for at or after `back` (grouped: the time once). */
	seen: Seen;
	/** The start of the lookback window (lookback.ts); absent in cursors stored before it: the floor. */
	back?: string;
	/** A part of the window the floor left behind, read before its fingerprints are dropped (lookback.ts). */
	slice?: Slice;
	// cursors from before version 2 of the floor also hold `latest`: not read, dropped when their pass ends
	/**
	 * A pass in progress: where it goes on (a `since_id` or a page number), the floor it will leave, and the time its
	 * filter starts from (`back` for a wide pass, else the floor).
	 */
	pass?: { at: number | string; nextFloor: string; from?: string; quiet?: true };
	/**
	 * The latest time of a record forgotten (deleted) that no other record of `seen` held: the shop had reached it
	 * (changeKey.ts readUpTo).
	 */
	reached?: string;
}

/** The start of a scan's lookback window. */
export const backOf = (scan: ScanState): string => scan.back ?? scan.floor;

/** The records of `seen` at or after the floor, whose times bound the next floor. */
const atFloor = (scan: ScanState, seen: Seen = scan.seen) => from(seen, scan.floor);

export interface ScanChange {
	record: IDataObject;
	id: string;
	state: string;
	/** Whether the record was accounted for before (at another state). */
	known: boolean;
	/** The time it was accounted for at, where it was. */
	at?: string;
}

/**
 * The floor `seen` gives: its latest time, unless that time holds at most OUTLIERS records (with the times skipped
 * before it) more than OUTLIER_GAP_S ahead of the next time: outliers (a writer's clock ahead), the floor is below
 * them. Undefined while `seen` holds OUTLIERS records or fewer.
 */
export function floorOf(seen: Seen): string | undefined {
	const times = Object.keys(seen).sort().reverse();
	const total = times.reduce((n, time) => n + Object.keys(seen[time]).length, 0);
	if (total <= OUTLIERS) return undefined;
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

/** Forgets a record (deleted). */
export function forget(scan: ScanState, id: string): ScanState {
	const seen = copyOf(scan.seen);
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
	const all: Seen = {};
	const index = new Map<string, [string, string]>();
	for (const r of records) {
		const time = timeOf(r, field);
		if (time !== undefined) put(all, index, seenKey(String(r[key])), time, fingerprint(r));
	}
	const floor = floorOf(all) ?? '';
	const back = windowStart(floor, all);
	return { floor, back, seen: from(all, back) };
}

/**
 * The time filter of a pass's requests: from the pass's start, one second early (a strict filter). A wide pass whose
 * start MAX_WINDOW raised asks from that start itself: the second below it overflowed the bound, and an inclusive
 * filter would hand that burst back at every pass.
 */
export function scanQuery(scan: ScanState, field: string): Record<string, string> {
	const start = scan.pass?.from ?? scan.floor;
	if (start === '') return {};
	const raised = start !== scan.floor && start > secondsBefore(scan.floor, LOOKBACK_S);
	return { [`${field}_min`]: raised ? start : secondBefore(start) };
}

/**
 * Starts a pass where none is in progress (`start`: the first `since_id` or page number). It is wide (reads the
 * lookback window too) where every record kept fits one page: a quiet pass still reads one page.
 */
export function beginPass(scan: ScanState, start: number, page: number): ScanState {
	if (scan.pass) return scan;
	const back = backOf(scan);
	const wide = back < scan.floor && sizeOf(scan.seen, back) < page;
	const nextFloor = laterOf(scan.floor, floorOf(atFloor(scan))) ?? '';
	const pass: ScanState['pass'] = { at: start, nextFloor, from: wide ? back : scan.floor };
	// a cursor from before stamps were read in every form that read none (a shop writing `Z`): its first pass takes the
	// records as an activation does, rather than report each as created
	if (scan.back === undefined && scan.floor === '' && sizeOf(scan.seen) === 0) pass.quiet = true;
	return { ...scan, pass };
}

/**
 * One page of a pass: the records at or after the floor whose state was not accounted for yet, in page order.
 * `first`: the pass's first page, whose times also bound the next floor. `at`: where the pass goes on.
 */
export function takePage(
	scan: ScanState,
	records: IDataObject[],
	field: string,
	key: string,
	at: number | string,
	first: boolean,
): { scan: ScanState; changes: ScanChange[] } {
	const seen = copyOf(scan.seen);
	const index = indexOf(seen);
	const changes: ScanChange[] = [];
	const back = backOf(scan);
	for (const record of records) {
		const time = timeOf(record, field);
		// below the floor, records of the lookback window are compared as well (a clock stepped back)
		if (time === undefined || time < back) continue;
		const id = String(record[key]);
		const at = seenKey(id);
		const state = fingerprint(record);
		const earlier = index.get(at);
		if (earlier && sameState(earlier[1], record, state)) {
			// the same state (a version-1 fingerprint, another form of its values): kept in the new fingerprint
			if (earlier[1] !== state) put(seen, index, at, time, state);
			continue;
		}
		put(seen, index, at, time, state);
		if (!scan.pass?.quiet)
			changes.push({ record, id, state, known: earlier !== undefined, at: earlier?.[0] });
	}
	const pass = scan.pass ?? { at, nextFloor: scan.floor };
	const nextFloor = first
		? (laterOf(pass.nextFloor, floorOf(atFloor(scan, seen))) ?? '')
		: pass.nextFloor;
	return { scan: { ...scan, seen, pass: { ...pass, at, nextFloor } }, changes };
}

/** Notes records read elsewhere (a creation read) as accounted for. */
export function noteRecords(
	scan: ScanState,
	records: IDataObject[],
	field: string,
	key: string,
): ScanState {
	const seen = copyOf(scan.seen);
	const index = indexOf(seen);
	const back = backOf(scan);
	for (const r of records) {
		const time = timeOf(r, field);
		if (time !== undefined && time >= back)
			put(seen, index, seenKey(String(r[key])), time, fingerprint(r));
	}
	return { ...scan, seen };
}

/**
 * Ends a pass: the floor moves to the pass's next floor, and the lookback window with it (lookback.ts). Where the pass
 * read from the window's start, the part left behind goes; else it is left as a slice to read first.
 */
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
