/**
 * The rules of a form whose fields depend on each other (`resources/voucherForm.ts`): a field that applies only
 * for some values of another (`showWhen`), keys a field sends beside its own (`alsoSends`), and the raw API
 * keys of an "Other API Keys" field (`rawKeys`). Pure: refusals are `InputError`s naming the field.
 */
import type { IDataObject, IDisplayOptions } from 'n8n-workflow';

import type { Field } from '../endpoint';
import { InputError, shown, toJson } from '../input/rules';

const same = (a: unknown, b: unknown) => a !== undefined && String(a) === String(b);

/** Whether a field applies to a body: each key it depends on holds one of its values. */
export const applies = (field: Field, body: IDataObject): boolean =>
	Object.entries(field.showWhen ?? {}).every(([key, values]) =>
		values.some((v) => same(body[key], v)),
	);

/**
 * The displayOptions of a field at the top of the form: shown only where it applies. `nameOf` gives the
 * parameter name of the field holding a body key.
 */
export function displayWhen(
	field: Field,
	nameOf: (key: string) => string,
): IDisplayOptions | undefined {
	if (!field.showWhen) return undefined;
	return {
		show: Object.fromEntries(
			Object.entries(field.showWhen).map(([key, values]) => [nameOf(key), values]),
		),
	};
}

/** "Price Discount or Percent Discount": the names of the values of a key in the form. */
function valueNames(fields: Field[], key: string, values: Array<string | number>): string {
	const field = fields.find((f) => f.key === key);
	const names = values.map((v) => field?.options?.find(([value]) => same(value, v))?.[1] ?? v);
	return names.join(' or ');
}

/**
 * Refuses a field given while the request sets a key it depends on to another value (Amount Off with Discount
 * Type Percent Discount). A key the request does not set leaves the field as given: an update changes only
 * some fields of a record whose other values the node does not know.
 */
export function checkApplies(fields: Field[], given: Field[], body: IDataObject): void {
	for (const field of given) {
		if (body[field.key] === undefined) continue;
		for (const [key, values] of Object.entries(field.showWhen ?? {})) {
			if (body[key] === undefined || values.some((v) => same(body[key], v))) continue;
			const other = fields.find((f) => f.key === key);
			const label = other?.displayName ?? key;
			throw new InputError(
				field.displayName,
				`'${field.displayName}' applies only when '${label}' is ${valueNames(fields, key, values)}, not ${valueNames(fields, key, [body[key] as string])}: remove one of them`,
			);
		}
	}
}

/** Adds the keys that given fields send beside their own (`discount_maximal_value_require: 1`). */
export function addAlsoSends(fields: Field[], body: IDataObject): void {
	for (const field of fields) {
		if (field.alsoSends && body[field.key] !== undefined) Object.assign(body, field.alsoSends);
	}
}

const isPlainObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/**
 * Merges an "Other API Keys" value (an object, or its JSON text) into the body. A key that a field of the form
 * already set is refused: one value per key, given in one place. Empty (`''`, `{}`) adds nothing.
 */
export function mergeRawKeys(
	field: Field,
	value: unknown,
	body: IDataObject,
	setBy: (key: string) => string | undefined,
): void {
	if (value === undefined || value === null || value === '') return;
	const label = field.displayName;
	const parsed = toJson(value, label);
	if (!isPlainObject(parsed)) {
		throw new InputError(
			label,
			`'${label}' must be a JSON object of API keys and values such as {"per_client": 2}, not ${shown(parsed)}`,
		);
	}
	for (const [key, v] of Object.entries(parsed)) {
		if (key.trim() === '') throw new InputError(label, `'${label}' has an empty key`);
		const other = setBy(key);
		if (other) {
			throw new InputError(
				label,
				`'${label}' sets '${key}', which '${other}' sets too: give it in one place`,
			);
		}
		body[key] = v;
	}
}

/**
 * A list or object as query parameters in PHP's bracket form, as the platform (PHP: its webhooks are signed over
 * `http_build_query`) reads arrays from a query: `progressive_steps[0][treshold]=100`.
 */
export function bracketKeys(
	key: string,
	value: unknown,
): Array<[string, string | number | boolean]> {
	if (Array.isArray(value) || isPlainObject(value)) {
		return Object.entries(value).flatMap(([k, v]) => bracketKeys(`${key}[${k}]`, v));
	}
	if (value === undefined || value === null) return [];
	return [[key, value as string | number | boolean]];
}
