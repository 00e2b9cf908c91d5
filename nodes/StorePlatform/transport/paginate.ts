import type { IDataObject } from 'n8n-workflow';

import { apiRequest, type Query, type StoreContext } from './request';
import { unwrapCount, unwrapRecords } from './unwrap';

/** Page size asked of lists whose maximum the spec does not give (the server may cap it lower). */
export const DEFAULT_PAGE_REQUEST = 250;
/** Pages fetched at once once the total is known. */
export const CONCURRENCY = 4;

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
	/** Whether the endpoint filters by `since_id` (keyset fallback when data changed meanwhile). */
	sinceId?: boolean;
	operation?: string;
	timeout?: number;
}

/** Statistics of one list fetch, for tests and benchmarks. */
export interface ListStats {
	requests: number;
	pageSize: number;
	total?: number;
	keysetFallback: boolean;
}

const idOf = (r: IDataObject): string | undefined =>
	r.id === undefined || r.id === null ? undefined : String(r.id);

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
 * With a count endpoint the remaining pages are fetched CONCURRENCY at a time (one at a time
 * after a 429/503); a page size capped by the server below the asked `limit` is detected from
 * the first page and used for the rest. When the count changed meanwhile and the endpoint takes
 * `since_id`, the list is read again by id (keyset), which no insert or delete can shift.
 */
export async function fetchList(
	this: StoreContext,
	plan: ListPlan,
	want: number | 'all',
	stats: ListStats = { requests: 0, pageSize: 0, keysetFallback: false },
): Promise<IDataObject[]> {
	let throttled = false;
	const get = async (path: string, query: Query) => {
		stats.requests++;
		return await apiRequest.call(this, 'GET', path, {
			query,
			operation: plan.operation,
			timeout: plan.timeout,
			onRetry: () => {
				throttled = true;
			},
		});
	};
	const limitOf = (n: number) => (want === 'all' ? n : Math.min(n, want));

	if (!plan.paged) {
		const records = unwrapRecords(await get(plan.path, plan.query), plan.key);
		return want === 'all' ? records : records.slice(0, want);
	}

	const asked = limitOf(plan.maxLimit ?? DEFAULT_PAGE_REQUEST);
	const page = async (n: number, limit: number) =>
		unwrapRecords(await get(plan.path, { ...plan.query, limit, page: n }), plan.key);

	const countRequest =
		want === 'all' && plan.count
			? get(plan.count.path, plan.count.query).then(unwrapCount)
			: Promise.resolve(undefined);
	const [first, total] = await Promise.all([page(1, asked), countRequest]);
	stats.total = total;

	const out: IDataObject[] = [];
	const seen = new Set<string>();
	addUnique(out, seen, first);
	const enough = () => want !== 'all' && out.length >= want;
	if (first.length === 0 || enough()) return want === 'all' ? out : out.slice(0, want);

	// A first page shorter than asked is either the end or a server cap: with a known total it is
	// a cap when the total is larger; without it, the next page tells.
	const size = first.length < asked && (total === undefined || total > first.length) ? first.length : asked;
	stats.pageSize = size;
	let next = 2;

	if (total !== undefined && total > out.length) {
		const pages = Math.ceil(total / size);
		const results: IDataObject[][] = [];
		let cursor = 2;
		const worker = async (index: number) => {
			while (cursor <= pages) {
				if (throttled && index > 0) return;
				const n = cursor++;
				results[n] = await page(n, size);
			}
		};
		await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => worker(i)));
		for (let n = 2; n <= pages; n++) addUnique(out, seen, results[n] ?? []);
		next = pages + 1;
		// Records created meanwhile sit on further pages: continue while the last page was full.
		if ((results[pages]?.length ?? 0) < size) next = 0;
	} else if (total !== undefined) {
		next = 0;
	}

	while (next > 0 && !enough()) {
		const records = await page(next, size);
		const added = addUnique(out, seen, records);
		if (records.length < size || added === 0) break;
		next++;
	}

	const keyed = out.length > 0 && idOf(out[0]) !== undefined;
	if (want === 'all' && total !== undefined && plan.sinceId && plan.count && keyed) {
		const after = unwrapCount(await get(plan.count.path, plan.count.query));
		if (after !== total || out.length !== total) {
			stats.keysetFallback = true;
			return await keyset.call(this, plan, size, get);
		}
	}
	return want === 'all' ? out : out.slice(0, want);
}

/** Reads the whole list by `since_id`, in id order; stable under concurrent inserts and deletes. */
async function keyset(
	this: StoreContext,
	plan: ListPlan,
	size: number,
	get: (path: string, query: Query) => Promise<unknown>,
): Promise<IDataObject[]> {
	const out: IDataObject[] = [];
	const seen = new Set<string>();
	let since = plan.query.since_id as string | number | undefined;
	for (;;) {
		const query: Query = { ...plan.query, limit: size, page: 1 };
		if (since !== undefined) query.since_id = since;
		const records = unwrapRecords(await get(plan.path, query), plan.key);
		const added = addUnique(out, seen, records);
		const last = records.length ? idOf(records[records.length - 1]) : undefined;
		if (records.length < size || added === 0 || last === undefined) return out;
		since = last;
	}
}
