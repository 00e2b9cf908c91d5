import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { shapeRecords } from '../../api/output';
import { DEFAULT_TIMEOUT_MS } from '../../api/request';
import { attempt, FAILED_READ_POLLS, isFailedRead } from '../reads/answer';
import {
	birthKeyOf,
	changeIdentity,
	deliveryKeyOf,
	firstSeq,
	nextSeq,
	readUpTo,
	stateLeftOut,
	withLaterEdit,
} from '../rules/changeKey';
import { Episodes, type Cause } from './episodes';
import { fingerprint, type ChangeKind, type ChangeParts } from '../rules/fingerprint';
import {
	pollWithParent,
	readScopeId,
	readWithParent,
	shopAnswers,
	type ParentWatch,
} from '../watch/parent';
import { verifiedPoll, type Run } from '../ledger/verify';
import { outageEnded, outageError, outagePoll, pollError } from './outage';
import { runPoll, type Change } from '../watch/poller';
import { PastBound } from '../rules/pastBound';
import { contentOf } from '../ledger/digest';
import { MAX_POLL_REQUESTS, ShopReader, UnreadableList, UnreadableStamp } from '../reads/reader';
import { trackersOf, usableState, watchOf, type PollState } from '../rules/state';
import type { PollPlan } from '../rules/strategy';
import { keepQuiet, resumeFrom, type QuietPart } from './quietParts';
import { keySeqs, markOf, orphansOf, remember, type Orphan, type RunMark } from './lostRuns';
import { asSample, newestRecord, sampleKind } from './sample';

/** The poll trigger's `poll()`: parameters, budget, manual mode, the cursor in the static data, output items. */

/**
 * Key of the baseline an activation also writes to the global static data: n8n 2.36+ with durable poll cursors drops
 * the node data an activation poll writes when it returns null.
 */
export const BASELINE_PREFIX = 'storePlatformPollBaseline:';

/** Budget of a poll where n8n does not give one (before 2.37): well below n8n's 5-minute default. */
export const FIXED_BUDGET_MS = 60_000;
/** The shortest timeout of one request, however small the budget. */
const MIN_TIMEOUT_MS = 5_000;
/** Share of the budget spent reading; the rest is kept for the answers in flight and the output. */
const BUDGET_SHARE = 0.75;

export function budgetOf(ctx: IPollFunctions): number {
	const given = (ctx as { getPollBudgetMs?: unknown }).getPollBudgetMs;
	if (typeof given !== 'function') return FIXED_BUDGET_MS;
	const ms = Number((given as () => unknown).call(ctx));
	return Number.isFinite(ms) && ms > 0 ? ms : FIXED_BUDGET_MS;
}

interface Settings {
	plan: PollPlan;
	events: ChangeKind[];
	scope: Record<string, string>;
	simplify: boolean;
	normaliseNumbers: boolean;
}

/** The Resource value of n8n's "Custom API Call" entry. */
const CUSTOM_API_CALL = '__CUSTOM_API_CALL__';

function readSettings(ctx: IPollFunctions, plans: PollPlan[]): Settings {
	const resource = ctx.getNodeParameter('resource') as string;
	const plan = plans.find((p) => p.table.resource === resource);
	// a node saved while n8n still offered "Custom API Call" in the Resource list (StorePlatformPollTrigger.node.ts)
	if (resource === CUSTOM_API_CALL)
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
	const scope: Record<string, string> = {};
	for (const param of plan.scope) {
		// the action node's by-ID rule, before any request (an error naming the field)
		scope[param.name] = readScopeId(
			ctx.getNode(),
			param,
			ctx.getNodeParameter(param.name, '', { extractValue: true }),
		);
	}
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	return {
		plan,
		events,
		scope,
		simplify: plan.table.simplify ? Boolean(ctx.getNodeParameter('simplify', true)) : false,
		// on unless turned off (Options › Normalize Numbers)
		normaliseNumbers: options.normaliseNumbers !== false,
	};
}

/**
 * The parts of a change's key (changeKey.ts). `seq`: the number of the cursor the poll started from (undefined: none).
 */
