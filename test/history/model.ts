/**
 * The checker: a history's polls (runner.ts) against the true change log (sandbox/changeLog.ts), the model of
 * what a poll may emit being fold.ts. It returns the broken promises as lines (none: the history holds).
 *
 * Promises, for the watched list of the history:
 * 1. Every change in the log after the activation is emitted exactly once, folded as fold.ts says: each record's
 *    emitted changes, in the order n8n delivered them, must be explained by increasing points of its log, each
 *    change the fold of the states since the previous point, at a state the record had while that poll ran (a
 *    change may come at a later poll: backlog, confirmation; a deletion confirmed late at any state since the
 *    previous point: a restore or an id handed out again meanwhile comes as its own change after it). After the
 *    settle (quiet polls until nothing more comes, runner.ts) what the workflow last got of each record must be its
 *    last state (or only an optional change away). So a double (a second `created`, an update to the state already emitted) and an invention
 *    (a change the log does not hold) fail, and a loss fails at the end; a delay does not.
 *    Items with an equal deliveryKey count once: a workflow's Remove Duplicates drops the later ones.
 * 2. Nothing is emitted that the log does not hold (a record never in the list, a state it never had).
 * 3. Two different changes never share a deliveryKey: a key seen before may come again only from a poll that
 *    repeats the poll that emitted it (the same saved static data), or with the same change from a poll whose
 *    cursor has the same number (a repeat's cursor that a quiet poll kept: the change came late).
 * 4. A repeated poll (or a crash: a poll whose static data was not saved, repeated) keeps the keys of what it
 *    emits again: the same record, kind and value as the poll it repeats, the same key.
 * 5. No poll sends more than MAX_POLL_REQUESTS requests.
 * 6. No error repeats at every poll: the settle's polls do not all fail with one error.
 * 7. The static data stays within its stated bound (STATIC_BOUND: the known ids' text, 40,000 characters, and
 *    5,000 fingerprints of a whole list, with room for the scan).
 * 8. A whole list (watched by fingerprints) past MAX_SNAPSHOT records (poll/rules/snapshot.ts, docs/poll-reads.md):
 *    its changes are not promised while it stays past the bound (a history that ends with it past owes none; one
 *    that brings it back owes them, reported against the cursor), and at most one poll per n8n process (a restart
 *    starts another) fails while it stays past.
 * 9. A list that cannot be read whole (docs/poll.md, Limits): it ignores `page` (a list read by `since_id`: and
 *    `since_id` too) and held one of the shop's pages (250, or the page cap the history set) or more at some poll
 *    (more than a page where a count tells: COUNTED): its changes are not owed at the end; promise 6 still holds
 *    (its error does not repeat at every poll).
 * 10. A list that can be read whole (not as in 9) is never said unreadable: no poll fails with the error that
 *    names what the list ignores.
 * 11. (issue 49) No change comes later than the worst delay docs/poll.md promises: "an hour and one Poll Time,
 *    plus the polls of an audit in parts where one poll cannot hold it". Measured on n8n's clock (runner.ts: a
 *    Poll Time between polls, the clock moved by `later` steps and before the settle, and by a slow shop's
 *    answers): a change made at n8n time t is owed by the first poll at t + 1 h or later, or, where an audit in
 *    parts goes on there, by the poll that ends it (deadlinesOf). Where promise 1 owes nothing at the end (8, 9),
 *    11 owes nothing either.
 * A change may come late (the trigger's hourly audit, a deletion confirmed by its Get at a later poll): any later
 * poll within promise 11, the settle's included, at a state the record had while that poll ran; still exactly
 * once.
 */
import type { IDataObject } from 'n8n-workflow';

import { MAX_POLL_REQUESTS } from '../../nodes/StorePlatform/poll/reads/reader';
import { MAX_SNAPSHOT } from '../../nodes/StorePlatform/poll/rules/snapshot';
import { POLL_PAGE } from '../../nodes/StorePlatform/poll/rules/strategy';
import { allows, fold, owed, type ChangeKind, type State } from './fold';
import { inScope, valueOf } from './profiles';
import { SETTLE_MAX, type PollRun, type Trace } from './runner';

/** Characters of the node's static data at most (state.ts's bounds: ids text 40,000; 5,000 fingerprints). */
export const STATIC_BOUND = 250_000;

