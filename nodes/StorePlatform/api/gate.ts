/**
 * How the item loop holds back an item's requests once a run stops (action/itemScheduler.ts), and learns what
 * the shop answered each item. apiRequest asks the gate right before a request goes out (its place in the pool
 * taken), so an item that waited for a place, or a request refused with 429/503 waiting to be sent again, is
 * not sent after the stop.
 */
export interface RequestGate {
	/** Right before a request goes out; `attempt` 0 is its first sending. A NotSent to throw: send nothing. */
	admit(attempt: number): NotSent | undefined;
	/** The HTTP status the shop answered (0: no answer, the connection failed). */
	answered(status: number): void;
	/**
	 * The request failed (its error is being thrown): called in the same turn as its answer came in, before any
	 * request waiting for its place in the pool can go out. An item loop without Continue On Fail stops here: no
	 * caller in the item loop catches a failed request, so the item fails.
	 */
	failed(): void;
}

/** Thrown where a gate holds a request back: it was not sent because the run stopped. */
export class NotSent extends Error {
	constructor(
		/** Set when the request had been refused (429/503) and was not sent again: that status. */
		readonly refused?: number,
	) {
		super('Not sent: the run stopped at a failed item');
		this.name = 'NotSent';
	}
}

/** Whether a status is a refusal for now (the request is sent again after Retry-After). */
export const isRefusal = (status: number): boolean => status === 429 || status === 503;

/**
 * The gate of one item: lets its requests out until the run stops; after that, none of an item not yet
 * started, and no request sent again after a refusal. Follow-up requests of an item already answered (the
 * pages of a Return All, the record read again) go on: the item finishes.
 */
export class ItemGate implements RequestGate {
	/** Whether a request of the item went out. */
	sent = false;
	/** The first status answered other than a refusal (the item's write). */
	status?: number;
	/** The last refusal answered (429/503). */
	refused?: number;

	constructor(private readonly run: { stopped: boolean; stopOnFailure: boolean }) {}

	admit(attempt: number): NotSent | undefined {
		if (this.run.stopped && (!this.sent || attempt > 0))
			return new NotSent(attempt > 0 ? this.refused : undefined);
		this.sent = true;
		return undefined;
	}

	answered(status: number): void {
		if (isRefusal(status)) this.refused = status;
		else this.status ??= status;
	}

	failed(): void {
		if (this.run.stopOnFailure) this.run.stopped = true;
	}
}
