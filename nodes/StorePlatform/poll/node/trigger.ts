import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { shapeRecords } from '../../api/output';
import { DEFAULT_TIMEOUT_MS, type Query } from '../../api/request';
import { attempt } from '../reads/answer';
import {
	birthKeyOf,
	changeIdentity,
	deliveryKeyOf,
	firstSeq,
	nextSeq,
	readUpTo,
	stateLeftOut,
	withLaterEdit,
	type ChangeParts,
} from '../rules/changeKey';
import { fingerprint, type ChangeKind } from '../rules/fingerprint';
import {
	pollWithParent,
	readScopeId,
	readWithParent,
	shopAnswers,
	type ParentWatch,
} from '../watch/parent';
import { verifiedPoll, type Run } from '../ledger/verify';
import { failedPoll, pollSucceeded } from './outages';
import { runPoll, type Change } from '../watch/poller';
import { contentOf } from '../ledger/ledger';
import { MAX_POLL_REQUESTS, ShopReader } from '../reads/reader';
import { trackersOf, usableState, watchOf, type PollState } from '../rules/state';
import type { PollPlan } from '../rules/strategy';
import { keySeqs, markOf, orphansOf, remember, type Orphan, type RunMark } from './lostRuns';

/**
 * Key of the baseline an activation also writes to the global static data: n8n 2.36+ with durable poll cursors drops
 * the node data an activation poll writes when it returns null.
 */
const baselineKeyOf = (ctx: IPollFunctions) => `storePlatformPollBaseline:${ctx.getNode().id}`;

/** Budget of a poll where n8n does not give one (before 2.37): well below n8n's 5-minute default. */
const FIXED_BUDGET_MS = 60_000;
/** The shortest timeout of one request, however small the budget. */
const MIN_TIMEOUT_MS = 5_000;
/** Share of the budget spent reading; the rest is kept for the answers in flight and the output. */
const BUDGET_SHARE = 0.75;

/** The poll's budget: n8n's `getPollBudgetMs()` where it has one. */
function budgetOf(ctx: IPollFunctions): number {
	const given = (ctx as { getPollBudgetMs?: unknown }).getPollBudgetMs;
	if (typeof given !== 'function') return FIXED_BUDGET_MS;
	const ms = Number((given as () => unknown).call(ctx));
	return Number.isFinite(ms) && ms > 0 ? ms : FIXED_BUDGET_MS;
}

/** The node's parameters, checked before any request. */
function readSettings(ctx: IPollFunctions, plans: PollPlan[]) {
	const resource = ctx.getNodeParameter('resource') as string;
	const plan = plans.find((p) => p.table.resource === resource);
	// a node saved while n8n still offered "Custom API Call" in the Resource list (StorePlatformPollTrigger.node.ts)
	if (resource === '__CUSTOM_API_CALL__')
		throw new NodeOperationError(
			ctx.getNode(),
			"Custom API Call is not available in the poll trigger: choose a Resource it can watch, such as Page or Voucher. For any other API call, use the Store Platform node, or n8n's HTTP Request node with this credential.",
		);
	if (!plan)
		throw new NodeOperationError(ctx.getNode(), `The resource '${resource}' cannot be watched`);
	const chosen = ctx.getNodeParameter('events', plan.events) as string[];
	const events = plan.events.filter((e) => chosen.includes(e));
	if (events.length === 0)
		throw new NodeOperationError(ctx.getNode(), 'Choose at least one event to watch');
	// the action node's by-ID rule, before any request (an error naming the field)
	const scope: Record<string, string> = {};
	for (const param of plan.scope)
		scope[param.name] = readScopeId(
			ctx.getNode(),
			param,
			ctx.getNodeParameter(param.name, '', { extractValue: true }),
		);
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	return {
		plan,
		events,
		scope,
		simplify: plan.table.simplify ? Boolean(ctx.getNodeParameter('simplify', true)) : false,
		normaliseNumbers: options.normaliseNumbers !== false,
	};
}

type Settings = ReturnType<typeof readSettings>;

/** The parts of a change's key (changeKey.ts). `seq`: the number of the cursor the poll started from, if any. */
function partsOf(settings: Settings, change: Change, seq?: number): ChangeParts {
	return {
		resource: settings.plan.table.resource,
		scope: Object.values(settings.scope).join('/'),
		id: change.id,
		kind: change.kind,
		// a record's content (ledger/ledger.ts), not its stamps: the same key after a change of zone or stamps' form
		state: change.record && seq !== undefined ? contentOf(change.record) : change.state,
		birth: change.record ? birthKeyOf(change.record) : undefined,
	};
}

function toItem(settings: Settings, change: Change, deliveryKey: string): INodeExecutionData {
	const { plan } = settings;
	const event = `${plan.table.resource}/${change.kind}`;
	if (!change.record) {
		const id = /^\d{1,15}$/.test(change.id) ? Number(change.id) : change.id;
		return { json: { [plan.key]: id, event, deliveryKey } };
	}
	// as the action node's typeVersion 3 Get shapes it: empty dates as null, words beside codes, ids as numbers
	const [shaped] = shapeRecords([change.record], plan.table, {
		emptyDatesAsNull: true,
		simplify: settings.simplify,
		normaliseNumbers: settings.normaliseNumbers,
		words: true,
		idsAsNumbers: true,
		keepLists: true,
	});
	return { json: { ...shaped, event, deliveryKey } };
}

