import type { IDataObject } from 'n8n-workflow';

import { Changes, type Change, type PollOutcome } from './changes';
import type { ShopReader } from '../reads/reader';
import { backOf, beginPass, endPass, scanQuery, takePage, type ScanState } from '../rules/scan';
import type { PollState } from '../rules/state';
import { emitScanned, readScanPages, readSlice } from '../reads/pagedReads';

/**
 * A list watched by a shop time (theme scripts by `updated_at`, carts by `created_at`, paged by number; and the update
 * scan of keyed lists, by `since_id`): the list from a second before the floor, and a slice of the lookback window
 * (pagedReads.ts readSlice). Checked where the scan relies on it: the form of every stamp (reader.ts checkStamps).
 * Rules: scan.ts. What it misses comes with the audit (ledger/auditParts.ts).
 */

/** One pass of a scan (or the part the budget allows): `emit` gets each record whose state was not accounted for. */
export async function scanPass(
	reader: ShopReader,
	start: ScanState,
	field: 'updated_at' | 'created_at',
	paging: 'since' | 'pages',
	emit: (change: Change & { known: boolean }) => void,
): Promise<ScanState> {
	const origin = paging === 'since' ? 0 : 1;
	// a slice of the lookback window left behind by the last pass is read first (pagedReads.ts readSlice)
	let scan = await readSlice(reader, start, field, paging, emit);
	if (scan.slice) return scan;
	scan = beginPass(scan, origin, reader.limits.full ?? reader.plan.pageSize);
	const query = scanQuery(scan, field);
	let first = scan.pass?.at === origin;
	const onPage = (page: IDataObject[], at: number | string) => {
		reader.checkStamps(page, field);
		const taken = takePage(scan, page, field, reader.plan.key, at, first);
		first = false;
		scan = taken.scan;
		emitScanned(taken.changes, field, backOf(scan), emit);
	};
	if (!(await readScanPages(reader, paging, scan.pass?.at ?? origin, query, onPage))) return scan;
	scan = endPass(scan);
	return reader.limits.expired() ? scan : await readSlice(reader, scan, field, paging, emit);
}

/** One poll of a list watched by a time: its scan's pass (or the part the budget allows). */
export async function pollStamped(reader: ShopReader, stored: PollState): Promise<PollOutcome> {
	const { plan } = reader;
	const field = plan.stamp ?? 'updated_at';
	const changes = new Changes();
	const scan = await scanPass(reader, stored.scan as ScanState, field, 'pages', (c) =>
		changes.add(c),
	);
	return { changes: changes.list(), state: { ...stored, scan }, baseline: false };
}
