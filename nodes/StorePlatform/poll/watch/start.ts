import type { IDataObject } from 'n8n-workflow';

import type { PollOutcome } from './changes';
import { storedId } from '../rules/decimalId';
import { knownOf, reconcile, storeKnown } from '../reads/keyedCount';
import { readUpTo, readWhole, readWholeHow } from '../reads/wholeRead';
import { maxIdOf, type ShopReader } from '../reads/reader';
import { baselineScan } from '../rules/scan';
import { settledReading } from '../reads/settledReading';
import { MAX_SNAPSHOT, readingOf, snapshotOf } from '../rules/snapshot';
import { readShape, shapeOf } from '../rules/shape';
import type { PollState, Tracker } from '../rules/state';

/**
 * The start of a watch (the activation, and the audit's fresh cursor). Reads: the list whole (keyed lists by
 * reads/wholeRead.ts, which checks each page; the others by it too, again until two readings agree:
 * settledReading.ts), and the count where deletions are watched. Pure rules: the
 * trackers' starting state (keyedCount.ts, scan.ts, snapshot.ts). Assumption checked: where the count is off its
 * list, that is learned now (reconcile), so the first poll's count says only what changed since.
 */

/**
 * The shop's present state as the start: the whole list is read once and nothing is emitted. `given`: a whole
 * reading made already (the audit's: ledger/audit.ts), from which the cursor is taken afresh; `countedBefore`: the
 * count asked before that reading (a record deleted while it was read is then still counted, and the first poll's
 * count finds its deletion).
 */
export async function baseline(
	reader: ShopReader,
	watch: string,
	trackers: Tracker[],
	given?: IDataObject[],
	countedBefore?: number,
): Promise<PollOutcome> {
	const { plan } = reader;
	const state: PollState = { v: 2, fp: 2, watch };
	let records: IDataObject[] = [];
	// asked before the list is read, as at every poll
	const counted = trackers.includes('ids')
		? (countedBefore ?? (await reader.count({ since_id: 0 })))
		: undefined;
	if (given) {
		records = given;
	} else if (plan.strategy === 'keyed') {
		// read without trusting `since_id`, an order or a short page (reads/wholeRead.ts); where that took page
		// numbers (the list ignores `since_id`), again until two readings agree, as the other lists
		const before = reader.limits.requests;
		const first = await readWholeHow(reader);
		const cost = reader.limits.requests - before;
		records = first.byPages
			? await settledReading(reader, async () => await readWhole(reader), { ...first, cost })
			: first.records;
	} else if (plan.strategy === 'stamped') {
		// read by page number, so read again until two readings agree: a record deleted while the pages are read
		// moves another out of one reading, and the ledger must hold every record there is (a record it lacks
		// would later come as created)
		records = await settledReading(reader, async () => await readWhole(reader));
	} else {
		records = await settledReading(reader, async () => await readUpTo(reader, MAX_SNAPSHOT));
	}
	if (trackers.includes('maxId')) state.maxId = storedId(maxIdOf(records));
	if (trackers.includes('ids') && counted !== undefined) {
		// where the count is off its list, that is learned now (nothing is emitted): the first poll's count then
		// says what changed since, and nothing else
		const found = await reconcile(reader, knownOf(records), counted, maxIdOf(records));
		Object.assign(state, storeKnown(found.known));
	}
	if (trackers.includes('scan') && plan.stamp && !state.scan)
		state.scan = baselineScan(records, plan.stamp, plan.key);
	if (trackers.includes('known')) {
		state.shape = shapeOf(records);
		state.known = snapshotOf(readingOf(records, plan.key), readShape(state.shape));
	}
	return { changes: [], state, baseline: true, records };
}
