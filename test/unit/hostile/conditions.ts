/**
 * What the input-wiring test expects of a form whose fields depend on each other (Field.showWhen: the v3
 * voucher form): at the top, a field is read only where it applies, so changing Discount Type drops Amount Off
 * and brings in Percent Off; in a collection, a field given against another field of the same request is
 * refused, naming it. Stated here from the README's rule, over the baseline's values.
 */
import type { IDataObject } from 'n8n-workflow';

import { atTop, fieldValue } from '../../../nodes/StorePlatform/action/fields';
import type { Endpoint, Field } from '../../../nodes/StorePlatform/endpoint';

const same = (a: unknown, b: unknown) => a !== undefined && String(a) === String(b);

const holds = (field: Field, body: IDataObject) =>
	Object.entries(field.showWhen ?? {}).every(([key, values]) =>
		values.some((v) => same(body[key], v)),
	);

/** Whether a field at the top of the form is read for this body. */
export const topFieldApplies = (field: Field, body: IDataObject): boolean =>
	!field.showWhen || !atTop(field) || holds(field, body);

/** Whether a collection field contradicts the values given so far (a key it depends on set otherwise). */
export const contradicts = (field: Field, given: IDataObject): boolean =>
	Object.entries(field.showWhen ?? {}).some(
		([key, values]) => given[key] !== undefined && !values.some((v) => same(given[key], v)),
	);

/** The converted baseline value of every body field, read or not (what a field sends once it applies). */
export function fullBody(
	fields: Array<{ field?: Field; base: unknown; where: string }>,
	tz: string,
): IDataObject {
	const out: IDataObject = {};
	for (const { field, base, where } of fields) {
		if (!field || where !== 'body' || field.rawKeys || base === undefined) continue;
		const value = fieldValue(field, base, tz);
		if (value !== undefined) out[field.key] = value as IDataObject[string];
	}
	return out;
}

/** The top fields of the body after one changed: those that apply now (a newly applying one: its baseline value). */
export function settleTop(row: Endpoint, body: IDataObject, changed: string, full: IDataObject) {
	for (const field of row.body ?? []) {
		if (!field.showWhen || !atTop(field) || field.key === changed) continue;
		if (!holds(field, body)) delete body[field.key];
		else if (body[field.key] === undefined && full[field.key] !== undefined)
			body[field.key] = full[field.key];
	}
}

/** The first collection field of the body that its request contradicts: the node refuses naming it. */
export const contradicted = (row: Endpoint, body: IDataObject): Field | undefined =>
	(row.body ?? []).find(
		(field) => !atTop(field) && body[field.key] !== undefined && contradicts(field, body),
	);

/** Rows in a query as the README says they are sent: `progressive_steps[0][treshold]=100`. */
export function queryRows(key: string, value: unknown): Array<[string, string]> {
	if (value === null || typeof value !== 'object') return [[key, String(value)]];
	return Object.entries(value).flatMap(([k, v]) => queryRows(`${key}[${k}]`, v));
}
