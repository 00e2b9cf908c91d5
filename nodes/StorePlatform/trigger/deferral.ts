import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { credentialRefusal } from '../api/refusal';
import { failureOf } from '../api/request';
import { isTransientFailure } from '../api/transient';
import { checkCron, DEFAULT_CHECK_MINUTES, type TriggerStaticData } from './registrationSchedule';

/**
 * An activation (n8n's checkExists()/create()) that meets a shop unable to answer for now (api/transient.ts): the
 * registration is deferred to the scheduled check (registrationSchedule.ts) instead of failing the activation. A
 * failed checkExists()/create() makes n8n drop the workflow's webhook, while the shop, once back, would be told to
 * send there: a trigger that looks healthy and answers 404. Deferred, n8n keeps its webhook and listens; the check
 * registers the events once the shop answers and reports the time between as a `registration/restored` item
 * (restoration.ts). What does not pass by itself (credentials refused, a test run the user is waiting for, no
 * scheduled check to finish it) still fails the activation, with a message that names the credential.
 */

/** Whether n8n calls the hook for the editor's "Listen for test event" (test URL) rather than an activation. */
export const isTestRun = (ctx: IHookFunctions) =>
	ctx.getMode() === 'manual' || ctx.getActivationMode() === 'manual';

/** Whether this trigger runs the scheduled registration check (the option "Check Interval (Minutes)"). */
function checksOn(ctx: IHookFunctions): boolean {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	return checkCron(Number(options.registrationCheckMinutes ?? DEFAULT_CHECK_MINUTES)) !== null;
}

/** The error an activation fails with: the shop's own words, headed by what to fix where that is the credential. */
export function activationError(ctx: IHookFunctions, error: unknown): NodeOperationError {
	const refused = credentialRefusal(ctx, error, 'the webhooks cannot be registered');
	if (refused) {
		return new NodeOperationError(ctx.getNode(), error as Error, {
			message: refused.message,
			description: refused.description,
		});
	}
	const { message, description } = error as { message?: string; description?: string };
	return new NodeOperationError(ctx.getNode(), error as Error, {
		message: message ?? String(error),
		description: description ?? undefined,
	});
}

/**
 * Decides an activation's failed request: returns true where the registration is deferred to the scheduled check
 * (the shop cannot answer for now), and notes it in the static data; throws the activation's error otherwise.
 */
export function deferOrFail(ctx: IHookFunctions, error: unknown): true {
	const failure = failureOf(error);
	if (isTestRun(ctx) || !failure || !isTransientFailure(failure) || !checksOn(ctx))
		throw activationError(ctx, error);
	const data = ctx.getWorkflowStaticData('node') as TriggerStaticData;
	data.deferredSince ??= new Date().toISOString();
	const workflow = ctx.getWorkflow();
	ctx.logger.warn(
		`Store Platform Trigger (workflow "${workflow.name ?? ''}" (${workflow.id ?? ''}), node "${ctx.getNode().name}"): the shop could not answer at activation (${(error as Error).message ?? String(error)}). n8n listens at the webhook URL; the registration check registers the events once the shop answers.`,
		{ workflowId: workflow.id, deferredSince: data.deferredSince },
	);
	return true;
}
