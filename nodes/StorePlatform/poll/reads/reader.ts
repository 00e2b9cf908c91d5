import type { IDataObject, INode, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { unwrapRecords } from '../../api/unwrap';
import { apiRequest, failureOf, isUnreadableAnswer, type Query } from '../../api/request';
import type { Endpoint } from '../../endpoint';
import { idOf, maxOf, type Id } from '../rules/decimalId';
import {
	countIn,
	describeBody,
	FailedRead,
	goneStatus,
	isFailedRead,
	listIn,
	refusedStatus,
	REREADS,
	type Answer,
} from './answer';
import { attempt } from './attempt';
import { pageEnd } from '../rules/pageEnd';
import { PastBound } from '../rules/snapshot';
import { unreadableStamp } from '../rules/shopTime';
import type { PollPlan } from '../rules/strategy';

/** The poll trigger's reads of the shop, on the api/ layer (signing, retries of 429/503, errors). */

/** The highest id of the records (exact: decimalId.ts), or `from` where none is higher. */
export const maxIdOf = (records: IDataObject[], from: Id = BigInt(0)): Id =>
	records.reduce((m, r) => maxOf(m, idOf(r.id) ?? m), from);

export function fillPath(endpoint: Endpoint, scope: Record<string, string>): string {
	let path = endpoint.path;
	for (const param of endpoint.params ?? []) {
		if (param.in !== 'path') continue;
		path = path.replace(`{${param.key}}`, encodeURIComponent(scope[param.name] ?? ''));
	}
	return path;
}

/**
 * A list that ignores `since_id` and `page` (or `page` alone) and holds more than a page. Reported once (outages.ts).
 */
export class UnreadableList extends NodeOperationError {
	constructor(
		node: INode,
		message: string,
		/** What the list ignores: the same text for every poll of the node. */
		readonly ignored: string,
	) {
		super(node, message, {
			description:
				'Changes of this list are not reported until the shop answers `since_id` or `page`. This error is shown once; the trigger keeps polling.',
		});
	}
}

/**
 * A list whose stamps come in a form shopTime.ts cannot read: a scan would pass over its records. Shown once
 * (node/outages.ts).
 */
export class UnreadableStamp extends NodeOperationError {
	constructor(node: INode, noun: string, field: string, value: string) {
		super(
			node,
			`The shop writes the ${noun}s' ${field} as "${value}", a form the poll trigger cannot read`,
			{
				description:
					"Stamps are read as YYYY-MM-DD HH:MM:SS, with or without seconds, a T, fractions of a second or an offset. Until the shop writes one of these forms, this list's changes are not reported; this error is shown once.",
			},
		);
	}
}

/**
 * Requests one poll of one resource sends at most, its activation included: a whole list's count, 998 pages of 250
 * records and the empty page after. A read that may stop goes on at the next poll; one that must be whole fails.
 */
export const MAX_POLL_REQUESTS = 1000;

/** Readings by page number at most of a list answered out of id order while together they fall short of its count. */
export const MAX_ROUNDS = 8;

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

/** An error in an answer's body that says the record does not exist (the spec shows no error bodies). */
const NOT_FOUND = /not[ _-]?found|no such|does not exist/i;

/**
 * What a Get's 200 answer says of a record the list lacks: the record, there; no record (an empty body, `{}`, `null`,
 * an empty wrapper) or only other keys, gone. A record without its key (a Get that leaves it out) counts as there.
 */
export function answerOf(records: IDataObject[], key: string, id: string): Answer {
	const asked = idOf(id);
	const keyOf = (r: IDataObject) => r[key];
	const same = (v: unknown) =>
		String(v) === id || (asked !== undefined && idOf(v) !== undefined && idOf(v) === asked);
	const record = records.find((r) => same(keyOf(r)));
	if (record) return { gone: false, record };
	const shown = records.filter((r) => Object.keys(r).length > 0);
	if (shown.some((r) => keyOf(r) === undefined || keyOf(r) === null)) return { gone: false };
	return { gone: true };
}

/** An error in a 200 body about the credential or the rate, not about the record: it proves nothing gone. */
const NOT_ABOUT_THE_RECORD = /token|auth|permission|access|forbidden|scope|rate|too many|limit/i;

/** Records a count may say beyond a whole list's bound before the list is refused without reading it (reads/wholeRead.ts readUpTo). */
export const PAST_BOUND_SLACK = 100;

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
		return await this.reread(async () => {
			this.send();
			return await this.getRecords(query);
		});
	}

	async count(query: Query): Promise<number> {
		return await this.reread(async () => {
			this.send();
			return await this.getCount(query);
		});
	}

	/**
	 * A read whose answer proves nothing (answer.ts) is asked again REREADS times, then fails the poll: no emit, no move.
	 */
	private async reread<T>(read: () => Promise<T>): Promise<T> {
		for (let n = 0; ; n++) {
			const tried = await attempt(read);
			if (tried.ok) return tried.value;
			if (n >= REREADS || !isFailedRead(tried.error)) throw tried.error;
		}
	}

	/** The records of a list answer; FailedRead where it carries no list. */
	protected recordsOf(body: unknown): IDataObject[] {
		const records = listIn(body, this.plan.list.output, this.plan.key);
		if (!records)
			throw new FailedRead(
				this.ctx.getNode(),
				this.label,
				`The ${this.noun} list came as ${describeBody(body)}`,
			);
		return records;
	}

	/** The count of a count answer; FailedRead where it carries none. */
	protected countOf(body: unknown): number {
		const n = countIn(body);
		if (n === undefined)
			throw new FailedRead(
				this.ctx.getNode(),
				`${this.plan.table.displayName} → Count`,
				`The ${this.noun} count came as ${describeBody(body)}`,
			);
		return n;
	}

	protected async getRecords(query: Query): Promise<IDataObject[]> {
		const body = await apiRequest.call(this.ctx, 'GET', fillPath(this.plan.list, this.scope), {
			query,
			operation: this.label,
			timeout: this.limits.timeout,
		});
		return this.recordsOf(body);
	}

	protected async getCount(query: Query): Promise<number> {
		const endpoint = this.plan.count;
		if (!endpoint) throw new Error(`${this.label}: no count endpoint`);
		const body = await apiRequest.call(this.ctx, 'GET', fillPath(endpoint, this.scope), {
			query,
			operation: `${this.plan.table.displayName} → Count`,
			timeout: this.limits.timeout,
		});
		return this.countOf(body);
	}

	/** Whether a record can be asked for by its key (the list's Get takes it in its path): ledger/decide.ts. */
	get asksOne(): boolean {
		const get = this.plan.get;
		return Boolean(get?.params?.some((p) => p.in === 'path' && p.key === this.plan.key));
	}

	/**
	 * The record's own Get (ledger/decide.ts): gone where it answers 404 or 410, or refuses the record (refusedStatus, an
	 * error in a 200 body); else the record, where the answer holds it, or `unsure`.
	 */
	async getOne(id: string): Promise<Answer> {
		const get = this.plan.get;
		const param = get?.params?.find((p) => p.in === 'path' && p.key === this.plan.key);
		if (!get || !param) throw new Error(`${this.label}: no Get by ${this.plan.key}`);
		this.send();
		const path = fillPath(get, { ...this.scope, [param.name]: id });
		const tried = await attempt(
			async () =>
				await apiRequest.call(this.ctx, 'GET', path, {
					operation: `${this.plan.table.displayName} → Get`,
					timeout: this.limits.timeout,
				}),
		);
		if (!tried.ok) {
			const error = tried.error as { httpCode?: unknown; message?: unknown; description?: unknown };
			const status = Number(error.httpCode);
			const said = `${String(error.message ?? '')} ${String(error.description ?? '')}`;
			if (goneStatus(status) || (status === 200 && NOT_FOUND.test(said))) return { gone: true };
			// an answer the shop gave about this record, refusing it (not a body that could not be read)
			if (
				refusedStatus(status) &&
				!isUnreadableAnswer(tried.error) &&
				!(status === 200 && NOT_ABOUT_THE_RECORD.test(said))
			)
				return { gone: true };
			// anything else says nothing of the record (a 403 of a shop refusing unknown ids, a 500): the list read, so the
			// poll goes on (ledger/decide.ts); where no answer came at all, or 429, the other Gets wait for the next poll
			const failure = failureOf(tried.error);
			if (!failure) throw tried.error;
			const retry =
				failure.kind === 'timeout' ||
				failure.kind === 'unreachable' ||
				failure.status === 0 ||
				failure.status === 429;
			return { unsure: String(error.message ?? ''), retry };
		}
		return answerOf(unwrapRecords(tried.value, get.output), this.plan.key, id);
	}

	/** Whether a page ends a read (pageEnd.ts), learning the page size the shop fills. */
	ends(page: IDataObject[], asked: number, previous?: number): boolean {
		const { end, full } = pageEnd(this.limits.full, asked, page.length, previous);
		this.limits.full = full;
		return end;
	}

	unreadableList(ignored: string, shown: number): UnreadableList {
		return new UnreadableList(
			this.ctx.getNode(),
			`The shop's ${this.noun} list ignores ${ignored}: it answers the same ${shown} records whatever is asked, so the trigger cannot read the rest of it`,
			ignored,
		);
	}

	/** Fails the poll where a page's stamps of `field` come in a form no rule reads. */
	checkStamps(page: IDataObject[], field: string): void {
		const odd = unreadableStamp(page, field);
		if (odd !== undefined) throw new UnreadableStamp(this.ctx.getNode(), this.noun, field, odd);
	}

	pastBound(records: number, max: number): PastBound {
		return new PastBound(this.ctx.getNode(), this.noun, records, max);
	}
}