interface Emitted {
	poll: number;
	id: string;
	kind: ChangeKind;
	value: State;
	key: string;
}

const line = (e: Emitted) =>
	`${e.kind} ${e.id}${e.kind === 'deleted' ? '' : ` (${String(e.value)})`} at poll ${e.poll}`;

function emittedOf(trace: Trace, poll: PollRun): Emitted[] {
	return poll.items.map((item) => {
		const json = item.json;
		const kind = String(json.event).split('/')[1] as ChangeKind;
		return {
			poll: poll.index,
			id: String(json[trace.profile.key]),
			kind,
			value: kind === 'deleted' ? null : valueOf(trace.profile, json),
			key: String(json.deliveryKey),
		};
	});
}

/** The sequence number of the cursor a poll started from (changeKey.ts), where it had one. */
function seqOf(poll: PollRun): number | undefined {
	const seq = (JSON.parse(poll.before) as { cursor?: { seq?: unknown } }).cursor?.seq;
	return typeof seq === 'number' ? seq : undefined;
}

/** Whether n8n dropped the cursor of poll `index`: a later poll repeats it, or repeats what it repeated. */
function notKept(trace: Trace, index: number): boolean {
	const base = trace.polls[index].repeats ?? index;
	return trace.polls.some((q) => q.index > index && q.repeats === base);
}

/** Promises 3 and 4; returns what n8n delivered (each key once). */
function deliveries(trace: Trace, broken: string[]): Emitted[] {
	const seen = new Map<string, Emitted>();
	const byPoll = trace.polls.map((p) => emittedOf(trace, p));
	const delivered: Emitted[] = [];
	for (const poll of trace.polls) {
		// the runs before it from the same saved static data: the poll it repeats and that poll's earlier repeats
		const original =
			poll.repeats === undefined
				? []
				: trace.polls
						.filter(
							(p) =>
								p.index < poll.index && (p.index === poll.repeats || p.repeats === poll.repeats),
						)
						.flatMap((p) => byPoll[p.index]);
		for (const e of byPoll[poll.index]) {
			const first = seen.get(e.key);
			if (first) {
				// the same change again from a run of a cursor with the same number (a repeat's cursor, kept by a poll that
				// emitted nothing), or first emitted by a run whose cursor n8n did not keep (the trigger remembers its
				// keys: node/lostRuns.ts), keeps its key: a change that comes late, once
				const same =
					first.id === e.id &&
					first.kind === e.kind &&
					first.value === e.value &&
					seqOf(poll) !== undefined &&
					(seqOf(trace.polls[first.poll]) === seqOf(poll) || notKept(trace, first.poll));
				if (!original.some((o) => o.key === e.key) && !same)
					broken.push(`shared deliveryKey: ${line(e)} has the key of ${line(first)}`);
				continue;
			}
			const again = original.filter(
				(o) => o.id === e.id && o.kind === e.kind && o.value === e.value,
			);
			if (again.length > 0 && !again.some((o) => o.key === e.key))
				broken.push(`a repeated poll changed the key: ${line(e)} (was ${line(again[0])})`);
			seen.set(e.key, e);
			delivered.push(e);
		}
	}
	return delivered;
}

interface Point {
	/** Index into the record's states. */
	t: number;
	/** What the workflow last got of the record. */
	last: State;
}

/**
 * The keys rule's pair (docs/poll.md, "Keys and repeated polls"): on a list scanned by `updated_at`, a creation read
 * after an edit in another second than the creation (a later one, or an earlier one once the shop's clock stepped
 * back) also comes as `updated`, with the same latest state, in the same poll. Whether the record at state index
 * `t` (present) was created and then edited in another second: its last creation (a present state after an absent
 * one) and an edit after it stamped otherwise (`ats`: each state's shop time, `YYYY-MM-DD HH:MM:SS`).
 */
function editedAfterCreation(states: State[], ats: string[], t: number): boolean {
	let created = t;
	while (created > 0 && states[created - 1] !== null) created--;
	if (created === 0) return false;
	for (let j = created + 1; j <= t; j++) if (ats[j] !== ats[created]) return true;
	return false;
}

