import type { IDataObject } from 'n8n-workflow';

import { knownOf, reconcile, storeKnown } from '../reads/keyedCount';
import { maxIdOf, type ShopReader } from '../reads/reader';
import { readUpTo, readWhole, readWholeHow, settledReading } from '../reads/wholeRead';
import { storedId } from '../rules/decimalId';
import { baselineScan } from '../rules/scan';
import { readShape, shapeOf } from '../rules/shape';
import { MAX_SNAPSHOT, readingOf, snapshotOf } from '../rules/snapshot';
import type { PollState, Tracker } from '../rules/state';
import type { PollOutcome } from './changes';
import { pollKeyed } from './keyed';
import { pollStamped } from './scanned';
import { pollSnapshot } from './whole';

export type { Change, PollOutcome } from './changes';

/** One poll of the fast reads: without a cursor, the start (baseline); else the list's way of watching. */
export async function runPoll(
	reader: ShopReader,
	watch: string,
	trackers: Tracker[],
	stored: PollState | undefined,
): Promise<PollOutcome> {
	const { plan } = reader;
	if (stored?.full) reader.limits.full = stored.full;
	const outcome = !stored
		? await baseline(reader, watch, trackers)
		: plan.strategy === 'keyed'
			? await pollKeyed(reader, stored)
			: plan.strategy === 'stamped'
				? await pollStamped(reader, stored)
				: await pollSnapshot(reader, stored);
	outcome.state.full = reader.limits.full;
	return outcome;
}

/**
 * The start of a watch (the activation, and the audit's fresh cursor): the shop's present state, nothing emitted. The
 * list is read whole (by page number, again until two readings agree: settledReading) and the trackers take their
 * starting state. `given`: a whole reading made already (the audit's); `countedBefore`: the count asked before it.
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
	let records: IDataObject[];
	// asked before the list is read, as at every poll: a record deleted while it is read stays counted, so the first
	// poll's count finds its deletion
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
