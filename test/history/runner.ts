/**
 * Runs a history (steps.ts) against the in-process sandbox with n8n-core's poller (setup.ts pollStore), keeping
 * what the checker needs: every poll's items, error, requests, the static data before and after, and the log's
 * length at its start and end (the true change log, sandbox/changeLog.ts). Then quiet polls until nothing more
 * comes (settle, bounded), after n8n's clock moved on 61 minutes: every settle includes the trigger's hourly
 * audit (a slow full read that reports what the fast reads missed, late), so the model owes every change by then.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { ChangeEntry, Sandbox, Table } from '../../sandbox';
import type { Poller } from '../harness';
import { MAX_POLL_REQUESTS } from '../../nodes/StorePlatform/poll/reads/reader';
import { apiRequests, pollStore } from '../workflow/setup';
import { inScope, PROFILES, valueText, type Profile } from './profiles';
import type { Change, GetHabit, History, Step } from './steps';

/** Requests after which the runner stops a poll (the checker then reports it above its ceiling). */
const STOP_AT = MAX_POLL_REQUESTS + 20;
/** Quiet polls at most after the history (settle): it ends after two polls in a row emit nothing. */
export const SETTLE_MAX = 6;
/** On a slow shop the settle goes on while an audit in parts does, up to this many polls. */
export const SLOW_SETTLE_MAX = 40;
/** Hours the settle waits at most for records the trigger holds undecided (suspects). */
const SETTLE_WAITS = 2;
/** n8n's clock between two polls (a Poll Time of a minute, n8n's shortest). */
export const POLL_TIME_MS = 60_000;
/**
 * A slow shop (History.slow): what `getPollBudgetMs()` answers, and how far n8n's clock moves at each request, so
 * that a poll reads about 3 requests (75 % of the budget: trigger.ts BUDGET_SHARE) and an audit goes in parts.
 */
export const SLOW = { budgetMs: 16_000, requestMs: 4_000 };

export interface PollRun {
	/** 0: the activation. */
	index: number;
	/** 'repeat': run from the static data saved before the poll it repeats (`repeats`). */
	how: 'poll' | 'repeat' | 'settle' | 'activation';
	repeats?: number;
	/** The n8n process it ran in (one more after each restart): an error shown once per process comes once more. */
	process: number;
	items: INodeExecutionData[];
	error?: string;
	requests: number;
	/** Each request as `GET /path?query → status`: only where FUZZ_REQUESTS is set (`npm run fuzz -- --replay`). */
	asked?: string[];
	/** The log's length when it started and ended (the changes it may have seen). */
	logFrom: number;
	logTo: number;
	/** The node's static data it started from and left (JSON). */
	before: string;
	after: string;
	/** n8n's clock (ms) when it started. */
	at: number;
	/** Whether it left an audit going on (an audit in parts, poll/ledger/auditParts.ts). */
	auditing: boolean;
}

export interface Trace {
	history: History;
	profile: Profile;
	/** The watched list's records when the log started (before the activation): key → record. */
	start: Map<string, IDataObject>;
	/** The change log from the activation on. */
	log: ChangeEntry[];
	polls: PollRun[];
	/** Steps that found no record to act on. */
	skipped: number;
	/** n8n's clock (ms) when each entry of the log was made (by position). */
	times: number[];
	/** n8n's clock when a record's Get began to answer the record or 403/500 for one the list lacks (a held
	 * deletion: decided by the audit after the next; promise 11); Infinity where it never did. */
	heldFrom: number;
}

let runs = 0;

/**
 * n8n's clock (Date.now, as n8n-core's poller and the trigger read it): the real clock plus what histories moved
 * it ('later' steps, the settle). It only moves forward, so a cursor's clock-based numbers never repeat.
 */
let n8nAheadMs = 0;
const realNow = Date.now.bind(Date);
Date.now = () => realNow() + n8nAheadMs;
/** How far n8n's clock moves before the settle (and at a 'later' step): past the trigger's hourly audit. */
export const AUDIT_GAP_MS = 61 * 60_000;

const at = (t: number) => new Date(t * 1000).toISOString().slice(0, 19).replace('T', ' ');
/** 2030-01-01 12:00:00 UTC, in seconds. */
const T0 = Date.UTC(2030, 0, 1, 12) / 1000;