/** Promises 1, 2 and 11 for one record (`deadlines`: the poll each of its logged changes is owed by). */
function checkRecord(
	trace: Trace,
	id: string,
	states: State[],
	ats: string[],
	seqs: number[],
	emitted: Emitted[],
	broken: string[],
	owesEnd: boolean,
	deadlines: number[],
): void {
	const watched = trace.profile.events;
	/** Index of the last state logged at or before `seq`. */
	const upTo = (seq: number) => seqs.filter((s) => s <= seq).length;
	const activation = trace.polls[0];
	let reach: Point[] = [];
	for (let t = upTo(activation.logFrom); t <= upTo(activation.logTo); t++)
		reach.push({ t, last: states[t] });
	const history = () => `states ${states.map((s) => String(s)).join(' → ')}`;
	const scanned = trace.profile.kind.includes('updated_at scan');
	// promise 11: after each poll, every change owed by it has come (the polls before `checked` are checked)
	// (a change lost at the end is reported lost, not also late)
	let checked = 0;
	let late: string | undefined;
	const onTime = (through: number) => {
		for (; checked <= through && !late && owesEnd; checked++) {
			const due = deadlines.filter((d) => d <= checked).length;
			if (due === 0) continue;
			// caught up with the changes due, or with a later state the poll could read that folds them away (a record
			// deleted and restored before the audit that would have found its deletion owes nothing)
			const seen = Math.max(due, upTo(trace.polls[checked].logTo));
			const caughtUp = (p: Point) => {
				for (let j = due; j <= seen; j++)
					if (!owed(fold(p.last, states.slice(p.t + 1, j + 1), watched))) return true;
				return false;
			};
			if (reach.some(caughtUp)) continue;
			const poll = trace.polls[checked];
			const change = trace.times[seqs[due - 1] - 1];
			const minutes = Math.round((poll.at - change) / 60_000);
			late = `late: ${id} was ${String(states[due])} (n8n's clock ${minutes} min before poll ${checked}), the workflow last got ${[...new Set(reach.map((p) => String(p.last)))].join(' or ')} by poll ${checked}: past the worst delay (an hour and one Poll Time, plus the polls of an audit in parts); ${history()}`;
		}
	};
	let previous: Emitted | undefined;
	for (const [i, e] of emitted.entries()) {
		onTime(e.poll - 1);
		// an id handed out again, told by its birth (docs/poll.md, the ledger): the old record's deletion and the
		// new one's creation, side by side in one poll; the creation is then checked as after a deletion between
		const after = emitted[i + 1];
		if (e.kind === 'deleted' && after?.kind === 'created' && after.poll === e.poll) {
			const poll = trace.polls[e.poll];
			const hi = upTo(poll.logTo);
			const gone = reach.some((p) => states.slice(p.t + 1, hi + 1).includes(null));
			if (gone) {
				previous = e;
				continue;
			}
		}
		const pair =
			scanned &&
			e.kind === 'updated' &&
			previous?.kind === 'created' &&
			previous.poll === e.poll &&
			previous.value === e.value;
		previous = e;
		if (pair) {
			const kept = reach.filter((p) => p.last === e.value && editedAfterCreation(states, ats, p.t));
			if (kept.length > 0) {
				reach = kept;
				continue;
			}
		}
		const poll = trace.polls[e.poll];
		const [lo, hi] = [upTo(poll.logFrom), upTo(poll.logTo)];
		const next = new Map<string, Point>();
		// a deletion confirmed late (its Get at a later poll) may have been undone meanwhile (a restore, an id handed out
		// again): it is true at any state since the previous point; what came after it is owed as its own change
		const from = (p: Point) => (e.kind === 'deleted' ? p.t + 1 : Math.max(p.t + 1, lo));
		for (const p of reach)
			for (let t = from(p); t <= hi; t++) {
				const expected = fold(p.last, states.slice(p.t + 1, t + 1), watched);
				if (!allows(expected, e.kind, e.value)) continue;
				const point = { t, last: e.kind === 'deleted' ? null : e.value };
				next.set(`${t}:${String(point.last)}`, point);
			}
		if (next.size === 0) {
			const got = [...new Set(reach.map((p) => String(p.last)))].join(' or ');
			broken.push(
				`emitted what the log does not hold: ${line(e)}; the workflow last got ${got} of ${id}; ${history()}`,
			);
			return;
		}
		reach = [...next.values()];
	}
	onTime(trace.polls.length - 1);
	if (!owesEnd) return;
	const settled = reach.some((p) => !owed(fold(p.last, states.slice(p.t + 1), watched)));
	if (settled && late) broken.push(late);
	if (!settled) {
		const got = [...new Set(reach.map((p) => String(p.last)))].join(' or ');
		const end = states[states.length - 1];
		broken.push(
			`lost: ${id} ends ${end === null ? 'deleted' : String(end)}, the workflow last got ${got}; ${history()}`,
		);
	}
}

