import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { atTop, fieldValue, paramName, isEmptyRows, withCompanions } from './fields';
import { addAlsoSends, applies, bracketKeys, checkApplies, mergeRawKeys } from './formRules';
import type { RequestGate } from '../api/gate';
import type { ShapeOptions } from '../api/output';
import type { Query } from '../api/request';
import {
	hasSimplify,
	type Endpoint,
	type Field,
	type Param,
	type ResourceTable,
} from '../endpoint';
import {
	InputError,
	toBoolean,
	toInteger,
	toNameList,
	toRequiredText,
	readId,
} from '../input/rules';
import { itemParameter, nodeVersion } from './itemParameters';
import { OPTION, PARAMETER } from './parameters';

export interface EndpointRequest {
	path: string;
	query: Query;
	body?: IDataObject;
	/** The ids the request was made for, as output keys (`id`, `product_id`, `key`). */
	ids: IDataObject;
}

const outputKey = (param: Param) => param.key.replace(/^\w+\[(\w+)\]$/, '$1');

/** Reads the endpoint's ids; encodes path segments so that no id can change the path. */
export function resolveParams(
	endpoint: Endpoint,
	read: (param: Param) => unknown,
): { path: string; query: Query; ids: IDataObject } {
	let path = endpoint.path;
	const query: Query = {};
	const ids: IDataObject = {};
	for (const param of endpoint.params ?? []) {
		const id = readId(param, read(param));
		if (param.in === 'path' && (id === '.' || id === '..')) {
			throw new InputError(param.displayName, `'${param.displayName}' cannot be '${id}'`);
		}
		ids[outputKey(param)] = id;
		if (param.in === 'path') path = path.replace(`{${param.key}}`, encodeURIComponent(id));
		else query[param.key] = id;
	}
	return { path, query, ids };
}

/** The longest value (once percent-encoded) sent in the address: servers refuse much longer request lines. */
export const MAX_QUERY_VALUE = 2000;

/**
 * Converts a group of fields (top-level or in a collection, companions included: `withCompanions`) into API
 * keys and values, each by the rule of its kind. A multi-row field and its JSON companion set the same key:
 * giving both is refused (`setBy` is shared when the fields are converted one at a time).
 */
export function collectFields(
	fields: Field[],
	values: IDataObject,
	timeZone: string,
	target: IDataObject = {},
	inQuery = false,
	setBy: Record<string, string> = {},
): IDataObject {
	for (const field of fields) {
		const name = paramName(field);
		if (!(name in values)) continue;
		const value = fieldValue(field, values[name], timeZone);
		if (value === undefined) continue;
		const other = setBy[field.key];
		if (other) {
			throw new InputError(
				field.displayName,
				`Give either '${other}' or '${field.displayName}', not both`,
			);
		}
		setBy[field.key] = field.displayName;
		if (!inQuery) {
			target[field.key] = value as IDataObject[keyof IDataObject];
			continue;
		}
		for (const [key, v] of bracketKeys(field.key, value)) {
			if (encodeURIComponent(String(v)).length > MAX_QUERY_VALUE) {
				throw new InputError(
					field.displayName,
					`'${field.displayName}' is too long to be sent in the address (over ${MAX_QUERY_VALUE} characters encoded)`,
				);
			}
			target[key] = v;
		}
	}
	return target;
}

/**
 * The body of an item: first the fields at the top of the form, in order, each read only where it applies
 * (a field shown for some Discount Types is read only for those), required texts holding more than spaces;
 * then the collection's fields, refused where they contradict the top (`formRules.ts`); then the keys fields
 * send beside their own, and last the "Other API Keys", which may not repeat a key the form set.
 */