function partsOf(settings: Settings, change: Change, seq?: number): ChangeParts {
	return {
		resource: settings.plan.table.resource,
		scope: Object.values(settings.scope).join('/'),
		id: change.id,
		kind: change.kind,
		// a record's content (ledger/digest.ts), not its stamps: the same key after a change of zone or stamps' form
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
	const inFlightKey = `${this.getWorkflow().id ?? ''}:${this.getNode().id}`;
	if (IN_FLIGHT.has(inFlightKey)) return null;
	IN_FLIGHT.add(inFlightKey);
	// no cursor stored yet (nor the baseline n8n's durable cursors keep apart): the user is looking
	const activation =
		this.getWorkflowStaticData('node').cursor === undefined &&
		this.getWorkflowStaticData('global')[`${BASELINE_PREFIX}${this.getNode().id}`] === undefined;
	const tried = await attempt(async () => await pollOnce.call(this, settings, reader, parent));
	IN_FLIGHT.delete(inFlightKey);
	if (tried.ok) {
		EPISODES.succeeded(inFlightKey);
		outageEnded(this, inFlightKey);
		return tried.value;
	}
	const { error } = tried;
	// the shop unable to answer for now: quiet polls, then one error per outage (outages.ts)
	const outage = outagePoll(this, inFlightKey, error, !activation);
	if (outage === 'quiet') return null;
	if (outage === 'show') throw outageError(this, inFlightKey, error);
	// an error caused by the shop's state: shown once (where it persists), the other polls end quietly (episodes.ts)
	const cause = causeOf(error, plan.table.resource);
	if (cause && EPISODES.failed(inFlightKey, cause, activation) === 'quiet') return null;
	// a list the trigger cannot read whole: one error, then quiet polls that wait for the shop (README)
	if (error instanceof UnreadableList) {
		const reported = `${inFlightKey}:${settings.plan.table.resource}:${error.ignored}`;
		if (REPORTED.has(reported)) return null;
		REPORTED.add(reported);
	}
	throw pollError(this, error);
}

/** Polls that are running, by workflow and node. */
const IN_FLIGHT = new Set<string>();
/** Lists reported unreadable, by workflow, node, resource and what the list ignores (once per n8n process). */
const REPORTED = new Set<string>();
/** Polls failing for the shop's state, by workflow and node (in the n8n process). */
const EPISODES = new Episodes();
/** n8n's clock at each node's last audit, by workflow, node and watch: a quiet audit's cursor may not be saved. */
const AUDITS = new Map<string, number>();
/** The cursor of quiet audit parts n8n may not save, by the same key (quietParts.ts). */
const QUIET_PARTS = new Map<string, QuietPart>();
/** The latest runs of each node's poll, by the same key (lostRuns.ts). */
const RUNS = new Map<string, RunMark[]>();

/** The cause of a poll's failure where it is the shop's state, not a fault of this poll. */
function causeOf(error: unknown, resource: string): Cause | undefined {
	if (isFailedRead(error)) return { id: `read:${resource}`, after: FAILED_READ_POLLS };
	if (error instanceof PastBound) return { id: `bound:${resource}`, after: 1 };
	if (error instanceof UnreadableStamp) return { id: `stamp:${resource}`, after: 1 };
	return undefined;
}

async function pollOnce(
	this: IPollFunctions,
	settings: Settings,
	reader: ShopReader,
	parent: ParentWatch,
): Promise<INodeExecutionData[][] | null> {
	const { plan } = settings;
	const staticData = this.getWorkflowStaticData('node');
	const global = this.getWorkflowStaticData('global');
	const baselineKey = `${BASELINE_PREFIX}${this.getNode().id}`;
	const watch = watchOf(plan.table.resource, Object.values(settings.scope));
	const trackers = trackersOf(plan, settings.events);
	const cursor = usableState(staticData.cursor, watch, trackers);
	// the activation's baseline, where n8n kept no node data of the activation poll (README: durable cursors)
	const saved = cursor ?? usableState(global[baselineKey], watch, trackers);
	const auditKey = `${this.getWorkflow().id ?? ''}:${this.getNode().id}:${watch}`;
	// an audit in parts goes on where its last quiet part left it, where n8n did not save that (quietParts.ts)
	const stored = resumeFrom(QUIET_PARTS.get(auditKey), saved);
	const { seq } = stored ?? {};
	const now = Date.now();
	// a change a run n8n did not keep reported (lostRuns.ts); its deletions are what the user was told
	const runs = RUNS.get(auditKey) ?? [];
	const orphans = seq === undefined ? new Map<string, Orphan>() : orphansOf(runs, seq, now);
	const run: Run = {
		reader,
		watch,
		trackers,
		events: settings.events,
		now,
		lastAudit: AUDITS.get(auditKey),
		told: [...orphans.values()].filter((o) => o.kind === 'deleted').map((o) => o.id),
		toldCreated: [...orphans.values()].filter((o) => o.kind === 'created').map((o) => o.id),
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
	// a change a run n8n did not keep reported, found again: that run's key (lostRuns.ts)
	const emitting = parts.map((p) => ({
		id: p.id,
		kind: p.kind,
		identity: changeIdentity(p, editsApart),
	}));
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
