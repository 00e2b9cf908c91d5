import type { IDataObject } from 'n8n-workflow';

import { attempt } from '../reads/answer';
import { loadKnown } from '../reads/keyedCount';
import type { ShopReader } from '../reads/reader';
import { readWholePart, type WholeAt } from '../reads/wholeRead';
import { readUpTo } from '../rules/changeKey';
import { fingerprint } from '../rules/fingerprint';
import { PastBound } from '../rules/snapshot';
import type { AuditCursor, PollState, Tracker } from '../rules/state';
import { baseline, type Change } from '../watch/poller';
import { judgeReading } from './decide';
import { keysInOrder, ledgerKey, MAX_LEDGER, type Ledger } from './ledger';

/**
 * The audit (docs/poll.md, "Nothing learned is trusted"): at most once every AUDIT_EVERY_MS a poll reads the list whole
 * and holds every record against the ledger, within the poll's budget: a part reads pages until the budget (or the
 * ceiling) is spent, a page at least, and the next poll goes on where the cursor (`audit`) says, its fast reads
 * waiting. Only a reading made in one poll takes the fast cursor afresh (poller.ts baseline). I/O through the reader.
 *
 * `seen` is a bitset over the ledger's keys in order (12,000 records: about 2,000 characters), read against the
 * cursor's ledger and written against the one the poll leaves, so creations and deletions between parts shift nothing.
 */

/** What an audit's part is given (verify.ts Run adds the rest of a poll). */
export interface AuditRun {
	reader: ShopReader;
	watch: string;
	trackers: Tracker[];
	/** n8n's clock (ms): the audit's cadence, and its time where it completes. */
	now: number;
}

/** One poll's part of an audit. */
export interface AuditStep {
	findings: Change[];
	/** The ledger's keys a complete reading lacks: suspects (decide.ts judgeReading). None otherwise. */
	missing: string[];
	/** Whether this poll ended a complete reading (it decides the suspects it lacks). */
	complete: boolean;
	/** Whether the whole reading was made in this poll (it may take the list's shape afresh: rules/shape.ts). */
	onePoll: boolean;
	/** The keys the reading (with its readings before) showed, where it ended in this poll. */
	read?: Set<string>;
	/** The cursor after this poll (the ledger, `suspects` and `audit` are verify.ts's). */
	state: PollState;
	/** Where the reading goes on at the next poll, the keys it read so far, and those its earlier readings showed. */
	going?: { at: WholeAt; seen: Set<string>; all?: Set<string> };
}

