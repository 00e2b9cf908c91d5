import type { IDataObject, IPollFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { credentialRefusal } from '../../api/refusal';
import { failureOf } from '../../api/request';
import { isTransientFailure, type FailureClass } from '../../api/transient';
import { FAILED_READ_POLLS, isFailedRead } from '../reads/answer';
import { UnreadableList, UnreadableStamp } from '../reads/reader';
import { PastBound } from '../rules/snapshot';

/**
 * A failed poll's error told once, not at every poll (docs/poll.md, "A failed poll"). A quiet poll ends without items
 * and keeps the cursor, so nothing is lost by waiting: the first poll that reads again brings every change since. The
 * counts are kept in the n8n process by workflow and node (n8n may not save a quiet poll's static data).
 */

/** A cause of failure in the shop's state: `id` the same text for every poll it fails, `after` polls in a row. */
export interface Cause {
	id: string;
	after: number;
}

/**
 * Errors caused by the shop's state (causeOf), pure: a node's polls failing in a row for one cause are quiet until
 * `after` of them (at once with no cursor yet), then its error is shown once; a poll that succeeds ends the episode.
 */
export class Episodes {
	private readonly runs = new Map<string, { cause: string; polls: number; shown: boolean }>();

	/** What a poll of `node` that failed for `cause` does. */
	failed(node: string, cause: Cause, activation: boolean): 'show' | 'quiet' {
		const run = this.runs.get(node);
		const current = run?.cause === cause.id ? run : { cause: cause.id, polls: 0, shown: false };
		current.polls++;
		this.runs.set(node, current);
		if (current.shown || (!activation && current.polls < cause.after)) return 'quiet';
		current.shown = true;
		return 'show';
	}

	/** A poll of `node` succeeded: its episode ends. */
	succeeded(node: string): void {
		this.runs.delete(node);
	}
}

/** Minutes an outage lasts before its error is shown, unless the node says otherwise (Report Outage After). */
export const DEFAULT_REPORT_AFTER_MINUTES = 10;

/** 'quiet': end the poll without items, the cursor kept; 'show': the outage's one error; 'fail': its own. */
export type OutageVerdict = 'quiet' | 'show' | 'fail';

/** An outage as one node meets it: since its first failed poll (n8n's clock), the latest answer (answerOf). */
export interface Outage {
	since: number;
	answer: string;
	polls: number;
	shown: boolean;
}

/** A failed poll at `now` (n8n's clock), as Outages judges it; `afterMs`: how long an outage is quiet. */
export interface FailedPoll {
	/** What the request that failed the poll met; undefined for an error that is no failed request of the shop. */
	failure: FailureClass | undefined;
	now: number;
	/** Whether the node has a cursor to catch up from (false: a first activation, the user looking). */
	cursorStored: boolean;
	afterMs: number;
}

/** The shop's answer in a few words: "HTTP 503", "timeout", "no connection: ECONNREFUSED". */
export function answerOf(failure: FailureClass): string {
	if (failure.kind === 'timeout') return 'timeout';
	if (failure.kind === 'unreachable' || failure.status === 0)
		return failure.code ? `no connection: ${failure.code}` : 'no connection';
	return `HTTP ${failure.status}`;
}

/** A length of time in words: "45 s", "10 min", "2 h 5 min". */
export function durationOf(ms: number): string {
	const seconds = Math.max(0, Math.floor(ms / 1000));
	if (seconds < 60) return `${seconds} s`;
	const minutes = Math.floor(seconds / 60);
	if (minutes < 60) return `${minutes} min`;
	const hours = Math.floor(minutes / 60);
	return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/** The outage's error: the shop's answer, since when and how long. */
export function outageReport(outage: Outage, now: number): string {
	const began = new Date(outage.since).toISOString().replace(/\.\d{3}Z$/, 'Z');
	return `The shop has not answered since ${began} (${durationOf(now - outage.since)}): ${outage.answer}`;
}

/**
 * The shop's outages, pure: a node's polls meeting a shop unable to answer for now (api/transient.ts) are quiet until
 * `afterMs` after the first, then ONE error, until a poll reads. 'fail': a failure the shop's return does not cure (a
 * refused credential, another 4xx, an answer not the API's), or no cursor yet (the user is looking); an activation
 * with a cursor stored (n8n started during an outage) is quiet like any other poll.
 */
export class Outages {
	private readonly runs = new Map<string, Outage>();

	/** What a failed poll of `node` does. */
	failed(node: string, poll: FailedPoll): OutageVerdict {
		const { failure, now } = poll;
		if (!failure || !isTransientFailure(failure) || !poll.cursorStored) return 'fail';
		const outage = this.runs.get(node) ?? { since: now, answer: '', polls: 0, shown: false };
		outage.polls++;
		outage.answer = answerOf(failure);
		this.runs.set(node, outage);
		if (outage.shown || now - outage.since < poll.afterMs) return 'quiet';
		outage.shown = true;
		return 'show';
	}

	/** A poll of `node` read the shop: its outage (returned, if any) ends. */
	answered(node: string): Outage | undefined {
		const outage = this.runs.get(node);
		this.runs.delete(node);
		return outage;
	}

	/** The outage of `node`, while it lasts. */
	of(node: string): Readonly<Outage> | undefined {
		return this.runs.get(node);
	}
}

const EPISODES = new Episodes();
const OUTAGES = new Outages();
/** Lists reported unreadable, by workflow, node, resource and what the list ignores. */
const REPORTED = new Set<string>();

/** The cause of a poll's failure where it is the shop's state, not a fault of this poll. */
function causeOf(error: unknown, resource: string): Cause | undefined {
	if (isFailedRead(error)) return { id: `read:${resource}`, after: FAILED_READ_POLLS };
	if (error instanceof PastBound) return { id: `bound:${resource}`, after: 1 };
	if (error instanceof UnreadableStamp) return { id: `stamp:${resource}`, after: 1 };
	return undefined;
}

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

/** A poll of `node` (workflow:node) read the shop: its episode and its outage end (the outage's end logged). */
export function pollSucceeded(ctx: IPollFunctions, node: string): void {
	EPISODES.succeeded(node);
	const outage = OUTAGES.answered(node);
	if (!outage) return;
	ctx.logger.info(
		`${where(ctx)}: the shop answers again after ${durationOf(Date.now() - outage.since)} (${outage.polls} polls waited).`,
		{ workflowId: ctx.getWorkflow().id },
	);
}

/**
 * A failed poll of `node` (workflow:node) watching `resource`: null where it ends quiet, else throws the error shown.
 * `activation`: no cursor stored yet (the user is looking). An outage's first poll is logged.
 */
export function failedPoll(
	ctx: IPollFunctions,
	node: string,
	error: unknown,
	activation: boolean,
	resource: string,
): null {
	const afterMs = reportAfterMs(ctx);
	const verdict = OUTAGES.failed(node, {
		failure: failureOf(error),
		now: Date.now(),
		cursorStored: !activation,
		afterMs,
	});
	const outage = OUTAGES.of(node);
	if (verdict === 'quiet') {
		if (outage?.polls === 1)
			ctx.logger.warn(
				`${where(ctx)}: the shop could not answer (${outage.answer}: ${(error as Error).message ?? String(error)}). Polls end without an error while it cannot; an error comes if it still cannot after ${durationOf(afterMs)}. The first poll after it answers reads every change since the last one read.`,
				{ workflowId: ctx.getWorkflow().id },
			);
		return null;
	}
	if (verdict === 'show') throw outageError(ctx, outage as Outage, error);
	const cause = causeOf(error, resource);
	if (cause && EPISODES.failed(node, cause, activation) === 'quiet') return null;
	if (error instanceof UnreadableList) {
		const reported = `${node}:${resource}:${error.ignored}`;
		if (REPORTED.has(reported)) return null;
		REPORTED.add(reported);
	}
	// a refused credential named (the activation's error then says which one)
	const refused = credentialRefusal(ctx, error, 'the list cannot be read');
	if (!refused) throw error;
	throw new NodeApiError(ctx.getNode(), {} as JsonObject, {
		message: refused.message,
		description: refused.description,
		httpCode: String(refused.status),
	});
}

/** The one error of an outage: the shop's answer, since when and how long; the request's words after. */
function outageError(ctx: IPollFunctions, outage: Outage, error: unknown): NodeOperationError {
	const report = outageReport(outage, Date.now());
	const { message, description } = error as { message?: string; description?: string | null };
	const shown = new NodeOperationError(ctx.getNode(), report, {
		description: `Polls wait while the shop cannot answer, and nothing is lost: the first poll after it answers again reads every change made meanwhile. This error comes once per outage (Options › Report Outage After). The last answer: ${[message, description].filter(Boolean).join('. ')}`,
	});
	// n8n swaps a message naming a network code (ECONNRESET …) for a generic one: keep ours
	shown.message = report;
	return shown;
}
