import type { IDataObject, INode, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { unwrapRecords } from '../../api/unwrap';
import { apiRequest, failureOf, isUnreadableAnswer, type Query } from '../../api/request';
import type { Endpoint } from '../../endpoint';
import { idOf, maxOf, type Id } from '../rules/decimalId';
import { attempt, countIn, FailedRead, isFailedRead, listIn, REREADS, type Answer } from './answer';
import { pageEnd } from '../rules/pageEnd';
import { PastBound } from '../rules/snapshot';
import { unreadableStamp } from '../rules/shopTime';
import type { PollPlan } from '../rules/strategy';

/** The highest id of the records (exact: decimalId.ts), or `from` where none is higher. */
export const maxIdOf = (records: IDataObject[], from: Id = BigInt(0)): Id =>
	records.reduce((m, r) => maxOf(m, idOf(r.id) ?? m), from);

/** The endpoint's path with the scope's values in its path parameters. */
export function fillPath(endpoint: Endpoint, scope: Record<string, string>): string {
	let path = endpoint.path;
	for (const param of endpoint.params ?? []) {
		if (param.in !== 'path') continue;
		path = path.replace(`{${param.key}}`, encodeURIComponent(scope[param.name] ?? ''));
	}
	return path;
}

/** A list that ignores `since_id` and `page` (or `page` alone) and holds more than a page. Shown once (node/outages.ts). */
export class UnreadableList extends NodeOperationError {
	/** `ignored`: what the list ignores, the same text for every poll of the node. */
	constructor(
		node: INode,
		noun: string,
		readonly ignored: string,
		shown: number,
	) {
		const message = `The shop's ${noun} list ignores ${ignored}: it answers the same ${shown} records whatever is asked, so the trigger cannot read the rest of it`;
		super(node, message, {
			description:
				'Changes of this list are not reported until the shop answers `since_id` or `page`. This error is shown once; the trigger keeps polling.',
		});
	}
}

/** Stamps in a form shopTime.ts cannot read: a scan would pass over their records. Shown once (node/outages.ts). */
export class UnreadableStamp extends NodeOperationError {
	constructor(node: INode, noun: string, field: string, value: string) {
		const message = `The shop writes the ${noun}s' ${field} as "${value}", a form the poll trigger cannot read`;
		super(node, message, {
			description:
				"Stamps are read as YYYY-MM-DD HH:MM:SS, with or without seconds, a T, fractions of a second or an offset. Until the shop writes one of these forms, this list's changes are not reported; this error is shown once.",
		});
	}
}

/**
 * Requests one poll of one resource sends at most, its activation included: a whole list's count, 998 pages of 250
 * records and the empty page after. A read that may stop goes on at the next poll; one that must be whole fails.
 */
export const MAX_POLL_REQUESTS = 1000;
/** Records a count may say beyond a whole list's bound before the list is refused unread (wholeRead.ts readUpTo). */
export const PAST_BOUND_SLACK = 100;

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

/**
 * What a Get's 200 answer says of a record the list lacks: the record, there; no record (an empty body, `{}`, `null`,
 * an empty wrapper) or only other keys, gone. A record without its key (a Get that leaves it out) counts as there.
 */
export function answerOf(records: IDataObject[], key: string, id: string): Answer {
	const asked = idOf(id);
	const same = (v: unknown) => String(v) === id || (asked !== undefined && idOf(v) === asked);
	const record = records.find((r) => same(r[key]));
	if (record) return { gone: false, record };
	const keyless = (r: IDataObject) =>
		Object.keys(r).length > 0 && (r[key] === undefined || r[key] === null);
	return records.some(keyless) ? { gone: false } : { gone: true };
}

/** An error in a 200 body that says the record does not exist (the spec shows no error bodies). */
const NOT_FOUND = /not[ _-]?found|no such|does not exist/i;
/** An error in a 200 body about the credential or the rate, not about the record: it proves nothing gone. */
const NOT_ABOUT_THE_RECORD = /token|auth|permission|access|forbidden|scope|rate|too many|limit/i;
/** Refusals that say nothing of the record: the credential, the rate, a timeout. */
const NOT_OF_THE_RECORD = new Set([401, 403, 407, 408, 429]);

/**
 * What a failed Get says of the record. Gone: a 404 or 410, or the shop refusing this record (an error in a 200 body
 * not about the credential or the rate, a 4xx other than theirs): it does not show it, as the list said. Anything else
 * (a 403 of a shop refusing unknown ids, a 500, a body that could not be read) says nothing of it: the list read, so
 * the poll goes on (ledger/decide.ts); where no answer came at all, or 429, the other Gets wait for the next poll.
 */
function failedGet(error: unknown): Answer {
	const { httpCode, message, description } = error as Record<string, unknown>;
	const status = Number(httpCode);
	const said = `${String(message ?? '')} ${String(description ?? '')}`;
	if (status === 404 || status === 410 || (status === 200 && NOT_FOUND.test(said)))
		return { gone: true };
	const refused =
		status === 200
			? !NOT_ABOUT_THE_RECORD.test(said)
			: status >= 400 && status < 500 && !NOT_OF_THE_RECORD.has(status);
	if (refused && !isUnreadableAnswer(error)) return { gone: true };
	const failure = failureOf(error);
	if (!failure) throw error;
	const retry =
		failure.kind === 'timeout' ||
		failure.kind === 'unreachable' ||
		[0, 429].includes(failure.status);
	return { unsure: String(message ?? ''), retry };
}

/** One resource's reads in one poll, on the api/ layer: each request counted (the ceiling), each answer checked. */
export class ShopReader {
	constructor(
		private readonly ctx: IPollFunctions,
		readonly plan: PollPlan,
		private readonly scope: Record<string, string>,
		readonly limits: ReadLimits,
	) {}

	/** Whether the poll has sent as many requests as it may. */
	spent(): boolean {
		return this.limits.requests >= (this.limits.ceiling ?? MAX_POLL_REQUESTS);
	}

	/** Whether a budgeted read stops before its next page: the ceiling, or (`later` pages) the poll's time. */
	stops(budgeted: boolean, later = true): boolean {
		return budgeted && (this.spent() || (later && this.limits.expired()));
	}

	/** Counts a request about to be sent; past the ceiling, the poll fails. */
	private send(): void {
		if (this.spent()) {
			const most = this.limits.ceiling ?? MAX_POLL_REQUESTS;
			const page = this.limits.full ?? this.plan.pageSize;
			throw new NodeOperationError(
				this.ctx.getNode(),
				`The ${this.noun} list is longer than one poll reads: a poll sends at most ${most} requests (about ${(most - 2) * page} records at ${page} a page)`,
			);
		}
		this.limits.requests++;
	}

	private get noun(): string {
		return this.plan.table.displayName.toLowerCase();
	}

	/** A page of the list (FailedRead where no answer of REREADS + 1 carries one). */
	async list(query: Query): Promise<IDataObject[]> {
		return await this.reread(async () => await this.getRecords(query));
	}

	/** The list's count (FailedRead where no answer of REREADS + 1 carries one). */
	async count(query: Query): Promise<number> {
		return await this.reread(async () => await this.getCount(query));
	}

	/** An answer that proves nothing (answer.ts) is asked again REREADS times, then fails the poll: no emit, no move. */
	private async reread<T>(read: () => Promise<T>): Promise<T> {
		for (let n = 0; ; n++) {
			const tried = await attempt(async () => {
				this.send();
				return await read();
			});
			if (tried.ok) return tried.value;
			if (n >= REREADS || !isFailedRead(tried.error)) throw tried.error;
		}
	}

	/** A GET of the endpoint, the operation named for its errors ("Page → Count"). */
	private async get(endpoint: Endpoint, operation: string, query?: Query, scope = this.scope) {
		return await apiRequest.call(this.ctx, 'GET', fillPath(endpoint, scope), {
			query,
			operation: `${this.plan.table.displayName} → ${operation}`,
			timeout: this.limits.timeout,
		});
	}

	/** The records of a list answer; FailedRead where it carries no list. */
	protected recordsOf(body: unknown): IDataObject[] {
		const records = listIn(body, this.plan.list.output, this.plan.key);
		if (!records)
			throw new FailedRead(this.ctx.getNode(), this.plan.table.displayName, 'list', body);
		return records;
	}

	protected async getRecords(query: Query): Promise<IDataObject[]> {
		return this.recordsOf(await this.get(this.plan.list, 'Poll', query));
	}

	/** The count of a count answer; FailedRead where it carries none. */
	protected async getCount(query: Query): Promise<number> {
		const endpoint = this.plan.count;
		if (!endpoint) throw new Error(`${this.plan.table.displayName} → Poll: no count endpoint`);
		const body = await this.get(endpoint, 'Count', query);
		const n = countIn(body);
		if (n === undefined)
			throw new FailedRead(this.ctx.getNode(), this.plan.table.displayName, 'count', body);
		return n;
	}

	/** The Get's path parameter that takes the list's key, where there is one. */
	private get keyParam() {
		return this.plan.get?.params?.find((p) => p.in === 'path' && p.key === this.plan.key);
	}

	/** Whether a record can be asked for by its key (the list's Get takes it in its path): ledger/decide.ts. */
	get asksOne(): boolean {
		return this.keyParam !== undefined;
	}

	/** The record's own Get (ledger/decide.ts): failedGet where it fails, else answerOf. */
	async getOne(id: string): Promise<Answer> {
		const [get, param] = [this.plan.get, this.keyParam];
		if (!get || !param)
			throw new Error(`${this.plan.table.displayName} → Poll: no Get by ${this.plan.key}`);
		this.send();
		const scope = { ...this.scope, [param.name]: id };
		const tried = await attempt(async () => await this.get(get, 'Get', undefined, scope));
		if (!tried.ok) return failedGet(tried.error);
		return answerOf(unwrapRecords(tried.value, get.output), this.plan.key, id);
	}

	/** Whether a page ends a read (pageEnd.ts), learning the page size the shop fills. */
	ends(page: IDataObject[], asked: number, previous?: number): boolean {
		const { end, full } = pageEnd(this.limits.full, asked, page.length, previous);
		this.limits.full = full;
		return end;
	}

	unreadableList(ignored: string, shown: number): UnreadableList {
		return new UnreadableList(this.ctx.getNode(), this.noun, ignored, shown);
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
