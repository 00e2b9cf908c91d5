import type { IDataObject } from 'n8n-workflow';

/**
 * What was deleted: two observations that agree. Pure (the Gets come through `getOne`).
 *
 * A record the trigger knows (the ledger, or a whole list's fingerprints) that a reading of the list lacks is a
 * suspect, never at once a deletion: the reading may have skipped it (a record that moved between pages, a count
 * off its list, a list that answered in another order). The observations of a suspect:
 * - `lacked`: a reading of the list lacked it: the count search of the fast reads (the count agrees with the
 *   list's ranges), a complete whole reading (an audit, a whole list), the first of which made it a suspect;
 * - `gone`: its own Get answered 404 or 410, or refused this record (a 400, a 422, an error body about it);
 * - `there`: its Get answered the record;
 * - `unsure`: its Get answered anything else for this record (a 403 of a shop that refuses unknown ids, a 500 of a
 *   record it cannot show, a body that cannot be read) while the list reads: no observation, and never a failed
 *   poll (the list read; the credential is not the cause).
 *
 * The rule: a suspect is deleted on two observations that agree, of different kinds (lacked and gone: one poll,
 * one Get, as before) or of one kind at two times (lacked by a later complete reading an audit apart: a trashed
 * record whose Get still answers 200, or one whose Get answers 403 or 500). A reading that holds it clears it. A
 * suspect whose Get answered `there` or `unsure` is asked no more: it waits, costing nothing, for the next complete
 * reading (at most an audit and its parts: an hour and a few polls), which decides. One that no complete reading
 * decided within HOLD_MS (two audits: a shop whose list moves under every reading) is asked once more: the
 * record, cleared (it stays known, so a later reading that lacks it makes it a suspect again); gone, deleted; any
 * other answer, deleted: the list lacked it, and for three hours the shop showed it to nobody. Nothing waits
 * longer, and nothing waits behind it: Gets that fail for want of an answer (no connection, a timeout) end this
 * poll's asking, and the others wait for the next poll.
 */

/** A suspect as the cursor keeps it (`suspects` by key): n8n's clock in minutes. */
export interface Suspect {
	/** When a reading first lacked it. */
	l: number;
	/** 1: its Get answered the record, or nothing clear: asked no more until HOLD_MS after `l`. */
	h?: 1;
}

export type Suspects = Record<string, Suspect>;

/** What a record's Get answered. */
export type Answer =
	| { gone: true }
	| { gone: false; record?: IDataObject }
	/** Nothing of the record: `retry` where no answer came at all (no connection, a timeout). */
	| { gone?: undefined; unsure: string; retry?: boolean };

/** Gets a poll sends at most to ask suspects; the rest wait for the next poll. */
export const MAX_CONFIRMS = 50;

/** How long a suspect held (asked no more) waits for a complete reading before it is asked once more. */
export const HOLD_MS = 3 * 60 * 60 * 1000;

export const minuteOf = (ms: number): number => Math.floor(ms / 60_000);

/** This poll's readings. */
export interface Readings {
	/** n8n's clock (ms). */
	now: number;
	/** Keys a reading of this poll lacked (the count search's findings; a complete reading's missing keys). */
	lacked: string[];
	/** Whether this poll made a complete reading that decides (an audit, a whole list an audit after `l`). */
	decides: (suspect: Suspect) => boolean;
	/** Keys a reading of this poll held: cleared. */
	held: (key: string) => boolean;
}

export interface Decided {
	deleted: string[];
	suspects: Suspects;
}

/** The readings' observations: suspects cleared, deleted (lacked again, an audit apart) or made. */
export function observe(before: Suspects, readings: Readings): Decided {
	const suspects: Suspects = {};
	const deleted: string[] = [];
	const lacked = new Set(readings.lacked);
	for (const [key, suspect] of Object.entries(before)) {
		if (readings.held(key) && !lacked.has(key)) continue;
		if (lacked.has(key) && readings.decides(suspect)) deleted.push(key);
		else suspects[key] = suspect;
	}
	for (const key of lacked)
		if (!(key in suspects) && !deleted.includes(key)) suspects[key] = { l: minuteOf(readings.now) };
	return { deleted, suspects };
}

/**
 * Asks the Gets of suspects not held (and of held ones past HOLD_MS), at most `max`, until `stopped` (the poll's
 * budget or ceiling; one is asked in any case).
 */
export async function ask(
	before: Suspects,
	getOne: (key: string) => Promise<Answer>,
	now: number,
	max = MAX_CONFIRMS,
	stopped: (asked: number) => boolean = () => false,
): Promise<Decided> {
	const suspects: Suspects = { ...before };
	const deleted: string[] = [];
	const expired = (s: Suspect) => minuteOf(now) - s.l >= minuteOf(HOLD_MS);
	const due = Object.keys(suspects).filter((k) => !suspects[k].h || expired(suspects[k]));
	for (const [n, key] of due.slice(0, max).entries()) {
		if (stopped(n)) break;
		const suspect = suspects[key];
		const answer = await getOne(key);
		if (answer.gone === true) {
			deleted.push(key);
			delete suspects[key];
		} else if (answer.gone === false) {
			// there: asked no more until the hold ends; past it, cleared
			if (expired(suspect)) delete suspects[key];
			else suspects[key] = { ...suspect, h: 1 };
		} else if (answer.retry) break;
		else if (expired(suspect)) {
			deleted.push(key);
			delete suspects[key];
		} else suspects[key] = { ...suspect, h: 1 };
	}
	return { deleted, suspects };
}

/** The suspects of a cursor: `suspects`, or a cursor's `pending` keys from before (lacked long ago, not held). */
export function suspectsOf(stored: { suspects?: unknown; pending?: unknown }): Suspects {
	const out: Suspects = {};
	if (Array.isArray(stored.pending)) for (const key of stored.pending) out[String(key)] = { l: 0 };
	const given = stored.suspects;
	if (typeof given !== 'object' || given === null) return out;
	for (const [key, s] of Object.entries(given as Record<string, unknown>)) {
		const l = (s as Suspect | null)?.l;
		if (typeof l !== 'number' || !Number.isFinite(l)) continue;
		out[key] = (s as Suspect).h === 1 ? { l, h: 1 } : { l };
	}
	return out;
}

/** Whether a failed Get's HTTP status says the record is gone. */
export const goneStatus = (status: number | undefined): boolean => status === 404 || status === 410;

/** Refusals that say nothing of the record: the credential, the rate, a timeout. */
const NOT_OF_THE_RECORD = new Set([401, 403, 407, 408, 429]);

/**
 * Whether a failed Get refused this record (an error in a 200 body, or a 4xx other than the credential's or the
 * rate's): the shop does not show it, so it is gone, as the list said.
 */
export const refusedStatus = (status: number | undefined): boolean =>
	status !== undefined &&
	(status === 200 || (status >= 400 && status < 500 && !NOT_OF_THE_RECORD.has(status)));
