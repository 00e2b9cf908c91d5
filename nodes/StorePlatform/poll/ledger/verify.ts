import type { IDataObject } from 'n8n-workflow';

import { attempt } from '../reads/answer';
import { countedAt } from '../reads/keyedCount';
import type { ChangeKind } from '../rules/fingerprint';
import { PastBound } from '../rules/pastBound';
import type { Change, PollOutcome } from '../watch/poller';
import type { ShopReader } from '../reads/reader';
import type { PollState, Tracker } from '../rules/state';
import { auditDue } from './audit';
import { auditCursorOf, auditPart, type AuditStep } from './auditParts';
import {
	decideSuspects,
	guard,
	lackedAgain,
	suspectsOf,
	unauditedReadings,
	type Asking,
	type Readings,
	type Suspect,
	type Suspects,
} from './decide';
import { contentOf, unread } from './digest';
import {
	decodeLedger,
	holdsContent,
	encodeLedger,
	isDigested,
	ledgerKey,
	ledgerOf,
	MAX_LEDGER,
	OVER,
	type Ledger,
} from './ledger';
import { readWhole } from '../reads/wholeRead';
import { readShape, shapeOf, shapesOf } from '../rules/shape';

/**
 * One poll with the ledger's checks (the room's entry; I/O through the reader and `fast`, the fast reads). What changed
 * is decided in decide.ts alone; this file gathers what the poll read and hands it there.
 *
 * - Activation: the fast reads take their start; the ledger and the list's shape are made of the records read.
 * - A poll: the fast reads' findings, or the audit's part (audit.ts, auditParts.ts), go to decide.ts's guard; an audit
 *   read whole in one poll takes the fast cursor and the shape afresh, an audit in parts keeps them.
 * - A cursor saved before the ledger, or a list back within its bound, gets one from a whole reading. Snapshot lists
 *   keep fingerprints, not a ledger; their deletions are decided alike (confirmSnapshot).
 */

export interface Run {
	reader: ShopReader;
	watch: string;
	trackers: Tracker[];
	events: ChangeKind[];
	/** n8n's clock (ms): only for the audit's cadence. */
	now: number;
	/**
	 * n8n's clock (ms) at this node's last audit in this process: a quiet poll's cursor may not be saved, and without
	 * this every poll would read the list whole.
	 */
	lastAudit?: number;
	/** Deletions a run n8n did not keep reported (node/lostRuns.ts): forgotten, so a restore comes as created. */
	told?: string[];
	/**
	 * Creations a run n8n did not keep reported: where the kept ledger lacks the record and this poll did not read it, a
	 * suspect (its Get decides), so a deletion before the kept run read it still comes.
	 */
	toldCreated?: string[];
	/** The fast reads of one poll from `stored` (poller.ts runPoll). */
	fast: (stored: PollState | undefined) => Promise<PollOutcome>;
}

/** Whether a list's ledger keeps births alone: its records show no update, so it has no content to compare. */
const birthsOnly = (events: ChangeKind[]): boolean => !events.includes('updated');

