import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { sendRequest } from './answers';
import { outcomeOf } from './itemOutcome';
import { stopReport } from './stopReport';
import { prepareRequest, type PreparedRequest } from './endpointRequest';
import { findEndpoint, type ResourceTable } from '../endpoint';
import { ItemGate, NotSent } from '../api/gate';
import { DEFAULT_PARALLEL, usePool } from '../api/pool';
import { readShopAhead } from '../api/request';
import { InputError, inputNodeError, toInteger } from '../input/rules';
import { itemParameter, nodeVersion } from './itemParameters';
import { OPTION, PARAMETER } from './parameters';

/**
 * The item loop. First every item is read and checked (a bad input fails before any request is
 * made); then the items are sent side by side through the node run's pool (transport/pool.ts: at
 * most "Requests in Parallel" requests in flight, Return All pages included, fewer after a 429/503).
 * Output keeps the input order, every output item is paired with its input, and with "Continue On
 * Fail" a failed item becomes an error item in its place while the others go on. Without it, the
 * first failure stops the run: from then on no item is started and no refused request is sent again
 * (each item's gate, api/gate.ts, is asked right before each of its requests goes out, also after
 * waiting for a place in the pool); the requests already sent are waited for, and the failing item's
 * error (the first in item order) tells what became of the others (stopReport.ts).
 * `continueOnFail` is the node's `this.continueOnFail()`, read in execute() itself (n8n's
 * require-continue-on-fail rule looks for the call there).
 */
export async function scheduleItems(
	this: IExecuteFunctions,
	tables: ResourceTable[],
	continueOnFail: boolean,
): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	if (items.length === 0) return [[]];
	const results: Array<INodeExecutionData[] | undefined> = new Array(items.length);
	const prepared: Array<PreparedRequest | undefined> = new Array(items.length);

	readShopAhead(this);
	const fail = (i: number, caught: unknown): INodeExecutionData[] => {
		const error = asNodeError(this, i, caught);
		if (!continueOnFail) throw error;
		return [errorItem(error, i)];
	};

	for (let i = 0; i < items.length; i++) {
		try {
			prepared[i] = await prepare(this, tables, i);
		} catch (caught) {
			results[i] = fail(i, caught);
		}
	}

	const pool = usePool(this, parallel(this));
	const run = { stopped: false, stopOnFailure: !continueOnFail };
	const jobs: Array<{ job: PreparedRequest; gate: ItemGate } | undefined> = new Array(items.length);
	const errors = new Map<number, Error>();
	let next = 0;
	const worker = async () => {
		while (next < items.length && !run.stopped) {
			const i = next++;
			const job = prepared[i];
			if (!job) continue;
			prepared[i] = undefined;
			const gate = new ItemGate(run);
			const sending = { ...job, gate };
			jobs[i] = { job: sending, gate };
			const find = (operation: string) => findEndpoint(job.table, operation, nodeVersion(this));
			try {
				const out = await sendRequest.call(this, sending, find);
				results[i] = out.map((result) => ({ ...result, pairedItem: { item: i } }));
			} catch (caught) {
				if (caught instanceof NotSent) continue;
				try {
					results[i] = fail(i, caught);
				} catch (error) {
					run.stopped = true;
					errors.set(i, error as Error);
				}
			}
			// A turn of the event loop before the worker's next item: n8n opens a connection per request, and answers
			// that arrive back to back kept the loop busy until the last of them, so the connections opened meanwhile
			// completed only then, and the next requests went out together (bench/diagnostics/timeline.js: 9 ms per
			// request waiting to connect before, 3 ms after; 1,000 updates 1.49× → 1.26× their floor).
			if (next < items.length) await sleep(0);
		}
	};
	await Promise.all(Array.from({ length: Math.min(pool.ceiling, items.length) }, worker));
	if (run.stopped && errors.size === 0) {
		// a gate stops the run at a failed request, which fails its item (gate.ts): never end with items left out
		throw new NodeOperationError(this.getNode(), 'The run stopped without a failed item', {
			description: 'Please report this to the maintainers of the node.',
		});
	}
	if (errors.size > 0) {
		const failing = Math.min(...errors.keys());
		const error = errors.get(failing) as NodeApiError;
		const outcomes = Array.from(items, (_, i) => outcomeOf(jobs[i], results[i], errors.get(i)));
		error.description = [error.description, stopReport(failing, outcomes)]
			.filter(Boolean)
			.join(' ');
		throw error;
	}
	return [results.flatMap((r) => r ?? [])];
}

/** Reads resource and operation of an item, finds its endpoint and reads and checks its parameters. */
async function prepare(
	ctx: IExecuteFunctions,
	tables: ResourceTable[],
	i: number,
): Promise<PreparedRequest> {
	const resource = itemParameter(ctx, PARAMETER.resource, i) as string;
	const operation = itemParameter(ctx, PARAMETER.operation, i) as string;
	const table = tables.find((t) => t.resource === resource);
	const endpoint = table && findEndpoint(table, operation, nodeVersion(ctx));
	if (!table || !endpoint) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Unknown operation '${operation}' of resource '${resource}'`,
			{
				itemIndex: i,
			},
		);
	}
	return await prepareRequest.call(ctx, table, endpoint, i);
}

/** The option "Requests in Parallel" (read once per run, from the first item). */
function parallel(ctx: IExecuteFunctions): number {
	const value = ctx.getNodeParameter(
		`${PARAMETER.options}.${OPTION.requestsInParallel}`,
		0,
		DEFAULT_PARALLEL,
	);
	try {
		const n = toInteger(value, 'Requests in Parallel');
		if (n >= 1) return n;
	} catch {
		// reported below
	}
	throw new NodeOperationError(
		ctx.getNode(),
		`'Requests in Parallel' must be a whole number of 1 or more, not '${String(value)}'`,
		{
			itemIndex: 0,
			description: 'Field: Requests in Parallel',
		},
	);
}

function asNodeError(ctx: IExecuteFunctions, i: number, caught: unknown): Error {
	if (caught instanceof InputError) return inputNodeError(ctx.getNode(), caught, i);
	if (caught instanceof NodeApiError || caught instanceof NodeOperationError) {
		if (caught.context) caught.context.itemIndex = i;
		return caught;
	}
	return new NodeOperationError(ctx.getNode(), caught as Error, { itemIndex: i });
}

function errorItem(error: Error, i: number): INodeExecutionData {
	const json: IDataObject = { error: error.message };
	const description = (error as NodeApiError).description;
	if (description) json.description = description;
	const httpCode = (error as NodeApiError).httpCode;
	if (httpCode) json.httpCode = httpCode;
	return { json, pairedItem: { item: i } };
}
