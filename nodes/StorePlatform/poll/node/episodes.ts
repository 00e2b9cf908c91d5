/**
 * Errors caused by the shop's state come once, not at every poll. Pure. An episode is a run of polls of one node
 * failing for one cause: quiet (no items, the cursor not moved) until it has lasted `after` polls, then its error shown
 * once, then quiet again; a poll that succeeds ends it. With no cursor yet (the user looking), shown at once.
 */

export interface Cause {
	/** Names the cause: the same text for every poll it makes fail. */
	id: string;
	/** Polls in a row it must make fail before its error is shown (1: at the first). */
	after: number;
}

export type Verdict = 'show' | 'quiet';

export class Episodes {
	/** node → cause → polls failed in a row, and whether its error was shown. */
	private readonly runs = new Map<string, { cause: string; polls: number; shown: boolean }>();

	/** What a poll of `node` that failed for `cause` does. */
	failed(node: string, cause: Cause, activation: boolean): Verdict {
		const run = this.runs.get(node);
		const current =
			run && run.cause === cause.id ? run : { cause: cause.id, polls: 0, shown: false };
		current.polls++;
		this.runs.set(node, current);
		if (current.shown) return 'quiet';
		if (activation || current.polls >= cause.after) {
			current.shown = true;
			return 'show';
		}
		return 'quiet';
	}

	/** A poll of `node` succeeded: its episode ends. */
	succeeded(node: string): void {
		this.runs.delete(node);
	}
}
