import type { IDataObject } from 'n8n-workflow';

import { seqOf } from './changeKey';
import { loadId, storedId } from './decimalId';
import { LEGACY_MARK, type ChangeKind } from './fingerprint';
import { encodeIds, idsFromRuns } from './knownIds';
import { digestKeys, type ScanState } from './scan';
import type { PollPlan } from './strategy';

/** The whole cursor of a poll trigger (static data `cursor`): only the shop's own ids, times and fingerprints. Pure. */
export interface PollState {
	v: 2;
	/** 2: its fingerprints are fingerprint()'s, or marked as version 1's (LEGACY_MARK) where read from before. */
	fp?: 2;
	/** What it watches (resource and the ids of its path): another value starts over. */
	watch: string;
	/** keyed lists: the highest id accounted for (a number; decimal text beyond 2^53: decimalId.ts). */
	maxId?: number | string;
	/** keyed lists watched for deletions: the known ids up to maxId, as the text of knownIds.ts. */
	ids?: string;
	/** Ids at or below it are no longer looked for when deleted (the lowest forgotten beyond knownIds.ts's bound). */
	liveFloor?: number | string;
	/** Where the count is known to be off its list (countSearch.ts): ids as knownIds.ts's text, a number. */
	countOff?: { unlisted?: string; uncounted?: string; unplaced?: number };
	/** The known ids as a cursor saved before kept them (runs of consecutive ids): read once, never written. */
	live?: string;
	/** The scan by updated_at (or created_at). */
	scan?: ScanState;
	/** Fingerprinted lists: id → fingerprint of the last reading. */
	known?: Record<string, string>;
	/** The longest page the shop was seen to fill: a shorter page ends a read. */
	full?: number;
	/** Scoped lists: the parent (product, theme) was found gone and its records reported deleted (parent.ts). */
	parentGone?: true;
	/** What was reported of each record (ledger/ledger.ts), or `over` past its bound. */
	ledger?: string;
	/** n8n's clock (ms) at the last whole reading (ledger/auditParts.ts). */
	audited?: number;
	/**
	 * An audit read in parts (ledger/auditParts.ts): where its reading goes on and which of the ledger's keys it read
	 * (`seen`: a bitset in the ledger's order, base64). While it is there, polls read its parts, not their fast reads.
	 */
	audit?: AuditCursor;
	/** Keys a cursor saved before `suspects` kept waiting for their Get: read once as suspects, never written. */
	pending?: string[];
	/** The fields the ledger's contents and the fingerprints of a whole list were made on (rules/shape.ts). */
	shape?: string;
	/** Records a reading lacked, waiting for a second observation that agrees (ledger/decide.ts). */
	suspects?: Suspects;
	/** The sequence number of the next poll that emits, part of each `deliveryKey` (changeKey.ts). */
	seq?: number;
}

/**
 * Where a whole read stopped by the poll's budget goes on (reads/wholeRead.ts): after the id `since` or at page `page`,
 * with what it learned: the last page's length (`prev`), the page size seen filled (`full`), the first page's length
 * (`first`), whether the bound's count was asked (`counted`).
 */
export interface WholeAt {
	since?: number | string;
	page?: number;
	prev?: number;
	full?: number;
	first?: number;
	counted?: 1;
	/** 1: records moved between the pages of an earlier part: the reading decides no deletion (ledger/decide.ts). */
	x?: 1;
	/** 1: an audit that takes every record's content afresh on the list's shape, comparing none (rules/shape.ts). */
	r?: 1;
	/**
	 * The readings again of an audit that was not complete (ledger/auditParts.ts): one more while the last showed a
	 * record the ledger lacked, up to MAX_READINGS_AGAIN; 1 in a cursor from before ended the audit.
	 */
	a?: number;
	/** 1: the last reading again showed no key new to the readings before (two in a row end a countless audit). */
	q?: 1;
	/** 1: an earlier part of this reading showed a record the ledger lacked. */
	g?: 1;
	/** The count asked before this reading (ledger/auditParts.ts): a reading that holds fewer is not complete. */
	n?: number;
	/**
	 * The records the reading before fell short of its count by, whole on its pages: a reading again short by as many
	 * agrees with it (a count off its list by that many), and is complete.
	 */
	d?: number;
}

/** An audit in parts, as the cursor keeps it (ledger/auditParts.ts): where it goes on, and the keys it read. */
export interface AuditCursor extends WholeAt {
	seen: string;
	/** The keys the audit's earlier readings showed, together (as `seen`; absent before a reading again). */
	all?: string;
}

/** The parts of the state a plan and a choice of events need. */
export type Tracker = 'maxId' | 'ids' | 'scan' | 'known';

