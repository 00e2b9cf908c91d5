import { isDigested, ledgerKey } from '../ledger/ledger';

/**
 * The fingerprints a scan keeps: time → id → fingerprint (the time once). A text key is kept as the ledger's digest
 * (seenKey): about 55 characters a record, 1,000 records at most (lookback.ts). Helpers of scan.ts and lookback.ts.
 */
export type Seen = Record<string, Record<string, string>>;

/** The key a record has in `seen`: its id as decimal text, a text key's digest (the ledger's), kept as it is. */
export const seenKey = (id: string): string => (isDigested(id) ? id : ledgerKey(id));

/** Where each seen record is: id → [time, fingerprint]. */
export function indexOf(seen: Seen): Map<string, [string, string]> {
	const index = new Map<string, [string, string]>();
	for (const [time, group] of Object.entries(seen))
		for (const [id, state] of Object.entries(group)) index.set(id, [time, state]);
	return index;
}

export const copyOf = (seen: Seen): Seen =>
	Object.fromEntries(Object.entries(seen).map(([time, group]) => [time, { ...group }]));

/** `seen` with text keys a cursor from before kept whole digested (read once, where the cursor is loaded). */
export const digestKeys = (seen: Seen): Seen =>
	Object.fromEntries(
		Object.entries(seen).map(([time, group]) => [
			time,
			Object.fromEntries(Object.entries(group).map(([id, state]) => [seenKey(id), state])),
		]),
	);

/** The records of `seen` at or after a time. */
export function from(seen: Seen, time: string): Seen {
	const kept: Seen = {};
	for (const [t, group] of Object.entries(seen)) if (t >= time) kept[t] = { ...group };
	return kept;
}

/** How many records `seen` holds (at or after `time`, below `until` where given). */
export function sizeOf(seen: Seen, time = '', until?: string): number {
	let n = 0;
	for (const [t, group] of Object.entries(seen))
		if (t >= time && (until === undefined || t < until)) n += Object.keys(group).length;
	return n;
}

/** Notes a record's state at its time (a copy of `seen` is changed, and the index with it). */
export function put(
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