function buildBody(
	this: IExecuteFunctions,
	endpoint: Endpoint,
	i: number,
	tz: string,
): IDataObject {
	const fields = endpoint.body ?? [];
	const body: IDataObject = {};
	const topSetBy: Record<string, string> = {};
	for (const f of withCompanions(fields.filter(atTop))) {
		if (!applies(f, body)) continue;
		const name = paramName(f);
		const value: unknown = f.required
			? itemParameter(this, name, i)
			: itemParameter(this, name, i, '');
		// the editor's empty rows are not given: the JSON companion, next in the loop, may hold them
		if (isEmptyRows(f, value)) continue;
		// one field at a time (its companion comes next in the loop): a later field applies by the earlier ones
		collectFields([f], { [name]: value as IDataObject[string] }, tz, body, false, topSetBy);
		if (!f.required) continue;
		if (body[f.key] === undefined)
			throw new InputError(f.displayName, `'${f.displayName}' is required`);
		if (f.kind === 'string' || f.kind === 'text') toRequiredText(body[f.key], f.displayName);
	}
	for (const f of fields.filter((g) => atTop(g) && g.needed && applies(g, body))) {
		if (body[f.key] !== undefined) continue;
		const rows = withCompanions([f]).length > 1;
		throw new InputError(
			f.displayName,
			rows
				? `'${f.displayName}' is required: add at least one row, or give the rows in '${f.displayName} (JSON)'`
				: `'${f.displayName}' is required`,
		);
	}
	const group =
		endpoint.operation === 'update' ? PARAMETER.updateFields : PARAMETER.additionalFields;
	const optional = itemParameter(this, group, i, {}) as IDataObject;
	const inGroup = fields.filter((f) => !atTop(f));
	collectFields(withCompanions(inGroup.filter((f) => !f.rawKeys)), optional, tz, body);
	checkApplies(fields, inGroup, body);
	addAlsoSends(fields, body);
	const setBy = (key: string) =>
		fields.find(
			(f) =>
				(f.key === key && body[key] !== undefined) ||
				(f.alsoSends && key in f.alsoSends && body[f.key] !== undefined),
		)?.displayName;
	for (const f of inGroup.filter((g) => g.rawKeys))
		mergeRawKeys(f, optional[paramName(f)], body, setBy);
	if (endpoint.operation === 'update' && Object.keys(body).length === 0) {
		throw new InputError('Update Fields', "Add at least one field to 'Update Fields'");
	}
	return body;
}

/** The longest Timeout taken, in seconds (timers cannot wait longer than 2^31 ms; no answer takes an hour). */
export const MAX_TIMEOUT_S = 3600;

export interface ReadOptions extends ShapeOptions {
	fields?: string;
	timeout?: number;
	simplify: boolean;
	normaliseNumbers: boolean;
	returnFullRecord: boolean;
	/** typeVersion 2 on: empty dates become null. */
	emptyDatesAsNull?: boolean;
}

/** The Options entries, each by the rule of its kind (a name list, a whole number, switches). */
export function readOptions(options: IDataObject): ReadOptions {
	const given = (v: unknown) => v !== undefined && v !== null && v !== '';
	const flag = (key: string, label: string) =>
		given(options[key]) ? toBoolean(options[key], label) : false;
	let timeout: number | undefined;
	if (given(options[OPTION.timeout])) {
		timeout = toInteger(options[OPTION.timeout], 'Timeout');
		if (timeout < 1 || timeout > MAX_TIMEOUT_S) {
			throw new InputError(
				'Timeout',
				`'Timeout' must be from 1 to ${MAX_TIMEOUT_S} seconds, not ${timeout}`,
			);
		}
	}
	return {
		fields: given(options[OPTION.fields])
			? toNameList(options[OPTION.fields], 'Fields') || undefined
			: undefined,
		timeout,
		simplify: flag(OPTION.simplify, 'Simplify'),
		normaliseNumbers: flag(OPTION.normaliseNumbers, 'Normalize Numbers'),
		returnFullRecord: flag(OPTION.returnFullRecord, 'Return Full Record'),
	};
}

/**
 * Builds the request of a endpoint for one item (`options`: its Options, read once by prepareRequest), raising an
 * InputError for bad input before any request.
 */
