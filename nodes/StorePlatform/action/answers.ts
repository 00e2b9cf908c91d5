import type { IDataObject, IExecuteFunctions, INodeExecutionData, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { normaliseNumbers, simplify } from '../api/output';
import { fetchList, type ListPlan } from '../api/paginate';
import { apiRequest, type Query } from '../api/request';
import { unwrapCount, unwrapOne } from '../api/unwrap';
import type { Answer, Endpoint, ResourceTable } from '../endpoint';
import { prepareRow, type PreparedRow } from './endpointRequest';

export const operationLabel = (table: ResourceTable, row: Endpoint) => `${table.displayName} → ${row.name}`;

/** What an answer handler may ask of the executor: another endpoint of the resource, or running one for the item. */
export interface AnswerTools {
	find: (operation: string) => Endpoint | undefined;
	again: (row: Endpoint) => Promise<INodeExecutionData[]>;
}

type AnswerHandler = (
	this: IExecuteFunctions,
	prepared: PreparedRow,
	tools: AnswerTools,
) => Promise<INodeExecutionData[]>;

/** Sends the prepared request once (the body wrapped as the endpoint says) and returns the parsed answer. */
async function send(this: IExecuteFunctions, prepared: PreparedRow): Promise<unknown> {
	const { row, request, timeout } = prepared;
	const body = request.body === undefined ? undefined : row.wrap ? { [row.wrap]: request.body } : request.body;
	return await apiRequest.call(this, row.method, request.path, {
		query: request.query,
		body,
		operation: operationLabel(prepared.table, row),
		timeout,
	});
}

/** Records as output items: Simplify and Normalize Numbers when chosen, then the endpoint's output hook if any. */
async function toItems(
	this: IExecuteFunctions,
	prepared: PreparedRow,
	records: IDataObject[],
): Promise<INodeExecutionData[]> {
	const { table, row, i, options } = prepared;
	if (options.simplify && table.simplify) records = records.map((r) => simplify(r, table.simplify as string[]));
	if (options.normaliseNumbers) records = normaliseNumbers(records);
	return row.hooks?.output ? await row.hooks.output.call(this, i, records) : records.map((json) => ({ json }));
}

/** Whether the count endpoint takes every filter of the list query (else its total would not match). */
function countTakes(countRow: Endpoint, query: Query): boolean {
	const allowed = new Set(['fields', ...(countRow.filters ?? []).map((f) => f.key)]);
	return Object.keys(query).every((k) => allowed.has(k));
}

/** The filters of a list that its count endpoint also takes. */
function countQuery(countRow: Endpoint, query: Query): Query {
	const allowed = new Set((countRow.filters ?? []).map((f) => f.key));
	return Object.fromEntries(Object.entries(query).filter(([k]) => allowed.has(k)));
}

/** The records of a list endpoint, page by page up to the item's limit (Return All planned with its count endpoint). */
async function listRecords(
	this: IExecuteFunctions,
	prepared: PreparedRow,
	list: Endpoint,
	find: AnswerTools['find'],
): Promise<IDataObject[]> {
	const { request, timeout } = prepared;
	const count = list.countWith ? find(list.countWith) : undefined;
	const plan: ListPlan = {
		path: request.path,
		query: request.query,
		key: list.output,
		paged: Boolean(list.paging),
		maxLimit: list.paging?.maxLimit,
		sinceId: list.filters?.some((f) => f.key === 'since_id'),
		count:
			count && countTakes(count, request.query)
				? { path: count.path, query: countQuery(count, request.query) }
				: undefined,
		operation: operationLabel(prepared.table, prepared.row),
		timeout,
	};
	if (prepared.row.answer === 'count' && list.fieldsOption) plan.query = { ...plan.query, fields: 'id' };
	return await fetchList.call(this, plan, prepared.limit ?? 'all');
}

/** One handler per kind of answer (`Endpoint.answer`, documented in endpoint.ts). */
export const ANSWERS: Record<Answer, AnswerHandler> = {
	/** A record. */
	async one(prepared) {
		return await toItems.call(this, prepared, [unwrapOne(await send.call(this, prepared), prepared.row.output)]);
	},

	/** A list: the records up to the item's limit, or all of them. */
	async many(prepared, { find }) {
		return await toItems.call(this, prepared, await listRecords.call(this, prepared, prepared.row, find));
	},

	/** A number: the count endpoint's answer, or the length of the whole list where the spec has no count. */
	async count(prepared, { find }) {
		const { row } = prepared;
		if (row.countByListing) {
			const list = find(row.countByListing);
			if (!list) throw new Error(`No list endpoint for ${operationLabel(prepared.table, row)}`);
			return [{ json: { count: (await listRecords.call(this, prepared, list, find)).length } }];
		}
		const count = unwrapCount(await send.call(this, prepared));
		if (count === undefined) {
			throw new NodeApiError(this.getNode(), {} as JsonObject, {
				message: `${operationLabel(prepared.table, row)} failed: the shop's answer carries no count`,
			});
		}
		return [{ json: { count } }];
	},

	/** Nothing worth showing: the ids the request was made for, and `deleted: true`. */
	async deleted(prepared) {
		await send.call(this, prepared);
		return [{ json: { ...prepared.request.ids, deleted: true } }];
	},

	/** Only the record's id: that, or the whole record read again when Return Full Record is on. */
	async idOnly(prepared, { find, again }) {
		const answered = unwrapOne(await send.call(this, prepared), prepared.row.output);
		const get = prepared.options.returnFullRecord ? find('get') : undefined;
		if (get) return await again(get);
		return [{ json: { ...prepared.request.ids, ...answered } }];
	},
};

/** Runs one endpoint for one item: reads and checks its parameters, sends it, returns its output items. */
export async function executeRow(
	this: IExecuteFunctions,
	table: ResourceTable,
	row: Endpoint,
	i: number,
	find: (operation: string) => Endpoint | undefined,
): Promise<INodeExecutionData[]> {
	return await sendRow.call(this, await prepareRow.call(this, table, row, i), find);
}

/** Sends a prepared request and turns the answer into output items, by the handler of the endpoint's answer kind. */
export async function sendRow(
	this: IExecuteFunctions,
	prepared: PreparedRow,
	find: (operation: string) => Endpoint | undefined,
): Promise<INodeExecutionData[]> {
	return await ANSWERS[prepared.row.answer].call(this, prepared, {
		find,
		again: async (row) => await executeRow.call(this, prepared.table, row, prepared.i, find),
	});
}
