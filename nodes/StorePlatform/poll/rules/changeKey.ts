import type { IDataObject } from 'n8n-workflow';

import { shortHash } from '../../api/hash';
import { changeKey, type ChangeKind, type ChangeParts } from './fingerprint';
import type { ScanState } from './scan';
import { shopTimeOf } from './shopTime';

/**
 * The `deliveryKey` of a change, and the rules that keep one key per change when a poll is repeated. Pure.
 *
 * A key names one change: equal when the same change is emitted again, different for every other change, even one
 * that brings a record back to an earlier state (docs/poll.md, "Keys and repeated polls"). A record's state alone
 * cannot tell a user's permissions switched back from the first switch, nor a second deletion from the first, so
 * the key also holds the cursor's sequence number (`seq`, PollState): it moves on with each poll that emits
 * ({@link nextSeq}), and is stored with the cursor that poll saves. A poll repeated from the same saved static data
 * (n8n's durable scheduler runs a poll at least once; a crash before the cursor was saved) has the same number, so
 * it gives the same key to the same change. The shop's own stamps could order changes too, but five lists have
 * none (users, themes, application charges, payment methods, webhooks) and a deletion has none anywhere: one rule
 * serves all.
 *
 * - On a list scanned by `updated_at`, a creation's key leaves out the record's state: a record is created once
 *   per lifetime, so a repeat that reads it after an edit gives the creation the same key. The edit made between
 *   the run and its repeat is a change of its own: a record created since the last poll whose `updated_at` is
 *   later than its `created_at` and than every time the stored cursor's scan holds (so, possibly after a run from
 *   the same cursor read it) is also emitted as `updated` (with its state and this poll's number; see
 *   {@link withLaterEdit}), so Remove Duplicates drops the repeated creation and keeps the edit. A record restored
 *   with its old stamps, edited long before, comes as `created` only.
 * - Lists without such a scan cannot tell an edit from the record's first state: where updates are watched, their
 *   creation's key keeps the state (the creation and the edits folded into it), so a repeat that reads an edited
 *   record emits its creation again under a second key: twice rather than an edit lost (docs/poll.md). Where
 *   updates are not watched (vouchers; a trigger set to Created only), an edit is no event: the creation's key
 *   leaves out the state ({@link stateLeftOut}).
 * - A new cursor (an activation, or a start over) begins at n8n's clock in milliseconds: a number an earlier cursor
 *   of the node never reached (it moves on to n8n's clock at each emitting poll, or by one where that is not
 *   higher, and polls are more than a millisecond apart),
 *   so keys never repeat one that Remove Duplicates keeps from before a start over.
 * - A cursor saved before `seq` existed gives the keys of that version (the record's state, no number) in its first
 *   poll, so a poll repeated across the upgrade repeats its keys; the cursor it saves has a number.
 *
 * Not promised: a record the first run reported created and that is deleted before the repeat runs is not
 * reported deleted: the repeat starts from static data that never knew it, and the shop no longer shows it.
 * Holding each new record in the cursor until a second poll agrees would cure it, and was not chosen: every
 * creation would come a poll late on every n8n for a case that needs a repeated poll, and a pending record needs
 * the cursor of a quiet poll saved, which n8n does only with durable cursors (without them, the durable scheduler
 * would find the record new again at every poll and never emit it). And where the older of two overlapping runs
 * saves its cursor last (durable cursors before n8n's lease fence; the durable scheduler without durable cursors),
 * the next poll emits again, under new keys, what the newer run emitted; n8n 2.41.1 with durable cursors refuses
 * the stale run's cursor and execution, so a repeat delivers once there. Details: docs/poll.md.
 */

/**
 * The key of a change emitted by a poll whose cursor has sequence number `seq` (undefined: a cursor from before).
 * `editsApart`: the poll emits a creation's later edit as an update of its own (withLaterEdit), so the creation's
 * key leaves out its state.
 */
export function deliveryKeyOf(
	parts: ChangeParts,
	seq: number | undefined,
	editsApart = false,
): string {
	if (seq === undefined) return changeKey(parts);
	return shortHash([
		'poll/2',
		parts.resource,
		parts.scope,
		parts.id,
		parts.kind,
		keyedState(parts, editsApart),
		String(seq),
	]);
}

/**
 * The state a change's key holds: a creation keyed without its state keeps its birth (another record given the same
 * id is another creation).
 */
