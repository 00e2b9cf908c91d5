import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { credentialType } from '../api/request';
import { deferOrFail, isTestRun } from './deferral';
import { checkRegistrations } from './registrationCheck';
import { isOwn, isSettled, planRegistrations } from './registrationPlan';
import { registrationsOfShop, unregister } from './registrations';
import {
	endChecks,
	handOverReport,
	markListening,
	registrationKey,
	reportsRestored,
	shopApi,
	sightings,
	type TriggerStaticData,
} from './registrationSchedule';
import { noteCheck } from './restoration';
import { serialize } from './serialize';

/** The shared secret of the chosen credential (the key of the delivery signatures). */
export async function sharedSecret(ctx: IHookFunctions | IWebhookFunctions): Promise<string> {
	const credentials = await ctx.getCredentials(credentialType(ctx));
	return String(credentials.consumerSecret ?? '');
}

const selectedEvents = (ctx: IHookFunctions) => [
	...new Set(ctx.getNodeParameter('events', []) as string[]),
];

/** What no retry fixes: a credential without its Shared Secret, no event chosen. Checked before any request. */
async function requireSettings(ctx: IHookFunctions): Promise<string[]> {
	if (!(await sharedSecret(ctx))) {
		throw new NodeOperationError(
			ctx.getNode(),
			"The credential has no Shared Secret: it is needed to verify the deliveries' signatures",
		);
	}
	const events = selectedEvents(ctx);
	if (events.length === 0) {
		throw new NodeOperationError(ctx.getNode(), "Choose at least one event in 'Events'");
	}
	return events;
}

/** Remembers the production URL for the scheduled check, whose context cannot ask n8n for it. */
function rememberUrl(ctx: IHookFunctions, url: string): void {
	if (isTestRun(ctx)) return;
	const data = ctx.getWorkflowStaticData('node') as TriggerStaticData;
	if (data.productionUrl !== url) data.productionUrl = url;
}

/**
 * The webhook trigger's lifecycle at the shop, as n8n calls it: checkExists (at activation and for the editor's
 * test URL), create (one registration per selected event at n8n's URL) and delete (at deactivation).
 */
export const WEBHOOK_METHODS = {
	default: {
		async checkExists(this: IHookFunctions): Promise<boolean> {
			const live = !isTestRun(this);
			// until this activation succeeds, the scheduled check registers nothing (registrationSchedule.ts)
			if (live) markListening(registrationKey(this), false);
			const events = await requireSettings(this);
			const url = this.getNodeWebhookUrl('default') as string;
			rememberUrl(this, url);
			let registrations;
			try {
				registrations = await registrationsOfShop.call(this);
			} catch (error) {
				// the shop cannot answer for now: n8n keeps its webhook, the scheduled check registers (deferral.ts)
				const deferred = deferOrFail(this, error);
				if (live) markListening(registrationKey(this), true);
				return deferred;
			}
			const plan = planRegistrations(registrations, { events, url });
			// not settled: create() follows
			if (!isSettled(plan)) return false;
			if (live) markListening(registrationKey(this), true);
			const data = this.getWorkflowStaticData('node') as TriggerStaticData;
			data.webhookIds = plan.keep;
			delete data.deferredSince;
			if (!isTestRun(this) && reportsRestored(this)) {
				noteCheck(
					sightings,
					registrationKey(this),
					data,
					{ created: [], registered: plan.keep, events },
					new Date(),
				);
			}
			return true;
		},

		async create(this: IHookFunctions): Promise<boolean> {
			const live = !isTestRun(this);
			if (live) markListening(registrationKey(this), false);
			const events = await requireSettings(this);
			const url = this.getNodeWebhookUrl('default') as string;
			rememberUrl(this, url);
			const data = this.getWorkflowStaticData('node') as TriggerStaticData;
			const before = { ...(data.webhookIds ?? {}) };
			// One registration per selected event at this URL; stale and duplicate ones of this trigger removed.
			const result = await serialize(
				registrationKey(this),
				async () => await checkRegistrations(shopApi(this), { events, url }),
			);
			data.webhookIds = result.registered;
			if (!isTestRun(this) && reportsRestored(this)) {
				// registrations gone while the workflow stayed active (n8n down): reported through trigger()
				const created = result.created.filter((c) => c.reason === 'missing').map((c) => c.section);
				const outcome = { before, created, registered: result.registered, events };
				const report = noteCheck(sightings, registrationKey(this), data, outcome, new Date());
				if (report !== undefined) handOverReport(registrationKey(this), data, report);
			}
			if (result.error !== undefined) deferOrFail(this, result.error);
			else if (live) delete data.deferredSince;
			if (live) markListening(registrationKey(this), true);
			return true;
		},

		async delete(this: IHookFunctions): Promise<boolean> {
			const url = this.getNodeWebhookUrl('default') as string;
			const data = this.getWorkflowStaticData('node') as TriggerStaticData;
			if (!isTestRun(this)) {
				// deactivated: a later activation starts afresh (nothing it creates is a restoration)
				sightings.forget(registrationKey(this));
				// n8n no longer listens: the scheduled check of this trigger stops too (it would register again)
				endChecks(registrationKey(this));
				markListening(registrationKey(this), false);
				delete data.lastSeen;
				delete data.pendingRestoration;
				delete data.deferredSince;
			}
			return await serialize(registrationKey(this), async () => {
				const known = Object.values(data.webhookIds ?? {});
				// this trigger's registrations at this URL and at older addresses of n8n
				const own = (await registrationsOfShop.call(this))
					.filter((r) => isOwn(r, url))
					.map((r) => r.id);
				const failed: Record<string, string> = {};
				let firstError: unknown;
				for (const id of new Set([...known, ...own])) {
					try {
						await unregister.call(this, id);
					} catch (error) {
						failed[id] = id;
						firstError ??= error;
					}
				}
				if (firstError) {
					data.webhookIds = failed;
					throw new NodeOperationError(this.getNode(), firstError as Error, {
						message: `Could not remove ${Object.keys(failed).length} webhook registration(s) from the shop`,
					});
				}
				delete data.webhookIds;
				return true;
			});
		},
	},
};