/** The broken promises of a history (none: it holds). */
export function check(trace: Trace): string[] {
	const broken: string[] = [];
	const { profile } = trace;
	for (const p of trace.polls) {
		if (p.requests > MAX_POLL_REQUESTS)
			broken.push(`poll ${p.index} sent ${p.requests} requests (ceiling ${MAX_POLL_REQUESTS})`);
		if (p.after.length > STATIC_BOUND)
			broken.push(
				`poll ${p.index} left ${p.after.length} characters of static data (bound ${STATIC_BOUND})`,
			);
	}
	const settle = trace.polls.filter((p) => p.how === 'settle');
	if (settle.length === SETTLE_MAX && settle.every((p) => p.error && p.error === settle[0].error))
		broken.push(`the error "${settle[0].error}" repeats at every poll`);

	const delivered = deliveries(trace, broken);
	const watchedLog = trace.log.filter(
		(e) => e.resource === profile.resource && (profile.scope === '' || e.scope === profile.scope),
	);
	const ids = new Set<string>([
		...trace.start.keys(),
		...watchedLog.map((e) => e.id),
		...delivered.map((e) => e.id),
	]);
	const records: Array<{ id: string; states: State[]; ats: string[]; seqs: number[] }> = [];
	for (const id of ids) {
		const first = trace.start.get(id);
		const states: State[] = [first ? valueOf(profile, first) : null];
		const ats: string[] = [''];
		const seqs: number[] = [];
		// a restore keeps its record's created_at: its creation is stamped as the first was (the keys rule's pair)
		const born = new Map<string, string>();
		for (const e of watchedLog)
			if (e.id === id) {
				const rec = e.record as IDataObject | undefined;
				const state =
					e.kind === 'deleted' || !rec || !inScope(profile, rec) ? null : valueOf(profile, rec);
				// compared as the shop's stamps compare: zone changes between them undone
				let at = e.wall ?? e.at;
				const birth = typeof rec?.created_at === 'string' ? rec.created_at : undefined;
				if (state !== null && states[states.length - 1] === null && birth !== undefined) {
					if (!born.has(birth)) born.set(birth, at);
					at = born.get(birth) ?? at;
				}
				states.push(state);
				ats.push(at);
				seqs.push(e.seq);
			}
		records.push({ id, states, ats, seqs });
	}
	const unreadable = unreadableWhole(trace, records);
	const said = unreadable
		? undefined
		: trace.polls.find((p) => UNREADABLE_ERROR.test(p.error ?? ''));
	if (said)
		broken.push(`poll ${said.index} said a list it can read is unreadable: "${said.error}"`);
	const owesEnd = !pastBound(trace, records, broken) && !unreadable;
	const due = deadlinesOf(trace);
	for (const { id, states, ats, seqs } of records)
		checkRecord(
			trace,
			id,
			states,
			ats,
			seqs,
			delivered.filter((e) => e.id === id),
			broken,
			owesEnd,
			seqs.map((s) => due[s - 1]),
		);
	return broken;
}

/** docs/poll.md, the worst delay of a change a fast read missed: an hour (the audit's period) ... */
export const WORST_DELAY_MS = 60 * 60_000;

/**
 * Promise 11: the poll by which each entry of the log (by position) must have come: the first poll an hour
 * (WORST_DELAY_MS) or more of n8n's clock after the first poll that could read it (n8n's clock at the first poll
 * that starts after the change, or after the end of an audit in parts going on then; with polls a Poll Time apart:
 * an hour and one Poll Time), then the polls of an audit in parts going on there (each poll that left an audit
 * going on, and the one that ends it); for a deletion while Gets answer held ones (the record, 403, 500), the same
 * again from that poll (the audit after the next); and for a deletion one poll more (its second observation, where
 * the budget held no Get; on a slow shop, a poll for each deletion n8n could read by then, one Get a poll). A state
 * replaced before the first poll after it began (no poll could read it) is owed with the state that replaced it; a
 * state whose record was deleted before the poll that owes it (a fast read missed it, the audit finds the record
 * gone) is owed as a deletion from its own first chance. Infinity: no such poll (the end's promise 1 owes it).
 */
