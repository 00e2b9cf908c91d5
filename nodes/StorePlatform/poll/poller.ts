import type { IDataObject } from 'n8n-workflow';

import { scannedKind } from './created';
import { idOf, loadId, storedId, type Id } from './decimalId';
import type { ChangeKind } from './fingerprint';
import { fingerprint } from './fingerprint';
import { knownOf, loadKnown, reconcile, storeKnown, withCreated } from './keyedCount';
import { maxIdOf, type ShopReader } from './reader';
import { readWhole } from './ledger/wholeRead';
import { readSlice } from './lookbackRead';
import {
	backOf,
	baselineScan,
	beginPass,
	endPass,
	forget,
	noteRecords,
	scanQuery,
	takePage,
} from './scan';
import type { ScanState } from './scan';
import { settledReading, settledScan } from './settledReading';
import { diffSnapshot, MAX_SNAPSHOT, missingFrom, readingOf, snapshotOf } from './snapshot';
import type { PollState, Tracker } from './state';

/** One poll: reads the shop from the cursor, returns the changes and the cursor after them. */

export interface Change {
	kind: ChangeKind;
	id: string;
	/** The record as the list gives it (absent for a deletion). */
	record?: IDataObject;
	state: string;
}

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
class Changes {
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
 * The shop's present state as the start: the whole list is read once and nothing is emitted. `given`: a whole
 * reading made already (the audit's: ledger/audit.ts), from which the cursor is taken afresh.
 */
export async function baseline(
	reader: ShopReader,
	watch: string,
	trackers: Tracker[],
	given?: IDataObject[],
): Promise<PollOutcome> {
	const { plan } = reader;
	const state: PollState = { v: 2, fp: 2, watch };
	let records: IDataObject[] = [];
	// asked before the list is read, as at every poll
	const counted = trackers.includes('ids') ? await reader.count({ since_id: 0 }) : undefined;
	if (given) {
		records = given;
	} else if (plan.strategy === 'keyed') {
		// read without trusting `since_id`, an order or a short page (ledger/wholeRead.ts)
		records = await readWhole(reader);
	} else if (plan.strategy === 'stamped') {
		const settled = await settledScan(reader, plan.stamp ?? 'updated_at');
		[records, state.scan] = [settled.records, settled.scan];
	} else {
		records = await settledReading(reader, async () => await reader.allUpTo(MAX_SNAPSHOT));
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
	if (trackers.includes('known')) state.known = snapshotOf(readingOf(records, plan.key));
	return { changes: [], state, baseline: true, records };
}

async function pollKeyed(reader: ShopReader, stored: PollState): Promise<PollOutcome> {
	const { plan } = reader;
	const state: PollState = { ...stored };
	const changes = new Changes();
	const previousMax = loadId(stored.maxId);
	let known = stored.ids !== undefined ? loadKnown(stored) : undefined;

	// before the creations are read: a record created in between only makes the search look, never hides one
	const counted = known ? await reader.count({ since_id: storedId(known.floor) }) : undefined;

	let maxId = previousMax;
	const created: IDataObject[] = [];
	const createdDone = await reader.readSince(previousMax, {}, (page) => {
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

/**
 * One pass of a scan (or the part of it the budget allows), by `since_id` or by page number. `emit` gets each
 * record whose state was not accounted for, as a creation or an update (created.ts).
 */
async function scanPass(
	reader: ShopReader,
	start: ScanState,
	field: 'updated_at' | 'created_at',
	paging: 'since' | 'pages',
	emit: (change: Change & { known: boolean }) => void,
): Promise<ScanState> {
	const origin = paging === 'since' ? 0 : 1;
	// a slice of the lookback window left behind by the last pass is read first (lookbackRead.ts)
	let scan = await readSlice(reader, start, field, paging, emit);
	if (scan.slice) return scan;
	scan = beginPass(scan, origin, reader.limits.full ?? reader.plan.pageSize);
	const query = scanQuery(scan, field);
	let first = scan.pass?.at === origin;
	const onPage = (page: IDataObject[], at: number | string) => {
		// the form of a stamp, checked where the scan relies on it
		reader.checkStamps(page, field);
		const taken = takePage(scan, page, field, reader.plan.key, at, first);
		first = false;
		scan = taken.scan;
		for (const c of taken.changes) {
			const kind = scannedKind(c, field, backOf(scan));
			if (kind) emit({ kind, id: c.id, record: c.record, state: c.state, known: c.known });
		}
	};
	const from = scan.pass?.at ?? origin;
	const done =
		paging === 'since'
			? await reader.readSince(loadId(from), query, (page, at) => onPage(page, storedId(at)))
			: await reader.readPages(Number(from), query, onPage);
	if (!done) return scan;
	scan = endPass(scan);
	return reader.limits.expired() ? scan : await readSlice(reader, scan, field, paging, emit);
}

async function pollStamped(reader: ShopReader, stored: PollState): Promise<PollOutcome> {
	const { plan } = reader;
	const field = plan.stamp ?? 'updated_at';
	const changes = new Changes();
	const scan = await scanPass(reader, stored.scan as ScanState, field, 'pages', (c) =>
		changes.add(c),
	);
	return { changes: changes.list(), state: { ...stored, scan }, baseline: false };
}

async function pollSnapshot(reader: ShopReader, stored: PollState): Promise<PollOutcome> {
	const { plan } = reader;
	const known = stored.known ?? {};
	const records = await reader.allUpTo(MAX_SNAPSHOT);
	const reading = readingOf(records, plan.key);
	let gone = missingFrom(known, reading);
	if (gone.length > 0) {
		// read again: a record is deleted only where two readings agree (a record deleted while the pages were read
		// moves the next ones one place up; a shop may answer a list short once)
		const again = readingOf(await reader.all(), plan.key);
		gone = gone.filter((id) => !again.has(id));
	}
	const diff = diffSnapshot(known, reading, gone);
	return {
		changes: diff.changes.map((c) => ({ ...c })),
		state: { ...stored, known: diff.known },
		baseline: false,
	};
}