/** n8n's `poll()`: the parameters, the budget, the sample (manual mode), one poll at a time per node. */
export async function pollChanges(
	this: IPollFunctions,
	plans: PollPlan[],
): Promise<INodeExecutionData[][] | null> {
	const settings = readSettings(this, plans);
	const { plan } = settings;
	const started = Date.now();
	const budget = budgetOf(this) * BUDGET_SHARE;
	// a context of its own for this poll: the credential is read afresh and the request pool is this poll's
	const run = Object.create(this) as IPollFunctions;
	const reader = new ShopReader(run, plan, settings.scope, {
		expired: () => Date.now() - started > budget,
		requests: 0,
		ceiling: MAX_POLL_REQUESTS,
		// one request may take at most half the budget (n8n abandons a scheduled poll that overruns it)
		timeout: Math.min(DEFAULT_TIMEOUT_MS, Math.max(MIN_TIMEOUT_MS, Math.round(budget / 2))),
	});

	// a list with a parent (a product's variants): a 404 is judged by asking the shop (parent.ts)
	const parent: ParentWatch = {
		plan,
		scope: settings.scope,
		node: this.getNode(),
		askShop: async () => await shopAnswers(run, reader.limits),
	};

	if (this.getMode() === 'manual') {
		const record = await readWithParent(parent, async () => await newestRecord(reader));
		if (!record) return null;
		const change: Change = {
			kind: sampleKind(settings.events, record),
			id: String(record[plan.key]),
			record,
			state: fingerprint(record),
		};
		return [[asSample(toItem(settings, change, ''), plan.table.resource, change.id, Date.now())]];
	}

	// n8n (legacy scheduling) starts the next poll while one still runs: it would emit the same changes again
	const node = `${this.getWorkflow().id ?? ''}:${this.getNode().id}`;
	if (IN_FLIGHT.has(node)) return null;
	IN_FLIGHT.add(node);
	// no cursor stored yet (nor the baseline n8n's durable cursors keep apart): the user is looking
	const activation =
		this.getWorkflowStaticData('node').cursor === undefined &&
		this.getWorkflowStaticData('global')[baselineKeyOf(this)] === undefined;
	const tried = await attempt(
		async () => await pollOnce.call(this, settings, reader, parent, node),
	);
	IN_FLIGHT.delete(node);
	if (!tried.ok) return failedPoll(this, node, tried.error, activation, plan.table.resource);
	pollSucceeded(this, node);
	return tried.value;
}

/** Polls that are running, by workflow and node. */
const IN_FLIGHT = new Set<string>();
/** n8n's clock at each node's last audit, by workflow, node and watch: a quiet audit's cursor may not be saved. */
const AUDITS = new Map<string, number>();
/** The cursor of quiet audit parts n8n may not save, by the same key (keepQuiet). */
const QUIET_PARTS = new Map<string, QuietPart>();
/** The latest runs of each node's poll, by the same key (lostRuns.ts). */
const RUNS = new Map<string, RunMark[]>();