export function deadlinesOf(trace: Trace): number[] {
	const { polls } = trace;
	// from the first poll after the change (n8n's first chance to read it): n8n away a while missed no poll
	const chances = trace.times.map((made) => polls.find((p) => p.at >= made)?.at);
	// deletions n8n could read by the poll `at`: a slow shop's budget holds one Get a poll, in no promised order
	const backlog = (at: number) =>
		trace.log.filter((e, j) => e.kind === 'deleted' && (chances[j] ?? Infinity) <= at).length;
	// the poll a change first readable at `chance` is owed by; a deletion's: its second observation too
	const dueFrom = (chance: number | undefined, deletion: boolean) => {
		if (chance === undefined) return Infinity;
		// made while an audit in parts went on: the hour counts from the poll that ended it (docs/poll.md)
		let c = polls.findIndex((p) => p.at >= chance);
		while (polls[c]?.auditing) c++;
		const from = polls[c]?.at ?? chance;
		let d = polls.findIndex((p) => p.at >= from + WORST_DELAY_MS);
		if (d < 0) return Infinity;
		while (d < polls.length && polls[d].auditing) d++;
		// held: the Gets answered so by the audit that owes the deletion (its Get may be asked that late: n8n may not
		// have polled for a while after the change)
		const held = deletion && d < polls.length && trace.heldFrom <= polls[d].at;
		// a held deletion: the audit after that one, an hour after the first (n8n may not have polled for a while
		// after the change, so the first audit came later than an hour)
		if (held && d < polls.length) {
			const first = polls[d].at;
			d = polls.findIndex((p) => p.at >= first + WORST_DELAY_MS);
			if (d < 0) return Infinity;
			while (d < polls.length && polls[d].auditing) d++;
		}
		if (deletion) d += trace.history.slow && d < polls.length ? backlog(polls[d].at) : 1;
		return d < polls.length ? d : Infinity;
	};
	const record = (k: number) => `${trace.log[k].resource} ${trace.log[k].id}`;
	const entries = new Map<string, number[]>();
	trace.log.forEach((_, k) => entries.set(record(k), [...(entries.get(record(k)) ?? []), k]));
	const own = trace.log.map((entry, k) => {
		const d = dueFrom(chances[k], entry.kind === 'deleted');
		if (entry.kind === 'deleted' || d === Infinity) return d;
		// a state a fast read missed (a slow shop's scan behind its place, a habit) whose record was deleted before
		// the poll that owes it: that poll (the audit) finds the record gone, so the change comes as the deletion,
		// with a deletion's delay from the change's first chance (its second observation, the Gets, a hold)
		const before = (entries.get(record(k)) ?? []).filter((j) => trace.times[j] <= polls[d].at);
		const last = Math.max(k, ...before);
		return trace.log[last].kind === 'deleted' ? Math.max(d, dueFrom(chances[k], true)) : d;
	});
	// a state no poll could read (replaced before the first poll after it began) is owed with the state that
	// replaced it: an update followed by a deletion before n8n polled comes as the deletion, at the deletion's time
	const next = new Map<string, number>();
	for (let k = trace.log.length - 1; k >= 0; k--) {
		const after = next.get(record(k));
		if (after !== undefined && chances[after] === chances[k]) own[k] = Math.max(own[k], own[after]);
		next.set(record(k), k);
	}
	// a record's changes are owed in order: none earlier than a change before it (a deletion may be owed later
	// than the creation that follows it)
	const latest = new Map<string, number>();
	return own.map((d, k) => {
		const due = Math.max(d, latest.get(record(k)) ?? 0);
		latest.set(record(k), due);
		return due;
	});
}

/**
 * Promise 8, for a whole list (fingerprints): at most one poll fails while the list stays past MAX_SNAPSHOT.
 * Returns whether the list ends past the bound (then its changes are not owed at the end).
 */
