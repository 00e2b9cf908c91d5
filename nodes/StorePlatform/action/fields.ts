import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { toSpecDateTime } from './dates';
import { METADATA, PROGRESSIVE_STEPS, toRows, type RowsShape } from './multiRowFields';
import type { Field } from '../endpoint';
import {
	InputError,
	idValue,
	toBoolean,
	toId,
	toIdList,
	toJson,
	toNameList,
	toNumber,
	toNumberIn,
	toOption,
	toText,
	toUrl,
} from '../input/rules';

export const camel = (key: string) =>
	key.replace(/[_[\]]+([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export const paramName = (field: Field) => field.name ?? camel(field.key);

/** Whether a field sits at the top of the form (required, or marked `top`), not in a collection. */
export const atTop = (field: Field) => Boolean(field.required || field.top);

const METADATA_VALUES: INodeProperties[] = [
	{ displayName: 'Meta Title', name: 'meta_title', type: 'string', default: '' },
	{ displayName: 'Meta Description', name: 'meta_description', type: 'string', default: '' },
	{
		displayName: 'Meta Keywords',
		name: 'meta_keywords',
		type: 'string',
		default: '',
		placeholder: 'summer, sale, shoes',
	},
];

const STEP_VALUES: INodeProperties[] = [
	{
		displayName: 'Threshold',
		name: 'treshold',
		type: 'number',
		default: 0,
		description: 'The cart value or products count from which this step applies',
	},
	{
		displayName: 'Discount',
		name: 'discount',
		type: 'number',
		default: 0,
		description: 'The amount or percentage taken off from this step on',
	},
];

/** The editor field of an API input. */
export function fieldProperty(field: Field): INodeProperties {
	const base = {
		displayName: field.displayName,
		name: paramName(field),
		description: field.description,
		placeholder: field.placeholder,
		hint: field.hint,
		required: field.required || undefined,
	};
	const clean = (p: INodeProperties): INodeProperties =>
		Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)) as INodeProperties;
	if (field.rowsAsJson) return clean({ ...base, type: 'json', default: '' });
	switch (field.kind) {
		case 'text':
			return clean({
				...base,
				type: 'string',
				typeOptions: { rows: 4 },
				default: field.default ?? '',
			});
		case 'number':
			if (field.markedEmpty) return clean({ ...base, type: 'string', default: '' });
			return clean({
				...base,
				type: 'number',
				default: field.default ?? 0,
				typeOptions: field.typeOptions,
			});
		case 'boolean':
		case 'flag':
			return clean({ ...base, type: 'boolean', default: field.default ?? false });
		case 'dateTime':
			return clean({ ...base, type: 'dateTime', default: field.default ?? '' });
		case 'options':
			return clean({
				...base,
				type: 'options',
				options: (field.options ?? []).map(([value, name, description]) =>
					description ? { name, value, description } : { name, value },
				),
				default: field.default ?? field.options?.[0]?.[0] ?? '',
			});
		case 'json':
			return clean({ ...base, type: 'json', default: field.default ?? '{}' });
		case 'id': {
			if (!field.loadFrom) break;
			const dropdown = field.loadFrom;
			return clean({
				...base,
				type: 'options',
				typeOptions: {
					loadOptionsMethod: dropdown.method,
					loadOptionsDependsOn: dropdown.chosenBy,
				},
				default: '',
				description:
					`${field.description ?? ''} Choose from the list, or specify an ID using an expression.`.trim(),
			});
		}
		case 'metadata':
			return clean({
				...base,
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				default: {},
				options: [{ displayName: 'Metadata', name: 'meta', values: METADATA_VALUES }],
			});
		case 'progressiveSteps':
			return clean({
				...base,
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				default: {},
				options: [{ displayName: 'Step', name: 'step', values: STEP_VALUES }],
			});
		default:
	}
	return clean({ ...base, type: 'string', default: field.default ?? '' });
}

/** The JSON companion of a multi-row field: n8n drops an expression given for a whole fixed collection. */
export function rowsJsonField(field: Field): Field {
	return {
		key: field.key,
		name: `${paramName(field)}Json`,
		displayName: `${field.displayName} (JSON)`,
		kind: field.kind,
		rowsAsJson: true,
		top: field.top,
		showWhen: field.showWhen,
		description: `The ${field.displayName} rows as JSON or from an expression such as {{ $json.${camel(field.key)} }}: a list of objects with ${Object.keys(rowsShape(field).columns).join(', ')}, or one such object. Instead of '${field.displayName}'.`,
	};
}

const rowsShape = (field: Field): RowsShape =>
	field.kind === 'metadata' ? METADATA : PROGRESSIVE_STEPS;

/** The fields with the JSON companion after each multi-row field. */
export const withCompanions = (fields: Field[]): Field[] =>
	fields.flatMap((f) =>
		ROW_KINDS.includes(f.kind) && !f.rowsAsJson ? [f, rowsJsonField(f)] : [f],
	);

const ROW_KINDS = ['metadata', 'progressiveSteps'];

/**
 * Whether a value is the editor's empty multi-row field (`{}`, or no rows): n8n gives a field at the top of the form
 * its empty default whenever it is shown, so only a field at the top reads it as "not given" (`buildBody`), leaving
 * the rows to its JSON companion.
 */
export function isEmptyRows(field: Field, value: unknown): boolean {
	if (!ROW_KINDS.includes(field.kind) || field.rowsAsJson) return false;
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
	const rows = Object.values(value as IDataObject);
	return rows.every((r) => Array.isArray(r) && r.length === 0);
}

/**
 * Converts an editor or expression value into the API's value, by the rule of the field's kind;
 * `undefined` means "leave the key out". Empty (undefined, null, '') is "not given" for every kind.
 */
export function fieldValue(field: Field, value: unknown, timeZone: string): unknown {
	const label = field.displayName;
	if (value === undefined || value === null || value === '') return undefined;
	switch (field.kind) {
		case 'string':
		case 'text':
			return toText(value, label);
		case 'url':
			return toUrl(value, label);
		case 'number':
			return field.range ? toNumberIn(value, label, field.range) : toNumber(value, label);
		case 'id': {
			const inner =
				typeof value === 'object' && '__rl' in (value as IDataObject)
					? (value as IDataObject).value
					: value;
			if (
				inner === undefined ||
				inner === null ||
				(typeof inner === 'string' && inner.trim() === '')
			)
				return undefined;
			return idValue(toId(inner, label));
		}
		case 'options':
			return toOption(
				value,
				label,
				(field.options ?? []).map(([v]) => v),
			);
		case 'boolean':
			return toBoolean(value, label);
		case 'flag':
			return toBoolean(value, label) ? 1 : 0;
		case 'dateTime':
			return toSpecDateTime(value, label, timeZone);
		case 'ids': {
			const list = toIdList(value, label);
			return list.length ? list : undefined;
		}
		case 'json':
			return toJson(value, label);
		case 'stringList':
			return toNameList(value, label) || undefined;
		case 'metadata':
		case 'progressiveSteps':
			return toRows(
				value,
				label,
				rowsShape(field),
				field.rowsAsJson ? undefined : `${label} (JSON)`,
			);
		default:
			throw new InputError(label, `'${label}' has no input rule`);
	}
}