export async function verifiedPoll(run: Run, stored: PollState | undefined): Promise<PollOutcome> {
	const { reader } = run;
	const { plan } = reader;
	if (plan.strategy === 'snapshot') return await confirmSnapshot(run, stored);
	if (!stored) {
		const outcome = await run.fast(undefined);
		const shape = outcome.records ? shapeOf(outcome.records) : undefined;
		const ledger = outcome.records
			? ledgerOf(outcome.records, plan.key, readShape(shape), birthsOnly(plan.events))
			: undefined;
		outcome.state.ledger = ledger ? encodeLedger(ledger) : OVER;
		if (ledger) outcome.state.shape = shape;
		outcome.state.audited = run.now;
		delete outcome.records;
		return outcome;
	}
	const births = birthsOnly(plan.events);
	// births alone where the list now shows updates: taken afresh
	const lacksContent = typeof stored.ledger === 'string' && !births && !holdsContent(stored.ledger);
	if (stored.ledger === undefined || lacksContent) return await firstLedger(run, stored);
	const ledger = decodeLedger(stored.ledger, births);
	for (const id of run.told ?? []) ledger?.delete(ledgerKey(id));
	if (!ledger) {
		// past its bound: at the audit's cadence, a ledger again where the list is back within it
		if (auditDue(latest(stored.audited, run.lastAudit), run.now))
			return await firstLedger(run, stored);
		return await withoutLedger(run, stored);
	}

	let findings: Change[];
	let state: PollState;
	let missing: string[] = [];
	let complete = false;
	let onePoll = false;
	let read: Set<string> | undefined;
	let going: AuditStep['going'];
	const auditing =
		stored.audit !== undefined || auditDue(latest(stored.audited, run.lastAudit), run.now);
	if (auditing) {
		// the audit, or its next part (auditParts.ts)
		const step = await auditPart(run, stored, ledger);
		// past the ledger's bound (a bulk import): its fast reads alone until within it again
		if (!step) return { ...(await withoutLedger(run, stored)), baseline: false };
		({ findings, missing, state, going, complete, onePoll, read } = step);
	} else {
		const outcome = await run.fast(stored);
		findings = outcome.changes;
		state = outcome.state;
	}
	// the stamps the guard reads (digest.ts), checked: a form no rule reads is one clear error, not every record reborn
	const judged = findings.flatMap((c) => (c.record ? [c.record] : []));
	for (const field of ['created_at', 'updated_at']) reader.checkStamps(judged, field);
	// an audit that takes every content afresh on the list's shape goes on (a field was dropped)
	const retaking = stored.audit?.r === 1;
	const shapes = shapesOf(stored.shape, retaking, judged, onePoll);
	state.shape = shapes.text;
	// a field dropped: an audit takes every record afresh (at once: this part's reading starts over)
	if (shapes.retake && going) going = { at: { r: 1 }, seen: new Set() };
	else if (shapes.retake && !onePoll) state.audit = { seen: '', r: 1 };
	const guarded = guard(findings, ledger, run.events, shapes, births);
	// a reading that took every content on a new shape: what it did not show holds a content of the shape before
	const retook = retaking || (onePoll && state.shape !== stored.shape);
	if (read && retook) for (const [k, e] of ledger) if (!read.has(k)) ledger.set(k, unread(e));
	// a key's state is the ledger's content: unmoved by a change of the shop's zone or of its stamps' form
	const changes = guarded.emit.map((c) => (c.record ? { ...c, state: contentOf(c.record) } : c));
	const held = new Set(findings.filter((c) => c.record).map((c) => ledgerKey(c.id)));
	const lacked = [
		...[...guarded.confirm, ...missing].filter(
			(k) => ledger.has(k) || k in (stored.suspects ?? {}),
		),
		...(run.toldCreated ?? []).map(ledgerKey).filter((k) => !ledger.has(k) && !held.has(k)),
	];
	// only a complete reading decides here: the count search's suspects are asked by Get (on a list that ignores
	// `since_id` it lacks records that are there, at every poll)
	const readings = { lacked, decides: () => complete, held: (k: string) => held.has(k) };
	state.suspects = await decided(run, stored, readings, (id) => {
		ledger.delete(id);
		if (run.events.includes('deleted') && !isDigested(id))
			changes.push({ kind: 'deleted', id, state: '' });
	});
	state.ledger = encodeLedger(ledger);
	if (going) state.audit = auditCursorOf(going, ledger);
	// this process's last audit, where the cursor it saved was lost (Run.lastAudit)
	state.audited = latest(state.audited, run.lastAudit);
	return { changes: oneEach(changes), state, baseline: false };
}

/** This poll's readings and the suspects `stored` keeps, decided (decide.ts); `deleted` for each key decided gone. */
const decided = async (
	run: Run,
	stored: PollState,
	readings: Omit<Readings, 'now'>,
	deleted: (id: string) => void,
): Promise<Suspects | undefined> =>
	await decideSuspects(suspectsOf(stored), readings, askingOf(run), deleted);

/** The shop's word on single records, through the reader. */
const askingOf = (run: Run): Asking => ({
	now: run.now,
	watched: run.events.includes('deleted'),
	getOne: run.reader.asksOne ? async (id) => await run.reader.getOne(id) : undefined,
	counted: async (key) => await countedAt(run.reader, key),
	// at the ceiling (a Get past it fails), or past the budget once one was asked
	stopped: (asked) => run.reader.spent() || (asked > 0 && run.reader.limits.expired()),
});

/** The later of two times, either may be missing. */
const latest = (a: number | undefined, b: number | undefined): number | undefined =>
	a === undefined ? b : b === undefined ? a : Math.max(a, b);

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
 * The list read whole for a ledger; undefined past MAX_LEDGER records: a list grown past what one poll may read would
 * fail every poll at the ceiling.
 */
