import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { conditionsOfTable, withWords, wordsOfTable, type WordTable } from './codeWords';

/** Output rules of records: Simplify, Normalize Numbers, empty dates, words of codes, ids. Pure. */

/** The Normalize Numbers option of both nodes (the parameter name keeps its first spelling). */
export const NORMALIZE_NUMBERS_OPTION: INodeProperties = {
	displayName: 'Normalize Numbers',
	name: 'normaliseNumbers',
	type: 'boolean',
	default: false,
	description:
		'Whether to turn numbers the API sends as text (IDs, prices, quantities) into JSON numbers; codes such as SKUs and barcodes stay text',
};

/** What the triggers' Normalize Numbers says of amounts (the spec: "Units of money amounts: not shown"). */
export const AMOUNTS_UNIT =
	'Amounts such as total_price are given as the shop sends them (e.g. 4350): the platform does not document their unit (cents or whole currency units).';

/** Fields whose digits are codes, not quantities: never turned into numbers. */
const CODE_KEYS = new Set([
	'sku',
	'barcode',
	'code',
	'color',
	'label_color',
	'user_key',
	'uuid',
	'title',
	'name',
	'handle',
	'url',
	'phone',
	'zip',
	'postcode',
	'key',
	'content',
	'email',
]);

const NUMERIC = /^-?(0|[1-9]\d{0,14})(\.\d+)?$/;

/** Numbers the API sent as strings become JSON numbers (codes such as SKUs and barcodes stay text). */
export function normaliseNumbers<T>(value: T, key = ''): T {
	if (Array.isArray(value)) return value.map((v) => normaliseNumbers(v, key)) as T;
	if (value && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value as IDataObject).map(([k, v]) => [k, normaliseNumbers(v, k)]),
		) as T;
	}
	if (typeof value === 'string' && !CODE_KEYS.has(key) && NUMERIC.test(value))
		return Number(value) as T;
	return value;
}

/**
 * Keeps the fields people use most. A key `name:count` gives the array's length as `name_count`; `name:list`
 * keeps the array itself and its count (`keepLists`, typeVersion 3), or only the count before.
 */
export function simplify(record: IDataObject, keys: string[], keepLists = false): IDataObject {
	const out: IDataObject = {};
	for (const key of keys) {
		const [name, how] = key.split(':');
		if (!(name in record)) continue;
		const value = record[name];
		if (how === 'list' && keepLists) out[name] = value;
		if (how === 'count' || how === 'list') {
			out[`${name}_count`] = Array.isArray(value) ? value.length : value;
		} else out[name] = value;
	}
	return out;
}

/**
 * The Simplify keys whose field an answer carries: a list's entries leave some out (`Endpoint.lacks`: a voucher's
 * `items`), and Simplify keeps only the fields a record has, so a tooltip names only these.
 */
export const keysCarried = (keys: string[], lacks: string[] = []): string[] =>
	keys.filter((key) => !lacks.includes(key.split(':')[0]));

/** The output keys Simplify keeps, in order (for the Simplify tooltip). */
export function simplifiedKeys(keys: string[], keepLists = false): string[] {
	return keys.flatMap((key) => {
		const [name, how] = key.split(':');
		if (how === 'list' && keepLists) return [name, `${name}_count`];
		return how === 'count' || how === 'list' ? [`${name}_count`] : [name];
	});
}

/** The keys that hold ids: a record's own and the ids a request names beside it (a variant's `product_id`). */
export const ID_KEYS = ['id', 'product_id'];

const WHOLE_NUMBER = /^(0|[1-9]\d{0,14})$/;

/**
 * Ids as JSON numbers wherever the id is a whole number, sent as `5` or `"5"`, so one resource's ids have one
 * type in every operation; other ids (a cart's `user_key`, an asset's `key`) stay text. Top-level keys only.
 */
export function idsAsNumbers(record: IDataObject): IDataObject {
	const out: IDataObject = { ...record };
	for (const key of ID_KEYS) {
		const value = out[key];
		if (typeof value === 'string' && WHOLE_NUMBER.test(value.trim()))
			out[key] = Number(value.trim());
	}
	return out;
}

/** The shop's way of saying "no date" (a MySQL zero date), with or without its time. */
const EMPTY_DATE = /^0000-00-00( 00:00:00)?$/;

/** Empty dates (`0000-00-00 00:00:00`) become null, anywhere in a record, so date nodes and IF nodes see no date. */
export function emptyDatesToNull<T>(value: T): T {
	if (Array.isArray(value)) return value.map((v) => emptyDatesToNull(v)) as T;
	if (value && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value as IDataObject).map(([k, v]) => [k, emptyDatesToNull(v)]),
		) as T;
	}
	return (typeof value === 'string' && EMPTY_DATE.test(value) ? null : value) as T;
}

/** How records are shaped for output (the action node's Options; the poll trigger's alike). */
export interface ShapeOptions {
	emptyDatesAsNull?: boolean;
	simplify?: boolean;
	normaliseNumbers?: boolean;
	/** A readable `<key>_label` beside each coded field whose code the spec names (codeWords.ts). */
	words?: boolean;
	/** Ids as numbers where they are whole numbers (idsAsNumbers). */
	idsAsNumbers?: boolean;
	/** Simplify keeps the arrays a table marks `name:list` (a voucher's generated codes), not only their count. */
	keepLists?: boolean;
}

/** What shapeRecords reads of a resource table: its Simplify keys and, for words, its fields (codeWords.ts). */
export interface ShapeTable extends Partial<WordTable> {
	simplify?: string[];
}

/**
 * Records as a node outputs them: empty dates as null, Simplify (with the resource's list of fields), words
 * beside codes, Normalize Numbers and ids as numbers, each when chosen. One place for the action node and the
 * triggers: pass the resource table (or only its Simplify keys) and the options.
 */
export function shapeRecords(
	records: IDataObject[],
	table: ShapeTable | string[] | undefined,
	options: ShapeOptions,
): IDataObject[] {
	const shape: ShapeTable = Array.isArray(table) ? { simplify: table } : (table ?? {});
	if (options.emptyDatesAsNull) records = emptyDatesToNull(records);
	const keys = shape.simplify;
	if (options.simplify && keys) records = records.map((r) => simplify(r, keys, options.keepLists));
	if (options.words && shape.endpoints) {
		const words = wordsOfTable(shape as WordTable);
		const conditions = conditionsOfTable(shape as WordTable);
		records = records.map((r) => withWords(r, words, conditions));
	}
	if (options.normaliseNumbers) records = normaliseNumbers(records);
	if (options.idsAsNumbers) records = records.map(idsAsNumbers);
	return records;
}