/** The trackers a plan and a choice of events need. */
export function trackersOf(plan: PollPlan, events: ChangeKind[]): Tracker[] {
	if (plan.strategy === 'snapshot') return ['known'];
	if (plan.strategy === 'stamped') return ['scan'];
	const trackers: Tracker[] = ['maxId'];
	if (plan.stamp && events.includes('updated')) trackers.push('scan');
	if (plan.count && events.includes('deleted')) trackers.push('ids');
	return trackers;
}

/** What a trigger watches, as the cursor names it. */
export const watchOf = (resource: string, scope: string[]): string =>
	[resource, ...scope].join('/');

/** The stored state when it watches the same thing and has every tracker needed; else undefined (start over). */
export function usableState(
	stored: unknown,
	watch: string,
	trackers: Tracker[],
): PollState | undefined {
	if (!stored || typeof stored !== 'object') return undefined;
	// a copy: the poll works on it, and the static data changes only when the poll has succeeded
	const state = JSON.parse(JSON.stringify(stored)) as PollState & IDataObject;
	if (state.v !== 2 || state.watch !== watch) return undefined;
	const ids = trackers.includes('ids');
	if (ids && state.ids === undefined && typeof state.live === 'string') {
		const old = idsFromRuns(state.live, loadId(state.liveFloor));
		[state.ids, state.liveFloor] = [encodeIds(old.ids), storedId(old.floor)];
	}
	if (!trackers.every((t) => state[t] !== undefined)) return undefined;
	// a tracker no longer needed is dropped, so that adding its event again starts it afresh
	const kept: PollState = { v: 2, watch, full: state.full };
	for (const t of trackers) (kept as unknown as IDataObject)[t] = state[t] as IDataObject[string];
	if (ids) [kept.liveFloor, kept.countOff] = [state.liveFloor, state.countOff];
	if (state.parentGone === true) kept.parentGone = true;
	if (typeof state.ledger === 'string') kept.ledger = state.ledger;
	if (typeof state.shape === 'string') kept.shape = state.shape;
	if (typeof state.audited === 'number') kept.audited = state.audited;
	if (typeof state.audit === 'object' && typeof state.audit?.seen === 'string')
		kept.audit = state.audit;
	const suspects = suspectsOf(state);
	if (Object.keys(suspects).length > 0) kept.suspects = suspects;
	if (seqOf(state.seq) !== undefined) kept.seq = seqOf(state.seq);
	return upgraded(kept, state.fp === 2);
}

/** Earlier builds' forms as kept now: scan keys digested (seenKey), fingerprints before `fp: 2` marked (sameState). */
function upgraded(state: PollState, fp2: boolean): PollState {
	if (state.scan?.seen) state.scan = { ...state.scan, seen: digestKeys(state.scan.seen) };
	const stored = fp2 ? [] : [state.known ?? {}, ...Object.values(state.scan?.seen ?? {})];
	for (const fingerprints of stored)
		for (const [id, fp] of Object.entries(fingerprints))
			if (!fp.startsWith(LEGACY_MARK)) fingerprints[id] = LEGACY_MARK + fp;
	return { ...state, fp: 2 };
}

/** A suspect as the cursor keeps it (`suspects` by key; ledger/decide.ts): n8n's clock in minutes. */
export interface Suspect {
	/** When a reading first lacked it. */
	l: number;
	/**
	 * Held, asked no more until HOLD_MS after `l`: 2, its Get answered the record (a trash, or a record every reading
	 * skips: the count tells, ledger/verify.ts); 1, its Get answered nothing clear (403, 500).
	 */
	h?: 1 | 2;
	/** 1: no reading lacked it (a creation a run n8n did not keep reported): its Get's `gone` is a first observation. */
	w?: 1;
}

export type Suspects = Record<string, Suspect>;

/** The suspects of a cursor: `suspects`, or a cursor's `pending` keys from before (lacked long ago, not held). */
export function suspectsOf(stored: { suspects?: unknown; pending?: unknown }): Suspects {
	const out: Suspects = {};
	if (Array.isArray(stored.pending)) for (const key of stored.pending) out[String(key)] = { l: 0 };
	const given = (stored.suspects ?? {}) as Record<string, Suspect | null>;
	for (const [key, s] of Object.entries(given)) {
		if (typeof s?.l !== 'number' || !Number.isFinite(s.l)) continue;
		out[key] =
			s.h === 1 || s.h === 2 ? { l: s.l, h: s.h } : s.w === 1 ? { l: s.l, w: 1 } : { l: s.l };
	}
	return out;
}
