import type { IDataObject } from 'n8n-workflow';

/**
 * A deletion is reported only once the record's own Get answers that it is gone. I/O through `getOne`.
 *
 * Assumption checked: a record a fast read (the count, a list read whole) or the audit misses is gone. The
 * record's Get (`GET /services/pages/{id}`, ...) answers it: 404 or 410, gone; the record, still there (a count
 * off its list, a list that skipped it while records moved between its pages, a page cap); a 200 without it (no
 * record, or another's), gone (reader.ts answerOf). One request per
 * record asked, at most MAX_CONFIRMS a poll; the others wait in the cursor (`pending`) for the next poll. A
 * quiet poll asks nothing. A Get refused for this record (refusedStatus: an error in a 200 body, a 400) is gone
 * too; any other failure of a Get fails the poll as any failed read (the cursor stays).
 */

/** Gets a poll sends at most to confirm deletions; the rest wait for the next poll. */
export const MAX_CONFIRMS = 50;

export type Answer = { gone: true } | { gone: false; record?: IDataObject };

export interface Confirmed {
	/** Keys whose Get answered that the record is gone. */
	gone: string[];
	/** Keys still there, with the record where the Get gave it. */
	present: Array<{ id: string; record?: IDataObject }>;
	/** Keys not asked in this poll. */
	waiting: string[];
}

/**
 * `stopped`: whether the poll's budget or ceiling is spent (the reader's); once it is, the keys not asked wait
 * for the next poll (one is asked in any case, so that a poll whose reads always spend the budget still goes on).
 */
export async function confirmGone(
	keys: string[],
	getOne: (id: string) => Promise<Answer>,
	max = MAX_CONFIRMS,
	stopped: (asked: number) => boolean = () => false,
): Promise<Confirmed> {
	const unique = [...new Set(keys)];
	const out: Confirmed = { gone: [], present: [], waiting: unique.slice(max) };
	const asking = unique.slice(0, max);
	for (const [n, id] of asking.entries()) {
		if (stopped(n)) {
			out.waiting.unshift(...asking.slice(n));
			break;
		}
		const answer = await getOne(id);
		if (answer.gone) out.gone.push(id);
		else out.present.push({ id, record: answer.record });
	}
	return out;
}

/** Whether a failed Get's HTTP status says the record is gone. */
export const goneStatus = (status: number | undefined): boolean => status === 404 || status === 410;

/** Refusals that say nothing of the record: the credential, the rate, a timeout. */
const NOT_OF_THE_RECORD = new Set([401, 403, 407, 408, 429]);

/**
 * Whether a failed Get refused this record (an error in a 200 body, or a 4xx other than the credential's or the
 * rate's): the shop does not show it, so it is gone, as the list and the count said. Such a refusal failing the
 * poll would fail every later poll too (the deletion is found again each time): no change would come again.
 * A server error (5xx) or no answer still fails the poll: the next poll asks again.
 */
export const refusedStatus = (status: number | undefined): boolean =>
	status !== undefined &&
	(status === 200 || (status >= 400 && status < 500 && !NOT_OF_THE_RECORD.has(status)));
