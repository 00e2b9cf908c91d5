/**
 * A shop list in memory for the cursor tables: records with ids and shop times, a shop clock the test sets (in
 * any zone: it is only text), "later than" filters that are strict or inclusive, a page cap, and a hook that
 * changes the shop between two requests (churn while paging); and the habits of real shops: ids that step by 2 or
 * 3, ids handed out again, a list that ignores `since_id` or `page`, a count off its list. The poll module reads
 * it through ShopReader, whose two requests (a page, a count) and whole-list read are replaced here; every rule
 * above them (paging, the ceiling of requests, the reading of an answer's body where a test gives one) is the
 * shipped code.
 */
import type { Answer } from '../../../nodes/StorePlatform/poll/reads/answer';
import type { IDataObject } from 'n8n-workflow';

import { prng, type Rand } from '../../prng';

import type { Query } from '../../../nodes/StorePlatform/api/request';
import { verifiedPoll } from '../../../nodes/StorePlatform/poll/ledger/verify';
import { runPoll, type Change } from '../../../nodes/StorePlatform/poll/watch/poller';
import { ShopReader, type ReadLimits } from '../../../nodes/StorePlatform/poll/reads/reader';
import {
	trackersOf,
	usableState,
	type PollState,
} from '../../../nodes/StorePlatform/poll/rules/state';
import type { PollPlan } from '../../../nodes/StorePlatform/poll/rules/strategy';
import type { ChangeKind } from '../../../nodes/StorePlatform/poll/rules/fingerprint';
import {
	keepQuiet,
	resumeFrom,
	type QuietPart,
} from '../../../nodes/StorePlatform/poll/node/trigger';

export interface FakeOptions {
	filters?: 'strict' | 'inclusive';
	/** The shop's largest page, whatever `limit` asks. */
	pageCap?: number;
	/** How far apart new ids are: a step, or a function of each next step (a database cluster's auto_increment). */
	idStep?: number | (() => number);
	/** A parameter the list ignores (a proxy, a shop bug): it answers as if it had not been asked. */
	ignores?: 'since_id' | 'page' | 'both';
	/** Added to every count (a count off its list in every range). */
	countSkew?: number;
	/**
	 * The order the list answers in (the spec gives none): by id (default), newest first, or another order at each
	 * request (`shuffled`: rows of one second of a list sorted by created_at, issue 49 #5).
	 */
	order?: 'id' | 'newest' | 'shuffled';
}

/** Requests of one poll beyond which the fake shop fails the test (a read that never ends). */
export const RUNAWAY = 20_000;

export function secondsBefore(time: string, seconds: number): string {
	const t = new Date(`${time.replace(' ', 'T')}Z`).getTime() - seconds * 1000;
	return new Date(t).toISOString().slice(0, 19).replace('T', ' ');
}

export class FakeShop {
	records: IDataObject[] = [];
	private nextId = 1;
	/** The shop's clock, `YYYY-MM-DD HH:MM:SS` in the shop's zone. */
	time = '2024-03-10 09:00:00';
	requests: Query[] = [];
	/** Requests of the current poll. */
	pollRequests = 0;
	/** Called before each answer with the request's number in the poll (from 1): changes made while a poll pages. */
	beforeAnswer?: (n: number) => void;
	/**
	 * How an answer spells a record (the spec's two forms of one value: `1`/`true`, `19`/`"19.00"`); `answer`: the
	 * request's number since the shop began. Unset: as stored.
	 */
	spell?: (record: IDataObject, answer: number) => IDataObject;
	/** The body a list answer comes as (unset: the records as an array): an answer without its list. */
	body?: (records: IDataObject[]) => unknown;
	/** What a record's Get answers where not as the list holds it (403, 500, a trashed record's 200): undefined, as held. */
	getHabit?: (id: string) => Answer | undefined;
	/** Keys asked by Get. */
	gets: string[] = [];

	constructor(readonly opts: FakeOptions = {}) {}

	at(time: string): this {
		this.time = time;
		return this;
	}

	/** Records the count counts but the list does not show (trashed, hidden), by id. */
	unlisted = new Set<number>();
	/** Records the list shows but the count does not count, by id. */
	uncounted = new Set<number>();

	/**
	 * A new record, with the next id or a given one (`id`, or `fields.id`: an id handed out again, a record
	 * restored with its old id). The shop's lists come in id order.
	 */
	create(fields: IDataObject = {}, given?: number): IDataObject {
		const id = given ?? (fields.id !== undefined ? Number(fields.id) : undefined);
		const r = {
			id: id ?? this.nextId,
			title: 'r',
			created_at: this.time,
			updated_at: this.time,
			...fields,
		};
		if (id === undefined) {
			const step = this.opts.idStep ?? 1;
			this.nextId += typeof step === 'number' ? step : step();
			this.records.push(r);
		} else {
			if (this.records.some((x) => x.id === id)) throw new Error(`record ${id} exists`);
			const at = this.records.findIndex((x) => Number(x.id) > id);
			this.records.splice(at < 0 ? this.records.length : at, 0, r);
			this.nextId = Math.max(this.nextId, id + 1);
		}
		return r;
	}

