import type { Answer } from '../reads/answer';
import type { ChangeKind } from '../rules/fingerprint';
import type { Shapes } from '../rules/shape';
import type { Suspect, Suspects } from '../rules/state';
import type { Change } from '../watch/poller';
import {
	birthIn,
	entryOf,
	isDigested,
	ledgerKey,
	sameBirth,
	sameContent,
	unread,
	type Ledger,
} from './ledger';

export { suspectsOf, type Suspect, type Suspects } from '../rules/state';

/**
 * What changed: every finding of a read is decided here, against what was reported (the ledger), before anything is
 * emitted (docs/poll.md, "Nothing learned is trusted"). Pure: the shop's word comes through `Asking`; verify.ts gathers
 * the readings.
 *
 * 1. Creations and updates (`guard`): a creation the ledger holds is nothing (the same birth and content: another
 *    order, a count off its list, a zone change), an update (another content) or, another birth, the id handed out
 *    again (a deletion and a creation); an update the ledger lacks is its missed creation. Contents are compared on
 *    the list's shape (rules/shape.ts). The ledger takes every change let through, watched or not.
 * 2. Deletions (`decideSuspects`): a known record a reading lacks is a suspect, never at once a deletion (the reading
 *    may have skipped it). Deleted on two observations that agree: of two kinds (lacked, and its Get says gone), or
 *    lacked by two readings apart (`lackedAgain`). Its Get answering the record or nothing clear (a 403 of a shop
 *    refusing unknown ids, a 500: never a failed poll) holds it, asked no more, until a complete reading decides; past
 *    HOLD_MS it is asked once more. A trash (its Get showed it) goes only where the count by `since_id` dropped it too.
 *    A suspect no reading lacked (`weak`) takes a Get a poll after its first `gone`, or a complete reading.
 * 3. Which reading of an audit decides (`judgeReading`): only a complete one; any other is read again.
 */

/** The guard's verdict: the changes to emit (events not watched left out), and the keys a read found deleted. */
export interface Guarded {
	/** At most one creation and one deletion per key. */
	emit: Change[];
	/** Ledger keys: suspects (2). */
	confirm: string[];
}

/**
 * The guard (1): each finding held against the ledger, which takes what is let through. `retook`: the keys a reading
 * that took every content afresh on a new shape showed; the other entries hold a content of the shape before, compared
 * on none until read again (ledger.ts unread).
 */
export function guard(
	changes: Change[],
	ledger: Ledger,
	events: ChangeKind[],
	shapes: Shapes = { compares: true, takes: true },
	births = false,
	retook?: Set<string>,
): Guarded {
	const emit: Change[] = [];
	const confirm: string[] = [];
	const put = (c: Change) => {
		if (events.includes(c.kind)) emit.push(c);
	};
	for (const change of changes) {
		const key = ledgerKey(change.id);
		const held = ledger.get(key);
		if (change.kind === 'deleted') {
			if (held !== undefined) confirm.push(key);
			continue;
		}
		if (!change.record) continue;
		const entry = entryOf(change.record, shapes.keep, births);
		if (held !== undefined && sameBirth(birthIn(held), birthIn(entry))) {
			// a ledger of births holds no content to compare; a reading that dropped a field compares none (shape.ts)
			const compares = !births && shapes.compares;
			if (compares || births || shapes.takes) ledger.set(key, entry);
			if (compares && !sameContent(held, change.record, shapes.compare))
				put({ ...change, kind: 'updated' });
			continue;
		}
		ledger.set(key, entry);
		// another birth: the id handed out again
		if (held !== undefined) put({ kind: 'deleted', id: change.id, state: '' });
		put({ ...change, kind: 'created' });
	}
	if (retook) for (const [k, e] of ledger) if (!retook.has(k)) ledger.set(k, unread(e));
	return { emit, confirm };
}

/** Gets a poll sends at most to ask suspects; the rest wait for the next poll. */
export const MAX_CONFIRMS = 50;

/** How long a held suspect waits for a complete reading before it is asked once more (then decided either way). */
export const HOLD_MS = 3 * 60 * 60 * 1000;

/**
 * How often a list is read whole (the audit, auditParts.ts), on n8n's clock: never compared with the shop's times.
 * Worst delay of a change the fast reads missed: this, plus one Poll Time, plus the audit's parts.
 */
export const AUDIT_EVERY_MS = 60 * 60 * 1000;

/** Whether a poll at `now` (n8n's clock, ms) reads the list whole; a clock set back also makes it due. */
export const auditDue = (last: number | undefined, now: number): boolean =>
	last === undefined || now - last >= AUDIT_EVERY_MS || now < last;

/** The minute of a time in ms: suspects keep their times in minutes. */
export const minuteOf = (ms: number): number => Math.floor(ms / 60_000);

