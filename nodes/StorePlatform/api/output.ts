import type { IDataObject } from 'n8n-workflow';

/** Output options of Get and Get Many: Simplify and Normalise Numbers. Pure. */

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
	if (typeof value === 'string' && !CODE_KEYS.has(key) && NUMERIC.test(value)) return Number(value) as T;
	return value;
}

/** Keeps the fields people use most; arrays of line items become their count. */
export function simplify(record: IDataObject, keys: string[]): IDataObject {
	const out: IDataObject = {};
	for (const key of keys) {
		const [name, how] = key.split(':');
		if (!(name in record)) continue;
		const value = record[name];
		out[how === 'count' ? `${name}_count` : name] = how === 'count' && Array.isArray(value) ? value.length : value;
	}
	return out;
}
