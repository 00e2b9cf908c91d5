import type { IDataObject, INodeProperties } from 'n8n-workflow';

/** Output rules of records: Simplify, Normalize Numbers, empty dates. Pure. */

/** The Normalize Numbers option of both nodes (the parameter name keeps its first spelling). */
export const NORMALIZE_NUMBERS_OPTION: INodeProperties = {
	displayName: 'Normalize Numbers',
	name: 'normaliseNumbers',
	type: 'boolean',
	default: false,
	description:
		'Whether to turn numbers the API sends as text (IDs, prices, quantities) into JSON numbers; codes such as SKUs and barcodes stay text',
};

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

/** Keeps the fields people use most; arrays of line items become their count. */
export function simplify(record: IDataObject, keys: string[]): IDataObject {
	const out: IDataObject = {};
	for (const key of keys) {
		const [name, how] = key.split(':');
		if (!(name in record)) continue;
		const value = record[name];
		out[how === 'count' ? `${name}_count` : name] =
			how === 'count' && Array.isArray(value) ? value.length : value;
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
}

/**
 * Records as a node outputs them: empty dates as null, Simplify (with the resource's list of fields) and
 * Normalize Numbers when chosen. One place for the action node and the poll trigger.
 */
export function shapeRecords(
	records: IDataObject[],
	simplifyKeys: string[] | undefined,
	options: ShapeOptions,
): IDataObject[] {
	if (options.emptyDatesAsNull) records = emptyDatesToNull(records);
	if (options.simplify && simplifyKeys) records = records.map((r) => simplify(r, simplifyKeys));
	if (options.normaliseNumbers) records = normaliseNumbers(records);
	return records;
}
