import type { IDataObject, IPollFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

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

/**
 * Requests one poll of one resource sends at most, its activation included: enough for an activation that reads
 * a list whole, its count, 998 pages of 250 records (249,500 records) and the empty page after them. A read that
 * may stop (creations, scans, the search of the count) stops there and goes on at the next poll; a read that must
 * be whole fails the poll, naming the list.
 */
export const MAX_POLL_REQUESTS = 1000;

/** Where a read stands in the poll's time budget; also learns the longest page the shop fills. */
export interface ReadLimits {
	/** Whether the poll's budget is spent (checked before every page after a read's first). */
	expired: () => boolean;
	/** The longest page the shop was seen to fill. */
	full?: number;
	/** Requests sent in this poll. */
	requests: number;
	/** Requests this poll may send at most (MAX_POLL_REQUESTS unless given). */
	ceiling?: number;
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

	/** Whether the poll has sent as many requests as it may. */
	spent(): boolean {
		return this.limits.requests >= (this.limits.ceiling ?? MAX_POLL_REQUESTS);
	}

	/** Counts a request about to be sent; past the ceiling, the poll fails. */
	private send(): void {
		if (this.spent()) {
			const most = this.limits.ceiling ?? MAX_POLL_REQUESTS;
			const page = this.limits.full ?? this.plan.pageSize;
			this.fail(
				`The ${this.noun} list is longer than one poll reads: a poll sends at most ${most} requests (about ${(most - 2) * page} records at ${page} a page)`,
			);
		}
		this.limits.requests++;
	}

	private get noun(): string {
		return this.plan.table.displayName.toLowerCase();
	}

	private fail(message: string): never {
		throw new NodeOperationError(this.ctx.getNode(), message);
	}

	async list(query: Query): Promise<IDataObject[]> {
		this.send();
		return await this.getRecords(query);
	}

	async count(query: Query): Promise<number> {
		this.send();
		return await this.getCount(query);
	}

	protected async getRecords(query: Query): Promise<IDataObject[]> {
		const body = await apiRequest.call(this.ctx, 'GET', fillPath(this.plan.list, this.scope), {
			query,
			operation: this.label,
			timeout: this.limits.timeout,
		});
		return unwrapRecords(body, this.plan.list.output);
	}

	protected async getCount(query: Query): Promise<number> {
		const endpoint = this.plan.count;
		if (!endpoint) throw new Error(`${this.label}: no count endpoint`);
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
	 * must be whole (`budgeted` false) ignores the budget, not the ceiling. A page with no id above the one asked
	 * for fails the poll: the list ignores `since_id`, and its answers prove nothing.
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
			if (budgeted && (this.spent() || (n > 0 && this.limits.expired()))) return false;
			const page = await this.list({ ...query, since_id: since, limit: asked, page: 1 });
			const end = this.ends(page, asked, short);
			short = page.length < asked ? page.length : undefined;
			if (page.length === 0) return true;
			const next = maxIdOf(page, since);
			if (!(next > since))
				this.fail(
					`The shop's ${this.noun} list ignores since_id: asked for the records after id ${since}, it answered ${page.length} records, none after it, so its answers cannot tell which records are new or gone`,
				);
			since = next;
			if (onPage(page, since) === false) return end;
			if (end) return true;
		}
	}

	/**
	 * Reads by page number from `from`, as readSince. A page holding the same records as the one before fails the
	 * poll: the list ignores `page`.
	 */
	async readPages(
		from: number,
		query: Query,
		onPage: (page: IDataObject[], next: number) => void,
		budgeted = true,
	): Promise<boolean> {
		const asked = this.limits.full ?? this.plan.pageSize;
		let short: number | undefined;
		let previous: string | undefined;
		for (let n = from; ; n++) {
			if (budgeted && (this.spent() || (n > from && this.limits.expired()))) return false;
			const page = await this.list({ ...query, limit: asked, page: n });
			const end = this.ends(page, asked, short);
			short = page.length < asked ? page.length : undefined;
			if (page.length === 0) return true;
			// by key (the whole record where it has none)
			const ids = page.map((r) => String(r[this.plan.key] ?? JSON.stringify(r))).join('\n');
			if (ids === previous)
				this.fail(
					`The shop's ${this.noun} list ignores page: page ${n} holds the same ${page.length} records as page ${n - 1}, so its answers cannot tell which records changed`,
				);
			previous = ids;
			onPage(page, n + 1);
			if (end) return true;
		}
	}

	/** The whole list (Return All's churn-safe reading: api/paginate.ts), within the poll's ceiling. */
	async all(): Promise<IDataObject[]> {
		const { plan } = this;
		return await fetchList.call(
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
				beforeRequest: () => this.send(),
			},
			'all',
		);
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
