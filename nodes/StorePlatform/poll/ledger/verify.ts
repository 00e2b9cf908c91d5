import type { IDataObject } from 'n8n-workflow';

import { countedAt } from '../reads/keyedCount';
import { readWhole } from '../reads/wholeRead';
import type { ChangeKind } from '../rules/fingerprint';
import { readShape, shapeOf, shapesOf } from '../rules/shape';
import type { PollState } from '../rules/state';
import type { Change, PollOutcome } from '../watch/poller';
import { auditCursorOf, auditPart, withinBound, type AuditRun, type AuditStep } from './auditParts';
import {
	auditDue,
	decideSuspects,
	guard,
	lackedAgain,
	suspectsOf,
	unauditedReadings,
	type Asking,
	type Suspect,
} from './decide';
import {
	contentOf,
	decodeLedger,
	encodeLedger,
	holdsContent,
	isDigested,
	ledgerKey,
	ledgerOf,
	MAX_LEDGER,
	OVER,
	type Ledger,
} from './ledger';

/**
 * One poll with the ledger's checks: this file gathers what the poll read (the fast reads' findings, or the audit's
 * part) and hands it to decide.ts, where alone what changed is decided. I/O through the reader and `fast`.
 */

/** What a poll with the ledger's checks is given. */
export interface Run extends AuditRun {
	events: ChangeKind[];
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

/** The list's shape and ledger, made of a whole reading's records; no ledger past MAX_LEDGER. */
function ledgerFrom(records: IDataObject[], run: Run): { shape?: string; ledger?: Ledger } {
	const { key, events } = run.reader.plan;
	const shape = shapeOf(records);
	return { shape, ledger: ledgerOf(records, key, readShape(shape), birthsOnly(events)) };
}

/** One poll from `stored`, its findings held against the ledger (undefined: the activation). */
export async function verifiedPoll(run: Run, stored: PollState | undefined): Promise<PollOutcome> {
	const { plan } = run.reader;
	if (plan.strategy === 'snapshot') return await confirmSnapshot(run, stored);
	if (!stored) {
		const outcome = await run.fast(undefined);
		const { shape, ledger } = outcome.records ? ledgerFrom(outcome.records, run) : {};
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
	const due = auditDue(latest(stored.audited, run.lastAudit), run.now);
	// past its bound: at the audit's cadence, a ledger again where the list is back within it
	if (!ledger) return due ? await firstLedger(run, stored) : await withoutLedger(run, stored);

	// the audit, or its next part (auditParts.ts); else the fast reads
	const auditing = stored.audit !== undefined || due;
	const step = auditing ? await auditPart(run, stored, ledger) : await fastStep(run, stored);
	// past the ledger's bound (a bulk import): its fast reads alone until within it again
	if (!step) return { ...(await withoutLedger(run, stored)), baseline: false };
	const { findings, missing, state, complete, onePoll, read } = step;
	let { going } = step;
	// the stamps the guard reads (ledger.ts entryOf): a form no rule reads is one clear error, not every record reborn
	const judged = findings.flatMap((c) => (c.record ? [c.record] : []));
	for (const field of ['created_at', 'updated_at']) run.reader.checkStamps(judged, field);
	// an audit that takes every content afresh on the list's shape goes on (a field was dropped)
	const retaking = stored.audit?.r === 1;
	const shapes = shapesOf(stored.shape, retaking, judged, onePoll);
	state.shape = shapes.text;
	// a field dropped: an audit takes every record afresh (at once: this part's reading starts over)
	if (shapes.retake && going) going = { at: { r: 1 }, seen: new Set() };
	else if (shapes.retake && !onePoll) state.audit = { seen: '', r: 1 };
	// a reading that took every content on a new shape: what it did not show holds a content of the shape before
	const retook = retaking || (onePoll && state.shape !== stored.shape);
	const guarded = guard(findings, ledger, run.events, shapes, births, retook ? read : undefined);
	// a key's state is the ledger's content: unmoved by a change of the shop's zone or of its stamps' form
	const changes = guarded.emit.map((c) => (c.record ? { ...c, state: contentOf(c.record) } : c));
	const held = new Set(findings.filter((c) => c.record).map((c) => ledgerKey(c.id)));
	// creations a run n8n did not keep reported, not read since: lacked only where a complete reading lacks them
	const told = (run.toldCreated ?? []).map(ledgerKey).filter((k) => !ledger.has(k) && !held.has(k));
	const lacked = [...guarded.confirm, ...missing].filter(
		(k) => ledger.has(k) || k in (stored.suspects ?? {}),
	);
	// only a complete reading decides here: the count search's suspects are asked by Get (on a list that ignores
	// `since_id` it lacks records that are there, at every poll)
	const readings = {
		lacked: complete ? [...lacked, ...told] : lacked,
		weak: complete ? [] : told,
		decides: () => complete,
		held: (k: string) => held.has(k),
	};
	state.suspects = await decideSuspects(suspectsOf(stored), readings, askingOf(run), (id) => {
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

/** The fast reads' part of a poll, as an audit's part gives its own (none complete, no key missing). */
async function fastStep(run: Run, stored: PollState): Promise<AuditStep> {
	const { changes: findings, state } = await run.fast(stored);
	return { findings, state, missing: [], complete: false, onePoll: false };
}

/** The shop's word on single records, through the reader. */
const askingOf = (run: Run): Asking => ({
	now: run.now,
	watched: run.events.includes('deleted'),
	getOne: run.reader.asksOne ? async (id) => await run.reader.getOne(id) : undefined,
	counted: async (key) => await countedAt(run.reader, key),
	// at the ceiling (a Get past it fails), or past the budget once one was asked
	stopped: (asked) => run.reader.stops(true, asked > 0),
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

/** A list past the ledger's bound: its fast reads alone, their deletions still asked by Get (decide.ts). */
async function withoutLedger(run: Run, stored: PollState): Promise<PollOutcome> {
	const outcome = await run.fast(stored);
	delete outcome.state.audit;
	outcome.state.ledger = OVER;
	const found = outcome.changes.filter((c) => c.kind === 'deleted').map((c) => c.id);
	const changes = outcome.changes.filter((c) => c.kind !== 'deleted');
	const held = new Set(changes.map((c) => c.id));
	const asking = askingOf(run);
	const readings = await unauditedReadings(suspectsOf(stored), found, held, asking);
	outcome.state.suspects = await decideSuspects(suspectsOf(stored), readings, asking, (id) =>
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
	// none past MAX_LEDGER: such a list would fail every poll at the ceiling
	const records = await withinBound(async () => await readWhole(run.reader, MAX_LEDGER));
	if (!records) {
		const outcome = await withoutLedger(run, stored);
		outcome.state.audited = run.now;
		return outcome;
	}
	const outcome = await run.fast(stored);
	const { state } = outcome;
	const made = ledgerFrom(records, run);
	const ledger = made.ledger as Ledger;
	state.shape = made.shape;
	guard(outcome.changes, ledger, [], undefined, birthsOnly(run.reader.plan.events));
	const changes = outcome.changes.filter((c) => c.kind !== 'deleted');
	const found = outcome.changes.filter((c) => c.kind === 'deleted');
	// the whole reading made before lacks it too: two readings agree; one it holds is a suspect
	const held = new Set(changes.map((c) => ledgerKey(c.id)));
	for (const c of found) if (!ledger.has(ledgerKey(c.id))) changes.push(c);
	const lacked = found.filter((c) => ledger.has(ledgerKey(c.id))).map((c) => c.id);
	const readings = { lacked, decides: () => false, held: (k: string) => held.has(k) };
	state.suspects = await decideSuspects(suspectsOf(stored), readings, askingOf(run), (id) => {
		ledger.delete(id);
		changes.push({ kind: 'deleted', id, state: '' });
	});
	outcome.changes = oneEach(changes).filter((c) => run.events.includes(c.kind));
	state.ledger = encodeLedger(ledger);
	state.audited = run.now;
	return outcome;
}

/** A list compared whole at every poll: a record a reading lacks is a suspect, its fingerprint kept meanwhile. */
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
		? await decideSuspects(suspectsOf(stored), readings, askingOf(run), (id) => gone.add(id))
		: undefined;
	if (!run.reader.asksOne) lacked.forEach((id) => gone.add(id));
	const kept = { ...known };
	for (const id of lacked) if (!gone.has(id) && stored.known[id]) kept[id] = stored.known[id];
	outcome.state = { ...outcome.state, known: kept, suspects };
	if (!suspects) delete outcome.state.suspects;
	outcome.changes = outcome.changes.filter((c) => c.kind !== 'deleted' || gone.has(c.id));
	return outcome;
}
