import type { IDataObject } from 'n8n-workflow';

import { fingerprint } from './fingerprint';
import { isShopTime, laterOf, latestOf, secondBefore } from './shopTime';

/**
 * The rules of a scan by a shop time (`updated_at_min`, or `created_at_min`). Pure.
 *
 * A pass reads every record whose time is at or after the floor. The filter is asked for one second before the
 * floor (the spec's "later than" may be strict or inclusive) and records before the floor are dropped here, so
 * both readings give the same records. `seen` holds the fingerprint of every record accounted for at or after
 * the floor: a record read again unchanged is not emitted again, a second change in the same second is.
 *
 * The next floor is a time the shop's clock had certainly reached when the pass began: the latest time observed
 * before it (and on its first page). A record changed after its page was read carries a later time, so the next
 * pass, which starts at that floor, reads it; the highest time seen during a long pass would lose it. Nothing
 * here reads n8n's clock.
 */

export interface ScanState {
	/** Records with a time at or after it are read again; '' before any record had a time. */
	floor: string;
	/** id → "<time> <fingerprint>" of the records accounted for at or after the floor. */
	seen: Record<string, string>;
	/** The latest time observed: the shop's clock had reached it. */
	latest: string;
	/** A pass in progress: where it goes on (a `since_id`, or a page number) and the floor it will leave. */
	pass?: { at: number; nextFloor: string };
}

export interface ScanChange {
	record: IDataObject;
	id: string;
	state: string;
}

const entry = (time: string, state: string) => `${time} ${state}`;
const stateOf = (seen: string | undefined) => seen?.split(' ')[2];
const timeOf = (seen: string) => seen.slice(0, 19);

/** The state after a baseline read: everything now present counts as seen; nothing is a change. */
export function baselineScan(records: IDataObject[], field: string, key: string): ScanState {
	const latest = latestOf(records, field) ?? '';
	const scan: ScanState = { floor: latest, seen: {}, latest };
	for (const r of records) {
		const time = r[field];
		if (isShopTime(time) && time >= latest) scan.seen[String(r[key])] = entry(time, fingerprint(r));
	}
	return scan;
}

/** The time filter of a pass's requests. */
export function scanQuery(scan: ScanState, field: string): Record<string, string> {
	return scan.floor === '' ? {} : { [`${field}_min`]: secondBefore(scan.floor) };
}

/** Starts a pass where none is in progress (`start`: the first `since_id` or page number). */
export function beginPass(scan: ScanState, start: number): ScanState {
	if (scan.pass) return scan;
	return { ...scan, pass: { at: start, nextFloor: laterOf(scan.latest, scan.floor) ?? '' } };
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
	at: number,
	first: boolean,
): { scan: ScanState; changes: ScanChange[] } {
	const seen = { ...scan.seen };
	const changes: ScanChange[] = [];
	for (const record of records) {
		const time = record[field];
		if (!isShopTime(time) || time < scan.floor) continue;
		const id = String(record[key]);
		const state = fingerprint(record);
		if (stateOf(seen[id]) === state) continue;
		seen[id] = entry(time, state);
		changes.push({ record, id, state });
	}
	const observed = latestOf(records, field);
	const pass = scan.pass ?? { at, nextFloor: scan.latest };
	return {
		scan: {
			...scan,
			seen,
			latest: laterOf(scan.latest, observed) ?? '',
			pass: {
				at,
				nextFloor: first ? (laterOf(pass.nextFloor, observed) ?? '') : pass.nextFloor,
			},
		},
		changes,
	};
}

/** Notes records read elsewhere (a creation read) as accounted for, and their times as observed. */
export function noteRecords(
	scan: ScanState,
	records: IDataObject[],
	field: string,
	key: string,
): ScanState {
	const seen = { ...scan.seen };
	for (const r of records) {
		const time = r[field];
		if (isShopTime(time) && time >= scan.floor) seen[String(r[key])] = entry(time, fingerprint(r));
	}
	return { ...scan, seen, latest: laterOf(scan.latest, latestOf(records, field)) ?? '' };
}

/** Ends a pass: the floor moves to the pass's next floor, and `seen` keeps only what is at or after it. */
export function endPass(scan: ScanState): ScanState {
	const floor = laterOf(scan.floor, scan.pass?.nextFloor) ?? '';
	const seen: Record<string, string> = {};
	for (const [id, value] of Object.entries(scan.seen)) if (timeOf(value) >= floor) seen[id] = value;
	return { floor, seen, latest: scan.latest };
}