/** This poll's readings. */
export interface Readings {
	now: number;
	/** Keys a reading of this poll lacked (the count search's findings; a complete reading's missing keys). */
	lacked: string[];
	/** Keys no reading lacked, suspects all the same (a creation a run n8n did not keep reported, not read since). */
	weak?: string[];
	/** Whether this poll made a complete reading that decides (an audit, a whole list an audit after `l`). */
	decides: (suspect: Suspect) => boolean;
	/** Keys a reading of this poll held: cleared. */
	held: (key: string) => boolean;
}

/** What a step of the decision leaves: the keys deleted, and the suspects still open. */
export interface Decided {
	deleted: string[];
	suspects: Suspects;
}

/**
 * Whether a whole list's reading that lacks a suspect again decides it: a suspect whose Get never answered, at any
 * later poll (two times); a held one only an audit after its first lack (a trash: two readings an audit apart).
 * `complete`: a complete reading decides any suspect.
 */
export function lackedAgain(suspect: Suspect, now: number, complete: boolean): boolean {
	const apart = minuteOf(now) - suspect.l;
	return suspect.h ? complete || apart >= minuteOf(AUDIT_EVERY_MS) : complete || apart >= 1;
}

/** The readings' observations: suspects cleared, deleted (lacked again: `lackedAgain`) or made. */
export function observe(before: Suspects, readings: Readings): Decided {
	const suspects: Suspects = {};
	const deleted: string[] = [];
	const lacked = new Set(readings.lacked);
	for (const [key, suspect] of Object.entries(before)) {
		if (readings.held(key) && !lacked.has(key)) continue;
		// a weak suspect lacked by a reading that decides: its first observation
		if (lacked.has(key) && readings.decides(suspect))
			if (suspect.w) suspects[key] = { l: minuteOf(readings.now) };
			else deleted.push(key);
		else suspects[key] = suspect;
	}
	const made = (key: string) => key in suspects || deleted.includes(key);
	for (const key of lacked) if (!made(key)) suspects[key] = { l: minuteOf(readings.now) };
	for (const key of readings.weak ?? [])
		if (!made(key)) suspects[key] = { l: minuteOf(readings.now), w: 1 };
	return { deleted, suspects };
}

/** Asks the Gets of suspects not held (and of held ones past HOLD_MS), at most `max`, until `stopped`. */
export async function ask(
	before: Suspects,
	getOne: (key: string) => Promise<Answer>,
	now: number,
	max = MAX_CONFIRMS,
	stopped: (asked: number) => boolean = () => false,
): Promise<Decided> {
	const suspects: Suspects = { ...before };
	const deleted: string[] = [];
	// the hold runs from the first lack (a cursor from before: from this hold)
	const expired = (s: Suspect) => s.h !== undefined && minuteOf(now) - s.l >= minuteOf(HOLD_MS);
	const hold = (s: Suspect, h: 1 | 2 = s.h ?? 1): Suspect => ({
		l: s.l === 0 ? minuteOf(now) : s.l,
		h,
	});
	const due = Object.keys(suspects).filter((k) => !suspects[k].h || expired(suspects[k]));
	for (const [n, key] of due.slice(0, max).entries()) {
		if (stopped(n)) break;
		const suspect = suspects[key];
		const answer = await getOne(key);
		// no answer at all (a timeout, no connection): this poll asks no more
		if (answer.gone === undefined && answer.retry) break;
		// a weak suspect's first `gone` (a replica behind may answer 404): its Get at a later poll decides
		if (answer.gone === true && suspect.w) {
			suspects[key] = { l: suspect.l };
			continue;
		}
		// gone, or unsure past the hold: deleted; there: held until the hold ends, then cleared; unsure: held
		const gone = answer.gone === true || (answer.gone === undefined && expired(suspect));
		if (gone) deleted.push(key);
		if (gone || (answer.gone === false && expired(suspect))) delete suspects[key];
		else suspects[key] = hold(suspect, answer.gone === false ? 2 : undefined);
	}
	return { deleted, suspects };
}

/** The shop's word on single records, for decideSuspects. */
export interface Asking {
	now: number;
	/** Whether deletions are watched: without a Get by key, what a reading lacked is then gone. */
	watched: boolean;
	/** A record's Get; undefined where the list has none. */
	getOne?: (key: string) => Promise<Answer>;
	/** Whether the count by `since_id` counts the record of `key` (two counts); false where there is none. */
	counted: (key: string) => Promise<boolean>;
	/** Whether the poll stops asking Gets (budget or ceiling), after `asked` of them. */
	stopped: (asked: number) => boolean;
}

