import type {
	IDataObject,
	IHookFunctions,
	ITriggerFunctions,
	ITriggerResponse,
} from 'n8n-workflow';

import { NodeOperationError } from 'n8n-workflow';

import { checkRegistrations, type CheckResult, type RegistrationApi } from './registrationCheck';
import { recreatedMessage } from './registrationPlan';
import { register, registrationsOfShop, unregister } from './registrations';
import {
	noteCheck,
	ProcessSightings,
	reportExecutionKey,
	reportsRestorations,
	type RestorationStaticData,
	type RestoredReport,
} from './restoration';
import { serialize } from './serialize';

/**
 * The scheduled registration check of an active trigger (trigger()): every N minutes (at n8n's start n8n itself
 * calls checkExists()/create(), which decide on the same plan, because the node has trigger()) it lists the
 * shop's registrations, decides what is missing or stale (registrationPlan.ts) and applies it
 * (registrationCheck.ts). It runs where n8n runs triggers: on the leader main only, once per cluster. It never
 * fails the workflow (a failing check is logged and tried again at the next one) and stops with the workflow:
 * n8n removes its schedule at deactivation, and the close function stops a check still running.
 */

export const DEFAULT_CHECK_MINUTES = 5;

/** Where create() keeps the production URL: the trigger's context cannot ask n8n for it. */
export interface TriggerStaticData extends RestorationStaticData {
	/** Registration id by event kind, for the registrations this node made. */
	webhookIds?: Record<string, string>;
	/** The production URL the registrations post to, as n8n gave it at the last activation. */
	productionUrl?: string;
}

/** A small hash of the workflow's id: spreads many workflows' checks over the minute. */
function secondOf(key: string): number {
	let h = 0;
	for (const c of key) h = (h * 31 + c.charCodeAt(0)) >>> 0;
	return h % 60;
}

/** The cron expression (with seconds) of a check every `minutes` minutes; null when off. */
export function checkCron(minutes: number, key = ''): string | null {
	if (!Number.isFinite(minutes) || minutes <= 0) return null;
	const m = Math.max(1, Math.round(minutes));
	const second = secondOf(key);
	if (m < 60) return `${second} */${m} * * * *`;
	const hours = Math.min(24, Math.round(m / 60));
	return hours >= 24 ? `${second} ${secondOf(`${key}m`)} 0 * * *` : `${second} 0 */${hours} * * *`;
}

/**
 * Registers `onTick` with n8n's scheduler: n8n 2.x takes `{ expression }`, 1.x the expression itself. Returns
 * false where n8n does not register it (a follower main).
 */
export function registerCheckCron(
	ctx: ITriggerFunctions,
	expression: string,
	onTick: () => void,
): boolean {
	const register = ctx.helpers.registerCron as unknown as (
		cron: unknown,
		tick: () => void,
	) => unknown;
	try {
		return register({ expression }, onTick) !== false;
	} catch (objectFormRefused) {
		try {
			return register(expression, onTick) !== false;
		} catch {
			throw new NodeOperationError(ctx.getNode(), objectFormRefused as Error, {
				message: 'n8n refused the schedule of the registration check',
			});
		}
	}
}

/** The store's webhook API through the action node's transport, in the given n8n context. */
export function shopApi(ctx: IHookFunctions | ITriggerFunctions): RegistrationApi {
	const hook = ctx as IHookFunctions;
	return {
		list: async () => await registrationsOfShop.call(hook),
		create: async (section, url) => await register.call(hook, section, url),
		remove: async (id) => await unregister.call(hook, id),
	};
}

/** The registration sightings of this n8n process (restoration.ts), by registrationKey(). */
export const sightings = new ProcessSightings();

/** Whether this trigger reports restored registrations (option, or its typeVersion's default). */
export const reportsRestored = (ctx: IHookFunctions | ITriggerFunctions) =>
	reportsRestorations(
		ctx.getNode().typeVersion,
		ctx.getNodeParameter('options', {}) as IDataObject,
	);

