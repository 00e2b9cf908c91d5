import type { IDisplayOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { atTop, fieldProperty, paramName, withCompanions } from './fields';
import { displayWhen } from './formRules';
import { propertyVersions } from './versionShow';
import { listSearchMethodName } from './listSearch';
import { keysCarried, NORMALIZE_NUMBERS_OPTION, simplifiedKeys } from '../api/output';
import { DEFAULT_PARALLEL } from '../api/pool';
import { sortProperties } from '../api/sortOptions';
import { hasSimplify, type Endpoint, type Param, type ResourceTable } from '../endpoint';
import { OPTION, PARAMETER } from './parameters';
import { idValidation } from '../input/idMode';

/** Operation order in the dropdown, n8n style. */
const ORDER = ['activate', 'count', 'create', 'delete', 'get', 'getAll', 'update'];

export function locatorProperty(param: Param): INodeProperties {
	const searchListMethod =
		param.listSearch ?? (param.locator ? listSearchMethodName(param.locator) : undefined);
	if (!searchListMethod) {
		return {
			displayName: param.displayName,
			name: param.name,
			type: 'string',
			required: true,
			default: '',
			description: param.description,
			placeholder: param.placeholder,
			// where to find the id, under the field (not only in the tooltip)
			...(param.findHint ? { hint: param.findHint } : {}),
		};
	}
	return {
		displayName: param.displayName,
		name: param.name,
		type: 'resourceLocator',
		required: true,
		default: { mode: 'list', value: '' },
		description: param.description,
		// where to find the id, under the field (not only in the tooltip)
		...(param.findHint ? { hint: param.findHint } : {}),
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: param.placeholder ?? 'e.g. 12',
				// text typed where the ids are whole numbers: an issue of the field at once (input/idMode.ts)
				...idValidation(param),
			},
		],
	};
}

const collection = (
	displayName: string,
	name: string,
	placeholder: string,
	options: INodeProperties[],
): INodeProperties[] =>
	options.length === 0
		? []
		: [{ displayName, name, type: 'collection', placeholder, default: {}, options }];

const TIMEOUT_OPTION: INodeProperties = {
	displayName: 'Timeout',
	name: OPTION.timeout,
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 60,
	description: 'Seconds to wait for each answer of the shop before failing',
};

/** Node-level: the bound of the run's request pool (transport/pool.ts), offered in every operation's Options. */
const PARALLEL_OPTION: INodeProperties = {
	displayName: 'Requests in Parallel',
	name: OPTION.requestsInParallel,
	type: 'number',
	typeOptions: { minValue: 1, maxValue: 100 },
	default: DEFAULT_PARALLEL,
	description:
		'How many requests this node may send to the shop at the same time, for all input items and pages together (1 = one at a time). Fewer are sent while the shop answers 429 or 503.',
};

/**
 * The Simplify tooltip names the output's keys (`items_count`; a voucher's `items` too from typeVersion 3), only those
 * the endpoint's records carry (a voucher list has no `items`: `Endpoint.lacks`).
 */
const simplifyDescription = (table: ResourceTable, endpoint: Endpoint, keepLists: boolean) =>
	`Whether to return only the fields used most (${simplifiedKeys(keysCarried(table.simplify ?? [], endpoint.lacks), keepLists).join(', ')}) instead of the whole record`;

/** The typeVersions a property shows in. */
type Versions = NonNullable<NonNullable<IDisplayOptions['show']>['@version']>;

const SINCE_3 = { gte: 3 };

/**
 * Since typeVersion 2: Simplify is a top-level switch, on for new nodes (n8n style). Its tooltip differs where
 * typeVersion 3 keeps a list (`name:list`): one entry per version range, the same parameter.
 */