export async function runHistory(sandbox: Sandbox, history: History): Promise<Trace> {
	const profile = PROFILES[history.resource];
	sandbox.reset();
	let now = T0;
	sandbox.shopTime.pin(at(now));
	let zone = 0;
	if (history.preload > 0) sandbox.seed(profile.resource, history.preload);
	const table = () => tableOf(sandbox, profile.resource);
	const present = () => table().rows.filter((r) => inScope(profile, r));
	const gone = new Set<string>();
	let skipped = 0;

	const workflow = () => `history-${++runs}`;
	let workflowId = workflow();
	const budgetMs = history.slow ? SLOW.budgetMs : undefined;
	let poller: Poller = pollStore(sandbox, profile.params, { workflowId, budgetMs });
	const times: number[] = [];
	/** n8n's clock for the log's entries made since the last stamp. */
	const stamp = () => {
		const n = sandbox.changeLog.logged();
		while (times.length < n) times.push(Date.now());
	};
	const polls: PollRun[] = [];
	let heldFrom = Infinity;
	/** Static data (node, global) before the last poll, for a repeat. */
	let beforeLast: { node: IDataObject; global: IDataObject; index: number } | undefined;

	const apply = (c: Change) => {
		const rows = present();
		const chosen = (pick: number) => rows[pick % rows.length] as IDataObject | undefined;
		const key = (r: IDataObject) => String(r[profile.key]);
		switch (c.op) {
			case 'create':
			case 'createNullStamp': {
				const fields: IDataObject = { [profile.field]: valueText(c.v) };
				if (profile.scope) fields.product_id = profile.scope;
				if (c.op === 'createNullStamp') fields.updated_at = null;
				const r = sandbox.owner.add(profile.resource, fields);
				gone.delete(key(r));
				return;
			}
			case 'update': {
				const r = chosen(c.pick);
				if (!r) return void skipped++;
				let v = c.v;
				// an update changes the value (a touch alone is no change a workflow can see)
				while (valueText(v) === r[profile.field]) v++;
				sandbox.owner.change(profile.resource, key(r), { [profile.field]: valueText(v) });
				return;
			}
			case 'createMany':
				// one write boundary: the log compares the table once (sandbox owner.batch)
				return sandbox.owner.batch(() => {
					for (let i = 0; i < c.n; i++) apply({ op: 'create', v: c.v });
				});
			case 'deleteMany':
				return sandbox.owner.batch(() => {
					for (const r of rows.slice(0, c.n)) {
						sandbox.owner.remove(profile.resource, key(r));
						gone.add(key(r));
					}
				});
			case 'updateMany':
				return sandbox.owner.batch(() => {
					for (const r of rows.slice(0, c.n))
						if (r[profile.field] !== valueText(c.v))
							sandbox.owner.change(profile.resource, key(r), { [profile.field]: valueText(c.v) });
				});
			case 'delete': {
				const r = chosen(c.pick);
				if (!r) return void skipped++;
				sandbox.owner.remove(profile.resource, key(r));
				gone.add(key(r));
				return;
			}
			case 'restore': {
				const ids = [...gone].filter((id) => !table().get(id));
				if (ids.length === 0) return void skipped++;
				const id = ids[c.pick % ids.length];
				sandbox.owner.restore(profile.resource, id);
				gone.delete(id);
				return;
			}
			case 'reuseId': {
				const last = table().rows[table().rows.length - 1] as IDataObject | undefined;
				if (!last || !inScope(profile, last)) return void skipped++;
				sandbox.owner.remove(profile.resource, key(last));
				sandbox.owner.restart();
				apply({ op: 'create', v: c.v });
				return;
			}
		}
	};

	let n8nProcess = 0;
	const poll = async (how: PollRun['how'], during?: { n: number; change: Change }) => {
		const logFrom = sandbox.changeLog.since().length;
		stamp();
		const at = Date.now();
		const before = poller.staticData();
		if (how !== 'repeat')
			beforeLast = { node: before, global: poller.globalStaticData(), index: polls.length };
		let lists = 0;
		let done = !during;
		const from = apiRequests(sandbox).length;
		let stopped = false;
		sandbox.onRequest((r) => {
			if (!stopped && apiRequests(sandbox).length - from > STOP_AT) {
				stopped = true;
				sandbox.faults.add({ type: 'status', status: 400, times: Infinity });
			}
			// a slow shop: each answer takes n8n's clock on (the poll's budget runs out)
			if (history.slow) n8nAheadMs += SLOW.requestMs;
			if (done || !during || r.method !== 'GET' || r.path !== profile.listPath) return;
			if (++lists === during.n) {
				done = true;
				apply(during.change);
				stamp();
			}
		});
		const tick = await poller.tick({ activation: how === 'activation' });
		sandbox.onRequest(null);
		if (stopped) sandbox.faults.clear();
		if (during && !done) apply(during.change);
		const logTo = sandbox.changeLog.since().length;
		stamp();
		const after = poller.staticData();
		polls.push({
			index: polls.length,
			how,
			repeats: how === 'repeat' ? beforeLast?.index : undefined,
			process: n8nProcess,
			items: tick.items ?? [],
			error: tick.error?.message,
			requests: apiRequests(sandbox).length - from,
			asked: process.env.FUZZ_REQUESTS
				? apiRequests(sandbox)
						.slice(from)
						.map((r) => `${r.method} ${r.path}${r.rawQuery ? `?${r.rawQuery}` : ''} → ${r.status}`)
						.concat(
							`suspects after: ${JSON.stringify((after.cursor as IDataObject)?.suspects ?? {})}`,
						)
				: undefined,
			logFrom,
			logTo,
			before: JSON.stringify(before),
			after: JSON.stringify(after),
			at,
			auditing: (after.cursor as IDataObject | undefined)?.audit !== undefined,
		});
		// the next Poll Time
		n8nAheadMs += POLL_TIME_MS;
	};

	const newPoller = (node: IDataObject, global: IDataObject) =>
		pollStore(sandbox, profile.params, {
			workflowId,
			staticData: node,
			globalStaticData: global,
			budgetMs,
		});

	for (const step of history.before ?? []) if (!POLLS.includes(step.op)) await run(step);
	const start = new Map(present().map((r) => [String(r[profile.key]), { ...r }]));
	sandbox.changeLog.start([profile.resource]);
	await poll('activation', history.activation);
	for (const step of history.steps) {
		await run(step);
		stamp();
	}
	async function run(step: Step): Promise<void> {
		switch (step.op) {
			case 'poll':
				return await poll('poll');
			case 'during':
				return await poll('poll', step);
			case 'repeat': {
				if (!beforeLast || beforeLast.index === 0) return void skipped++;
				poller = newPoller(beforeLast.node, beforeLast.global);
				return await poll('repeat');
			}
			case 'restart':
				n8nProcess++;
				workflowId = workflow();
				poller = newPoller(poller.staticData(), poller.globalStaticData());
				return;
			case 'tick':
				now += step.s;
				sandbox.shopTime.pin(at(now));
				return;
			case 'emptyAnswer':
				sandbox.habits({
					emptyListAnswer: {
						answer: step.body === '' ? 'empty' : step.body,
						times: 1,
						paths: [profile.listPath],
					},
				});
				return;
			case 'pageCap':
				sandbox.faults.pageCap = step.cap;
				return;
			case 'stampForm':
				sandbox.habits({ stampForm: step.form });
				return;
			case 'bigIds':
				sandbox.habits({ bigNewIds: true });
				return;
			case 'flipForms':
				sandbox.habits({ flipForms: step.on });
				return;
			case 'idStep':
				sandbox.habits({ idStep: step.step });
				return;
			case 'ignoreParam':
				if (step.param === 'since_id') sandbox.habits({ ignoreSinceId: [profile.listPath] });
				else sandbox.habits({ ignorePage: [profile.listPath] });
				return;
			case 'countOffset':
				sandbox.habits({ countOffset: { [`${profile.listPath}/count`]: step.n } });
				return;
			case 'grow':
				sandbox.seed(profile.resource, step.n);
				return;
			case 'order':
				sandbox.habits({ listOrder: { [profile.listPath]: step.order } });
				return;
			case 'getHabit':
				if (step.habit !== 'stale') heldFrom = Math.min(heldFrom, Date.now());
				return getHabit(sandbox, profile, step.habit);
			case 'shape': {
				const field = step.change === 'add' ? 'new_field' : spareField(profile, present());
				if (field)
					sandbox.habits({ answerShape: { [profile.listPath]: { [step.change]: field } } });
				return;
			}
			case 'zone':
				// the pinned instant stays; the shop's wall clock (and every stamp shown) moves by the change
				sandbox.settings({ shopZoneOffsetMinutes: step.hours * 60 });
				now += (step.hours - zone) * 3600;
				zone = step.hours;
				return;
			case 'countLag':
				sandbox.habits({ countLag: [`${profile.listPath}/count`] });
				return;
			case 'fillIdGaps':
				sandbox.habits({ fillIdGaps: true });
				return;
			case 'later':
				n8nAheadMs += AUDIT_GAP_MS;
				return;
			default:
				return apply(step);
		}
	}
	// settle: the shop's clock moves on a second per poll; two polls in a row without items end it
	sandbox.habits({ emptyListAnswer: null });
	n8nAheadMs += AUDIT_GAP_MS;
	let quiet = 0;
	let waits = 0;
	// an audit in parts going on when the history ended began before its last changes: only the audit after it,
	// an hour on, reads what it missed (promise 11: an hour and its parts), so the settle waits for that one too
	let straddled = polls[polls.length - 1]?.auditing === true;
	// an audit in parts (a slow shop's, or readings again of one that was not complete) goes on at most 40 polls
	const most = () =>
		history.slow || polls[polls.length - 1]?.auditing ? SLOW_SETTLE_MAX : SETTLE_MAX;
	for (let i = 0; i < most() + 2 * waits && quiet < 2; i++) {
		now += 1;
		sandbox.shopTime.pin(at(now));
		await poll('settle');
		const last = polls[polls.length - 1];
		// an audit in parts going on is not quiet: what it finds comes at its end
		quiet = last.items.length === 0 && !last.error && !last.auditing ? quiet + 1 : 0;
		// records the trigger holds undecided (suspects waiting for the next complete reading): n8n goes on polling,
		// so the settle waits for them, an hour of n8n's clock at a time (twice at most; promise 11 judges the delay)
		if (quiet === 2 && ((waits < SETTLE_WAITS && undecided(last)) || straddled)) {
			waits++;
			quiet = 0;
			straddled = false;
			n8nAheadMs += AUDIT_GAP_MS;
		}
	}
	const log = sandbox.changeLog.since();
	return {
		history,
		profile,
		start,
		log,
		polls,
		skipped,
		times: times.slice(0, log.length),
		heldFrom,
	};
}