/** Starts the execution of a "registration/restored" report: one per report in the cluster (n8n 2.x). */
function emitReport(ctx: ITriggerFunctions, report: RestoredReport): void {
	const workflow = ctx.getWorkflow();
	ctx.logger.info(
		`Store Platform Trigger (workflow "${workflow.name ?? ''}" (${workflow.id ?? ''}), node "${ctx.getNode().name}"): registrations of ${report.events.join(', ')} were restored; events since ${report.missingSince ?? report.reconcileFrom ?? 'an unknown time'} may have been missed: starting a registration/restored execution`,
		{ workflowId: workflow.id, events: report.events },
	);
	ctx.emit([[{ json: report }]], undefined, undefined, reportExecutionKey(report));
}

/** The running trigger() of each trigger in this process, by registrationKey(): takes create()'s reports. */
const reportTakers = new Map<string, (report: RestoredReport) => void>();

/**
 * Hands a report made by create() (which cannot start an execution) to this trigger's running trigger(). n8n 2.x
 * runs create() and trigger() side by side at a start, so either may come first: when trigger() runs in this
 * process, it sends the report now; otherwise the report waits in the static data for trigger() to start (n8n
 * 1.x, or a main that becomes the leader later) or for its next check.
 */
export function handOverReport(key: string, data: TriggerStaticData, report: RestoredReport): void {
	const take = reportTakers.get(key);
	if (take) take(report);
	else data.pendingRestoration = report;
}

/** How many times delete() ended each trigger's checks in this process, by registrationKey(). */
const endings = new Map<string, number>();

/**
 * Stops the checks of a trigger whose webhook n8n removed (delete(): a deactivation, or n8n cleaning up after an
 * activation failed): they would register at the shop a URL n8n no longer listens at.
 */
export function endChecks(key: string): void {
	endings.set(key, (endings.get(key) ?? 0) + 1);
}

/** Triggers whose last activation at the shop (checkExists()/create()) failed in this process, by registrationKey(). */
const dropped = new Set<string>();

/**
 * Notes whether n8n listens at a trigger's webhook URL: false from the start of its checkExists()/create() until
 * one of them succeeds (or defers, deferral.ts), and at delete(). n8n 2.x runs trigger() beside them, and keeps it
 * running when they fail (the workflow then shows "partial"): its check must not register a URL n8n dropped.
 */
export function markListening(key: string, listening: boolean): void {
	if (listening) dropped.delete(key);
	else dropped.add(key);
}

/** The key under which one trigger's registration changes run one at a time (serialize.ts). */
export const registrationKey = (ctx: IHookFunctions | ITriggerFunctions) =>
	`${ctx.getWorkflow().id ?? ''}:${ctx.getNode().id ?? ctx.getNode().name}`;

function logResult(
	ctx: ITriggerFunctions,
	result: CheckResult,
	url: string,
	deferralDone: boolean,
): void {
	const workflow = ctx.getWorkflow();
	const name = `workflow "${workflow.name ?? ''}" (${workflow.id ?? ''}), node "${ctx.getNode().name}"`;
	for (const d of result.deleted) {
		ctx.logger.info(
			`Store Platform Trigger (${name}): removed registration ${d.id} for ${d.section} (${d.reason}: ${d.siteUrl})`,
			{ workflowId: workflow.id, event: d.section, reason: d.reason },
		);
	}
	if (result.error !== undefined) {
		// said only here, where trigger() runs: n8n listens at the URL (delete() stops the checks)
		ctx.logger.warn(
			`Store Platform Trigger (${name}): the registration check could not finish (${(result.error as Error).message ?? String(result.error)}); it tries again at the next check. n8n keeps listening at ${url}.`,
			{ workflowId: workflow.id, url },
		);
	}
	if (deferralDone) {
		ctx.logger.info(
			`Store Platform Trigger (${name}): the shop answers again; the registrations deferred at the activation are in place`,
			{ workflowId: workflow.id, url },
		);
	}
}

