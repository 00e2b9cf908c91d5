import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Param } from '../endpoint';

/**
 * The input rule of every scalar field kind (text, URL, number, boolean, ID, ID list, name list,
 * option, JSON): what each accepts and how it is sent. Pure: each refusal is an `InputError` naming
 * the field, which the router turns into a NodeOperationError of the item. Nothing is converted
 * silently: a value of another shape is refused, never stringified.
 */

export class InputError extends Error {
	constructor(
		readonly field: string,
		message: string,
	) {
		super(message);
	}
}

/** An input refusal as n8n shows it: the message, the field it names below, and the item where there is one. */
export function inputNodeError(
	node: INode,
	error: InputError,
	itemIndex?: number,
): NodeOperationError {
	return new NodeOperationError(node, error.message, {
		...(itemIndex === undefined ? {} : { itemIndex }),
		description: `Field: ${error.field}`,
	});
}

const SHOWN_MAX = 60;

/** A value as shown in an error: its kind, and a short preview. */
export function shown(value: unknown): string {
	if (value === undefined) return 'nothing';
	if (value === null) return 'null';
	if (typeof value === 'string') {
		const json = JSON.stringify(value);
		return json.length <= SHOWN_MAX
			? json
			: `${json.slice(0, SHOWN_MAX)}…" (${value.length} characters)`;
	}
	if (typeof value === 'number' || typeof value === 'bigint') return `the number ${String(value)}`;
	if (typeof value === 'boolean') return `${String(value)} (a boolean)`;
	if (typeof value !== 'object') return `a ${typeof value}`;
	const what = Array.isArray(value) ? 'a list' : value instanceof Date ? 'a Date' : 'an object';
	let json = '';
	try {
		json = JSON.stringify(value) ?? '';
	} catch {
		json = '';
	}
	return json
		? `${what} ${json.length <= SHOWN_MAX ? json : `${json.slice(0, SHOWN_MAX)}…`}`
		: what;
}

