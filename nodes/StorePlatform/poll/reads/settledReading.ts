import type { IDataObject } from 'n8n-workflow';

import { MAX_POLL_REQUESTS, type ShopReader } from './reader';

/**
 * The whole list as an activation takes it, where the list is read by page number (lists compared whole: promotions,
 * webhooks, payment methods, ...; and lists scanned by a time: a record the ledger lacked would come created).
 *
 * A record deleted while the pages are read moves every later record one place up, so one reading can leave out a
 * record that exists, which a later poll would report created. So a list of more than one page is read again until two
 * readings in a row hold the same records (within MAX_READINGS, more while they grow, up to MAX_GROWING_READINGS, and
 * the ceiling). Where none agree, it keeps every record any reading showed, in its latest reading: none that existed is
 * left out (one deleted meanwhile comes deleted later, once two readings agree).
 */

/** Readings of the whole list an activation makes at most, where the last one still showed a record new to them. */
export const MAX_READINGS = 3;
/**
 * Readings an activation makes at most while each shows a record none before showed (rows of one second answered in
 * another order at each request, so every reading leaves out some); it stops once one shows none new.
 */
const MAX_GROWING_READINGS = 10;

/** Whether two readings hold the same records (by key, in any order). */
export function sameRecords(a: IDataObject[], b: IDataObject[], key: string): boolean {
	const keys = (records: IDataObject[]) => new Set(records.map((r) => String(r[key])));
	const [x, y] = [keys(a), keys(b)];
	return x.size === y.size && [...x].every((k) => y.has(k));
}

/**
 * What the readings made so far give: the last one where it agrees with the one before, else every record of any
 * reading (each in its latest reading, in the order first read). `agreed`: whether two readings in a row agreed.
 */
export function settled(
	readings: IDataObject[][],
	key: string,
): { records: IDataObject[]; agreed: boolean } {
	const n = readings.length;
	if (n < 2) return { records: readings[0] ?? [], agreed: false };
	if (sameRecords(readings[n - 2], readings[n - 1], key))
		return { records: readings[n - 1], agreed: true };
	const byKey = new Map<string, IDataObject>();
	const keyless: IDataObject[] = [];
	for (const reading of readings)
		for (const r of reading) {
			if (r[key] === undefined || r[key] === null) keyless.push(r);
			else byKey.set(String(r[key]), r);
		}
	return { records: [...byKey.values(), ...keyless], agreed: false };
}

/**
 * Reads the whole list (`read`) as settled() says: once where one request of the list held it all (its count
 * beside it), else again until two readings agree, within MAX_READINGS and the poll's ceiling.
 */
export async function settledReading(
	reader: ShopReader,
	read: () => Promise<IDataObject[]>,
	/** A first reading made already, and the requests it took: it counts as the first of the readings. */
	made?: { records: IDataObject[]; cost: number },
): Promise<IDataObject[]> {
	const { plan, limits } = reader;
	const start = limits.requests;
	const readings = [made ? made.records : await read()];
	const cost = made ? made.cost : limits.requests - start;
	// one page held every record (and its count, or the empty page after it): nothing can move between pages
	const onePage = cost <= 2 && readings[0].length < (limits.full ?? plan.pageSize);
	if (!plan.paged || onePage) return readings[0];
	const ceiling = limits.ceiling ?? MAX_POLL_REQUESTS;
	const seen = new Set(readings[0].map((r) => String(r[plan.key])));
	let counted: number | undefined;
	let nothingNew = 0;
	while (readings.length < MAX_GROWING_READINGS && limits.requests + cost <= ceiling) {
		const reading = await read();
		readings.push(reading);
		if (sameRecords(readings[readings.length - 2], reading, plan.key)) break;
		const before = seen.size;
		for (const r of reading) seen.add(String(r[plan.key]));
		nothingNew = seen.size > before ? 0 : nothingNew + 1;
		if (readings.length < MAX_READINGS || nothingNew === 0) continue;
		// no reading agreed and this one showed nothing new: the readings together hold the list where they hold as many
		// records as its count says (asked once); without a count, two readings in a row showing nothing new
		if (plan.count) counted ??= await reader.count({});
		if (counted === undefined ? nothingNew >= 2 : seen.size >= counted) break;
	}
	return settled(readings, plan.key).records;
}
