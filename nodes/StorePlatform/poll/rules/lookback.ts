import type { IDataObject } from 'n8n-workflow';

import { fingerprint, sameState } from './fingerprint';
import { copyOf, from, indexOf, put, seenKey, type Seen } from './seen';
import { secondBefore, secondsBefore, timeOf } from './shopTime';

/**
 * The lookback window of a scan (scan.ts): a shop whose clock steps back (summer time ends on a shop that stamps local
 * time) stamps changes below the scan's floor for up to an hour. Pure.
 *
 * The scan keeps the fingerprints of the records it read in the hour below its floor (`back` to `floor`, at most
 * MAX_WINDOW), to read that hour again and emit only states it has not accounted for: a wide pass reads from `back`
 * where they fit one page; else (a busy shop) the part the floor leaves behind is read once as a slice, every SLICE_S.
 * Costs and delays: docs/poll-scan.md, "The lookback window".
 */

/** How far below its floor a scan reads: a shop clock that steps back by up to this loses nothing. */
export const LOOKBACK_S = 3600;
/**
 * Fingerprints of records below the floor a scan keeps: where more changed in the hour, the window is shorter. While a
 * slice waits to be read, its records are kept too: at most twice as many.
 */
export const MAX_WINDOW = 1000;
/** A slice is read once the window's start has moved this far (or the bound moves it): one request per ten minutes. */
export const SLICE_S = 600;

export interface Slice {
	/** The slice ends below it: the floor of the pass that left it, or the new window's start where lower. */
	to: string;
	/** The window's start once the slice is read (records from `to` up to it were read by that pass). */
	then: string;
	/** Where the slice's read goes on (a `since_id`, as decimalId.ts stores it, or a page number). */
	at: number | string;
}

/**
 * The window's start for a floor: LOOKBACK_S below it, or higher where more than MAX_WINDOW records of `seen` stand
 * between (the lowest time that keeps them within the bound).
 */
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

/** The filter of a slice's requests: the records stamped from `back` up to the slice's end. */
export function sliceQuery(back: string, slice: Slice, field: string): Record<string, string> {
	return {
		...(back === '' ? {} : { [`${field}_min`]: secondBefore(back) }),
		[`${field}_max`]: slice.to,
	};
}

export interface SliceChange {
	record: IDataObject;
	id: string;
	state: string;
	known: boolean;
	at?: string;
}

/**
 * One page of a slice: the records stamped in it (from `back`, below `slice.to`) whose state was not accounted for, in
 * page order, noted in `seen`. Records outside it (an inclusive filter's edges) are left alone.
 */
export function takeSlice(
	seen: Seen,
	back: string,
	slice: Slice,
	records: IDataObject[],
	field: string,
	key: string,
	at: number | string,
): { seen: Seen; slice: Slice; changes: SliceChange[] } {
	const next = copyOf(seen);
	const index = indexOf(next);
	const changes: SliceChange[] = [];
	for (const record of records) {
		const time = timeOf(record, field);
		if (time === undefined || time < back || time >= slice.to) continue;
		const id = String(record[key]);
		const state = fingerprint(record);
		const earlier = index.get(seenKey(id));
		if (earlier && sameState(earlier[1], record, state)) continue;
		put(next, index, seenKey(id), time, state);
		changes.push({ record, id, state, known: earlier !== undefined, at: earlier?.[0] });
	}
	return { seen: next, slice: { ...slice, at }, changes };
}

/** The window after a slice: it starts at the slice's end, and the fingerprints below it are dropped. */
export const afterSlice = (seen: Seen, slice: Slice) => ({
	back: slice.then,
	seen: from(seen, slice.then),
});
