/**
 * The input rule of fields made of rows (Metadata, Progressive Steps): the editor's rows, or rows
 * from an expression or JSON text (a list of rows, one row, or the editor's `{ meta: [...] }`).
 * Every row is checked: known keys only, each value by its own kind. Pure; refusals are
 * `InputError`s naming the field.
 */
import type { IDataObject } from 'n8n-workflow';

import { InputError, shown, toJson, toNumber, toText } from '../input/rules';

interface Column {
	label: string;
	convert: (value: unknown, field: string) => unknown;
	/** The editor's default: a row with only defaults is an empty row. */
	empty: unknown;
	required?: boolean;
}

export interface RowsShape {
	/** The fixed collection's option name holding the rows (`meta`, `step`). */
	item: string;
	columns: Record<string, Column>;
	hint?: Record<string, string>;
}

export const METADATA: RowsShape = {
	item: 'meta',
	columns: {
		meta_title: { label: 'Meta Title', convert: toText, empty: '' },
		meta_description: { label: 'Meta Description', convert: toText, empty: '' },
		meta_keywords: { label: 'Meta Keywords', convert: toText, empty: '' },
	},
};

export const PROGRESSIVE_STEPS: RowsShape = {
	item: 'step',
	columns: {
		treshold: { label: 'Threshold', convert: toNumber, empty: 0, required: true },
		discount: { label: 'Discount', convert: toNumber, empty: 0, required: true },
	},
	hint: { threshold: "the API spells it 'treshold'" },
};

const isPlainObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** The rows a value holds, or undefined when its shape is not one of the accepted ones. */
function rowsOf(value: unknown, shape: RowsShape): unknown[] | undefined {
	if (Array.isArray(value)) return value;
	if (!isPlainObject(value)) return undefined;
	const keys = Object.keys(value);
	if (keys.length === 0) return [];
	if (keys.length === 1 && keys[0] === shape.item) {
		const rows = value[shape.item];
		return Array.isArray(rows) ? rows : undefined;
	}
	return [value];
}

function row(value: unknown, n: number, field: string, shape: RowsShape): IDataObject {
	const columns = Object.keys(shape.columns);
	const at = `'${field}' row ${n}`;
	if (!isPlainObject(value)) {
		throw new InputError(
			field,
			`${at} must be an object with ${columns.join(', ')}, not ${shown(value)}`,
		);
	}
	const out: IDataObject = {};
	let onlyDefaults = true;
	for (const [key, given] of Object.entries(value)) {
		const column = shape.columns[key];
		if (!column) {
			const hint = shape.hint?.[key] ? ` (${shape.hint[key]})` : '';
			throw new InputError(
				field,
				`${at} has an unknown key '${key}'${hint}; the keys are ${columns.join(', ')}`,
			);
		}
		if (given === null || given === undefined) continue;
		let converted: unknown;
		let refused: InputError | undefined;
		try {
			converted = column.convert(given, column.label);
		} catch (error) {
			// thrown after the catch: @n8n/community-nodes/require-node-api-error allows only n8n's errors in one
			refused = error as InputError;
		}
		if (refused) throw new InputError(field, `${at}: ${refused.message}`);
		if (converted !== column.empty) onlyDefaults = false;
		out[key] = converted as IDataObject[string];
	}
	for (const [key, column] of Object.entries(shape.columns)) {
		if (column.required && out[key] === undefined)
			throw new InputError(field, `${at} has no '${column.label}' (${key})`);
	}
	if (onlyDefaults) {
		const defaults = Object.values(shape.columns)
			.map((c) => `${c.label} ${JSON.stringify(c.empty)}`)
			.join(', ');
		throw new InputError(field, `${at} is empty (${defaults}): fill it in or remove it`);
	}
	return out;
}

/**
 * The rows of a multi-row field, converted. `jsonField` (given for the editor's fixed collection) names
 * its JSON companion: n8n replaces an expression given for the whole collection by its empty default
 * before the node runs, so no rows there gets a hint towards the field that keeps expressions.
 */
export function toRows(
	value: unknown,
	field: string,
	shape: RowsShape,
	jsonField?: string,
): IDataObject[] {
	const rows = rowsOf(toJson(value, field), shape);
	if (rows === undefined) {
		throw new InputError(
			field,
			`'${field}' must be rows: a list of objects with ${Object.keys(shape.columns).join(', ')}, or one such object, not ${shown(value)}`,
		);
	}
	if (rows.length === 0) {
		const hint = jsonField
			? ` To give the rows by an expression, use '${jsonField}': n8n does not keep an expression given for the whole '${field}' field.`
			: '';
		throw new InputError(field, `'${field}' has no rows: add a row or remove the field.${hint}`);
	}
	return rows.map((r, k) => row(r, k + 1, field, shape));
}
