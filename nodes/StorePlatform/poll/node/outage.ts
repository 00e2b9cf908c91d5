import type { IPollFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { credentialRefusal } from '../../api/refusal';
import { failureOf } from '../../api/request';
import { isTransientFailure } from '../../api/transient';

/**
 * The activation poll that meets a shop unable to answer for now (no connection, timeout, 5xx, 429:
 * api/transient.ts), issue 42.
 *
 * n8n runs a poll when it activates a workflow (at its start too) and fails the activation when that poll throws:
 * at a start during an outage the workflow would be left out, retried by n8n after 1, 2, 4, 8 … s (doubling up to
 * a day), its activation error shown meanwhile. With a cursor stored, nothing is lost by waiting: that poll ends
 * without items and without moving the cursor, the workflow is active, and the first poll after the shop's return
 * reads every change since the cursor. Only that one poll waits: the scheduled polls that meet the outage fail as
 * any failed poll does (n8n records the error; the workflow stays active). Without a cursor (a first activation,
 * the user looking) the activation fails at once.
 *
 * The activation poll is the first poll of its context: n8n makes the context at the activation and polls with it
 * at every Poll Time. n8n 2.x's durable cursors make a context per poll: there the first failed poll of a run of
 * failures waits, the next ones fail.
 */

/** The contexts that polled already (this n8n process). */
const polled = new WeakSet<object>();
/** Nodes whose poll waited for the shop and that have not read since (workflow:node). */
const waiting = new Set<string>();

/** Notes a poll's start: whether it is the first poll of its context (n8n's activation poll). */
export function firstPollOf(ctx: object): boolean {
	const first = !polled.has(ctx);
	polled.add(ctx);
	return first;
}

/** A poll of the node read the shop: a later outage may wait again. */
export const shopAnswered = (node: string): boolean => waiting.delete(node);

/** Whether a failed poll ends without an error, waiting for the shop (see the module's comment). */
export function waitsForShop(
	node: string,
	error: unknown,
	poll: { first: boolean; cursorStored: boolean },
): boolean {
	const failure = failureOf(error);
	if (!poll.first || !poll.cursorStored || !failure || !isTransientFailure(failure)) return false;
	if (waiting.has(node)) return false;
	waiting.add(node);
	return true;
}

/** Logs a poll that waits for the shop. */
export function logWaiting(ctx: IPollFunctions, error: unknown): void {
	const workflow = ctx.getWorkflow();
	ctx.logger.warn(
		`Store Platform Poll Trigger (workflow "${workflow.name ?? ''}" (${workflow.id ?? ''}), node "${ctx.getNode().name}"): the shop could not answer at activation (${(error as Error).message ?? String(error)}). The workflow is active; the next poll reads every change since the last one read.`,
		{ workflowId: workflow.id },
	);
}

/** The error a poll fails with: a refused credential named (the activation's error then says which one). */
export function pollError(ctx: IPollFunctions, error: unknown): unknown {
	const refused = credentialRefusal(ctx, error, 'the list cannot be read');
	if (!refused) return error;
	return new NodeApiError(ctx.getNode(), {} as JsonObject, {
		message: refused.message,
		description: refused.description,
		httpCode: String(refused.status),
	});
}
