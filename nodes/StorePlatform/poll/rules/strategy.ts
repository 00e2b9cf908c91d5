import type { Query } from '../../api/request';
import type { Endpoint, Param, ResourceTable } from '../../endpoint';
import { findEndpoint } from '../../endpoint';
import type { ChangeKind } from './fingerprint';

/**
 * How a resource is watched, read from its list endpoint's filters in the resource table. Pure; no resource names.
 *
 * - `keyed`: the list takes `since_id`: creations above the highest id seen; updates from an `updated_at_min` scan
 *   where it has one; deletions (and ids handed out again) from a count that takes `since_id` (countSearch.ts).
 * - `stamped`: no `since_id`, an `updated_at_min` or `created_at_min` filter: one scan of that time, by page number.
 * - `snapshot`: no usable filter: the whole list read and each record's fingerprint compared.
 */
export interface PollPlan {
	table: ResourceTable;
	list: Endpoint;
	count?: Endpoint;
	/** The record's Get, where the list has one (a deletion is confirmed by it: ledger/decide.ts). */
	get?: Endpoint;
	strategy: 'keyed' | 'stamped' | 'snapshot';
	/** The field naming a record (`id`, `key`, `user_key`). */
	key: string;
	/** The time field a scan filters on (`updated_at` by `updated_at_min`, or `created_at`). */
	stamp?: 'updated_at' | 'created_at';
	/** Whether the list is paged (`limit`/`page`). */
	paged: boolean;
	pageSize: number;
	/** The ids of the list's path (a variant's product, a theme asset's theme). */
	scope: Param[];
	events: ChangeKind[];
}

/** The action node's typeVersion whose endpoint entries the poll trigger reads (its newest). */
export const ACTION_TYPE_VERSION = 3;

/** Page size asked of lists whose maximum the spec does not give (the server may cap it lower). */
export const POLL_PAGE = 250;

const has = (endpoint: Endpoint | undefined, key: string) =>
	Boolean(endpoint?.filters?.some((f) => f.key === key));

/** How the resource of a table is watched; undefined where it has no list. */
export function planOf(table: ResourceTable): PollPlan | undefined {
	const endpoint = (operation: string) => findEndpoint(table, operation, ACTION_TYPE_VERSION);
	const list = endpoint('getAll');
	if (!list) return undefined;
	const countEndpoint = list.countWith ? endpoint(list.countWith) : undefined;
	const paged = Boolean(list.paging);
	const key = table.valueKey ?? 'id';
	const updated = has(list, 'updated_at_min');
	const stamp = updated ? 'updated_at' : has(list, 'created_at_min') ? 'created_at' : undefined;
	const base = {
		table,
		list,
		get: endpoint('get'),
		key,
		paged,
		pageSize: list.paging?.maxLimit ?? POLL_PAGE,
		scope: list.params ?? [],
	};
	if (paged && has(list, 'since_id') && key === 'id') {
		const count = has(countEndpoint, 'since_id') ? countEndpoint : undefined;
		const events: ChangeKind[] = ['created'];
		if (updated) events.push('updated');
		if (count) events.push('deleted');
		return { ...base, strategy: 'keyed', stamp: updated ? stamp : undefined, count, events };
	}
	if (stamp) {
		const events: ChangeKind[] = updated ? ['created', 'updated'] : ['created'];
		return { ...base, strategy: 'stamped', stamp, events };
	}
	const events: ChangeKind[] = ['created', 'updated', 'deleted'];
	return { ...base, strategy: 'snapshot', count: countEndpoint, events };
}

/**
 * Requests of a poll in which nothing changed, by the events watched and the `records` the list holds (bench/poll.js).
 * Until the shop has filled a page, a read ends on an empty page, not a short one (it may be the shop's cap): one more;
 * an empty list ends at its first page. A whole list reads up to one page short of full, and its count once a page was
 * full. The lookback window adds nothing.
 */
export function quietRequests(plan: PollPlan, events: ChangeKind[], records: number): number {
	const scan = records > 0 && records < plan.pageSize ? 2 : 1;
	if (plan.strategy === 'keyed')
		return 1 + (events.includes('updated') ? scan : 0) + (events.includes('deleted') ? 1 : 0);
	if (plan.strategy === 'stamped') return scan;
	if (!plan.paged) return 1;
	const full = Math.floor(records / plan.pageSize);
	return full === 0 ? scan : full + 1 + (plan.count ? 1 : 0);
}

/** The query's filters where the plan's count takes each of them (else undefined: it would count other records). */
export function countFilters(plan: PollPlan, query: Query): Query | undefined {
	if (!plan.count) return undefined;
	const filters: Query = {};
	for (const [key, value] of Object.entries(query)) {
		if (key === 'fields' || key === 'limit' || key === 'page' || value === undefined) continue;
		if (!has(plan.count, key)) return undefined;
		filters[key] = value;
	}
	return filters;
}