/** One poll's decision (2): observe, the count's word on a trash, then ask. Returns the suspects left. */
export async function decideSuspects(
	before: Suspects,
	readings: Omit<Readings, 'now'>,
	asking: Asking,
	deleted: (key: string) => void,
): Promise<Suspects | undefined> {
	const observed = observe(before, { ...readings, now: asking.now });
	// a trash only where the count dropped it too: a record whose `created_at` moved past higher ids is skipped by every
	// reading by `since_id`
	for (const key of observed.deleted)
		if (before[key]?.h !== 2 || !(await asking.counted(key))) deleted(key);
	const { suspects } = observed;
	if (!asking.getOne) {
		if (asking.watched) Object.keys(suspects).forEach(deleted);
		return undefined;
	}
	// a text key kept as its digest cannot be asked: the readings decide it
	const askable = Object.fromEntries(Object.entries(suspects).filter(([k]) => !isDigested(k)));
	const asked = await ask(askable, asking.getOne, asking.now, MAX_CONFIRMS, asking.stopped);
	asked.deleted.forEach(deleted);
	for (const k of Object.keys(askable)) delete suspects[k];
	Object.assign(suspects, asked.suspects);
	return Object.keys(suspects).length > 0 ? suspects : undefined;
}

/**
 * The readings of a list no audit reads (past the ledger's bound): the fast reads' deletions (`found`), and each held
 * suspect an audit's time after its first lack, lacked again where the count does not count it (decideSuspects asks
 * the count again of one its Get showed; one whose Get answered 403 or 500 has the count's word alone).
 */
export async function unauditedReadings(
	before: Suspects,
	found: string[],
	held: Set<string>,
	asking: Asking,
): Promise<Omit<Readings, 'now'>> {
	const heldDue = (s: Suspect) => s.h !== undefined && lackedAgain(s, asking.now, false);
	const due = Object.entries(before).filter(([, s]) => heldDue(s));
	const there = new Set<string>();
	for (const [k, s] of due) if (s.h === 1 && (await asking.counted(k))) there.add(k);
	return {
		lacked: [...found, ...due.map(([k]) => k).filter((k) => !there.has(k))],
		decides: heldDue,
		held: (k: string) => held.has(k) || there.has(k),
	};
}

/** Readings again of an audit that is not complete at most, while together they show fewer records than the list. */
export const MAX_READINGS_AGAIN = 8;

/** An audit's reading, read to its end (auditParts.ts), and the readings of the audit before it. */
export interface EndedReading {
	/** The ledger's keys (the records reported). */
	ledger: string[];
	/** Keys this reading showed. */
	seen: Set<string>;
	/** Keys the audit's readings before this one showed, together (readings again). */
	all: Set<string>;
	/** The records the count asked before the reading says the list shows; undefined without a count. */
	listed?: number;
	/** Whether records moved between its pages (it may have skipped some). */
	shifted: boolean;
	/** Readings again before this one (0: the audit's first reading). */
	again: number;
	/** How many records short of its count the reading before fell, whole on its pages (`d`). */
	shortBefore?: number;
	/** Whether the reading before showed no key none before it showed (`q`). */
	quietBefore: boolean;
	/** Whether the reading showed a record the ledger lacked. */
	grew: boolean;
}

/** What an ended reading decides (judgeReading). */
export interface ReadingVerdict {
	/** Whether it decides: its `missing` keys are suspects. */
	complete: boolean;
	/** The ledger's keys the deciding reading (or readings together) lacks; none where it does not decide. */
	missing: string[];
	/** The keys the deciding reading (or readings together) showed. */
	read: Set<string>;
	/** Where it does not decide: whether to read the list again (it may still find what it left out). */
	readAgain: boolean;
	/** Records short of the count, whole on its pages: a reading again short by as many agrees (`d`). */
	short: number;
	/** The keys the readings show together, this one's included. */
	together: Set<string>;
	/** Whether this reading showed a key none before it showed. */
	added: boolean;
}

/**
 * What an ended reading of an audit decides (3). Complete where its pages did not move and it holds what the count
 * said, or falls as short as the reading before (a count off its list by as many, not a record a deletion moved out
 * of one, nor a page cap lowered meanwhile); or readings again together hold what the count says (a list that ignores
 * `page`). Read again up to MAX_READINGS_AGAIN, or without a count until two in a row show no new key (rows of one
 * second answered in another order hide others at each reading); nothing known missing: not read again.
 */
export function judgeReading(r: EndedReading): ReadingVerdict {
	const { seen, all, listed, again } = r;
	const short = !r.shifted && listed !== undefined ? listed - seen.size : 0;
	const onItsPages = !r.shifted && (short <= 0 || r.shortBefore === short);
	const together = new Set([...all, ...seen]);
	const added = together.size > all.size;
	const agreed = !onItsPages && again > 0 && listed !== undefined && together.size >= listed;
	const complete = onItsPages || agreed;
	const read = agreed ? together : seen;
	const missing = complete ? r.ledger.filter((k) => !read.has(k)) : [];
	const more =
		again === 0
			? r.grew || r.ledger.some((k) => !seen.has(k))
			: again < MAX_READINGS_AGAIN &&
				(r.grew || (listed === undefined ? added || !r.quietBefore : together.size < listed));
	return { complete, missing, read, readAgain: !complete && more, short, together, added };
}
