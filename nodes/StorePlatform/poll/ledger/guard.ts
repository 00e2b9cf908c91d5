import type { ChangeKind } from '../rules/fingerprint';
import type { Change } from '../watch/poller';
import type { Shapes } from '../rules/shape';
import { birthIn, entryOf, sameBirth, sameContent } from './digest';
import { ledgerKey, type Ledger } from './ledger';

/**
 * The fast reads' findings checked against the ledger before anything is emitted. Pure.
 *
 * Assumption checked: a fast read (by `since_id`, by a time, by the count) found a change that happened. Each
 * finding is held against what was reported:
 * - `created` of a record the ledger holds: no creation. The same birth and content: nothing (a list answered in
 *   another order, a count off its list, a restore of a record never reported deleted, a zone change); another
 *   content: an update; another birth: the id was handed out again, so the old record's deletion and the new
 *   one's creation.
 * - `updated` of a record the ledger lacks: its creation was missed, so it comes as `created`; the content
 *   reported already: nothing (a change of the stamps only: zone, form, A → B → A).
 * - `deleted`: only where the ledger holds the record; it is not emitted here but handed to the confirmation
 *   (confirm.ts: the record's own Get must answer that it is gone).
 * The ledger is updated with every change let through, whether its event is watched or not.
 */

export interface Guarded {
	/** The changes to emit (events not watched left out), at most one creation and one deletion per key. */
	emit: Change[];
	/** Keys whose deletion the record's own Get must confirm. */
	confirm: string[];
}

export function guard(
	changes: Change[],
	ledger: Ledger,
	events: ChangeKind[],
	shapes: Shapes = { compares: true, takes: true },
): Guarded {
	const emit: Change[] = [];
	const confirm: string[] = [];
	const watched = (c: Change) => events.includes(c.kind);
	const put = (c: Change) => {
		if (watched(c)) emit.push(c);
	};
	for (const change of changes) {
		const key = ledgerKey(change.id);
		const held = ledger.get(key);
		if (change.kind === 'deleted') {
			if (held !== undefined) confirm.push(key);
			continue;
		}
		if (!change.record) continue;
		const entry = entryOf(change.record, shapes.keep);
		if (held === undefined) {
			ledger.set(key, entry);
			put({ ...change, kind: 'created' });
			continue;
		}
		if (!sameBirth(birthIn(held), birthIn(entry))) {
			ledger.set(key, entry);
			put({ kind: 'deleted', id: change.id, state: '' });
			put({ ...change, kind: 'created' });
			continue;
		}
		// a reading that dropped a field compares no content (shape.ts): the entry is kept, or taken afresh on the
		// shape a complete reading keeps
		if (!shapes.compares) {
			if (shapes.takes) ledger.set(key, entry);
			continue;
		}
		ledger.set(key, entry);
		if (!sameContent(held, change.record, shapes.compare)) put({ ...change, kind: 'updated' });
	}
	return { emit, confirm };
}
