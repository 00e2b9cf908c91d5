import type { IDataObject } from 'n8n-workflow';

import { fingerprint, minuteFingerprint, sameState } from './fingerprint';
import { within, type Shape, type Shapes } from './shape';
import { onlyZoneMoved } from './zoneShift';

/**
 * The rules of a list watched by fingerprints (no usable filter). Pure. The state is id → fingerprint of the last
 * reading: a record not in it is created, another fingerprint an update (unless only the shop's zone moved its stamps:
 * zoneShift.ts), a record absent from the reading deleted once confirmed (ledger/verify.ts confirmSnapshot).
 */

/** Records a fingerprinted list may have (the static data holds one fingerprint each, about 25 bytes). */
export const MAX_SNAPSHOT = 5000;

export interface SnapshotChange {
	kind: 'created' | 'updated' | 'deleted';
	id: string;
	/** The record (absent for a deletion). */
	record?: IDataObject;
	state: string;
}

export function readingOf(records: IDataObject[], key: string): Map<string, IDataObject> {
	const byId = new Map<string, IDataObject>();
	for (const r of records) if (r[key] !== undefined && r[key] !== null) byId.set(String(r[key]), r);
	return byId;
}

export function snapshotOf(
	reading: Map<string, IDataObject>,
	shape?: Shape,
): Record<string, string> {
	const known: Record<string, string> = {};
	for (const [id, r] of reading) known[id] = minuteFingerprint(within(r, shape));
	return known;
}

/** Ids remembered but absent from a reading. */
export function missingFrom(
	known: Record<string, string>,
	reading: Map<string, IDataObject>,
): string[] {
	return Object.keys(known).filter((id) => !reading.has(id));
}

/** The changes between the remembered fingerprints and a reading, and the state to keep. `gone`: confirmed deleted. */
export function diffSnapshot(
	known: Record<string, string>,
	reading: Map<string, IDataObject>,
	gone: string[],
	shapes: Shapes = { compares: true, takes: true },
): { changes: SnapshotChange[]; known: Record<string, string> } {
	const changes: SnapshotChange[] = [];
	const next: Record<string, string> = {};
	for (const [id, record] of reading) {
		const state = minuteFingerprint(within(record, shapes.keep));
		next[id] = state;
		if (known[id] === undefined) changes.push({ kind: 'created', id, record, state });
		// on the shape the fingerprints were made on (shape.ts), none where a field was dropped; or as kept before shapes
		// (null fields counted) or before fingerprints to the minute
		else if (
			shapes.compares &&
			!sameState(known[id], record, minuteFingerprint(within(record, shapes.compare))) &&
			!sameState(known[id], record, minuteFingerprint(record)) &&
			!sameState(known[id], record, fingerprint(record)) &&
			!onlyZoneMoved(known[id], within(record, shapes.compare)) &&
			!onlyZoneMoved(known[id], record)
		)
			changes.push({ kind: 'updated', id, record, state });
	}
	const confirmed = new Set(gone);
	for (const id of Object.keys(known)) {
		if (reading.has(id)) continue;
		if (confirmed.has(id)) changes.push({ kind: 'deleted', id, state: '' });
		// not confirmed: still there, kept as it was
		else next[id] = known[id];
	}
	return { changes, known: next };
}
