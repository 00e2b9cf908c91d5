import type { IDataObject } from 'n8n-workflow';

import type { Change } from '../rules/changeKey';
import type { PollState } from '../rules/state';

export type { Change } from '../rules/changeKey';

/** What one poll finds: its changes, one per record, and the cursor after them. */
export interface PollOutcome {
	changes: Change[];
	state: PollState;
	/** Whether this poll only took the shop's present state as its start (activation): nothing to emit. */
	baseline: boolean;
	/** The records a start read (the ledger is made of them: ledger/). */
	records?: IDataObject[];
}

/**
 * Changes of one poll, one per record: a later reading of a record replaces its earlier one; a record created in
 * this poll stays `created` (with its latest state), or is no change at all when it is gone again.
 */
export class Changes {
	private readonly byId = new Map<string, Change>();

	add(change: Change): void {
		const earlier = this.byId.get(change.id);
		if (earlier?.kind === 'created' && change.kind === 'deleted') this.byId.delete(change.id);
		else if (earlier?.kind === 'created') this.byId.set(change.id, { ...change, kind: 'created' });
		else this.byId.set(change.id, change);
	}

	list(): Change[] {
		return [...this.byId.values()];
	}
}