function simplifyProperty(table: ResourceTable, endpoint: Endpoint): INodeProperties[] {
	if (!hasSimplify(table, endpoint)) return [];
	const property = (keepLists: boolean, versions: Versions): INodeProperties => ({
		displayName: 'Simplify',
		name: PARAMETER.simplify,
		type: 'boolean',
		default: true,
		description: simplifyDescription(table, endpoint, keepLists),
		displayOptions: { show: { '@version': versions } },
	});
	if (simplifyDescription(table, endpoint, true) === simplifyDescription(table, endpoint, false))
		return [property(true, [{ _cnd: { gte: 2 } }])];
	return [property(false, [2]), property(true, [{ _cnd: SINCE_3 }])];
}

/** The Fields placeholder: the resource's own ID and name fields ("e.g. id,code" for vouchers). */
function fieldsExample(table: ResourceTable): string {
	const name = typeof table.label === 'string' ? table.label : table.exampleField;
	return `e.g. ${[...new Set([table.valueKey ?? 'id', ...(name ? [name] : [])])].join(',')}`;
}

/** Output options of endpoints that return records (typeVersion 1 keeps Simplify here, off by default). */
function outputOptions(table: ResourceTable, endpoint: Endpoint): INodeProperties[] {
	if (endpoint.answer !== 'one' && endpoint.answer !== 'many') return [];
	const options: INodeProperties[] = [NORMALIZE_NUMBERS_OPTION];
	if (hasSimplify(table, endpoint)) {
		options.unshift({
			displayName: 'Simplify',
			name: OPTION.simplify,
			type: 'boolean',
			default: false,
			description: simplifyDescription(table, endpoint, false),
			displayOptions: { show: { '@version': [1] } },
		});
	}
	return options;
}

/**
 * Update's Return Full Record: off before typeVersion 3 (the output is the ID), on from typeVersion 3; only the
 * entries of the typeVersions the endpoint entry serves (`Endpoint.versions`).
 */
function returnFullRecordOptions(endpoint: Endpoint): INodeProperties[] {
	const entries: INodeProperties[] = [
		{
			displayName: 'Return Full Record',
			name: OPTION.returnFullRecord,
			type: 'boolean',
			default: false,
			description:
				'Whether to read the record again after the update and return all its fields (one more request); otherwise the output is the ID the API answers',
			displayOptions: { show: { '@version': [1, 2] } },
		},
		{
			displayName: 'Return Full Record',
			name: OPTION.returnFullRecord,
			type: 'boolean',
			default: true,
			description:
				'Whether to read the record again after the update and return all its fields (one more request, the default); when off, the output is the ID the API answers',
			displayOptions: { show: { '@version': [{ _cnd: SINCE_3 }] } },
		},
	];
	return entries.filter(
		(o) => propertyVersions(endpoint, o.displayOptions?.show?.['@version']) !== null,
	);
}

/**
 * An options filter starts at "Any": adding it filters nothing until a value is chosen. "Any" stays first, before
 * the choices sorted by name, whatever its place by name ("Active, Any, Inactive" would hide the default among
 * the choices): the one list order n8n's options-sorted-alphabetically does not get (test/unit/newestRules.test.ts).
 */
function filterProperty(property: INodeProperties): INodeProperties {
	if (property.type !== 'options' || property.typeOptions?.loadOptionsMethod) return property;
	return {
		...property,
		options: [
			{ name: 'Any', value: '', description: 'No filter on this field' },
			...(property.options ?? []),
		],
		default: '',
	};
}

