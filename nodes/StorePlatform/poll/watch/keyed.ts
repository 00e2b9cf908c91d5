import type { IDataObject } from 'n8n-workflow';

import { Changes, type PollOutcome } from './changes';
import { idOf, loadId, storedId, type Id } from '../rules/decimalId';
import { fingerprint } from '../rules/fingerprint';
import { loadKnown, reconcile, storeKnown, withCreated } from '../reads/keyedCount';
import type { ShopReader } from '../reads/reader';
import { scanPass } from './scanned';
import { forget, noteRecords, type ScanState } from '../rules/scan';
import type { PollState } from '../rules/state';
import { readSince } from '../reads/pagedReads';

/**
 * A list watched by `since_id` (pages, vouchers, categories, collections, order statuses, vendors). Reads: the count
 * since the known ids' floor (deletions, ids handed out again: keyedCount.ts), the records above the highest id
 * (creations: pagedReads.ts readSince), the scan by `updated_at` (updates: scanned.ts). Checked where relied on: ids above
 * `since_id` and in id order (else by page number), a short page (pageEnd.ts), the count against the known ids
 * (countSearch.ts); every finding is held against the ledger (ledger/).
 */
export async function pollKeyed(reader: ShopReader, stored: PollState): Promise<PollOutcome> {
	const { plan } = reader;
	const state: PollState = { ...stored };
	const changes = new Changes();
	const previousMax = loadId(stored.maxId);
	let known = stored.ids !== undefined ? loadKnown(stored) : undefined;

	// before the creations are read: a record created in between only makes the search look, never hides one
	const counted = known ? await reader.count({ since_id: storedId(known.floor) }) : undefined;

	let maxId = previousMax;
	const created: IDataObject[] = [];
	const createdDone = await readSince(reader, previousMax, {}, (page) => {
		for (const record of page) {
			const id = idOf(record.id);
			if (id === undefined || !(id > maxId)) continue;
			maxId = id;
			created.push(record);
			changes.add({ kind: 'created', id: String(record.id), record, state: fingerprint(record) });
		}
	});
	state.maxId = storedId(maxId);
	if (known)
		known = withCreated(
			known,
			created.map((r) => idOf(r.id)),
		);

	if (state.scan && plan.stamp) {
		let scan: ScanState = noteRecords(state.scan, created, plan.stamp, plan.key);
		// ids handed out again (found by their created_at): the count holds them, so must the known ids, else a
		// deletion in the same stretch cancels them in the count and is never looked for
		const returned: Id[] = [];
		if (!reader.limits.expired())
			scan = await scanPass(reader, scan, plan.stamp, 'since', (c) => {
				const id = idOf(c.id) ?? BigInt(0);
				if (id > maxId) return; // not read as created yet: the creation read gives it, latest state
				if (c.kind === 'created' && id <= previousMax) returned.push(id);
				changes.add({ ...c, kind: id > previousMax ? 'created' : c.kind });
			});
		state.scan = scan;
		if (known && returned.length > 0) known = withCreated(known, returned);
	}

	if (known && counted !== undefined) {
		// only once every creation is read: the known ids then reach maxId
		const found = createdDone
			? await reconcile(reader, known, counted, maxId)
			: { known, created: [], deleted: [] };
		for (const record of found.created)
			changes.add({ kind: 'created', id: String(record.id), record, state: fingerprint(record) });
		if (state.scan && plan.stamp && found.created.length > 0)
			state.scan = noteRecords(state.scan, found.created, plan.stamp, plan.key);
		for (const id of found.deleted) {
			changes.add({ kind: 'deleted', id: String(id), state: '' });
			if (state.scan) state.scan = forget(state.scan, String(id));
		}
		Object.assign(state, storeKnown(found.known));
	}
	return { changes: changes.list(), state, baseline: false };
}