/** One part of the audit from `stored` (an audit begun, or due); undefined where the list passed MAX_LEDGER. */
export async function auditPart(
	run: AuditRun,
	stored: PollState,
	ledger: Ledger,
): Promise<AuditStep | undefined> {
	const { reader } = run;
	const { key } = reader.plan;
	const begun = stored.audit;
	const seen = begun ? seenOf(begun.seen, ledger) : new Set<string>();
	const all = begun?.all ? seenOf(begun.all, ledger) : new Set<string>();
	// the count before the reading, as at every poll (a record deleted meanwhile stays counted, so the next poll's count
	// finds its deletion): a reading's first part asks it, its later parts keep it (`n`)
	const starts = begun === undefined || (begun.since === undefined && begun.page === undefined);
	const counted = !run.trackers.includes('ids')
		? undefined
		: starts
			? await reader.count({ since_id: 0 })
			: begun.n;
	const stop = () => reader.stops(true);
	const known = (k: string) => seen.has(ledgerKey(k));
	const { audit, ...rest } = stored;
	const part = await withinBound(
		async () => await readWholePart(reader, MAX_LEDGER, stop, audit, known, seen.size),
	);
	if (!part) return undefined;
	const { records, next } = part;
	const shifted = part.shifted === true || begun?.x === 1;
	const findings = asFindings(records, key);
	// whether this reading showed a record the ledger lacked (in this part or an earlier one: `g`)
	const grew = begun?.g === 1 || findings.some((c) => !ledger.has(ledgerKey(c.id)));
	const retaking = begun?.r ? { r: 1 as const } : {};
	// carried to the next part: re-taking contents (r), the count (n), a reading again (a, d, q), a record found (g)
	const carried = {
		...retaking,
		...(counted !== undefined ? { n: counted } : {}),
		...(begun?.a ? { a: begun.a } : {}),
		...(begun?.d ? { d: begun.d } : {}),
		...(begun?.q ? { q: 1 as const } : {}),
		...(grew ? { g: 1 as const } : {}),
	};
	for (const c of findings) seen.add(ledgerKey(c.id));
	const goesOn = (at: WholeAt, keys: Set<string>, before: Set<string>): AuditStep => ({
		findings,
		missing: [],
		complete: false,
		onePoll: false,
		state: rest,
		going: { at, seen: keys, all: before },
	});
	if (next)
		return goesOn({ ...next, ...(shifted ? { x: 1 as const } : {}), ...carried }, seen, all);
	// a reading that does not decide is read again from the start at the next poll (its records went through the guard
	// all the same, and the fast cursor stays)
	const again = begun?.a ?? 0;
	const verdict = judgeReading({
		ledger: [...ledger.keys()],
		seen,
		all,
		listed: counted === undefined ? undefined : listed(stored, counted),
		shifted,
		again,
		shortBefore: begun?.d,
		quietBefore: begun?.q === 1,
		grew,
	});
	const { complete, short, read } = verdict;
	// suspects the ledger no longer holds (a list back within its bound took it afresh) are missing too
	const away = Object.keys(stored.suspects ?? {}).filter((k) => !ledger.has(k) && !read.has(k));
	const missing = complete ? [...verdict.missing, ...away] : [];
	if (verdict.readAgain) {
		const counts = begun
			? { ...retaking, a: again + 1, ...(verdict.added ? {} : { q: 1 as const }) }
			: {};
		return goesOn({ ...counts, ...(short > 0 ? { d: short } : {}) }, new Set(), verdict.together);
	}
	const ended = { findings, missing, complete, read: verdict.together };
	if (begun) return { ...ended, onePoll: false, state: { ...rest, audited: run.now } };
	const fresh = await baseline(reader, run.watch, run.trackers, records, counted);
	const state = { ...fresh.state, seq: stored.seq, full: stored.full, audited: run.now };
	// the times the shop had reached stay reached (changeKey.ts readUpTo): a restore with old stamps is no edit
	const upTo = readUpTo(stored.scan);
	if (state.scan && upTo !== undefined && upTo > (readUpTo(state.scan) ?? ''))
		state.scan = { ...state.scan, reached: upTo };
	return { ...ended, onePoll: true, state };
}

/** A read's value; undefined where it passed its bound (PastBound). */
export async function withinBound<T>(read: () => Promise<T>): Promise<T | undefined> {
	const tried = await attempt(read);
	if (tried.ok) return tried.value;
	if (tried.error instanceof PastBound) return undefined;
	throw tried.error;
}

/** A whole reading as findings for the guard: every record as possibly updated (the guard tells which it is). */
function asFindings(records: IDataObject[], key: string): Change[] {
	return records
		.filter((r) => r[key] !== undefined && r[key] !== null)
		.map((r) => ({ kind: 'updated', id: String(r[key]), record: r, state: fingerprint(r) }));
}

/** The records a count says the list shows, where the cursor knows the count off its list (countSearch.ts). */
function listed(stored: PollState, counted: number): number {
	if (stored.ids === undefined) return counted;
	const { tally, unplaced } = loadKnown(stored);
	return counted - tally.unlisted.length - unplaced + tally.uncounted.length;
}

/** The cursor's record of an audit going on, against the ledger the poll leaves. */
export const auditCursorOf = (going: AuditStep['going'] & object, ledger: Ledger): AuditCursor => ({
	...going.at,
	seen: encodeSeen(going.seen, ledger),
	...(going.all?.size ? { all: encodeSeen(going.all, ledger) } : {}),
});

/** The keys of `seen` the ledger holds, as a bitset over its keys in order (base64). */
export function encodeSeen(seen: Set<string>, ledger: Ledger): string {
	const keys = keysInOrder(ledger);
	const bytes = new Uint8Array(Math.ceil(keys.length / 8));
	for (const [i, k] of keys.entries()) if (seen.has(k)) bytes[i >> 3] |= 1 << (i & 7);
	let end = bytes.length;
	while (end > 0 && bytes[end - 1] === 0) end--;
	return Buffer.from(bytes.subarray(0, end)).toString('base64');
}

/** The keys a bitset (encodeSeen) marks, over the ledger's keys in order. */
export function seenOf(text: string, ledger: Ledger): Set<string> {
	const bytes = Buffer.from(text, 'base64');
	const marked = (i: number) => i >> 3 < bytes.length && (bytes[i >> 3] & (1 << (i & 7))) !== 0;
	return new Set(keysInOrder(ledger).filter((_, i) => marked(i)));
}