/** The editor fields of one endpoint, without display options. */
function endpointFields(table: ResourceTable, endpoint: Endpoint): INodeProperties[] {
	const props: INodeProperties[] = (endpoint.params ?? []).map(locatorProperty);
	const body = endpoint.body ?? [];
	const top = withCompanions(body.filter(atTop));
	const nameOf = (key: string) =>
		paramName(top.find((f) => f.key === key) ?? { key, displayName: key, kind: 'string' });
	props.push(
		...top.map((f) => {
			const displayOptions = displayWhen(f, nameOf);
			return displayOptions ? { ...fieldProperty(f), displayOptions } : fieldProperty(f);
		}),
		...(endpoint.extraFields ?? []),
	);
	const optional = withCompanions(body.filter((f) => !atTop(f))).map((f) => fieldProperty(f));
	if (endpoint.operation === 'update') {
		props.push(...collection('Update Fields', PARAMETER.updateFields, 'Add Field', optional));
	} else {
		props.push(
			...collection('Additional Fields', PARAMETER.additionalFields, 'Add Field', optional),
		);
	}
	if (endpoint.answer === 'many') {
		props.push(
			{
				displayName: 'Return All',
				name: PARAMETER.returnAll,
				type: 'boolean',
				default: false,
				description: 'Whether to return all results or only up to a given limit',
			},
			{
				displayName: 'Limit',
				name: PARAMETER.limit,
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 50,
				description: 'Max number of results to return',
				displayOptions: { show: { [PARAMETER.returnAll]: [false] } },
			},
		);
	}
	props.push(...simplifyProperty(table, endpoint));
	props.push(
		...collection(
			'Filters',
			PARAMETER.filters,
			'Add Filter',
			withCompanions(endpoint.filters ?? []).map((f) => filterProperty(fieldProperty(f))),
		),
	);
	const options: INodeProperties[] = [];
	if (endpoint.fieldsOption) {
		options.push({
			displayName: 'Fields',
			name: OPTION.fields,
			type: 'string',
			default: '',
			placeholder: fieldsExample(table),
			description: 'Comma-separated list of the fields to return; all fields when empty',
		});
	}
	if (endpoint.answer === 'idOnly') options.push(...returnFullRecordOptions(endpoint));
	options.push(
		...outputOptions(table, endpoint),
		...(endpoint.extraOptions ?? []),
		PARALLEL_OPTION,
		TIMEOUT_OPTION,
	);
	props.push(...collection('Options', PARAMETER.options, 'Add Option', options));
	return props;
}

function withDisplay(endpoint: Endpoint, props: INodeProperties[]): INodeProperties[] {
	return sortProperties(props).flatMap((p) => {
		const versions = propertyVersions(endpoint, p.displayOptions?.show?.['@version']);
		if (versions === null) return [];
		return [
			{
				...p,
				displayOptions: {
					...p.displayOptions,
					show: {
						...p.displayOptions?.show,
						...(versions ? { '@version': versions } : {}),
						[PARAMETER.resource]: [endpoint.resource],
						[PARAMETER.operation]: [endpoint.operation],
					},
				},
			},
		];
	});
}

export function operationProperty(table: ResourceTable): INodeProperties {
	const sorted = [...table.endpoints].sort(
		(a, b) => ORDER.indexOf(a.operation) - ORDER.indexOf(b.operation),
	);
	// one option per operation: an operation's entries for older and newer typeVersions share it
	const options: INodePropertyOptions[] = sorted
		.filter((e, k) => sorted.findIndex((o) => o.operation === e.operation) === k)
		.map((endpoint) => ({
			name: endpoint.name,
			value: endpoint.operation,
			description: endpoint.description,
			action: endpoint.action,
		}));
	// Get Many where the resource has it, else its first operation.
	const defaultOperation = sorted.some((r) => r.operation === 'getAll')
		? 'getAll'
		: sorted[0].operation;
	return {
		displayName: 'Operation',
		name: PARAMETER.operation,
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { [PARAMETER.resource]: [table.resource] } },
		options,
		default: defaultOperation,
	};
}

/** Every property of the node: resource, one operation dropdown per resource, then each endpoint's fields. */
export function buildProperties(tables: ResourceTable[]): INodeProperties[] {
	const resource: INodeProperties = {
		displayName: 'Resource',
		name: PARAMETER.resource,
		type: 'options',
		noDataExpression: true,
		options: [...tables]
			.sort((a, b) => a.displayName.localeCompare(b.displayName))
			.map((t) => ({ name: t.displayName, value: t.resource, description: t.description })),
		default: 'category',
	};
	return [
		resource,
		...tables.map(operationProperty),
		...tables.flatMap((t) =>
			t.endpoints.flatMap((endpoint) => withDisplay(endpoint, endpointFields(t, endpoint))),
		),
	];
}