const keyedState = (parts: ChangeParts, editsApart: boolean): string =>
	parts.kind === 'created' && editsApart ? (parts.birth ?? '') : parts.state;

/**
 * What a change's key names but the cursor's number: two changes with the same identity, emitted from cursors
 * with the same number, have the same key (node/lostRuns.ts: the number of a run n8n did not keep).
 */
export const changeIdentity = (parts: ChangeParts, editsApart = false): string =>
	shortHash([
		'poll/change',
		parts.resource,
		parts.scope,
		parts.id,
		parts.kind,
		keyedState(parts, editsApart),
	]);

/**
 * Whether a creation's key leaves out the record's state: where a later edit comes apart as an update (`upTo`
 * defined: the list is scanned by `updated_at`, see withLaterEdit), or where updates are not watched at all.
 */
export const stateLeftOut = (upTo: string | undefined, events: ChangeKind[]): boolean =>
	upTo !== undefined || !events.includes('updated');

/**
 * What tells a record's creation from that of another record given the same id later: the minutes and seconds of
 * its `created_at` (unmoved by a change of the shop's zone by whole hours; a shop that starts writing its stamps
 * without seconds between a poll and n8n's repeat of it changes it: docs/poll.md, Limits), '' where it has none.
 */
export function birthKeyOf(record: IDataObject): string {
	const time = shopTimeOf(record.created_at);
	return time === undefined ? '' : time.slice(14);
}

/** The sequence number of a new cursor: n8n's clock now, in milliseconds. */
export const firstSeq = (nowMs: number): number => Math.floor(nowMs);

/**
 * The number the cursor keeps after a poll: where the poll emitted, n8n's clock in milliseconds or one more than
 * before, whichever is higher (a cursor from before `seq` gets its first), the same where it emitted nothing. By
 * the clock, two runs from the same cursor (n8n's repeat) leave different numbers, so the next poll knows which
 * run's cursor n8n kept (node/lostRuns.ts); by one more, the number never goes back when n8n's clock does.
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

interface Emitted {
	kind: 'created' | 'updated' | 'deleted';
	id: string;
	record?: IDataObject;
	state: string;
}

/**
 * The latest shop time a stored scan holds (its floor, and the time of each record it accounted for): the shop had
 * reached it before any run from that cursor began, so an edit stamped at or before it was read by every such run.
 * A record stamped in the shop's future raises it (an edit between a run and its repeat stamped below that record
 * is then not emitted on its own: docs/poll.md).
 */
export function readUpTo(scan: ScanState | undefined): string | undefined {
	if (!scan) return undefined;
	// a record deleted since keeps its time (`reached`): restored with its old stamps, it is no new edit
	return Object.keys(scan.seen).reduce(
		(latest, time) => (time > latest ? time : latest),
		scan.reached !== undefined && scan.reached > scan.floor ? scan.reached : scan.floor,
	);
}

/**
 * Whether a record created at or after `upTo` (readUpTo) was edited since, by its own stamps: an `updated_at` other
 * than its `created_at`. Later, the edit is after `upTo` too; earlier, the shop's clock stepped back after the
 * creation (an edit stamped before its record's birth is an edit all the same).
 */
export function editedSince(record: IDataObject | undefined, upTo: string): boolean {
	const created = shopTimeOf(record?.created_at);
	const updated = shopTimeOf(record?.updated_at);
	// created at or after the cursor's times: a record new since it, not one restored with its old stamps (issue 41
	// #9: a page trashed before the activation and restored after it is created only)
	return created !== undefined && updated !== undefined && created >= upTo && updated !== created;
}

/**
 * The changes of a poll with, after each creation of a record edited since it was created and since `upTo`,
 * that edit as an `updated` change of its own (the same record and state): the creation's key ignores its state,
 * so an edit made between a run and its repeat reaches a workflow that drops repeated keys. No `upTo` (a list
 * without a scan): the changes as they are.
 */
export function withLaterEdit<C extends Emitted>(changes: C[], upTo: string | undefined): C[] {
	if (upTo === undefined) return changes;
	const out: C[] = [];
	for (const change of changes) {
		out.push(change);
		if (change.kind === 'created' && editedSince(change.record, upTo))
			out.push({ ...change, kind: 'updated' });
	}
	return out;
}