async function pollOnce(
	this: IPollFunctions,
	settings: Settings,
	reader: ShopReader,
	parent: ParentWatch,
	node: string,
): Promise<INodeExecutionData[][] | null> {
	const { plan } = settings;
	const staticData = this.getWorkflowStaticData('node');
	const global = this.getWorkflowStaticData('global');
	const baselineKey = baselineKeyOf(this);
	const watch = watchOf(plan.table.resource, Object.values(settings.scope));
	const trackers = trackersOf(plan, settings.events);
	const cursor = usableState(staticData.cursor, watch, trackers);
	// the activation's baseline, where n8n kept no node data of the activation poll (README: durable cursors)
	const saved = cursor ?? usableState(global[baselineKey], watch, trackers);
	const auditKey = `${node}:${watch}`;
	const stored = resumeFrom(QUIET_PARTS.get(auditKey), saved);
	const { seq } = stored ?? {};
	const now = Date.now();
	// a change a run n8n did not keep reported (lostRuns.ts); its deletions are what the user was told
	const runs = RUNS.get(auditKey) ?? [];
	const orphans = seq === undefined ? new Map<string, Orphan>() : orphansOf(runs, seq, now);
	const told = (kind: ChangeKind): string[] =>
		[...orphans.values()].filter((o) => o.kind === kind).map((o) => o.id);
	const run: Run = {
		reader,
		watch,
		trackers,
		events: settings.events,
		now,
		lastAudit: AUDITS.get(auditKey),
		told: told('deleted'),
		toldCreated: told('created'),
		fast: async (from) => await runPoll(reader, watch, trackers, from),
	};
	const outcome = await pollWithParent(parent, stored, async () => await verifiedPoll(run, stored));
	// on a scanned list, a creation edited since the cursor's times also comes as updated (changeKey.ts)
	const upTo = seq === undefined ? undefined : readUpTo(stored?.scan);
	const changes = withLaterEdit(outcome.changes, upTo).filter((c) =>
		settings.events.includes(c.kind),
	);
	const editsApart = stateLeftOut(upTo, settings.events);
	const parts = changes.map((c) => partsOf(settings, c, seq));
	const emitting = parts.map((p) => ({ ...p, identity: changeIdentity(p, editsApart) }));
	const seqs = seq === undefined ? [] : keySeqs(emitting, orphans, seq);
	const items = changes.map((c, i) =>
		toItem(settings, c, deliveryKeyOf(parts[i], seqs[i], editsApart)),
	);
	// the cursor moves only here, with the items this poll returns
	const next: PollState = outcome.state;
	// a quiet audit only (n8n may not save its cursor): a repeat of one that emits must audit again, for the same keys
	if (next.audited !== undefined && items.length === 0) AUDITS.set(auditKey, next.audited);
	const nextNumber = outcome.baseline
		? firstSeq(Date.now())
		: nextSeq(seq, items.length > 0, Date.now());
	if (nextNumber === undefined) delete next.seq;
	else next.seq = nextNumber;
	if (outcome.baseline || seq === undefined || nextNumber === undefined) RUNS.delete(auditKey);
	else
		RUNS.set(auditKey, remember(runs, markOf(seq, nextNumber, run.now, emitting, seqs, orphans)));
	const quiet = keepQuiet(saved, stored, next, items.length > 0);
	if (quiet) QUIET_PARTS.set(auditKey, quiet);
	else QUIET_PARTS.delete(auditKey);
	if (JSON.stringify(staticData.cursor) !== JSON.stringify(next))
		staticData.cursor = next as unknown as IDataObject;
	if (outcome.baseline) global[baselineKey] = next as unknown as IDataObject;
	else if (cursor && global[baselineKey] !== undefined) delete global[baselineKey];
	return items.length > 0 ? [items] : null;
}

/**
 * A quiet poll's cursor, kept in the process where n8n saves only the static data of a poll that emits (docs/poll.md):
 * else an audit in parts would read its quiet parts again and never complete. Kept only while an audit in parts runs
 * or the static data lags behind one.
 */
export interface QuietPart {
	/** The static data's cursor (JSON) the kept one's run began from: a poll finding it there goes on from `next`. */
	from: string;
	next: PollState;
}

const copy = (state: PollState): PollState => JSON.parse(JSON.stringify(state)) as PollState;

/** The cursor a poll goes on from: the kept one where the static data still holds `from`. */
export function resumeFrom(
	kept: QuietPart | undefined,
	stored: PollState | undefined,
): PollState | undefined {
	if (!kept || !stored || JSON.stringify(stored) !== kept.from) return stored;
	return copy(kept.next);
}

/**
 * What to keep after a poll: `stored` the static data's cursor (before resumeFrom), `used` the cursor the poll
 * went on from, `next` the cursor it leaves, `emitted` whether it returned items (n8n then saves `next`).
 */
export function keepQuiet(
	stored: PollState | undefined,
	used: PollState | undefined,
	next: PollState,
	emitted: boolean,
): QuietPart | undefined {
	const lagging = used !== stored;
	if (emitted || !stored || (!lagging && !next.audit && !used?.audit)) return undefined;
	return { from: JSON.stringify(stored), next: copy(next) };
}

/**
 * The event Fetch Test Event's sample (the newest record) stands for, so a workflow routes it as the real change:
 * `updated` where changed after its creation and updates are watched, else `created` where watched, else the first.
 */
export function sampleKind(events: ChangeKind[], record: IDataObject): ChangeKind {
	const changed =
		typeof record.updated_at === 'string' &&
		typeof record.created_at === 'string' &&
		record.updated_at > record.created_at;
	if (changed && events.includes('updated')) return 'updated';
	if (events.includes('created')) return 'created';
	return events[0];
}

/** The sample's `deliveryKey`: new at each fetch, never a change's 32 hex digits (Remove Duplicates keeps both). */
export const sampleKey = (resource: string, id: string, now: number): string =>
	`sample-${resource}-${id}-${now}`;

/** An item shaped as a change's, marked as the sample, kept when pinned: its own key, and `sample: true` last. */
export function asSample(
	item: INodeExecutionData,
	resource: string,
	id: string,
	now: number,
): INodeExecutionData {
	return {
		...item,
		json: { ...item.json, deliveryKey: sampleKey(resource, id, now), sample: true },
	};
}

/** The newest record of the list (no cursor is read or moved). */
async function newestRecord(reader: ShopReader): Promise<IDataObject | undefined> {
	const { plan } = reader;
	if (plan.paged && plan.count) {
		const total = await reader.count({});
		if (total === 0) return undefined;
		const [newest] = await reader.list({ limit: 1, page: total } as Query);
		if (newest) return newest;
	}
	const page = await reader.list(plan.paged ? { limit: plan.pageSize, page: 1 } : {});
	return page[page.length - 1];
}