/** Whether a poll left records undecided in its cursor: suspects (ledger/decide.ts) or keys waiting for a Get. */
function undecided(poll: PollRun): boolean {
	const cursor = (JSON.parse(poll.after) as { cursor?: { suspects?: object; pending?: unknown[] } })
		.cursor;
	return Object.keys(cursor?.suspects ?? {}).length > 0 || (cursor?.pending?.length ?? 0) > 0;
}

/** Switches a habit of one record's Get on for the watched list (sandbox/recordHabits.ts). */
function getHabit(sandbox: Sandbox, profile: Profile, habit: GetHabit): void {
	const list = profile.listPath;
	if (habit === 'refuse403' || habit === 'refuse500')
		sandbox.habits({ unknownGetStatus: { [list]: habit === 'refuse403' ? 403 : 500 } });
	else if (habit === 'trash') sandbox.habits({ trashGet: [list] });
	else sandbox.habits({ staleGet: { times: 1, paths: [list] } });
}

/** A field of the watched records a shape change may drop: none the checker or the trigger's reads rely on. */
function spareField(profile: Profile, rows: IDataObject[]): string | undefined {
	const kept = new Set([
		profile.key,
		profile.field,
		'id',
		'created_at',
		'updated_at',
		'product_id',
	]);
	return Object.keys(rows[0] ?? {}).find((f) => !kept.has(f));
}

/** Steps that poll (not run before the activation). */
const POLLS: ReadonlyArray<Step['op']> = ['poll', 'during', 'repeat', 'restart', 'emptyAnswer'];

function tableOf(sandbox: Sandbox, resource: string): Table {
	const s = sandbox.store;
	const tables: Record<string, Table> = {
		page: s.pages,
		voucher: s.vouchers,
		abandonedCart: s.abandonedCarts,
		user: s.users,
		promotion: s.promotions,
		themeScript: s.themeScripts,
		variant: s.variants,
	};
	return tables[resource];
}
