/**
 * How the changes of one record between two reads FOLD into what a poll may emit. Pure; the history checker
 * (model.ts) and the fix helpers rely on it, and fold.test.ts holds its table.
 *
 * A poll sees states, not writes. The record's state is `null` (absent) or its value (the fields the history
 * changes, as text). `last` is the state the workflow last received for the record (its baseline at activation,
 * then what each emitted change said: a creation or update gives its value, a deletion null). `states` are the
 * states the record went through since, in order; the last of them is the one the poll read. Then:
 *
 * | last   | states since             | the poll emits                                                      |
 * |--------|--------------------------|---------------------------------------------------------------------|
 * | null   | ... ends in v            | `created` (v): created + updates fold into one creation, latest state |
 * | null   | ... ends in null         | nothing: created + deleted is no change                              |
 * | v0     | ... ends in null         | `deleted`                                                            |
 * | v0     | ... ends in v1 ≠ v0      | `updated` (v1): updates fold into one; after a deletion in between   |
 * |        |                          | (deleted + created under the same id) `created` is accepted too      |
 * | v0     | ... ends in v0, no null  | nothing, or `updated` (v0) where another value came between (A→B→A: |
 * |        |                          | its updated_at moved, so a poll may say so, once; issue 41)          |
 * | v0     | ... ends in v0, a null   | nothing, `updated` or `created` (optional): the id came back with   |
 * |        |                          | the same value; a poll cannot tell a restore from no change          |
 *
 * Deleted + created under the same id between two reads is an `updated` (or a `created`) of the new value: a poll
 * that reads the record present twice cannot know it was gone; `created` is accepted because a poll that sees a
 * new `created_at` may say so. Neither may be followed by another change for the same state.
 *
 * Events not watched: where updates are not watched, every present state is one value (the caller passes '');
 * a kind not watched is never expected (the workflow's `last` then stays as it was).
 */

export type ChangeKind = 'created' | 'updated' | 'deleted';

/** A record's state: absent (null) or its value as text. */
export type State = string | null;

export interface Expected {
	/** What the poll may emit; empty: nothing. */
	kinds: ChangeKind[];
	/** Whether emitting nothing is also right. */
	optional: boolean;
	/** The state the emitted change carries (null for a deletion or nothing). */
	state: State;
}

export function fold(
	last: State,
	states: State[],
	watched: ChangeKind[] = ['created', 'updated', 'deleted'],
): Expected {
	const end = states.length > 0 ? states[states.length - 1] : last;
	const goneBetween = states.slice(0, -1).includes(null) || (last !== null && end === null);
	let kinds: ChangeKind[];
	let optional = false;
	if (last === null) kinds = end === null ? [] : ['created'];
	else if (end === null) kinds = ['deleted'];
	else if (end !== last) kinds = goneBetween ? ['updated', 'created'] : ['updated'];
	else if (goneBetween) [kinds, optional] = [['updated', 'created'], true];
	else if (states.some((s) => s !== last)) [kinds, optional] = [['updated'], true];
	else kinds = [];
	const seen = kinds.filter((k) => watched.includes(k));
	if (seen.length === 0) return { kinds: [], optional: false, state: null };
	return { kinds: seen, optional, state: end };
}

/** Whether an emitted change (kind, and its state's value) is one the fold allows. */
export function allows(expected: Expected, kind: ChangeKind, state: State): boolean {
	if (!expected.kinds.includes(kind)) return false;
	return kind === 'deleted' || state === expected.state;
}

/** Whether the fold asks for a change (nothing emitted would lose it). */
export const owed = (expected: Expected): boolean =>
	expected.kinds.length > 0 && !expected.optional;
