import type { IDataObject, IPollFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { fetchList } from '../api/paginate';
import { apiRequest, type Query } from '../api/request';
import { unwrapCount, unwrapRecords } from '../api/unwrap';
import type { Endpoint } from '../endpoint';
import type { PollPlan } from './strategy';

/** The poll trigger's reads of the shop, on the api/ layer (signing, retries of 429/503, errors). */

const numericId = (r: IDataObject): number => {
	const id = String(r.id ?? '');
	return /^\d{1,15}$/.test(id) ? Number(id) : NaN;
};

export const maxIdOf = (records: IDataObject[], from = 0) =>
	records.reduce((m, r) => Math.max(m, numericId(r) || 0), from);

export function fillPath(endpoint: Endpoint, scope: Record<string, string>): string {
	let path = endpoint.path;
	for (const param of endpoint.params ?? []) {
		if (param.in !== 'path') continue;
		path = path.replace(`{${param.key}}`, encodeURIComponent(scope[param.name] ?? ''));
	}
	return path;
}

/** Where a read stands in the poll's time budget; also learns the longest page the shop fills. */
export interface ReadLimits {
	/** Whether the poll's budget is spent (checked before every page after a read's first). */
	expired: () => boolean;
	/** The longest page the shop was seen to fill. */
	full?: number;
	/** Requests sent in this poll. */
	requests: number;
	/** Milliseconds before one request is abandoned (within the poll's budget). */
	timeout?: number;
}

export class ShopReader {
	readonly label: string;

	constructor(
		private readonly ctx: IPollFunctions,
		readonly plan: PollPlan,
		private readonly scope: Record<string, string>,
		readonly limits: ReadLimits,
	) {
		this.label = `${plan.table.displayName} → Poll`;
	}

	async list(query: Query): Promise<IDataObject[]> {
		this.limits.requests++;
		const body = await apiRequest.call(this.ctx, 'GET', fillPath(this.plan.list, this.scope), {
			query,
			operation: this.label,
			timeout: this.limits.timeout,
		});
		return unwrapRecords(body, this.plan.list.output);
	}

	async count(query: Query): Promise<number> {
		const endpoint = this.plan.count;
		if (!endpoint) throw new Error(`${this.label}: no count endpoint`);
		this.limits.requests++;
		const body = await apiRequest.call(this.ctx, 'GET', fillPath(endpoint, this.scope), {
			query,
			operation: `${this.plan.table.displayName} → Count`,
			timeout: this.limits.timeout,
		});
		const n = unwrapCount(body);
		if (n === undefined) throw new Error(`${this.label}: the shop's answer carries no count`);
		return n;
	}

	/** Whether a page ends a read: empty, or shorter than a page the shop was seen to fill. */
	private ends(page: IDataObject[], asked: number, previousShort?: number): boolean {
		const limits = this.limits;
		if (page.length >= asked) limits.full = Math.max(limits.full ?? 0, asked);
		if (page.length > 0 && previousShort !== undefined)
			limits.full = Math.max(limits.full ?? 0, previousShort);
		return page.length === 0 || (limits.full !== undefined && page.length < limits.full);
	}

	/**
	 * Reads by `since_id` from `from`, page by page, handing each page to `onPage` (which may stop the read by
	 * returning false). Records created or deleted meanwhile shift nothing: each page starts after the last id
	 * read. Returns whether the read reached the end (false when the budget or `onPage` stopped it). A read that
	 * must be whole (`budgeted` false) ignores the budget.
	 */
	async readSince(
		from: number,
		query: Query,
		onPage: (page: IDataObject[], at: number) => boolean | void,
		budgeted = true,
	): Promise<boolean> {
		const asked = this.plan.pageSize;
		let since = from;
		let short: number | undefined;
		for (let n = 0; ; n++) {
			if (n > 0 && budgeted && this.limits.expired()) return false;
			const page = await this.list({ ...query, since_id: since, limit: asked, page: 1 });
			const end = this.ends(page, asked, short);
			short = page.length < asked ? page.length : undefined;
			if (page.length === 0) return true;
			since = maxIdOf(page, since);
			if (onPage(page, since) === false) return end;
			if (end) return true;
		}
	}

	/** Reads by page number from `from`, as readSince. */
	async readPages(
		from: number,
		query: Query,
		onPage: (page: IDataObject[], next: number) => void,
		budgeted = true,
	): Promise<boolean> {
		const asked = this.limits.full ?? this.plan.pageSize;
		let short: number | undefined;
		for (let n = from; ; n++) {
			if (n > from && budgeted && this.limits.expired()) return false;
			const page = await this.list({ ...query, limit: asked, page: n });
			const end = this.ends(page, asked, short);
			short = page.length < asked ? page.length : undefined;
			if (page.length === 0) return true;
			onPage(page, n + 1);
			if (end) return true;
		}
	}

	/** The whole list (Return All's churn-safe reading: api/paginate.ts). */
	async all(): Promise<IDataObject[]> {
		const { plan } = this;
		const stats = { requests: 0, pageSize: 0 };
		const records = await fetchList.call(
			this.ctx,
			{
				path: fillPath(plan.list, this.scope),
				query: {},
				key: plan.list.output,
				paged: plan.paged,
				maxLimit: plan.list.paging?.maxLimit,
				count:
					plan.count && plan.paged
						? { path: fillPath(plan.count, this.scope), query: {} }
						: undefined,
				operation: this.label,
				timeout: this.limits.timeout,
			},
			'all',
			stats,
		);
		this.limits.requests += stats.requests;
		return records;
	}

	/** The whole list, refused beyond `max` records (the static data keeps one fingerprint per record). */
	async allUpTo(max: number): Promise<IDataObject[]> {
		const records = await this.all();
		if (records.length > max) {
			throw new NodeApiError(this.ctx.getNode(), {} as JsonObject, {
				message: `The ${this.plan.table.displayName.toLowerCase()} list has ${records.length} records; the poll trigger compares lists without filters of up to ${max} records`,
			});
		}
		return records;
	}
}