export function buildRequest(
	this: IExecuteFunctions,
	endpoint: Endpoint,
	i: number,
	options: ReadOptions,
): EndpointRequest {
	const tz = this.getTimezone();
	const { path, query, ids } = resolveParams(endpoint, (param) =>
		itemParameter(this, param.name, i, undefined, { extractValue: true }),
	);
	let body: IDataObject | undefined;
	if (endpoint.body) body = buildBody.call(this, endpoint, i, tz);
	if (endpoint.fixedBody) body = { ...endpoint.fixedBody, ...body };
	if (endpoint.filters) {
		const filters = itemParameter(this, PARAMETER.filters, i, {}) as IDataObject;
		Object.assign(query, collectFields(withCompanions(endpoint.filters), filters, tz, {}, true));
	}
	if (endpoint.fieldsOption && options.fields) {
		if (encodeURIComponent(options.fields).length > MAX_QUERY_VALUE) {
			throw new InputError(
				'Fields',
				`'Fields' is too long to be sent in the address (over ${MAX_QUERY_VALUE} characters encoded)`,
			);
		}
		query.fields = options.fields;
	}
	return { path, query, body, ids };
}

/**
 * typeVersion 3: words beside codes, ids as numbers, Simplify keeps a voucher's codes, and Update returns the
 * record unless Return Full Record is turned off.
 */
export function typeVersion3Options(given: IDataObject): Partial<ReadOptions> {
	const set = given[OPTION.returnFullRecord];
	return {
		words: true,
		idsAsNumbers: true,
		keepLists: true,
		returnFullRecord:
			set === undefined || set === null || set === '' ? true : toBoolean(set, 'Return Full Record'),
	};
}

/** One item's request, read and checked: every input error is raised here, before any request. */
export interface PreparedRequest {
	table: ResourceTable;
	endpoint: Endpoint;
	i: number;
	request: EndpointRequest;
	options: ReadOptions;
	timeout?: number;
	/** Lists: how many records ('all' for Return All and counts by listing). */
	limit?: number | 'all';
	/** The item loop's gate of the item (api/gate.ts), handed to its requests. */
	gate?: RequestGate;
}

/** Reads and checks one item's parameters for a endpoint (no request is made). */
export async function prepareRequest(
	this: IExecuteFunctions,
	table: ResourceTable,
	endpoint: Endpoint,
	i: number,
): Promise<PreparedRequest> {
	const given = itemParameter(this, PARAMETER.options, i, {}) as IDataObject;
	const options = readOptions(given);
	const typeVersion = nodeVersion(this);
	if (typeVersion >= 2) {
		// typeVersion 2: Simplify is a top-level switch (on for new nodes); empty dates become null
		options.simplify = hasSimplify(table, endpoint)
			? toBoolean(itemParameter(this, PARAMETER.simplify, i, false), 'Simplify')
			: false;
		options.emptyDatesAsNull = true;
	}
	if (typeVersion >= 3) Object.assign(options, typeVersion3Options(given));
	const request = buildRequest.call(this, endpoint, i, options);
	if (endpoint.hooks?.body)
		request.body = await endpoint.hooks.body.call(this, i, request.body ?? {});
	const timeout = options.timeout === undefined ? undefined : options.timeout * 1000;
	const prepared: PreparedRequest = { table, endpoint, i, request, options, timeout };
	if (endpoint.answer === 'many' || (endpoint.answer === 'count' && endpoint.countByListing)) {
		const returnAll =
			endpoint.answer === 'count' ||
			toBoolean(itemParameter(this, PARAMETER.returnAll, i, false), 'Return All');
		const limit = returnAll
			? 'all'
			: toInteger(itemParameter(this, PARAMETER.limit, i, 50), 'Limit');
		if (limit !== 'all' && limit < 1) throw new InputError('Limit', "'Limit' must be 1 or more");
		prepared.limit = limit;
	}
	return prepared;
}
