import type { IDataObject } from 'n8n-workflow';

import { attempt } from '../reads/attempt';
import type { ChangeKind } from '../rules/fingerprint';
import { PastBound } from '../rules/pastBound';
import type { Change, PollOutcome } from '../watch/poller';
import type { ShopReader } from '../reads/reader';
import type { PollState, Tracker } from '../rules/state';
import { auditDue } from './audit';
import { auditCursorOf, auditPart, type AuditStep } from './auditParts';
import { confirmGone, MAX_CONFIRMS } from './confirm';
import { contentOf, ENTRY_LENGTH } from './digest';
import { guard } from './guard';
import { decodeLedger, encodeLedger, ledgerOf, MAX_LEDGER, OVER, type Ledger } from './ledger';
import { readWhole } from '../reads/wholeRead';

/**
 * One poll with the ledger's checks (the room's entry; I/O through the reader and `fast`, the fast reads).
 *
 * - Activation: the fast reads take their start; the ledger is made of the records they read.
 * - A poll: the fast reads' findings go through the guard (guard.ts) before anything is emitted; or, when the
 *   audit is due (audit.ts) or one is going on, the part of the list the poll's budget holds (auditParts.ts)
 *   goes through it instead; an audit read whole in one poll takes the fast reads' cursor afresh from its
 *   reading, an audit in parts keeps it.
 * - Deletions (the guard's, the audit's, those waiting in the cursor) are confirmed by the record's own Get
 *   (confirm.ts) where the list has one; a record it finds still there stays in the ledger.
 * - A cursor saved before the ledger gets one from a whole reading, and that poll's findings are emitted as the
 *   fast reads give them. Lists compared whole at every poll (`snapshot`) need no ledger: their deletions are
 *   confirmed (confirmSnapshot).
 */

export interface Run {
	reader: ShopReader;
	watch: string;
	trackers: Tracker[];
	events: ChangeKind[];
	/** n8n's clock (ms): only for the audit's cadence. */
	now: number;
	/**
	 * n8n's clock (ms) at this node's last audit in this n8n process: n8n saves the static data of a poll that
	 * emits only, so a quiet audit's `audited` may be lost (the durable scheduler without durable cursors), and
	 * every poll would read the list whole.
	 */
	lastAudit?: number;
	/** The fast reads of one poll from `stored` (poller.ts runPoll). */
	fast: (stored: PollState | undefined) => Promise<PollOutcome>;
}

export async function verifiedPoll(run: Run, stored: PollState | undefined): Promise<PollOutcome> {
	const { reader } = run;
	const { plan } = reader;
	if (plan.strategy === 'snapshot') return await confirmSnapshot(run, stored);
	if (!stored) {
		const outcome = await run.fast(undefined);
		const ledger = outcome.records ? ledgerOf(outcome.records, plan.key) : undefined;
		outcome.state.ledger = ledger ? encodeLedger(ledger) : OVER;
		outcome.state.audited = run.now;
		delete outcome.records;
		return outcome;
	}
	if (stored.ledger === undefined) return await firstLedger(run, stored);
	const ledger = decodeLedger(stored.ledger, ENTRY_LENGTH);
	if (!ledger) return await withoutLedger(run, stored);

	let findings: Change[];
	let state: PollState;
	let missing: string[] = [];
	let going: AuditStep['going'];
	if (stored.audit || auditDue(latest(stored.audited, run.lastAudit), run.now)) {
		// the audit, or the next part of one the poll's budget could not hold (auditParts.ts)
		const step = await auditPart(run, stored, ledger);
		// grown past the ledger's bound (a bulk import): its fast reads alone from now on
		if (!step) return { ...(await withoutLedger(run, stored)), baseline: false };
		({ findings, missing, state, going } = step);
	} else {
		const outcome = await run.fast(stored);
		findings = outcome.changes;
		state = outcome.state;
	}
	// the stamps the guard reads (digest.ts: the birth and the minutes edited), checked where it relies on them:
	// a form no rule reads is one clear error, never every record another birth (deleted and created again)
	const judged = findings.flatMap((c) => (c.record ? [c.record] : []));
	for (const field of ['created_at', 'updated_at']) reader.checkStamps(judged, field);
	const guarded = guard(findings, ledger, run.events);
	// the state a key holds (changeKey.ts) is the ledger's content: a repeat that reads the record after a change of
	// the shop's zone or of its stamps' form gives the same change the same key
	const changes = guarded.emit.map((c) => (c.record ? { ...c, state: contentOf(c.record) } : c));
	const candidates = [...(stored.pending ?? []), ...guarded.confirm, ...missing];
	delete state.pending;
	if (candidates.length > 0) {
		const waiting = await removeGone(run, ledger, candidates, changes);
		if (waiting.length > 0) state.pending = waiting;
	}
	state.ledger = encodeLedger(ledger);
	if (going) state.audit = auditCursorOf(going, ledger);
	// the last audit this process made, where the cursor it saved was lost (Run.lastAudit)
	state.audited = latest(state.audited, run.lastAudit);
	return { changes: oneEach(changes), state, baseline: false };
}

/**
 * Removes from the ledger the records whose Get answers gone (each a `deleted` change where deletions are
 * watched); returns the keys not asked in this poll. A list without a Get by key takes the finding as it is.
 */