function pastBound(
	trace: Trace,
	records: Array<{ states: State[]; seqs: number[] }>,
	broken: string[],
): boolean {
	if (!trace.profile.kind.includes('fingerprints')) return false;
	/** Records in the list once the log holds `seq` entries. */
	const sizeAt = (seq: number) =>
		records.filter((r) => r.states[r.seqs.filter((s) => s <= seq).length] !== null).length;
	let failedPast: PollRun | undefined;
	for (const p of trace.polls) {
		const past = sizeAt(p.logTo) > MAX_SNAPSHOT;
		// the error is shown once per n8n process (docs/poll-reads.md): a restart may show it once more
		if (!past || (failedPast && p.process !== failedPast.process)) failedPast = undefined;
		// (another error, a list that ignores `page`, is shown once of its own)
		if (!past || !p.error || !PAST_BOUND_ERROR.test(p.error)) continue;
		if (failedPast)
			broken.push(
				`the list past ${MAX_SNAPSHOT} records failed poll ${failedPast.index} and again poll ${p.index}: "${p.error}"`,
			);
		else failedPast = p;
	}
	return sizeAt(Infinity) > MAX_SNAPSHOT;
}

/** The words of the error of a whole list past its bound (rules/snapshot.ts). */
const PAST_BOUND_ERROR = /the poll trigger compares lists without filters/;

/** The words of the error of a list that ignores `page` (and `since_id`) past a page (reader.ts unreadableList). */
const UNREADABLE_ERROR = /so the trigger cannot read the rest of it/;

/** Lists the shop pages (the others answer whole: users, a product's variants). */
const PAGED = new Set(['page', 'voucher', 'abandonedCart', 'promotion', 'themeScript']);

/**
 * Whole lists read by page number with a count (promotions): a full first page that page 2 repeats is the whole list
 * where the count says so (wholeRead.ts readByPages). The other paged lists have none a poll asks (theme scripts and
 * carts have no count, a keyed list's fast reads ask none: pagedReads.ts readPages, readAfterPages), so a page answered
 * again is the whole list only where it is short of a page: exactly a page reads as a longer list, and the time filters
 * cannot tell them apart where the page's records share one second (issue 49 #16).
 */
const COUNTED = new Set(['promotion']);

/**
 * Promise 9: whether the list could not be read whole at some poll: it ignores `page` (a list read by `since_id`:
 * both), and held a page or more of the shop's then (more than a page where its count tells: COUNTED).
 */
function unreadableWhole(
	trace: Trace,
	records: Array<{ states: State[]; seqs: number[] }>,
): boolean {
	const { profile, history } = trace;
	const steps = [...(history.before ?? []), ...history.steps];
	const ignores = (param: string) => steps.some((s) => s.op === 'ignoreParam' && s.param === param);
	if (!PAGED.has(profile.resource) || !ignores('page')) return false;
	if (profile.kind.startsWith('keyed') && !ignores('since_id')) return false;
	const caps = steps.flatMap((s) => (s.op === 'pageCap' ? [s.cap] : []));
	const page = Math.min(POLL_PAGE, ...caps);
	const sizeAt = (seq: number) =>
		records.filter((r) => r.states[r.seqs.filter((s) => s <= seq).length] !== null).length;
	const past = COUNTED.has(profile.resource) ? page + 1 : page;
	return trace.polls.some((p) => sizeAt(p.logTo) >= past);
}

/** What each poll did, for a failure's report. */
export function pollsReport(trace: Trace): string {
	return trace.polls
		.map((p) => {
			const items = emittedOf(trace, p).map(
				(e) => `${e.kind} ${e.id}${e.value ? ` (${e.value})` : ''} [${e.key.slice(0, 8)}]`,
			);
			const how = `${p.how === 'repeat' ? `repeat of poll ${String(p.repeats)}` : p.how}${p.auditing ? ', an audit in parts goes on' : ''}`;
			const error = p.error ? ` ERROR ${p.error}` : '';
			const asked = (p.asked ?? []).map((a) => `\n    ${a}`).join('');
			return `poll ${p.index} (${how}, ${p.requests} requests, log ${p.logFrom}..${p.logTo}): ${items.join(', ') || '-'}${error}${asked}`;
		})
		.join('\n');
}
