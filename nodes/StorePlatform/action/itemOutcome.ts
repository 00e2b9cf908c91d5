/**
 * What became of one item of a stopped run, from its request, its gate and its output or error: the input of
 * stopReport.ts. An item no request of which went out was not started; one whose only answers were refusals
 * (429/503) that were not sent again after the stop is "not resent"; else done or failed, naming its record.
 */
import type { INodeExecutionData, NodeApiError } from 'n8n-workflow';

import type { ItemGate } from '../api/gate';
import type { PreparedRequest } from './endpointRequest';
import type { ItemOutcome } from './stopReport';

/** What a successful operation did, in the words of a stop. */
const DONE: Record<string, string> = {
	create: 'created',
	update: 'updated',
	delete: 'deleted',
	activate: 'activated',
	get: 'read',
	getAll: 'read',
	count: 'counted',
};

/** What became of an item, for the words of a stop (stopReport.ts). */
export function outcomeOf(
	sent: { job: PreparedRequest; gate: ItemGate } | undefined,
	out: INodeExecutionData[] | undefined,
	error: Error | undefined,
): ItemOutcome {
	if (!sent) return { kind: 'notStarted' };
	const { job, gate } = sent;
	if (!gate.sent) return { kind: 'notStarted' };
	const record = recordName(job, out);
	if (error) {
		const httpCode = Number((error as NodeApiError).httpCode);
		return { kind: 'failed', message: error.message, record, status: httpCode || undefined };
	}
	if (!out) return { kind: 'notResent', record, status: gate.refused };
	return {
		kind: 'done',
		verb: DONE[job.endpoint.operation] ?? 'done',
		record,
		status: gate.status,
	};
}

/** "voucher 1234", "variant 55 (product_id 7)": the record an item addressed, or the one it created. */
export function recordName(
	job: PreparedRequest,
	out: INodeExecutionData[] | undefined,
): string | undefined {
	const noun = job.table.displayName.toLowerCase();
	const ids = { ...job.request.ids };
	const created = out?.[0]?.json.id;
	if (ids.id === undefined && job.endpoint.operation === 'create')
		ids.id = typeof created === 'string' || typeof created === 'number' ? created : undefined;
	const { id, ...others } = ids;
	const rest = Object.entries(others).map(([k, v]) => `${k} ${String(v)}`);
	if (id === undefined || id === null || id === '')
		return rest.length > 0 ? `${noun} of ${rest.join(', ')}` : undefined;
	return `${noun} ${String(id)}${rest.length > 0 ? ` (${rest.join(', ')})` : ''}`;
}