async function removeGone(
	run: Run,
	ledger: Ledger,
	candidates: string[],
	changes: Change[],
): Promise<string[]> {
	const held = [...new Set(candidates)].filter((id) => ledger.has(id));
	const gone = (id: string) => {
		ledger.delete(id);
		if (run.events.includes('deleted')) changes.push({ kind: 'deleted', id, state: '' });
	};
	if (!run.reader.asksOne) {
		// no Get to ask: where deletions are watched the finding is taken as it is; else the record stays in the
		// ledger (a record not reported gone is never reported created again)
		if (run.events.includes('deleted')) held.forEach(gone);
		return [];
	}
	const confirmed = await confirmGone(held, getOneOf(run), MAX_CONFIRMS, stoppedOf(run));
	confirmed.gone.forEach(gone);
	return confirmed.waiting;
}

/** The later of two times, either may be missing. */
const latest = (a: number | undefined, b: number | undefined): number | undefined =>
	a === undefined ? b : b === undefined ? a : Math.max(a, b);

const getOneOf = (run: Run) => async (id: string) => await run.reader.getOne(id);

/**
 * Whether a poll stops confirming: at the ceiling (a Get past it fails the poll, and the next poll would do the
 * same), or past the budget once one was asked (n8n abandons a poll past its budget).
 */
const stoppedOf =
	(run: Run) =>
	(asked: number): boolean =>
		run.reader.spent() || (asked > 0 && run.reader.limits.expired());

/** One change per key and kind (a deletion and a creation of one id handed out again stay apart, in order). */
function oneEach(changes: Change[]): Change[] {
	const seen = new Set<string>();
	return changes.filter((c) => {
		const k = `${c.kind}:${c.id}`;
		if (seen.has(k)) return false;
		seen.add(k);
		return true;
	});
}

/**
 * The list read whole for a ledger; undefined past MAX_LEDGER records (the read stops there, or at once where the
 * count says more): a list grown past what one poll may read would fail every poll at the ceiling.
 */
async function readBounded(reader: ShopReader): Promise<IDataObject[] | undefined> {
	const tried = await attempt(async () => await readWhole(reader, MAX_LEDGER));
	if (tried.ok) return tried.value;
	if (tried.error instanceof PastBound) return undefined;
	throw tried.error;
}

/**
 * A list past the ledger's bound: its fast reads alone. Deletions still waiting for their Get (the poll that took
 * the ledger past its bound left them: the fast reads dropped their ids already) are confirmed here, else they
 * would never come.
 */
async function withoutLedger(run: Run, stored: PollState): Promise<PollOutcome> {
	const outcome = await run.fast(stored);
	const waiting = stored.pending ?? [];
	delete outcome.state.pending;
	delete outcome.state.audit;
	outcome.state.ledger = OVER;
	if (waiting.length === 0) return outcome;
	const confirmed = run.reader.asksOne
		? await confirmGone(waiting, getOneOf(run), MAX_CONFIRMS, stoppedOf(run))
		: { gone: waiting, waiting: [] };
	for (const id of confirmed.gone) outcome.changes.push({ kind: 'deleted', id, state: '' });
	if (confirmed.waiting.length > 0) outcome.state.pending = confirmed.waiting;
	outcome.changes = oneEach(outcome.changes).filter((c) => run.events.includes(c.kind));
	return outcome;
}

/**
 * A cursor saved before the ledger: the ledger is taken from a whole reading made before the fast reads, and
 * their findings are emitted as they give them (the ledger follows them), as that version did.
 */
async function firstLedger(run: Run, stored: PollState): Promise<PollOutcome> {
	const records = await readBounded(run.reader);
	const outcome = await run.fast(stored);
	const ledger = records ? ledgerOf(records, run.reader.plan.key) : undefined;
	if (ledger) guard(outcome.changes, ledger, []);
	for (const c of outcome.changes) if (c.kind === 'deleted') ledger?.delete(c.id);
	outcome.state.ledger = ledger ? encodeLedger(ledger) : OVER;
	outcome.state.audited = run.now;
	return outcome;
}

/**
 * A list compared whole at every poll: a record missing from two readings is reported deleted only where its Get
 * answers gone; one still there (or not asked yet) keeps its fingerprint, so the next poll looks again.
 */
async function confirmSnapshot(run: Run, stored: PollState | undefined): Promise<PollOutcome> {
	const outcome = await run.fast(stored);
	delete outcome.records;
	const deleted = outcome.changes.filter((c) => c.kind === 'deleted');
	if (!stored?.known || deleted.length === 0 || !run.reader.asksOne) return outcome;
	const confirmed = await confirmGone(
		deleted.map((c) => c.id),
		getOneOf(run),
		MAX_CONFIRMS,
		stoppedOf(run),
	);
	const gone = new Set(confirmed.gone);
	const known = { ...(outcome.state.known ?? {}) };
	for (const c of deleted)
		if (!gone.has(c.id) && stored.known[c.id]) known[c.id] = stored.known[c.id];
	outcome.state = { ...outcome.state, known };
	outcome.changes = outcome.changes.filter((c) => c.kind !== 'deleted' || gone.has(c.id));
	return outcome;
}