/** Starts the checks of an activated trigger; the returned close function stops them. */
export async function startRegistrationChecks(ctx: ITriggerFunctions): Promise<ITriggerResponse> {
	const key = registrationKey(ctx);
	const ending = endings.get(key) ?? 0;
	const state = {
		closed: false,
		/** Closed by n8n, or its webhook removed since this trigger() started (endChecks). */
		get stopped() {
			return this.closed || (endings.get(key) ?? 0) !== ending;
		},
	};
	const take = (report: RestoredReport) => {
		if (!state.stopped) emitReport(ctx, report);
	};
	const closeFunction = async () => {
		state.closed = true;
		if (reportTakers.get(key) === take) reportTakers.delete(key);
	};
	const mode = ctx.getActivationMode();
	if (mode === 'manual' || ctx.getMode() === 'manual') return { closeFunction };
	const report = reportsRestored(ctx);
	/** A report create() left in the static data: sent once (also when the scheduled check is off). */
	const sendPending = () => {
		const data = ctx.getWorkflowStaticData('node') as TriggerStaticData;
		const pending = data.pendingRestoration;
		if (pending === undefined) return;
		delete data.pendingRestoration;
		if (report) take(pending);
	};
	sendPending();
	if (report) reportTakers.set(key, take);
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const minutes = Number(options.registrationCheckMinutes ?? DEFAULT_CHECK_MINUTES);
	const expression = checkCron(minutes, key);
	if (expression === null) return { closeFunction };
	const events = [...new Set(ctx.getNodeParameter('events', []) as string[])];
	const workflow = ctx.getWorkflow();
	const node = ctx.getNode().name;

	let toldDropped = false;
	const check = async () => {
		if (state.stopped || events.length === 0) return;
		if (dropped.has(key)) {
			// the activation of the webhook failed: registering would send the shop's events to a 404
			if (!toldDropped)
				ctx.logger.warn(
					`Store Platform Trigger (workflow "${workflow.name ?? ''}" (${workflow.id ?? ''}), node "${node}"): the activation of its webhook failed, so n8n does not listen for the shop's events; the registration check registers nothing until the workflow is activated again`,
					{ workflowId: workflow.id },
				);
			toldDropped = true;
			return;
		}
		toldDropped = false;
		sendPending();
		const data = ctx.getWorkflowStaticData('node') as TriggerStaticData;
		const url = data.productionUrl;
		if (!url) {
			ctx.logger.debug(
				`Store Platform Trigger (${workflow.id ?? ''}, ${node}): no production URL yet; check skipped`,
			);
			return;
		}
		const before = { ...(data.webhookIds ?? {}) };
		const result = await serialize(
			key,
			async () =>
				await checkRegistrations(
					shopApi(ctx),
					{ events, url },
					{
						stopped: () => state.stopped,
						onCreated: (create, made) =>
							ctx.logger.warn(
								recreatedMessage(
									`workflow "${workflow.name ?? ''}" (${workflow.id ?? ''})`,
									create,
									url,
								),
								{
									workflowId: workflow.id,
									node,
									event: create.section,
									reason: create.reason,
									registrationId: made.id,
								},
							),
					},
				),
		);
		if (state.stopped) return;
		data.webhookIds = result.registered;
		const deferred = data.deferredSince;
		const complete =
			result.error === undefined && events.every((e) => result.registered[e] !== undefined);
		logResult(ctx, result, url, deferred !== undefined && complete);
		if (report) {
			const created = result.created.filter((c) => c.reason === 'missing').map((c) => c.section);
			const restored = noteCheck(
				sightings,
				key,
				data,
				{ before, created, registered: result.registered, events },
				new Date(),
			);
			if (restored !== undefined) emitReport(ctx, restored);
		}
		// the registration deferred at the activation (deferral.ts) is done
		if (complete) delete data.deferredSince;
	};
	const run = () => {
		check().catch((error: unknown) =>
			ctx.logger.warn(
				`Store Platform Trigger (${workflow.id ?? ''}, ${node}): registration check failed: ${String(error)}`,
			),
		);
	};

	// No check at once: n8n runs checkExists()/create() beside trigger() at every activation, at its start and
	// when a main becomes the leader (both on the same plan), and a check fired now would race them.
	registerCheckCron(ctx, expression, run);
	return { closeFunction };
}
