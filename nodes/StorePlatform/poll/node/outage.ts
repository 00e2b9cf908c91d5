import type { IDataObject, IPollFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { credentialRefusal } from '../../api/refusal';
import { failureOf } from '../../api/request';
import {
	DEFAULT_REPORT_AFTER_MINUTES,
	durationOf,
	outageReport,
	Outages,
	type Outage,
	type OutageVerdict,
} from './outages';

/**
 * n8n's side of a poll that fails: the outages of the shop (the rule: outages.ts), kept in this n8n process by
 * workflow and node, their log lines and their one error; and a refused credential named.
 */

const OUTAGES = new Outages();

/** Options › Report Outage After, in milliseconds. */
function reportAfterMs(ctx: IPollFunctions): number {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const minutes = Number(options.reportOutageAfter ?? DEFAULT_REPORT_AFTER_MINUTES);
	return (Number.isFinite(minutes) ? Math.max(1, minutes) : DEFAULT_REPORT_AFTER_MINUTES) * 60_000;
}

function where(ctx: IPollFunctions): string {
	const workflow = ctx.getWorkflow();
	return `Store Platform Poll Trigger (workflow "${workflow.name ?? ''}" (${workflow.id ?? ''}), node "${ctx.getNode().name}")`;
}

/**
 * What a failed poll of `node` (workflow:node) does: 'quiet' (return null), 'show' (throw outageError), 'fail'
 * (throw its own error). Logs an outage's first poll.
 */
export function outagePoll(
	ctx: IPollFunctions,
	node: string,
	error: unknown,
	cursorStored: boolean,
): OutageVerdict {
	const afterMs = reportAfterMs(ctx);
	const verdict = OUTAGES.failed(node, {
		failure: failureOf(error),
		now: Date.now(),
		cursorStored,
		afterMs,
	});
	const outage = OUTAGES.of(node);
	if (verdict === 'quiet' && outage?.polls === 1) {
		ctx.logger.warn(
			`${where(ctx)}: the shop could not answer (${outage.answer}: ${(error as Error).message ?? String(error)}). Polls end without an error while it cannot; an error comes if it still cannot after ${durationOf(afterMs)}. The first poll after it answers reads every change since the last one read.`,
			{ workflowId: ctx.getWorkflow().id },
		);
	}
	return verdict;
}

/** The one error of the outage of `node`: the shop's answer, since when and how long; the request's words after. */
export function outageError(ctx: IPollFunctions, node: string, error: unknown): NodeOperationError {
	const report = outageReport(OUTAGES.of(node) as Outage, Date.now());
	const { message, description } = error as { message?: string; description?: string | null };
	const shown = new NodeOperationError(ctx.getNode(), report, {
		description: `Polls wait while the shop cannot answer, and nothing is lost: the first poll after it answers again reads every change made meanwhile. This error comes once per outage (Options › Report Outage After). The last answer: ${[message, description].filter(Boolean).join('. ')}`,
	});
	// n8n swaps a message naming a network code (ECONNRESET …) for a generic one: keep ours
	shown.message = report;
	return shown;
}

/** A poll of `node` read the shop: its outage ends (logged where there was one). */
export function outageEnded(ctx: IPollFunctions, node: string): void {
	const outage = OUTAGES.answered(node);
	if (!outage) return;
	ctx.logger.info(
		`${where(ctx)}: the shop answers again after ${durationOf(Date.now() - outage.since)} (${outage.polls} polls waited).`,
		{ workflowId: ctx.getWorkflow().id },
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
