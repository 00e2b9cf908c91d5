import type { IDataObject } from 'n8n-workflow';

import type { RequestGate } from './gate';
import { apiRequest, type Query, type ShopContext } from './request';
import { unwrapCount, unwrapRecords } from './unwrap';

/** Page size asked of lists whose maximum the spec does not give (the server may cap it lower). */
export const DEFAULT_PAGE_REQUEST = 250;
/**
 * Pages (or id ranges) of one list asked side by side once the total is known. Every request still
 * waits for a place in the node run's pool (transport/pool.ts), which bounds the requests in flight of
 * all items together and slows down on 429/503.
 */
export const CONCURRENCY = 8;

export interface ListPlan {
	path: string;
	query: Query;
	/** The answer's wrapper key. */
	key?: string;
	/** Whether the endpoint takes limit/page; a list without them is answered whole. */
	paged: boolean;
	/** The largest `limit` the endpoint accepts, where the spec gives one. */
	maxLimit?: number;
	/** The endpoint's count path and query, to plan the pages. */
	count?: { path: string; query: Query };
	/** Whether the endpoint filters by `since_id` (id-range reading, stable under inserts and deletes). */
	sinceId?: boolean;
	operation?: string;
	timeout?: number;
	/** Called before each request (a caller's ceiling of requests throws there). */
	beforeRequest?: () => void;
	/** The item's gate, handed to each request (gate.ts). */
	gate?: RequestGate;
	/** A total (by the count) above which the list is not read beyond its first page (ListStats.stoppedAbove). */
	stopAbove?: number;
	/** How a page's records are read from its answer (default: unwrapRecords); may throw (the poll trigger's rule). */
	records?: (body: unknown) => IDataObject[];
	/** How the count is read from its answer (default: unwrapCount); may throw. */
	total?: (body: unknown) => number | undefined;
}

/** Statistics of one list fetch, for tests and benchmarks. */
export interface ListStats {
	requests: number;
	pageSize: number;
	total?: number;
	/** How the records after the first page were read. */
	strategy?: 'single' | 'idRanges' | 'pages' | 'sequential';
	/** Pages after the first that held records, all of them read before (a list that ignores `page`). */
	repeatedPages?: number;
	/** The total, where it was above the plan's `stopAbove` and the read stopped after the first page. */
	stoppedAbove?: number;
}

/** Counts a page after the first that held records, none of them new. */
function noteRepeat(stats: ListStats, added: number, got: IDataObject[]): void {
	if (added === 0 && got.length > 0) stats.repeatedPages = (stats.repeatedPages ?? 0) + 1;
}

const idOf = (r: IDataObject): string | undefined =>
	r.id === undefined || r.id === null ? undefined : String(r.id);

const numericId = (r: IDataObject): number => {
	const id = idOf(r);
	return id !== undefined && /^\d{1,15}$/.test(id) ? Number(id) : NaN;
};

/** Whether records carry integer ids in ascending order, which `since_id` reading relies on. */
function ascendingIds(records: IDataObject[]): boolean {
	let previous = -Infinity;
	for (const r of records) {
		const id = numericId(r);
		if (!(id > previous)) return false;
		previous = id;
	}
	return records.length > 0;
}

const maxId = (records: IDataObject[]) =>
	records.reduce((m, r) => Math.max(m, numericId(r) || m), -Infinity);

/** Appends records not seen before (by id); returns how many were new. */
function addUnique(out: IDataObject[], seen: Set<string>, records: IDataObject[]): number {
	let added = 0;
	for (const r of records) {
		const id = idOf(r);
		if (id !== undefined) {
			if (seen.has(id)) continue;
			seen.add(id);
		}
		out.push(r);
		added++;
	}
	return added;
}

/**
 * Fetches up to `want` records (or all), in the server's order, none lost or duplicated.
 *
 * The first page and the count are asked together. A first page shorter than the asked `limit`
 * while more records exist reveals a server cap, used as the page size from then on.
 * - Lists that take `since_id` (and answer ascending integer ids) are then read by id ranges:
 *   the ids after the first page are split into CONCURRENCY ranges read side by side, each by
 *   `since_id` — no insert or delete can shift a record out of a range, so every record that exists
 *   during the whole read is returned exactly once.
 * - Other lists with a count fetch their remaining pages by number, CONCURRENCY at a time.
 * - Lists without a count read page after page (by `since_id` where they take it) until a short
 *   or empty page.
 */
