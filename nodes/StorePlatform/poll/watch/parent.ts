import type { INode, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { isCountAnswer, TEST_PATH } from '../../../../credentials/shopTest';
import { inputNodeError, readId, type InputError } from '../../input/rules';
import { apiRequest } from '../../api/request';
import type { Param } from '../../endpoint';
import { attempt } from '../reads/answer';
import { decodeIds } from '../rules/knownIds';
import type { Change, PollOutcome } from './poller';
import { fillPath, type ReadLimits } from '../reads/reader';
import { baselineScan } from '../rules/scan';
import type { PollState } from '../rules/state';
import type { PollPlan } from '../rules/strategy';

/**
 * The parent of a scoped list (a variant list's product, a theme asset list's theme): its id, and what a poll does when
 * the list answers 404. The 404 may mean the parent is gone or a Shop Base URL pointing elsewhere, so the shop is asked
 * once (the credential test's request): only a shop-shaped answer proves it gone. Then, without a cursor, an error
 * naming the field; with one, the known records come as deleted once and the cursor is marked (`parentGone`) for quiet
 * polls until the list answers again (its records then created). Rules pure; the shop only via the functions given.
 */

/** The poll trigger's field of a scope param: "Product ID", "Theme ID". */
export const scopeField = (param: Param) => `${param.displayName.replace(/ ID$/, '')} ID`;

const parentNoun = (param: Param) => param.displayName.replace(/ ID$/, '').toLowerCase();

/**
 * A scope id by the action node's by-ID rule, refused before any request with an error naming the poll field. A Product
 * ID is a resource locator read by its value; a plain string saved before it is the ID.
 */
export function readScopeId(node: INode, param: Param, value: unknown): string {
	const id =
		value !== null && typeof value === 'object' && 'value' in value
			? (value as { value: unknown }).value
			: value;
	try {
		return readId({ ...param, displayName: scopeField(param), locator: undefined }, id);
	} catch (error) {
		// readId refuses only with an InputError
		throw inputNodeError(node, error as InputError);
	}
}

/** Where the cursor stands: none yet, kept, or marked with its parent gone (`parentGone`). */
export type CursorStage = 'none' | 'kept' | 'gone';

/**
 * What a failed read of a scoped list means: `rethrow` (not the parent's absence, or not proven: the list's own
 * error), `askShop` (whether the shop answers at all), `unknownParent` (no cursor: an error naming the field),
 * `parentGone` (the known records come as deleted, the cursor is marked), `quiet` (already reported).
 */
export type ParentVerdict = 'rethrow' | 'askShop' | 'unknownParent' | 'parentGone' | 'quiet';

/** The verdict on a failed read: `status`, its HTTP status (undefined: no answer); `shopAnswers`, once asked. */
export function parentVerdict(
	status: number | undefined,
	cursor: CursorStage,
	shopAnswers?: boolean,
): ParentVerdict {
	if (status !== 404) return 'rethrow';
	if (cursor === 'gone') return 'quiet';
	if (shopAnswers === undefined) return 'askShop';
	if (!shopAnswers) return 'rethrow';
	return cursor === 'none' ? 'unknownParent' : 'parentGone';
}

/** Where a cursor stands. */
export const cursorStage = (stored: PollState | undefined): CursorStage =>
	!stored ? 'none' : stored.parentGone ? 'gone' : 'kept';

/** The ids a cursor knows: fingerprinted records, and the known ids of a keyed list. */
export function knownIds(state: PollState): string[] {
	const ids = Object.keys(state.known ?? {});
	for (const id of decodeIds(state.ids ?? '')) ids.push(String(id));
	return ids;
}

/** The poll that found the parent gone: each known record deleted, every tracker emptied, and the marker. */
export function goneOutcome(plan: PollPlan, stored: PollState): PollOutcome {
	const changes: Change[] = knownIds(stored).map((id) => ({ kind: 'deleted', id, state: '' }));
	const state: PollState = {
		v: 2,
		fp: 2,
		watch: stored.watch,
		full: stored.full,
		parentGone: true,
	};
	if (stored.known !== undefined) state.known = {};
	if (stored.maxId !== undefined) state.maxId = 0;
	if (stored.ids !== undefined) {
		state.ids = '';
		state.liveFloor = 0;
	}
	if (stored.scan !== undefined && plan.stamp) state.scan = baselineScan([], plan.stamp, plan.key);
	return { changes, state, baseline: false };
}

/** The scoped list, as the poll watches it. */
export interface ParentWatch {
	plan: PollPlan;
	scope: Record<string, string>;
	node: INode;
	/** Whether the shop answers its cheapest request as a shop. */
	askShop: () => Promise<boolean>;
}

function unknownParent(watch: ParentWatch): NodeOperationError {
	const { plan, scope } = watch;
	const param = plan.scope[0];
	const field = scopeField(param);
	const noun = parentNoun(param);
	const path = fillPath(plan.list, scope);
	return new NodeOperationError(
		watch.node,
		`The shop has no ${noun} with ${field} ${scope[param.name]}`,
		{
			// where to find a valid one: the hint under the field (Product ID: its From list, the products in abandoned carts)
			description: `Check the ${field}: the shop answers, but not for this ${noun} (it may have been deleted).${param.findHint ? ' The hint under the field says where to find one.' : ''} (${plan.table.displayName} → Poll: GET ${path}, HTTP 404)`,
		},
	);
}

const statusOf = (error: unknown): number | undefined => {
	const code = error instanceof NodeApiError ? Number(error.httpCode) : NaN;
	return Number.isFinite(code) ? code : undefined;
};

/** What a failed read comes to (the shop asked where needed): a quiet poll, the parent gone; else it throws. */
async function judge(
	watch: ParentWatch,
	stored: PollState | undefined,
	error: unknown,
): Promise<PollOutcome> {
	const cursor = cursorStage(stored);
	const status = statusOf(error);
	let verdict = parentVerdict(status, cursor);
	if (verdict === 'askShop') verdict = parentVerdict(status, cursor, await watch.askShop());
	if (verdict === 'unknownParent') throw unknownParent(watch);
	if (stored && verdict === 'quiet') return { changes: [], state: stored, baseline: false };
	if (stored && verdict === 'parentGone') return goneOutcome(watch.plan, stored);
	throw error;
}

/** One poll of a list, its parent's absence judged where the list has a parent. */
export async function pollWithParent(
	watch: ParentWatch,
	stored: PollState | undefined,
	run: () => Promise<PollOutcome>,
): Promise<PollOutcome> {
	if (watch.plan.scope.length === 0) return await run();
	const tried = await attempt(run);
	if (!tried.ok) return await judge(watch, stored, tried.error);
	// the list answers (again): its records were read against an empty cursor, as created
	delete tried.value.state.parentGone;
	return tried.value;
}

/** A read with no cursor (Fetch Test Event): an unknown parent is an error naming the field. */
export async function readWithParent<T>(watch: ParentWatch, read: () => Promise<T>): Promise<T> {
	const tried = await attempt(read);
	if (tried.ok) return tried.value;
	// without a cursor, judge throws: an unknown parent, or the read's own error
	if (watch.plan.scope.length > 0) await judge(watch, undefined, tried.error);
	throw tried.error;
}

/** The shop's cheapest request, the credential test's: whether it answers `{count}` as the shop does. */
export async function shopAnswers(ctx: IPollFunctions, limits: ReadLimits): Promise<boolean> {
	limits.requests++;
	try {
		const body = await apiRequest.call(ctx, 'GET', TEST_PATH, {
			operation: 'Shop → Check',
			timeout: limits.timeout,
		});
		return isCountAnswer(body);
	} catch {
		return false;
	}
}
