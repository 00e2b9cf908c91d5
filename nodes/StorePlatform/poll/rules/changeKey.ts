import type { IDataObject } from 'n8n-workflow';

import { shortHash } from '../../api/hash';
import type { ChangeKind } from './fingerprint';
import type { ScanState } from './scan';
import { shopTimeOf } from './shopTime';

/**
 * The `deliveryKey` of a change, one key per change even when a poll is repeated. Pure. A key is equal when the same
 * change is emitted again and differs for every other change, even one back to an earlier state (a permission switched
 * back, a second deletion). So it holds the cursor's sequence number (`seq`), which moves on with each poll that emits
 * (nextSeq). On a list scanned by `updated_at` a creation's key leaves out its state and a later edit comes apart
 * (withLaterEdit); elsewhere, where updates are watched, it keeps the state: twice rather than an edit lost. What a
 * repeat does not promise: docs/poll.md, "Keys and repeated polls".
 */

/** What names one change: the watched list, the record, the kind and the record's state after it. */
export interface ChangeParts {
	resource: string;
	/** The list's parent (product, theme), '' for lists of the shop. */
	scope: string;
	id: string;
	kind: ChangeKind;
	/** The record's fingerprint after the change ('' for a deletion). */
	state: string;
	/** The record's birth (birthKeyOf), for a creation keyed without its state. */
	birth?: string;
}

/** The `deliveryKey` of a change by a cursor from before `seq`: equal when the same change is emitted again. */
export const changeKey = (parts: ChangeParts): string =>
	shortHash(['poll/1', parts.resource, parts.scope, parts.id, parts.kind, parts.state]);

/** The key of a change emitted from a cursor with sequence number `seq` (undefined: a cursor from before). */
export function deliveryKeyOf(
	parts: ChangeParts,
	seq: number | undefined,
	editsApart = false,
): string {
	if (seq === undefined) return changeKey(parts);
	return shortHash(['poll/2', ...named(parts, editsApart), String(seq)]);
}

/** What a change's key names but the cursor's number: same identity and same number, same key (node/lostRuns.ts). */
export const changeIdentity = (parts: ChangeParts, editsApart = false): string =>
	shortHash(['poll/change', ...named(parts, editsApart)]);

/** What a key names; `editsApart`: a creation's birth, not its state (another record given its id is another). */
function named(parts: ChangeParts, editsApart: boolean): string[] {
	const state = parts.kind === 'created' && editsApart ? (parts.birth ?? '') : parts.state;
	return [parts.resource, parts.scope, parts.id, parts.kind, state];
}

/** Whether a creation's key leaves out its state: its later edit comes apart (`upTo` given), or updates unwatched. */
export const stateLeftOut = (upTo: string | undefined, events: ChangeKind[]): boolean =>
	upTo !== undefined || !events.includes('updated');

/**
 * What tells a creation from another under the same id: its `created_at`'s minutes and seconds (kept by zone moves).
 */
export const birthKeyOf = (record: IDataObject): string =>
	shopTimeOf(record.created_at)?.slice(14) ?? '';

/** The sequence number of a new cursor: n8n's clock now, in milliseconds. */
export const firstSeq = (nowMs: number): number => Math.floor(nowMs);

/**
 * The number the cursor keeps after a poll that emitted: n8n's clock in ms or one more than before, whichever is
 * higher. By the clock, two runs from one cursor (n8n's repeat) differ, so the next poll knows whose cursor n8n kept
 * (node/lostRuns.ts); by one more, it never goes back with n8n's clock.
 */
export function nextSeq(
	seq: number | undefined,
	emitted: boolean,
	nowMs: number,
): number | undefined {
	if (!emitted) return seq;
	return seq === undefined ? firstSeq(nowMs) : Math.max(seq + 1, firstSeq(nowMs));
}

/** A stored sequence number, where it is one. */
export const seqOf = (stored: unknown): number | undefined =>
	typeof stored === 'number' && Number.isSafeInteger(stored) && stored >= 0 ? stored : undefined;

/** A change one poll finds in a record. */
export interface Change {
	kind: ChangeKind;
	id: string;
	/** The record as the list gives it (absent for a deletion). */
	record?: IDataObject;
	state: string;
}

/**
 * The latest shop time a stored scan holds (its floor, each record's time): the shop had reached it before any run from
 * that cursor began, so every such run read an edit stamped at or before it. A record in the shop's future raises it.
 */
export function readUpTo(scan: ScanState | undefined): string | undefined {
	if (!scan) return undefined;
	// a record deleted since keeps its time (`reached`): restored with its old stamps, it is no new edit
	return Object.keys(scan.seen).reduce(
		(latest, time) => (time > latest ? time : latest),
		scan.reached !== undefined && scan.reached > scan.floor ? scan.reached : scan.floor,
	);
}

/** Whether a record created at or after `upTo` (readUpTo) was edited since: its `updated_at` (even earlier) differs. */
export function editedSince(record: IDataObject | undefined, upTo: string): boolean {
	const created = shopTimeOf(record?.created_at);
	const updated = shopTimeOf(record?.updated_at);
	// created before `upTo`: restored with its old stamps (a page trashed before the activation, restored after it)
	return created !== undefined && updated !== undefined && created >= upTo && updated !== created;
}

/**
 * The changes of a poll with, after each creation of a record edited since its creation and since `upTo`, that edit as
 * an `updated` change of its own: the creation's key ignores its state, so an edit made between a run and its repeat
 * still reaches a workflow that drops repeated keys. No `upTo` (no scan): as they are.
 */
export function withLaterEdit<C extends Change>(changes: C[], upTo: string | undefined): C[] {
	if (upTo === undefined) return changes;
	return changes.flatMap((change) =>
		change.kind === 'created' && editedSince(change.record, upTo)
			? [change, { ...change, kind: 'updated' }]
			: [change],
	);
}
