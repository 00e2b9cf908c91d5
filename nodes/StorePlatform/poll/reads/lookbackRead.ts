import type { IDataObject } from 'n8n-workflow';

import { scannedKind } from '../rules/created';
import type { ChangeKind } from '../rules/fingerprint';
import { afterSlice, sliceQuery, takeSlice, type SliceChange } from '../rules/lookback';
import { loadId, storedId } from '../rules/decimalId';
import type { ShopReader } from './reader';
import { backOf, type ScanState } from '../rules/scan';
import { readPages, readSince } from './pagedReads';

/** A change found by a read of a scan (scan.ts, lookback.ts), as poller.ts emits it. */
export type ScanEmit = Pick<SliceChange, 'id' | 'record' | 'state' | 'known'> & {
	kind: ChangeKind;
};

/**
 * Reads the slice of the lookback window a scan has left behind (lookback.ts), or the part of it the budget
 * allows: each record stamped in it whose state was not accounted for is emitted (created.ts tells which kind).
 * The scan without its slice when it was read whole; else with the slice going on where it stopped.
 */
export async function readSlice(
	reader: ShopReader,
	start: ScanState,
	field: 'updated_at' | 'created_at',
	paging: 'since' | 'pages',
	emit: (change: ScanEmit) => void,
): Promise<ScanState> {
	let scan = start;
	const slice = scan.slice;
	if (!slice) return scan;
	const back = backOf(scan);
	const query = sliceQuery(back, slice, field);
	const onPage = (page: IDataObject[], at: number | string) => {
		const taken = takeSlice(scan.seen, back, scan.slice ?? slice, page, field, reader.plan.key, at);
		scan = { ...scan, seen: taken.seen, slice: taken.slice };
		for (const c of taken.changes) {
			const kind = scannedKind(c, field, back);
			if (kind) emit({ kind, id: c.id, record: c.record, state: c.state, known: c.known });
		}
	};
	const from = slice.at || (paging === 'since' ? 0 : 1);
	const done =
		paging === 'since'
			? await readSince(reader, loadId(from), query, (page, at) => onPage(page, storedId(at)))
			: await readPages(reader, Number(from), query, onPage);
	if (!done) return scan;
	const after: ScanState = { ...scan, ...afterSlice(scan.seen, slice) };
	delete after.slice;
	return after;
}