	/** n records; `spread`: created one second apart before the clock's time (else all at the clock's second). */
	seed(n: number, spread = false): void {
		const now = this.time;
		for (let i = 0; i < n; i++) {
			if (spread) this.time = secondsBefore(now, n - i);
			this.create({ title: `seed ${i}` });
		}
		this.time = now;
	}

	update(id: number, fields: IDataObject = {}): void {
		const r = this.records.find((x) => x.id === id);
		if (!r) throw new Error(`no record ${id}`);
		Object.assign(r, { title: `${String(r.title)}'`, ...fields, updated_at: this.time });
	}

	remove(id: number): void {
		this.records = this.records.filter((r) => r.id !== id);
	}

	private matches(r: IDataObject, q: Query): boolean {
		const ignores = this.opts.ignores;
		const since = ignores === 'since_id' || ignores === 'both' ? undefined : q.since_id;
		if (since !== undefined && !(Number(r.id) > Number(since))) return false;
		if (q.updated_at_min !== undefined && !this.later(r, 'updated_at', q.updated_at_min))
			return false;
		if (q.created_at_min !== undefined && !this.later(r, 'created_at', q.created_at_min))
			return false;
		return true;
	}

	/** Where a read by `since_id` starts in the records (in id order): the first above it; 0 without one. */
	private startAfter(q: Query): number {
		const ignores = this.opts.ignores;
		if (ignores === 'since_id' || ignores === 'both' || q.since_id === undefined) return 0;
		const since = Number(q.since_id);
		let [lo, hi] = [0, this.records.length];
		while (lo < hi) {
			const mid = (lo + hi) >> 1;
			if (Number(this.records[mid].id) > since) hi = mid;
			else lo = mid + 1;
		}
		return lo;
	}

	private later(r: IDataObject, field: string, min: unknown): boolean {
		// a record never updated (updated_at null) is read by its created_at, as the sandbox's filters do
		const stamp = String(r[field] ?? r.created_at);
		return this.opts.filters === 'strict' ? stamp > String(min) : stamp >= String(min);
	}

	private answer(q: Query): void {
		this.requests.push(q);
		const n = ++this.pollRequests;
		this.beforeAnswer?.(n);
		if (this.pollRequests > RUNAWAY) throw new Error(`runaway poll: over ${RUNAWAY} requests`);
	}

	/** The shuffled order's random numbers (the same on every run). */
	readonly shuffles = prng(49);

	list(q: Query): IDataObject[] {
		this.answer(q);
		const listed = (r: IDataObject) => this.matches(r, q) && !this.unlisted.has(Number(r.id));
		const limit = Math.min(Number(q.limit ?? 50), this.opts.pageCap ?? Infinity);
		const page =
			this.opts.ignores === 'page' || this.opts.ignores === 'both' ? 1 : Number(q.page ?? 1);
		// in id order the listed records up to the page's last are enough (a list of 50,000 read page by page
		// was filtered whole at each page: minutes of a test)
		const all =
			this.opts.order === 'newest'
				? this.records.filter(listed).reverse()
				: this.opts.order === 'shuffled'
					? shuffled(this.records.filter(listed), this.shuffles)
					: firstOf(this.records, listed, page * limit, this.startAfter(q));
		return all
			.slice((page - 1) * limit, page * limit)
			.map((r) => (this.spell ? this.spell({ ...r }, this.requests.length) : { ...r }));
	}

	/** The record's own Get: the record, or undefined (404). */
	get(id: string): IDataObject | undefined {
		this.answer({ get: id });
		const r = this.records.find((x) => String(x.id) === id);
		return r ? { ...r } : undefined;
	}

	count(q: Query): number {
		this.answer(q);
		const counted = this.records.filter(
			(r) => this.matches(r, q) && !this.uncounted.has(Number(r.id)),
		).length;
		return counted + (this.opts.countSkew ?? 0);
	}
}

/** `records` in a random order (Fisher-Yates). */
function shuffled<T>(records: T[], rand: Rand): T[] {
	const out = [...records];
	for (let i = out.length - 1; i > 0; i--) {
		const j = Math.floor(rand() * (i + 1));
		[out[i], out[j]] = [out[j], out[i]];
	}
	return out;
}

/** The first `n` of `records` from `from` on that `keep` keeps, in their order (all where `n` is no number). */
function firstOf(
	records: IDataObject[],
	keep: (r: IDataObject) => boolean,
	n: number,
	from: number,
): IDataObject[] {
	const out: IDataObject[] = [];
	for (let i = from; i < records.length && !(out.length >= n); i++)
		if (keep(records[i])) out.push(records[i]);
	return out;
}

/** The shop reader with its two requests answered by the fake shop: the rest (ceiling, paging) is the shipped code. */
class FakeReader extends ShopReader {
	constructor(
		private readonly shop: FakeShop,
		plan: PollPlan,
		limits: ReadLimits,
	) {
		super({ getNode: () => ({ name: 'Poll Trigger' }) } as never, plan, {}, limits);
	}

