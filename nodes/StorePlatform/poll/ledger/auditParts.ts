import { attempt } from '../reads/answer';
import type { ShopReader } from '../reads/reader';
import { loadKnown } from '../reads/keyedCount';
import { readWholePart, type WholeAt } from '../reads/wholeRead';
import { PastBound } from '../rules/pastBound';
import type { AuditCursor, PollState, Tracker } from '../rules/state';
import { baseline, type Change } from '../watch/poller';
import { readUpTo } from '../rules/changeKey';
import { asFindings } from './audit';
import { judgeReading } from './decide';
import { keysInOrder, ledgerKey, MAX_LEDGER, type Ledger } from './ledger';

/**
 * The audit within the poll's budget: a part reads pages until the budget (or the ceiling) is spent, a page at least,
 * and an audit one poll cannot hold goes on at the next (docs/poll.md, "Within the poll's budget"). I/O through the
 * reader (reads/wholeRead.ts).
 *
 * Its records go through the guard as they come (audit.ts); where the reading goes on is kept in the cursor (`audit`).
 * Meanwhile polls read parts instead of their fast reads, whose cursor waits. Only the complete reading's missing keys
 * are suspects (decide.ts; a record that moved between pages read in different polls is still there). Only a reading
 * made in one poll takes the fast cursor afresh (start.ts baseline); after one in parts it is kept and catches up.
 *
 * `seen` is a bitset over the ledger's keys in its text's order, base64, trailing zero bytes left out (12,000 records:
 * about 2,000 characters), read against the cursor's ledger and written against the one the poll leaves, so creations
 * and deletions between parts shift nothing.
 */

export interface AuditRun {
	reader: ShopReader;
	watch: string;
	trackers: Tracker[];
	/** n8n's clock (ms): the audit's time, where it completes. */
	now: number;
}

/** One poll's part of an audit. */
export interface AuditStep {
	/** The records read, as findings for the guard (audit.ts asFindings). */
	findings: Change[];
	/**
	 * The ledger's keys the reading lacks, where it is complete (read to its end, no record moved between its pages, as
	 * many records as the count said): suspects (decide.ts). None otherwise: such a reading decides no deletion.
	 */
	missing: string[];
	/** Whether this poll ended a complete reading (decide.ts: it decides the suspects it lacks). */
	complete: boolean;
	/** Whether the whole reading was made in this poll (it may take the list's shape afresh: rules/shape.ts). */
	onePoll: boolean;
	/** The keys the reading (with its readings before) showed, where it ended in this poll. */
	read?: Set<string>;
	/** The cursor after this poll (the ledger, `pending` and `audit` are verify.ts's). */
	state: PollState;
	/**
	 * Where the reading goes on at the next poll, the keys it read so far and those its earlier readings showed
	 * (`all`); undefined once it is complete.
	 */
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
	// the count before the reading, as at every poll: a record deleted meanwhile stays counted, so the next poll's count
	// finds its deletion. A reading's first part asks it (kept in the cursor for its later parts, `n`). Only a reading
	// made in one poll gives a fresh cursor
	const starts = begun === undefined || (begun.since === undefined && begun.page === undefined);
	const counted = !run.trackers.includes('ids')
		? undefined
		: starts
			? await reader.count({ since_id: 0 })
			: begun.n;
	const stop = () => reader.spent() || reader.limits.expired();
	const { audit, ...rest } = stored;
	const tried = await attempt(
		async () =>
			await readWholePart(
				reader,
				MAX_LEDGER,
				stop,
				audit,
				(k) => seen.has(ledgerKey(k)),
				seen.size,
			),
	);
	if (!tried.ok) {
		if (tried.error instanceof PastBound) return undefined;
		throw tried.error;
	}
	const { records, next } = tried.value;
	const shifted = tried.value.shifted === true || begun?.x === 1;
	// carried to the next part: re-taking contents (r), a reading again (a, q), a record found (g)
	const findings = asFindings(records, key);
	// whether this reading showed a record the ledger lacked (in this part or an earlier one: `g`)
	const grew = begun?.g === 1 || findings.some((c) => !ledger.has(ledgerKey(c.id)));
	const retaking = begun?.r ? { r: 1 as const } : {};
	const carried = {
		...retaking,
		...(counted !== undefined ? { n: counted } : {}),
		...(begun?.a ? { a: begun.a } : {}),
		...(begun?.d ? { d: begun.d } : {}),
		...(begun?.q ? { q: 1 as const } : {}),
		...(grew ? { g: 1 as const } : {}),
	};
	for (const c of findings) seen.add(ledgerKey(c.id));
	if (next)
		return {
			findings,
			missing: [],
			complete: false,
			state: rest,
			onePoll: false,
			going: {
				at: { ...next, ...(shifted ? { x: 1 as const } : {}), ...carried },
				seen,
				all,
			},
		};
	// the reading's verdict (decide.ts judgeReading): one that does not decide is read again from the start at the next
	// poll, while that can still help; its records went through the guard all the same, and the fast cursor stays
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
	if (verdict.readAgain)
		return {
			findings,
			missing: [],
			complete: false,
			onePoll: false,
			state: rest,
			going: {
				at: {
					...(begun
						? { ...retaking, a: again + 1, ...(verdict.added ? {} : { q: 1 as const }) }
						: {}),
					...(short > 0 ? { d: short } : {}),
				},
				seen: new Set(),
				all: verdict.together,
			},
		};
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
	keys.forEach((k, i) => {
		if (seen.has(k)) bytes[i >> 3] |= 1 << (i & 7);
	});
	let end = bytes.length;
	while (end > 0 && bytes[end - 1] === 0) end--;
	return Buffer.from(bytes.subarray(0, end)).toString('base64');
}

/** The keys a bitset (encodeSeen) marks, over the ledger's keys in order. */
export function seenOf(text: string, ledger: Ledger): Set<string> {
	const bytes = Buffer.from(text, 'base64');
	const seen = new Set<string>();
	keysInOrder(ledger).forEach((k, i) => {
		if (i >> 3 < bytes.length && (bytes[i >> 3] & (1 << (i & 7))) !== 0) seen.add(k);
	});
	return seen;
}
