import { isTransientFailure, type FailureClass } from '../../api/transient';

/**
 * An outage of the shop is one error, not one per poll. Pure; trigger.ts keeps one `Outages` in the n8n process (n8n
 * does not always save the static data of a quiet poll), keyed by workflow and node.
 *
 * An outage is a run of polls meeting a shop unable to answer for now (api/transient.ts). Nothing is lost by waiting:
 * such a poll ends quiet (the cursor not moved), and the first that reads again brings every change since. So polls are
 * quiet until the outage has lasted `afterMs` of n8n's clock from its first failed poll; the first poll past that shows
 * ONE error; later ones are quiet again. A poll that reads ends the outage.
 *
 * Failing at once ('fail'): a failure the shop's return does not cure (a refused credential, another 4xx, an answer not
 * the API's), and any failure where no cursor is stored yet (the user is looking). An activation poll with a cursor
 * stored (n8n started during an outage) is quiet like any other.
 */

/** Minutes an outage lasts before its error is shown, unless the node says otherwise (Report Outage After). */
export const DEFAULT_REPORT_AFTER_MINUTES = 10;

export type OutageVerdict =
	/** End the poll without items and without moving the cursor. */
	| 'quiet'
	/** Fail the poll with the outage's error (outageReport): once per outage. */
	| 'show'
	/** Not a poll an outage excuses: fail with its own error. */
	| 'fail';

export interface Outage {
	/** n8n's clock at the outage's first failed poll. */
	since: number;
	/** The shop's latest answer, in words (answerOf). */
	answer: string;
	/** Polls of the outage so far. */
	polls: number;
	/** Whether its error was shown. */
	shown: boolean;
}

export interface FailedPoll {
	/** What the request that failed the poll met; undefined for an error that is no failed request of the shop. */
	failure: FailureClass | undefined;
	/** n8n's clock at the failure. */
	now: number;
	/** Whether the node has a cursor to catch up from (false: a first activation, the user looking). */
	cursorStored: boolean;
	/** Milliseconds the outage lasts before its error is shown. */
	afterMs: number;
}

/** The shop's answer in a few words: "HTTP 503", "timeout", "no connection: ECONNREFUSED". */
export function answerOf(failure: FailureClass): string {
	if (failure.kind === 'timeout') return 'timeout';
	if (failure.kind === 'unreachable' || failure.status === 0)
		return failure.code ? `no connection: ${failure.code}` : 'no connection';
	return `HTTP ${failure.status}`;
}

/** A length of time in words: "45 s", "10 min", "2 h 5 min". */
export function durationOf(ms: number): string {
	const seconds = Math.max(0, Math.floor(ms / 1000));
	if (seconds < 60) return `${seconds} s`;
	const minutes = Math.floor(seconds / 60);
	if (minutes < 60) return `${minutes} min`;
	const hours = Math.floor(minutes / 60);
	return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/** The outage's error: the shop's answer, since when and how long. */
export function outageReport(outage: Outage, now: number): string {
	const began = new Date(outage.since).toISOString().replace(/\.\d{3}Z$/, 'Z');
	return `The shop has not answered since ${began} (${durationOf(now - outage.since)}): ${outage.answer}`;
}

export class Outages {
	/** node → its outage, while it lasts. */
	private readonly runs = new Map<string, Outage>();

	/** What a failed poll of `node` does (see the module's comment). */
	failed(node: string, poll: FailedPoll): OutageVerdict {
		const { failure, now } = poll;
		if (!failure || !isTransientFailure(failure) || !poll.cursorStored) return 'fail';
		const outage = this.runs.get(node) ?? { since: now, answer: '', polls: 0, shown: false };
		outage.polls++;
		outage.answer = answerOf(failure);
		this.runs.set(node, outage);
		if (outage.shown || now - outage.since < poll.afterMs) return 'quiet';
		outage.shown = true;
		return 'show';
	}

	/** A poll of `node` read the shop: its outage (returned, if any) ends. */
	answered(node: string): Outage | undefined {
		const outage = this.runs.get(node);
		this.runs.delete(node);
		return outage;
	}

	/** The outage of `node`, while it lasts. */
	of(node: string): Readonly<Outage> | undefined {
		return this.runs.get(node);
	}
}
