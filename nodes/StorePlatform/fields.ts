import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { loadOptionsMethodName } from './methods/loadOptions';
import type { Field } from './types';
import {
	toId,
	toBoolean,
	toIdList,
	toInteger,
	toJson,
	toNameList,
	toNumber,
	toSpecDateTime,
} from './values';

export const camel = (key: string) => key.replace(/[_[\]]+([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export const paramName = (field: Field) => field.name ?? camel(field.key);

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
		description: 'Cart value or products count (per Threshold Type) from which this step applies',
	},
	{
		displayName: 'Discount',
		name: 'discount',
		type: 'number',
		default: 0,
		description: 'Price or percentage (per Discount Type) given from this step on',
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
	switch (field.kind) {
		case 'text':
			return clean({ ...base, type: 'string', typeOptions: { rows: 4 }, default: field.default ?? '' });
		case 'number':
			return clean({ ...base, type: 'number', default: field.default ?? 0, typeOptions: field.typeOptions });
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
		case 'id':
			if (!field.loadFrom) break;
			return clean({
				...base,
				type: 'options',
				typeOptions: {
					loadOptionsMethod: loadOptionsMethodName(field.loadFrom),
					loadOptionsDependsOn: field.loadFrom === 'target' ? ['promotionOnType', 'additionalFields.discountOnType'] : undefined,
				},
				default: '',
				description: `${field.description ?? ''} Choose from the list, or specify an ID using an expression.`.trim(),
			});
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

/** Converts an editor value into the API's value; `undefined` means "leave the key out". */
export function fieldValue(field: Field, value: unknown, timeZone: string): unknown {
	const label = field.displayName;
	if (value === undefined || value === null) return undefined;
	switch (field.kind) {
		case 'number':
			if (value === '') return undefined;
			return Number.isInteger(Number(value)) ? toInteger(value, label) : toNumber(value, label);
		case 'id':
			if (value === '' || (typeof value === 'object' && (value as IDataObject).value === '')) return undefined;
			return idValue(toId(value, label));
		case 'options':
			return typeof field.options?.[0]?.[0] === 'number' && value !== '' ? toInteger(value, label) : value;
		case 'boolean':
			return toBoolean(value, label);
		case 'flag':
			return toBoolean(value, label) ? 1 : 0;
		case 'dateTime':
			if (value === '') return undefined;
			return toSpecDateTime(value, label, timeZone);
		case 'ids':
			return toIdList(value, label);
		case 'json':
			if (value === '') return undefined;
			return toJson(value, label);
		case 'stringList':
			return toNameList(value) || undefined;
		case 'metadata': {
			// No rows: leave the key out, so that an update never clears the record's metadata by accident.
			const rows = collectionRows(value, 'meta', label);
			return rows.length ? rows : undefined;
		}
		case 'progressiveSteps':
			if (collectionRows(value, 'step', label).length === 0) return undefined;
			return collectionRows(value, 'step', label).map((step) => ({
				treshold: toNumber(step.treshold, `${label} Threshold`),
				discount: toNumber(step.discount, `${label} Discount`),
			}));
		default:
			return typeof value === 'string' ? value : String(value);
	}
}

/** A fixed collection's rows; an array (e.g. in a workflow's JSON) is taken as the rows. */
function collectionRows(value: unknown, key: string, label: string): IDataObject[] {
	const parsed = toJson(value, label);
	if (Array.isArray(parsed)) return parsed as IDataObject[];
	const rows = (parsed as IDataObject)?.[key];
	return Array.isArray(rows) ? (rows as IDataObject[]) : [];
}

/** Ids that are integers go as JSON numbers, others as strings. */
export const idValue = (id: string): string | number => (/^\d{1,15}$/.test(id) ? Number(id) : id);
