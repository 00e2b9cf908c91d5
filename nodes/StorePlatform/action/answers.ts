import type { IDataObject, IExecuteFunctions, INodeExecutionData, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { shapeRecords } from '../api/output';
import { fetchList, type ListPlan } from '../api/paginate';
import { apiRequest, type Query } from '../api/request';
import { unwrapCount, unwrapOne } from '../api/unwrap';
import type { Answer, Endpoint, ResourceTable } from '../endpoint';
import { prepareRequest, type PreparedRequest } from './endpointRequest';

export const operationLabel = (table: ResourceTable, endpoint: Endpoint) =>
	`${table.displayName} → ${endpoint.name}`;

/** What an answer handler may ask of the executor: another endpoint of the resource, or running one for the item. */
export interface AnswerTools {
	find: (operation: string) => Endpoint | undefined;
	again: (endpoint: Endpoint) => Promise<INodeExecutionData[]>;
}

type AnswerHandler = (
	this: IExecuteFunctions,
	prepared: PreparedRequest,
	tools: AnswerTools,
) => Promise<INodeExecutionData[]>;

/** Operations that address one record by its ID. */
const ADDRESSES_RECORD = new Set(['get', 'update', 'delete', 'activate']);

/** Sends the prepared request once (the body wrapped as the endpoint says) and returns the parsed answer. */
async function send(this: IExecuteFunctions, prepared: PreparedRequest): Promise<unknown> {
	const { endpoint, request, timeout } = prepared;
	const body =
		request.body === undefined
			? undefined
			: endpoint.wrap
				? { [endpoint.wrap]: request.body }
				: request.body;
	return await apiRequest.call(this, endpoint.method, request.path, {
		query: request.query,
		body,
		operation: operationLabel(prepared.table, endpoint),
		// what a 404 says was not found: the record itself where it is addressed by ID ("The vendor was not
		// found"), else the parent record the path names (a variant count of a missing product)
		subject: ADDRESSES_RECORD.has(endpoint.operation)
			? prepared.table.displayName.toLowerCase()
			: endpoint.params?.[0]?.displayName.replace(/ ID$/, '').toLowerCase(),
		timeout,
		gate: prepared.gate,
	});
}

/**
 * Records as output items: empty dates as null (typeVersion 2), Simplify and Normalize Numbers when chosen, words
 * and ids as numbers (typeVersion 3), then the endpoint's output hook if any.
 */
async function toItems(
	this: IExecuteFunctions,
	prepared: PreparedRequest,
	records: IDataObject[],
): Promise<INodeExecutionData[]> {
	const { table, endpoint, i, options } = prepared;
	records = shapeRecords(records, table, options);
	return endpoint.hooks?.output
		? await endpoint.hooks.output.call(this, i, records)
		: records.map((json) => ({ json }));
}

/** Whether the count endpoint takes every filter of the list query (else its total would not match). */
function countTakes(countEndpoint: Endpoint, query: Query): boolean {
	const allowed = new Set(['fields', ...(countEndpoint.filters ?? []).map((f) => f.key)]);
	return Object.keys(query).every((k) => allowed.has(k));
}

/** The filters of a list that its count endpoint also takes. */
function countQuery(countEndpoint: Endpoint, query: Query): Query {
	const allowed = new Set((countEndpoint.filters ?? []).map((f) => f.key));
	return Object.fromEntries(Object.entries(query).filter(([k]) => allowed.has(k)));
}

/** The records of a list endpoint, page by page up to the item's limit (Return All planned with its count endpoint). */
async function listRecords(
	this: IExecuteFunctions,
	prepared: PreparedRequest,
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
		operation: operationLabel(prepared.table, prepared.endpoint),
		timeout,
		gate: prepared.gate,
	};
	if (prepared.endpoint.answer === 'count' && list.fieldsOption)
		plan.query = { ...plan.query, fields: 'id' };
	return await fetchList.call(this, plan, prepared.limit ?? 'all');
}

/** One handler per kind of answer (`Endpoint.answer`, documented in endpoint.ts). */
export const ANSWERS: Record<Answer, AnswerHandler> = {
	/** A record. */
	async one(prepared) {
		return await toItems.call(this, prepared, [
			unwrapOne(await send.call(this, prepared), prepared.endpoint.output),
		]);
	},

	/** A list: the records up to the item's limit, or all of them. */
	async many(prepared, { find }) {
		return await toItems.call(
			this,
			prepared,
			await listRecords.call(this, prepared, prepared.endpoint, find),
		);
	},

	/** A number: the count endpoint's answer, or the length of the whole list where the spec has no count. */
	async count(prepared, { find }) {
		const { endpoint } = prepared;
		if (endpoint.countByListing) {
			const list = find(endpoint.countByListing);
			if (!list)
				throw new Error(`No list endpoint for ${operationLabel(prepared.table, endpoint)}`);
			return [{ json: { count: (await listRecords.call(this, prepared, list, find)).length } }];
		}
		const count = unwrapCount(await send.call(this, prepared));
		if (count === undefined) {
			throw new NodeApiError(this.getNode(), {} as JsonObject, {
				message: "The shop's answer carries no count",
				description: `(${operationLabel(prepared.table, endpoint)}: ${endpoint.method} ${prepared.request.path})`,
			});
		}
		return [{ json: { count } }];
	},

	/** Nothing worth showing: the ids the request was made for, and `deleted: true`. */
	async deleted(prepared) {
		await send.call(this, prepared);
		return await toItems.call(this, prepared, [{ ...prepared.request.ids, deleted: true }]);
	},

	/** Only the record's id: that, or the whole record read again when Return Full Record is on (typeVersion 3: by default). */
	async idOnly(prepared, { find, again }) {
		const answered = unwrapOne(await send.call(this, prepared), prepared.endpoint.output);
		const get = prepared.options.returnFullRecord ? find('get') : undefined;
		if (get) return await again(get);
		return await toItems.call(this, prepared, [{ ...prepared.request.ids, ...answered }]);
	},
};

/** Runs one endpoint for one item: reads and checks its parameters, sends it, returns its output items. */
export async function executeEndpoint(
	this: IExecuteFunctions,
	table: ResourceTable,
	endpoint: Endpoint,
	i: number,
	find: (operation: string) => Endpoint | undefined,
): Promise<INodeExecutionData[]> {
	return await sendRequest.call(this, await prepareRequest.call(this, table, endpoint, i), find);
}

/** Sends a prepared request and turns the answer into output items, by the handler of the endpoint's answer kind. */
export async function sendRequest(
	this: IExecuteFunctions,
	prepared: PreparedRequest,
	find: (operation: string) => Endpoint | undefined,
): Promise<INodeExecutionData[]> {
	return await ANSWERS[prepared.endpoint.answer].call(this, prepared, {
		find,
		again: async (endpoint) =>
			await executeEndpoint.call(this, prepared.table, endpoint, prepared.i, find),
	});
}
