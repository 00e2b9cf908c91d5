import type { IDataObject } from 'n8n-workflow';

import type { PollOutcome } from './changes';
import { storedId } from '../rules/decimalId';
import { knownOf, reconcile, storeKnown } from '../reads/keyedCount';
import { readUpTo, readWhole, readWholeHow, settledReading } from '../reads/wholeRead';
import { maxIdOf, type ShopReader } from '../reads/reader';
import { baselineScan } from '../rules/scan';
import { MAX_SNAPSHOT, readingOf, snapshotOf } from '../rules/snapshot';
import { readShape, shapeOf } from '../rules/shape';
import type { PollState, Tracker } from '../rules/state';

/**
 * The start of a watch (the activation, and the audit's fresh cursor): the list read whole (reads/wholeRead.ts; by page
 * number, again until two readings agree: settledReading) and the count where deletions are watched; the trackers'
 * starting state (keyedCount.ts, scan.ts, snapshot.ts).
 */

/**
 * The shop's present state as the start: the whole list is read once and nothing is emitted. `given`: a whole reading
 * made already (the audit's), the cursor taken afresh from it; `countedBefore`: the count asked before that reading (a
 * record deleted while it was read stays counted, so the first poll's count finds its deletion).
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
		// read without trusting `since_id`, an order or a short page; where that took page numbers, again until two agree
		const before = reader.limits.requests;
		const first = await readWholeHow(reader);
		const cost = reader.limits.requests - before;
		records = first.byPages
			? await settledReading(reader, async () => await readWhole(reader), { ...first, cost })
			: first.records;
	} else if (plan.strategy === 'stamped') {
		// by page number, so again until two readings agree: a deletion meanwhile moves another record out of one reading,
		// and a record the ledger lacks would later come as created
		records = await settledReading(reader, async () => await readWhole(reader));
	} else {
		records = await settledReading(reader, async () => await readUpTo(reader, MAX_SNAPSHOT));
	}
	if (trackers.includes('maxId')) state.maxId = storedId(maxIdOf(records));
	if (trackers.includes('ids') && counted !== undefined) {
		// a count off its list is learned now (nothing emitted): the first poll's count then says only what changed since
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