/** The first character of `text` that no field takes: a control character or half a surrogate pair. */
function badCharacter(text: string, allowBreaks: boolean): string | undefined {
	for (let k = 0; k < text.length; k++) {
		const c = text.charCodeAt(k);
		if (c >= 0xd800 && c <= 0xdbff) {
			const next = text.charCodeAt(k + 1);
			if (next >= 0xdc00 && next <= 0xdfff) {
				k++;
				continue;
			}
			return `an unpaired surrogate (U+${c.toString(16).toUpperCase()})`;
		}
		if (c >= 0xdc00 && c <= 0xdfff)
			return `an unpaired surrogate (U+${c.toString(16).toUpperCase()})`;
		const breakChar = c === 0x09 || c === 0x0a || c === 0x0d;
		if ((c < 0x20 && !(allowBreaks && breakChar)) || c === 0x7f) {
			return `the control character U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
		}
	}
	return undefined;
}

/** Refuses text with control characters (tabs and line breaks allowed where `allowBreaks`) or broken UTF-16. */
export function checkCharacters(text: string, field: string, allowBreaks = true): string {
	const bad = badCharacter(text, allowBreaks);
	if (bad) throw new InputError(field, `'${field}' contains ${bad}; remove it`);
	return text;
}

/** A number written out in decimal, or undefined for NaN, Infinity and exponent forms (1e+21). */
const decimalText = (n: number): string | undefined => {
	if (!Number.isFinite(n)) return undefined;
	const text = String(n === 0 ? 0 : n);
	return /^-?\d+(\.\d+)?$/.test(text) ? text : undefined;
};

/** Text: a string as given; a finite number as its decimal text. Anything else is refused. */
export function toText(value: unknown, field: string): string {
	if (typeof value === 'string') return checkCharacters(value, field);
	if (typeof value === 'number') {
		const text = decimalText(value);
		if (text !== undefined) return text;
	}
	throw new InputError(field, `'${field}' must be text, not ${shown(value)}`);
}

const URL_START = /^https?:\/\//i;

/** An absolute http(s) URL, sent exactly as given. */
export function toUrl(value: unknown, field: string): string {
	const hint = `'${field}' must be an http:// or https:// URL such as https://example.com/hooks`;
	if (typeof value !== 'string') throw new InputError(field, `${hint}, not ${shown(value)}`);
	checkCharacters(value, field, false);
	if (/\s|\\/.test(value))
		throw new InputError(field, `${hint}, without spaces or backslashes: ${shown(value)}`);
	let url: URL | undefined;
	try {
		url = new URL(value);
	} catch {
		url = undefined;
	}
	if (!url || !URL_START.test(value) || !/^https?:$/.test(url.protocol) || !url.hostname) {
		throw new InputError(field, `${hint}, not ${shown(value)}`);
	}
	return value;
}

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
/** Significant digits a decimal text can have and still be sent exactly as a JSON number. */
const MAX_DIGITS = 15;

function significantDigits(text: string): number {
	const [whole, fraction = ''] = text.replace(/^[+-]/, '').split('.');
	const digits = (whole + fraction).replace(/^0+/, '');
	return (fraction ? digits : digits.replace(/0+$/, '')).length;
}

/**
 * A number: a finite JS number, or decimal text (`12`, `-3.5`, `.5`; surrounding spaces ignored).
 * Refused: hex, binary, octal and exponent forms, thousands separators, '' inside a row, blanks,
 * NaN, Infinity, magnitudes beyond 2^53 - 1 and text with more than 15 significant digits.
 */
export function toNumber(value: unknown, field: string): number {
	let n: number | undefined;
	if (typeof value === 'number') n = value;
	else if (typeof value === 'string' && DECIMAL.test(value.trim())) {
		if (significantDigits(value.trim()) > MAX_DIGITS) {
			throw new InputError(
				field,
				`'${field}' has more than ${MAX_DIGITS} significant digits and cannot be sent exactly: ${shown(value)}`,
			);
		}
		n = Number(value.trim());
	}
	if (n === undefined || !Number.isFinite(n)) {
		throw new InputError(
			field,
			`'${field}' must be a decimal number such as 12 or 12.5, not ${shown(value)}`,
		);
	}
	if (Math.abs(n) > Number.MAX_SAFE_INTEGER) {
		throw new InputError(field, `'${field}' is too large to be sent exactly: ${shown(value)}`);
	}
	return n === 0 ? 0 : n;
}

/** A number within a field's range (`Field.range`): more than `above`, at most `atMost`. */
export function toNumberIn(
	value: unknown,
	field: string,
	range: { above?: number; atMost?: number },
): number {
	const n = toNumber(value, field);
	if (range.above !== undefined && !(n > range.above))
		throw new InputError(field, `'${field}' must be more than ${range.above}, not ${shown(value)}`);
	if (range.atMost !== undefined && n > range.atMost)
		throw new InputError(field, `'${field}' must be at most ${range.atMost}, not ${shown(value)}`);
	return n;
}

/** A whole number, by the rule of `toNumber`. */
export function toInteger(value: unknown, field: string): number {
	const n = toNumber(value, field);
	if (!Number.isInteger(n))
		throw new InputError(field, `'${field}' must be a whole number, not ${shown(value)}`);
	return n;
}

/** true/false given as a boolean, 1/0, or the text true/false/1/0 (any case, spaces around ignored). */
export function toBoolean(value: unknown, field: string): boolean {
	if (typeof value === 'boolean') return value;
	const text = typeof value === 'string' ? value.trim().toLowerCase() : value;
	if (text === 'true' || text === '1' || text === 1) return true;
	if (text === 'false' || text === '0' || text === 0) return false;
	throw new InputError(field, `'${field}' must be true or false, not ${shown(value)}`);
}

/** Ids longer than this are refused: the platform makes none, and they would only lengthen the address. */
export const MAX_ID_LENGTH = 255;

const isLocator = (value: unknown): value is { value: unknown } =>
	typeof value === 'object' && value !== null && !Array.isArray(value) && '__rl' in value;

/**
 * An identifier: a whole number ≥ 0, or text (spaces around removed); a resource locator's value.
 * Refused: objects, lists, booleans, fractions, control characters and line breaks, very long text.
 */
export function toId(value: unknown, field: string): string {
	if (isLocator(value)) value = value.value;
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
		throw new InputError(field, `'${field}' is required: give the record's ID`);
	}
	if (typeof value === 'number') {
		if (!Number.isSafeInteger(value) || value < 0) {
			throw new InputError(
				field,
				`'${field}' must be an ID (a whole number or text), not ${shown(value)}`,
			);
		}
		return String(value);
	}
	if (typeof value !== 'string') {
		throw new InputError(
			field,
			`'${field}' must be an ID (a whole number or text), not ${shown(value)}`,
		);
	}
	const id = checkCharacters(value.trim(), field, false);
	if (id.length > MAX_ID_LENGTH) {
		throw new InputError(
			field,
			`'${field}' is longer than ${MAX_ID_LENGTH} characters: ${shown(value)}`,
		);
	}
	return id;
}

/**
 * The id of a record whose ids are whole numbers (every record but carts and theme assets): a whole number ≥ 0
 * or its digits, by the rule of `toId`. A name or other text is refused, before any request, with the
 * `hint` (resource locators: pick the record "From list"): `GET /services/vendors/Leatherworks` finds nothing.
 */
export function toNumericId(
	value: unknown,
	field: string,
	record: string,
	hint = '',
	example = '12',
): string {
	const id = toId(value, field);
	if (/^\d+$/.test(id)) return id;
	throw new InputError(
		field,
		`'${field}' must be the ${record}'s ID, a whole number such as ${example}, not ${shown(id)}${hint}`,
	);
}

/** Required text: text by the rule of `toText` that holds more than spaces (any Unicode white space). */
export function toRequiredText(value: unknown, field: string): string {
	const text = toText(value, field);
	if (text.trim() === '')
		throw new InputError(field, `'${field}' is required: it holds only spaces or line breaks`);
	return text;
}

/** Ids that are integers go as JSON numbers, others as strings. */
export const idValue = (id: string): string | number => (/^\d{1,15}$/.test(id) ? Number(id) : id);

/** One entry of an id list: a whole number ≥ 1, as a number or digits. */
function listedId(value: unknown, field: string, position: number): number {
	const text = typeof value === 'string' ? value.trim() : undefined;
	const n =
		typeof value === 'number'
			? value
			: text !== undefined && /^\d+$/.test(text)
				? Number(text)
				: NaN;
	if (!Number.isSafeInteger(n) || n < 1) {
		const what = text === '' ? 'empty' : `${shown(text ?? value)}, not a whole number of 1 or more`;
		throw new InputError(
			field,
			`'${field}' must be a list of IDs such as 12, 15: entry ${position} is ${what}`,
		);
	}
	return n;
}

/** A list of integer ids: `1, 2, 3`, a JSON array `[1, 2]`, a list from an expression, or one number. */
export function toIdList(value: unknown, field: string): number[] {
	let list: unknown;
	if (Array.isArray(value)) list = value;
	else if (typeof value === 'number') list = [value];
	else if (typeof value === 'string') {
		const text = value.trim();
		list = text.startsWith('[') ? toJson(text, field) : text === '' ? [] : text.split(',');
	}
	if (!Array.isArray(list)) {
		throw new InputError(
			field,
			`'${field}' must be a list of IDs such as 12, 15, not ${shown(value)}`,
		);
	}
	return list.map((v, k) => listedId(v, field, k + 1));
}

/** A JSON value given as text or already as an object or array. */
export function toJson(value: unknown, field: string): unknown {
	if (typeof value !== 'string') return value;
	let failure = '';
	let parsed: unknown;
	try {
		parsed = JSON.parse(value);
	} catch (error) {
		failure = (error as Error).message;
	}
	if (failure) throw new InputError(field, `'${field}' is not valid JSON: ${failure}`);
	return parsed;
}

/** A comma-separated list of names, or a list of texts; empty entries are dropped, spaces around removed. */
export function toNameList(value: unknown, field: string): string {
	const list: unknown[] = Array.isArray(value)
		? value
		: typeof value === 'string'
			? value.split(',')
			: [value];
	return list
		.map((entry) => {
			if (typeof entry !== 'string') {
				throw new InputError(
					field,
					`'${field}' must be names separated by commas, not ${shown(value)}`,
				);
			}
			if (Array.isArray(value) && entry.includes(',')) {
				throw new InputError(field, `'${field}' has a name with a comma: ${shown(entry)}`);
			}
			return checkCharacters(entry.trim(), field, false);
		})
		.filter(Boolean)
		.join(',');
}

/** One of the listed values of an options field; a number and its decimal text are the same value. */
export function toOption<T extends string | number>(
	value: unknown,
	field: string,
	allowed: readonly T[],
): T {
	let v: unknown = typeof value === 'string' ? value.trim() : value;
	if (typeof allowed[0] === 'number' && typeof v === 'string' && /^-?\d+$/.test(v)) v = Number(v);
	if (typeof allowed[0] === 'string' && typeof v === 'number' && Number.isFinite(v)) v = String(v);
	const found = allowed.find((a) => a === v);
	if (found !== undefined && typeof value !== 'object') return found;
	const list = allowed
		.slice(0, 8)
		.map((a) => JSON.stringify(a))
		.join(', ');
	const more = allowed.length > 8 ? `, … (${allowed.length} in all)` : '';
	throw new InputError(field, `'${field}' must be one of ${list}${more}, not ${shown(value)}`);
}

/** One id of a request: text for carts and theme assets, a whole number for every other record. */
export function readId(param: Param, value: unknown): string {
	if (param.text) return toId(value, param.displayName);
	const record = param.displayName.replace(/ ID$/, '').toLowerCase();
	const hint =
		param.locator || param.listSearch
			? `: pick the ${record} with "From list" to choose it by name`
			: '';
	// the field's own example where it has one (a Product ID: one the sandbox has), else 12
	const example = /^e\.g\. (\d+)$/.exec(param.placeholder ?? '')?.[1];
	return toNumericId(value, param.displayName, record, hint, example);
}
