import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Change } from './changeKey';
import { fingerprint, minuteFingerprint, onlyZoneMoved, sameState } from './fingerprint';
import { within, type Shape, type Shapes } from './shape';

/**
 * The rules of a list watched by fingerprints (no usable filter). Pure. The state is id → fingerprint of the last
 * reading: a record not in it is created, another fingerprint an update (unless only the shop's zone moved its stamps:
 * onlyZoneMoved), one absent deleted once confirmed (ledger/verify.ts).
 */

/** Records a fingerprinted list may have (the static data holds one fingerprint each, about 25 bytes). */
export const MAX_SNAPSHOT = 5000;

/**
 * A whole list past MAX_SNAPSHOT records: nothing of it is reported. Its error is shown once (node/outages.ts), later
 * polls are quiet and keep the cursor; once the list is back within the bound, the next poll reports what changed
 * meanwhile.
 */
export class PastBound extends NodeOperationError {
	constructor(
		node: INode,
		noun: string,
		readonly records: number,
		max: number,
	) {
		super(
			node,
			`The ${noun} list has ${records} records; the poll trigger compares lists without filters of up to ${max} records`,
			{
				description: `Until the list is back to ${max} records or fewer, its changes are not reported; then the next poll reports what changed meanwhile (a record created and deleted again meanwhile is not reported). This error is shown once while the list stays past the bound.`,
			},
		);
	}
}

/** The records of a reading by id (records without one left out). */
export function readingOf(records: IDataObject[], key: string): Map<string, IDataObject> {
	const byId = new Map<string, IDataObject>();
	for (const r of records) if (r[key] !== undefined && r[key] !== null) byId.set(String(r[key]), r);
	return byId;
}

/** The fingerprints of a reading, as the state keeps them. */
export function snapshotOf(reading: Map<string, IDataObject>, shape?: Shape) {
	const known: Record<string, string> = {};
	for (const [id, r] of reading) known[id] = minuteFingerprint(within(r, shape));
	return known;
}

/** Ids remembered but absent from a reading. */
export const missingFrom = (known: Record<string, string>, reading: Map<string, IDataObject>) =>
	Object.keys(known).filter((id) => !reading.has(id));

/** The changes between the remembered fingerprints and a reading, and the state to keep. `gone`: confirmed deleted. */
export function diffSnapshot(
	known: Record<string, string>,
	reading: Map<string, IDataObject>,
	gone: string[],
	shapes: Shapes = { compares: true, takes: true },
): { changes: Change[]; known: Record<string, string> } {
	const changes: Change[] = [];
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
