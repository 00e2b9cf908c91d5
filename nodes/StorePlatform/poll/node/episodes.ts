/**
 * Errors caused by the shop's state come once, not at every poll. Pure.
 *
 * An episode is a run of polls of one node that fail for one cause (a list answered without its list, a whole list
 * past its bound). A poll of an episode is quiet (it ends without items and without moving the cursor) until the
 * episode has lasted `after` polls; then its error is shown once; later polls of the episode are quiet again. A
 * poll that succeeds ends the episode, so a later one is shown again. Where no cursor is stored yet (the activation,
 * with the user looking), an error is shown at once.
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