export async function fetchList(
	this: ShopContext,
	plan: ListPlan,
	want: number | 'all',
	stats: ListStats = { requests: 0, pageSize: 0 },
): Promise<IDataObject[]> {
	const get = async (path: string, query: Query): Promise<unknown> => {
		plan.beforeRequest?.();
		stats.requests++;
		return await apiRequest.call(this, 'GET', path, {
			query,
			operation: plan.operation,
			timeout: plan.timeout,
			gate: plan.gate,
		});
	};
	const unwrap = plan.records ?? ((body: unknown) => unwrapRecords(body, plan.key));
	const records = async (query: Query) => unwrap(await get(plan.path, query));

	if (!plan.paged) {
		stats.strategy = 'single';
		const all = await records(plan.query);
		return want === 'all' ? all : all.slice(0, want);
	}

	const asked = Math.min(plan.maxLimit ?? DEFAULT_PAGE_REQUEST, want === 'all' ? Infinity : want);
	const page = async (n: number, limit: number) => await records({ ...plan.query, limit, page: n });

	const countRequest =
		want === 'all' && plan.count
			? get(plan.count.path, plan.count.query).then(plan.total ?? unwrapCount)
			: Promise.resolve(undefined);
	const [first, total] = await Promise.all([page(1, asked), countRequest]);
	stats.total = total;
	if (total !== undefined && plan.stopAbove !== undefined && total > plan.stopAbove) {
		stats.stoppedAbove = total;
		return first;
	}

	const out: IDataObject[] = [];
	const seen = new Set<string>();
	addUnique(out, seen, first);
	const done = () => (want === 'all' ? out : out.slice(0, want));
	if (first.length === 0 || (want !== 'all' && out.length >= want)) return done();
	if (total !== undefined && total <= first.length) return done();

	// A short first page is the end, or a cap: with a total it is a cap when the total is larger;
	// without one the next page tells (asked with the short page's size, so no record is skipped).
	const size = first.length < asked ? first.length : asked;
	stats.pageSize = size;

	if (total !== undefined) {
		if (plan.sinceId && ascendingIds(first)) {
			stats.strategy = 'idRanges';
			const lastPage = await page(Math.ceil(total / size), size);
			for (const range of await idRanges(first, lastPage, size, plan.query, records))
				addUnique(out, seen, range);
			return done();
		}
		stats.strategy = 'pages';
		const pages = Math.ceil(total / size);
		const results: IDataObject[][] = [];
		let cursor = 2;
		const worker = async () => {
			while (cursor <= pages) {
				const n = cursor++;
				results[n] = await page(n, size);
			}
		};
		await Promise.all(Array.from({ length: CONCURRENCY }, worker));
		for (let n = 2; n <= pages; n++) {
			const got = results[n] ?? [];
			noteRepeat(stats, addUnique(out, seen, got), got);
		}
		// Records created meanwhile sit on further pages: go on while the last page was full.
		if ((results[pages]?.length ?? 0) === size)
			await sequential(pages + 1, size, page, out, seen, want, stats);
		return done();
	}

	stats.strategy = 'sequential';
	if (plan.sinceId && ascendingIds(first)) {
		// No total to split by: one id range, read by since_id, stable under inserts and deletes.
		const after = async (_n: number, limit: number) =>
			await records({ ...plan.query, since_id: maxId(out), limit, page: 1 });
		await sequential(2, size, after, out, seen, want, stats);
	} else {
		await sequential(2, size, page, out, seen, want, stats);
	}
	return done();
}

/** Reads page after page until a short or empty page, or a page with nothing new; appends to `out`. */
async function sequential(
	from: number,
	size: number,
	page: (n: number, limit: number) => Promise<IDataObject[]>,
	out: IDataObject[],
	seen: Set<string>,
	want: number | 'all',
	stats: ListStats,
): Promise<void> {
	for (let n = from; want === 'all' || out.length < want; n++) {
		const got = await page(n, size);
		const added = addUnique(out, seen, got);
		noteRepeat(stats, added, got);
		if (added === 0 || got.length < size) return;
	}
}

/**
 * The records after the first page, read by `since_id` in CONCURRENCY id ranges side by side. The
 * ranges split the ids between the first page and the last page's highest id (an estimate: the
 * last range is open, so records created meanwhile are read too).
 */
async function idRanges(
	first: IDataObject[],
	lastPage: IDataObject[],
	size: number,
	query: Query,
	records: (query: Query) => Promise<IDataObject[]>,
): Promise<IDataObject[][]> {
	const low = maxId(first);
	const high = Math.max(low, maxId(lastPage));
	const bounds = Array.from({ length: CONCURRENCY }, (_, k) =>
		Math.floor(low + ((high - low) * k) / CONCURRENCY),
	);
	const uniqueBounds = [...new Set(bounds)];
	return await Promise.all(
		uniqueBounds.map(async (from, k) => {
			const to = uniqueBounds[k + 1] ?? Infinity;
			const got: IDataObject[] = [];
			for (let since = from; ; ) {
				const batch = await records({ ...query, since_id: since, limit: size, page: 1 });
				let beyond = false;
				for (const r of batch) {
					const id = numericId(r);
					if (id > to) beyond = true;
					else if (id > since || Number.isNaN(id)) got.push(r);
				}
				const next = maxId(batch);
				if (beyond || batch.length < size || !(next > since)) return got;
				since = next;
			}
		}),
	);
}
