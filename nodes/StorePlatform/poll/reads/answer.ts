import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isUnreadableAnswer } from '../../api/request';
import { twinOf, unwrapCount, unwrapRecords } from '../../api/unwrap';

/**
 * What an answer to a poll's read proves. Unlike the action node (api/unwrap.ts), a poll cannot read a body without
 * records as an empty list: that would mean every known record deleted. So a list answer is a list only where it
 * carries one, else it is a failed read (FailedRead; docs/poll-reads.md, "An answer without its list ...").
 */

/** What a list answer carries: its records, or undefined where it carries no list. */
export function listIn(
	body: unknown,
	wrapper: string | undefined,
	key: string,
): IDataObject[] | undefined {
	if (Array.isArray(body)) return keyed(unwrapRecords(body, wrapper), key);
	if (typeof body !== 'object' || body === null) return undefined;
	const object = body as IDataObject;
	const keys = Object.keys(object);
	const holds = (k: string | undefined) =>
		k !== undefined && typeof object[k] === 'object' && object[k] !== null;
	const wrapped =
		holds(wrapper) ||
		(wrapper !== undefined && holds(twinOf(wrapper))) ||
		(keys.length === 1 && holds(keys[0]));
	if (!wrapped && object[key] === undefined) return undefined;
	const shown = unwrapRecords(body, wrapper).filter((r) => Object.keys(r).length > 0);
	return keyed(shown, key);
}

/** Records of which none carries the list's key (`{"data": {"users": [...]}}` unwrapped once) are no list. */
function keyed(records: IDataObject[], key: string): IDataObject[] | undefined {
	if (records.length === 0) return records;
	return records.some((r) => r[key] !== undefined && r[key] !== null) ? records : undefined;
}

/** The count an answer carries, or undefined. */
export const countIn = (body: unknown): number | undefined => {
	const said = typeof body === 'object' && body !== null ? (body as IDataObject).count : 0;
	// `{count: null}` or `{count: ""}` is no count (Number() would read 0)
	if (said === null || said === '' || typeof said === 'boolean') return undefined;
	const n = unwrapCount(body);
	return n !== undefined && Number.isInteger(n) && n >= 0 ? n : undefined;
};

/** Times a read that got no list (or no count) is asked again within the poll before the poll gives up. */
export const REREADS = 1;
/** Polls in a row that fail so before the error is shown (once: node/outages.ts). */
export const FAILED_READ_POLLS = 3;

/** An answer without its list or count: the poll emits nothing, keeps its cursor; shown if it lasts (node/outages.ts). */
export class FailedRead extends NodeOperationError {
	/** The read that failed: "Page → Poll", "Page → Count". */
	readonly operation: string;

	constructor(node: INode, displayName: string, asked: 'list' | 'count', body: unknown) {
		const operation = `${displayName} → ${asked === 'list' ? 'Poll' : 'Count'}`;
		const said = `The ${displayName.toLowerCase()} ${asked} came as ${describeBody(body)}`;
		super(node, 'The shop answered without the list asked for', {
			description: `${said} (${operation}). Nothing was emitted and the trigger's place in the list did not move: the next poll reads it again. This error is shown once while the answers stay so.`,
		});
		this.operation = operation;
	}
}

/** A few words on a body that carries no list, for FailedRead. */
function describeBody(body: unknown): string {
	if (body === undefined || body === '') return 'an empty answer';
	if (body === null) return 'the answer null';
	const text = JSON.stringify(body);
	return `the answer ${text.length > 80 ? `${text.slice(0, 80)}…` : text}`;
}

/** Whether a read failed for want of a readable list or count (FailedRead, or a 2xx body that is not JSON). */
export const isFailedRead = (error: unknown): boolean =>
	error instanceof FailedRead || isUnreadableAnswer(error);

/** What a record's Get answered. */
export type Answer =
	| { gone: true }
	| { gone: false; record?: IDataObject }
	/** Nothing of the record: `retry` where no answer came at all (no connection, a timeout). */
	| { gone?: undefined; unsure: string; retry?: boolean };

/**
 * A read's answer or its failure, to judge after the catch (n8n's lint rules let a catch block rethrow only
 * n8n's own errors, and a poll judges some failures: a parent gone, a list it cannot read).
 */
export async function attempt<T>(
	read: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
	try {
		return { ok: true, value: await read() };
	} catch (error) {
		return { ok: false, error };
	}
}