	protected async getRecords(query: Query) {
		const records = this.shop.list(query);
		// through the shipped reading of an answer (answer.ts), where the test gives the body
		return this.shop.body ? this.recordsOf(this.shop.body(records)) : records;
	}

	protected async getCount(query: Query) {
		return this.shop.count(query);
	}

	get asksOne() {
		return true;
	}

	async getOne(id: string): Promise<Answer> {
		this.limits.requests++;
		this.shop.gets.push(id);
		const habit = this.shop.getHabit?.(id);
		if (habit) return habit;
		const record = this.shop.get(id);
		return record ? { gone: false as const, record } : { gone: true as const };
	}
}

/** A list plan as planOf makes it, with the capabilities of a test's choosing. */
export function fakePlan(over: Partial<PollPlan>): PollPlan {
	return {
		table: { resource: 'page', displayName: 'Page', label: 'title', endpoints: [] },
		list: {
			resource: 'page',
			operation: 'getAll',
			name: '',
			action: '',
			description: '',
			method: 'GET',
			path: '/x',
			answer: 'many',
			paging: {},
		},
		strategy: 'keyed',
		key: 'id',
		stamp: 'updated_at',
		paged: true,
		pageSize: 50,
		scope: [],
		events: ['created', 'updated', 'deleted'],
		count: {
			resource: 'page',
			operation: 'count',
			name: '',
			action: '',
			description: '',
			method: 'GET',
			path: '/x/count',
			answer: 'count',
		},
		...over,
	};
}

/** A trigger over the fake shop: polls as n8n would, keeping the cursor between polls as the static data does. */
export class FakeTrigger {
	stored: unknown;
	/** Poll budget in requests (the clock of the budget, made deterministic). */
	budgetRequests = Infinity;
	/** Whether polls go through the ledger's checks (ledger/verify.ts), as the trigger's do. */
	verified = false;
	/** n8n's clock (ms) the poll sees: the audit's cadence. */
	now = 1_700_000_000_000;
	/** The last audit's time in this process, as trigger.ts keeps it (a quiet poll's cursor may not be saved). */
	lastAudit?: number;
	lastRequests = 0;
	/** The cursor of quiet audit parts, as trigger.ts keeps it in the process (node/trigger.ts keepQuiet). */
	quietPart?: QuietPart;
	/** Deletions a run n8n did not keep reported, as trigger.ts hands them (node/lostRuns.ts). */
	told?: string[];

	constructor(
		readonly shop: FakeShop,
		readonly plan: PollPlan,
		readonly events: ChangeKind[] = plan.events,
	) {}

	async poll(): Promise<Change[]> {
		const trackers = trackersOf(this.plan, this.events);
		const saved = usableState(
			this.stored === undefined ? undefined : JSON.parse(JSON.stringify(this.stored)),
			'page',
			trackers,
		);
		const state = resumeFrom(this.quietPart, saved);
		this.shop.pollRequests = 0;
		const limits: ReadLimits = {
			requests: 0,
			expired: () => limits.requests >= this.budgetRequests,
		};
		const reader = new FakeReader(this.shop, this.plan, limits);
		const fast = async (from: PollState | undefined) =>
			await runPoll(reader, 'page', trackers, from);
		const outcome = this.verified
			? await verifiedPoll(
					{
						reader,
						watch: 'page',
						trackers,
						events: this.events,
						now: this.now,
						lastAudit: this.lastAudit,
						told: this.told,
						fast,
					},
					state,
				)
			: await fast(state);
		this.stored = JSON.parse(JSON.stringify(outcome.state)) as PollState;
		if (outcome.state.audited !== undefined) this.lastAudit = outcome.state.audited;
		this.lastRequests = limits.requests;
		const changes = outcome.changes.filter((c) => this.events.includes(c.kind));
		this.quietPart = keepQuiet(saved, state, outcome.state, changes.length > 0);
		return changes;
	}
}

/**
 * The lookback window of a stored cursor's scan (the records kept below the floor: scan.ts) and the bytes it
 * takes in the static data: bounds on the rest of the cursor are stated without it.
 */
export function windowOf(stored: unknown): { records: number; bytes: number } {
	const scan = (stored as PollState | undefined)?.scan;
	if (!scan) return { records: 0, bytes: 0 };
	const below = Object.entries(scan.seen).filter(([time]) => time < scan.floor);
	const records = below.reduce((n, [, group]) => n + Object.keys(group).length, 0);
	// each group as it stands in the JSON, with its comma
	const bytes = below.reduce(
		(n, [time, group]) => n + JSON.stringify({ [time]: group }).length - 1,
		0,
	);
	return { records, bytes };
}

/** Changes as `kind id title` lines, sorted, for tables. */
export const lines = (changes: Change[]) =>
	changes.map((c) => `${c.kind} ${c.id}${c.record ? ` ${String(c.record.title)}` : ''}`).sort();