async function readBounded(reader: ShopReader): Promise<IDataObject[] | undefined> {
	const tried = await attempt(async () => await readWhole(reader, MAX_LEDGER));
	if (tried.ok) return tried.value;
	if (tried.error instanceof PastBound) return undefined;
	throw tried.error;
}

/** A list past the ledger's bound: its fast reads alone, their deletions still asked by Get (decide.ts). */
async function withoutLedger(run: Run, stored: PollState): Promise<PollOutcome> {
	const outcome = await run.fast(stored);
	delete outcome.state.audit;
	outcome.state.ledger = OVER;
	const found = outcome.changes.filter((c) => c.kind === 'deleted').map((c) => c.id);
	const changes = outcome.changes.filter((c) => c.kind !== 'deleted');
	const held = new Set(changes.map((c) => c.id));
	const readings = await unauditedReadings(suspectsOf(stored), found, held, askingOf(run));
	outcome.state.suspects = await decided(run, stored, readings, (id) =>
		changes.push({ kind: 'deleted', id, state: '' }),
	);
	outcome.changes = oneEach(changes).filter((c) => run.events.includes(c.kind));
	return outcome;
}

/**
 * A cursor saved before the ledger, or one past its bound at the audit's cadence: the ledger comes from a whole reading
 * made before the fast reads, whose findings are emitted as they give them. Still past the bound (its count: one
 * request), it stays without.
 */
async function firstLedger(run: Run, stored: PollState): Promise<PollOutcome> {
	const records = await readBounded(run.reader);
	if (!records) {
		const outcome = await withoutLedger(run, stored);
		outcome.state.audited = run.now;
		return outcome;
	}
	const outcome = await run.fast(stored);
	const shape = shapeOf(records);
	const births = birthsOnly(run.reader.plan.events);
	const ledger = ledgerOf(records, run.reader.plan.key, readShape(shape), births) as Ledger;
	outcome.state.shape = shape;
	guard(outcome.changes, ledger, [], undefined, births);
	const changes = outcome.changes.filter((c) => c.kind !== 'deleted');
	const found = outcome.changes.filter((c) => c.kind === 'deleted');
	// the whole reading made before lacks it too: two readings agree; one it holds is a suspect
	const held = new Set(changes.map((c) => ledgerKey(c.id)));
	for (const c of found) if (!ledger.has(ledgerKey(c.id))) changes.push(c);
	const lacked = found.filter((c) => ledger.has(ledgerKey(c.id)));
	const readings = {
		lacked: lacked.map((c) => c.id),
		decides: () => false,
		held: (k: string) => held.has(k),
	};
	outcome.state.suspects = await decided(run, stored, readings, (id) => {
		ledger.delete(id);
		changes.push({ kind: 'deleted', id, state: '' });
	});
	outcome.changes = oneEach(changes).filter((c) => run.events.includes(c.kind));
	outcome.state.ledger = encodeLedger(ledger);
	outcome.state.audited = run.now;
	return outcome;
}

/**
 * A list compared whole at every poll: a record a reading lacks is a suspect (decide.ts); meanwhile it keeps its
 * fingerprint, so each poll looks again.
 */
async function confirmSnapshot(run: Run, stored: PollState | undefined): Promise<PollOutcome> {
	const outcome = await run.fast(stored);
	delete outcome.records;
	if (!stored?.known) return outcome;
	const lacked = outcome.changes.filter((c) => c.kind === 'deleted').map((c) => c.id);
	const known = outcome.state.known ?? {};
	const readings = {
		lacked,
		decides: (s: Suspect) => lackedAgain(s, run.now, false),
		held: (k: string) => known[k] !== undefined,
	};
	const gone = new Set<string>();
	const suspects = run.reader.asksOne
		? await decided(run, stored, readings, (id) => gone.add(id))
		: undefined;
	if (!run.reader.asksOne) lacked.forEach((id) => gone.add(id));
	const kept = { ...known };
	for (const id of lacked) if (!gone.has(id) && stored.known[id]) kept[id] = stored.known[id];
	outcome.state = { ...outcome.state, known: kept, suspects };
	if (!suspects) delete outcome.state.suspects;
	outcome.changes = outcome.changes.filter((c) => c.kind !== 'deleted' || gone.has(c.id));
	return outcome;
}
