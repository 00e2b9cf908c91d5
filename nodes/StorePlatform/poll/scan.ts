import type { IDataObject } from 'n8n-workflow';

import { fingerprint, sameState } from './fingerprint';
import { isShopTime, laterOf, secondBefore, secondsBetween } from './shopTime';

/**
 * The rules of a scan by a shop time (`updated_at_min`, or `created_at_min`). Pure.
 *
 * A pass reads every record whose time is at or after the floor. The filter is asked for one second before the
 * floor (the spec's "later than" may be strict or inclusive) and records before the floor are dropped here, so
 * both readings give the same records. `seen` holds the fingerprint of every record accounted for at or after
 * the floor: a record read again unchanged is not emitted again, a second change in the same second is.
 *
 * The next floor is a time the shop's clock had certainly reached when the pass began, taken from the records
 * accounted for before it and on its first page. A record changed after its page was read carries a later time,
 * so the next pass, which starts at that floor, reads it; the highest time seen during a long pass would lose it.
 * And up to OUTLIERS records standing more than OUTLIER_GAP_S ahead of all the others are left out of it (floorOf):
 * a record stamped in the shop's future (a writer whose clock runs ahead) is an outlier, not the new floor, else
 * no later change would be read until the shop's clock reached its stamp. Such records stay at or after the
 * floor and are read again, unchanged, by every pass. Nothing here reads n8n's clock.
 */

/** Records stamped in the shop's future that blind no scan (floorOf). */
export const OUTLIERS = 3;
/** How far ahead of the next time a few records must stand to count as outliers (floorOf). */
export const OUTLIER_GAP_S = 600;

export interface ScanState {
	/** Records with a time at or after it are read again; '' before any record had a time. */
	floor: string;
	/** time → id → fingerprint of the records accounted for at or after the floor (grouped: the time once). */
	seen: Seen;
	// cursors stored before version 2 of the floor also hold `latest` (the latest time observed): not read, and
	// dropped when their pass ends
	/** A pass in progress: where it goes on (a `since_id`, or a page number) and the floor it will leave. */
	pass?: { at: number | string; nextFloor: string };
}

export type Seen = Record<string, Record<string, string>>;

export interface ScanChange {
	record: IDataObject;
	id: string;
	state: string;
	/** Whether the record was accounted for before (at another state). */
	known: boolean;
	/** The time it was accounted for at, where it was. */
	at?: string;
}

/** Where each seen record is: id → [time, fingerprint]. */
function indexOf(seen: Seen): Map<string, [string, string]> {
	const index = new Map<string, [string, string]>();
	for (const [time, group] of Object.entries(seen))
		for (const [id, state] of Object.entries(group)) index.set(id, [time, state]);
	return index;
}

const copyOf = (seen: Seen): Seen =>
	Object.fromEntries(Object.entries(seen).map(([time, group]) => [time, { ...group }]));

/**
 * The floor `seen` gives: its latest time, unless that time holds at most OUTLIERS records (with the times skipped
 * before it) and stands more than OUTLIER_GAP_S ahead of the next time: such records are outliers (a writer's
 * clock ahead), and the floor is looked for below them. Undefined while `seen` holds OUTLIERS records or fewer.
 * A burst of records in one second followed by a few in later seconds moves the floor to the later ones.
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

/** The records of `seen` at or after a floor. */
function from(seen: Seen, floor: string): Seen {
	const kept: Seen = {};
	for (const [time, group] of Object.entries(seen)) if (time >= floor) kept[time] = { ...group };
	return kept;
}

/** Notes a record's state at its time (a copy of `seen` is changed, and the index with it). */
function put(
	seen: Seen,
	index: Map<string, [string, string]>,
	id: string,
	time: string,
	state: string,
) {
	const earlier = index.get(id);
	if (earlier && earlier[0] !== time) {
		delete seen[earlier[0]][id];
		if (Object.keys(seen[earlier[0]]).length === 0) delete seen[earlier[0]];
	}
	(seen[time] ??= {})[id] = state;
	index.set(id, [time, state]);
}

/** Forgets a record (deleted). */
export function forget(scan: ScanState, id: string): ScanState {
	const seen = copyOf(scan.seen);
	for (const [time, group] of Object.entries(seen)) {
		if (!(id in group)) continue;
		delete group[id];
		if (Object.keys(group).length === 0) delete seen[time];
	}
	return { ...scan, seen };
}

/** The state after a baseline read: everything now present counts as seen; nothing is a change. */
export function baselineScan(records: IDataObject[], field: string, key: string): ScanState {
	const all: Seen = {};
	const index = new Map<string, [string, string]>();
	for (const r of records) {
		const time = r[field];
		if (isShopTime(time)) put(all, index, String(r[key]), time, fingerprint(r));
	}
	const floor = floorOf(all) ?? '';
	return { floor, seen: from(all, floor) };
}

/** The time filter of a pass's requests. */
export function scanQuery(scan: ScanState, field: string): Record<string, string> {
	return scan.floor === '' ? {} : { [`${field}_min`]: secondBefore(scan.floor) };
}

/** Starts a pass where none is in progress (`start`: the first `since_id` or page number). */
export function beginPass(scan: ScanState, start: number): ScanState {
	if (scan.pass) return scan;
	return { ...scan, pass: { at: start, nextFloor: laterOf(scan.floor, floorOf(scan.seen)) ?? '' } };
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
	for (const record of records) {
		const time = record[field];
		if (!isShopTime(time) || time < scan.floor) continue;
		const id = String(record[key]);
		const state = fingerprint(record);
		const earlier = index.get(id);
		if (earlier && sameState(earlier[1], record, state)) {
			// the same state (a version-1 fingerprint, or another form of its values): kept in the new fingerprint
			if (earlier[1] !== state) put(seen, index, id, time, state);
			continue;
		}
		put(seen, index, id, time, state);
		changes.push({ record, id, state, known: earlier !== undefined, at: earlier?.[0] });
	}
	const pass = scan.pass ?? { at, nextFloor: scan.floor };
	return {
		scan: {
			...scan,
			seen,
			pass: {
				at,
				nextFloor: first ? (laterOf(pass.nextFloor, floorOf(seen)) ?? '') : pass.nextFloor,
			},
		},
		changes,
	};
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
	for (const r of records) {
		const time = r[field];
		if (isShopTime(time) && time >= scan.floor)
			put(seen, index, String(r[key]), time, fingerprint(r));
	}
	return { ...scan, seen };
}

/** Ends a pass: the floor moves to the pass's next floor, and `seen` keeps only what is at or after it. */
export function endPass(scan: ScanState): ScanState {
	const floor = laterOf(scan.floor, scan.pass?.nextFloor) ?? '';
	return { floor, seen: from(scan.seen, floor) };
}
