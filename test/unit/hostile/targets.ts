/**
 * The inputs of an endpoint that the input-wiring test (../inputWiring.test.ts) feeds one at a time: id params,
 * body fields, filters, JSON rows fields, the editor's row cells, Fields, Timeout and Limit, each with its
 * seeded generator (./text.ts, ./values.ts), its fixed cases and its valid baseline value.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { withCompanions } from '../../../nodes/StorePlatform/action/fields';
import type { Endpoint, Field, ResourceTable } from '../../../nodes/StorePlatform/endpoint';
import type { Rand } from '../../prng';
import { refuse as refuseCase } from './case';
import { contradicts } from './conditions';
import { defaultParamValue, validValue, withField } from '../../reliability/helpers';
import {
	assetKeyCase,
	booleanCase,
	bodyId,
	dateCase,
	idCase,
	idListCase,
	nameListCase,
	numberCase,
	optionCase,
	rowsCase,
	textCase,
	timeoutCase,
	urlCase,
	type Case,
} from '../hostile';

/** The workflow's time zone (n8n's default) that zoned dates are converted into. */
export const TZ = 'America/New_York';

export type Where = 'path' | 'query' | 'body' | 'filter' | 'option' | 'limit' | 'cell';

/** A fixed case may also say what its refusal reads. */
export type Fixed = Case & { says?: string };

export interface Target {
	label: string;
	where: Where;
	/** API key (body key, query key, path placeholder, option) */
	key: string;
	/** The seeded generator; targets without one only have fixed cases. */
	make?: (rand: Rand) => Case;
	fixed: Fixed[];
	/** How an accepted value is written in the request, when not as labelled. */
	sent?: (value: unknown) => unknown;
	base: unknown;
	/** Puts a value of this input into the parameters. */
	set: (params: INodeParameters, value: unknown) => INodeParameters;
	field?: Field;
	param?: boolean;
	/** The value is an object whose keys are merged into the body (Other API Keys). */
	merge?: boolean;
}

export const refuse = (v: unknown, says?: string): Fixed => ({
	m: 'raw',
	v,
	want: { refuse: true },
	what: 'fixed',
	says,
});
export const send = (v: unknown, sent: unknown): Fixed => ({
	m: 'raw',
	v,
	want: { send: sent },
	what: 'fixed',
});

/** Ids that must stay one path segment (or one query value). */
export const WEIRD = [
	'a/b',
	'1/../2',
	'x?y=1&z=2',
	'a#frag',
	'../1',
	'1/..',
	'a..b',
	'...',
	'with space',
	' 1 2 ',
	'%2F..%2F1',
	'ü/😀',
	'1;2,3',
	'a\\b',
	'asset[key]=x&',
	'+1',
];
export const BAD_DATES = [
	'next friday',
	'2026-02-30 10:00:00',
	'2026-13-01 00:00:00',
	'01/05/2026',
	'2026-05-01 24:00:00',
	20260501,
	true,
];
export const PICKER_DATES = [
	send('2026-05-01T10:20:30', '2026-05-01 10:20:30'),
	send('2026-05-01', '2026-05-01 00:00:00'),
	send('2026-05-01 10:20', '2026-05-01 10:20:00'),
];
export const BAD_JSON: Record<string, string[]> = {
	ids: ['[1, 2', '1, two', '{"a": 1}', '[1, "x"]', '[1.5]'],
	json: ['{"a":', 'nope'],
};

/** A number case, refused where the number it would send is outside the field's range (`Field.range`). */
function inRange(c: Case, range: Field['range']): Case {
	if (!range || !('send' in c.want) || typeof c.want.send !== 'number') return c;
	const n = c.want.send;
	const outside =
		(range.above !== undefined && !(n > range.above)) ||
		(range.atMost !== undefined && n > range.atMost);
	return outside ? refuseCase(`${c.what} (outside the field's range)`, c.v, c.m) : c;
}

/** A number given as text or text as a number, and what is sent (a field kind's conversion). */
export function conversion(field: Field): Fixed[] {
	switch (field.kind) {
		case 'number':
			return [
				send('7', 7),
				...['abc', '12abc', '1e', 'NaN'].map((v) => refuse(v, `'${field.displayName}' must be`)),
			];
		case 'options': {
			const last = field.options?.[field.options.length - 1]?.[0];
			return typeof last === 'number' ? [send(String(last), last)] : [];
		}
		case 'string':
		case 'text':
			return [send(12345, '12345')];
		case 'id':
			return [send(7, '7')];
		case 'boolean':
			return [send('true', true)];
		case 'flag':
			return [send('1', 1)];
		case 'dateTime':
			return [...BAD_DATES.map((v) => refuse(v)), ...PICKER_DATES];
		case 'ids':
		case 'json':
			return BAD_JSON[field.kind].map((v) => refuse(v));
		default:
			return [];
	}
}

export const ROWS_BASE: Record<string, unknown[]> = {
	metadata: [{ meta_title: 't', meta_description: 'd', meta_keywords: 'k' }],
	progressiveSteps: [{ treshold: 1, discount: 1 }],
};

export function fieldTarget(row: Endpoint, field: Field, asFilter: boolean): Target | undefined {
	const t = (make: (rand: Rand) => Case, sent?: (v: unknown) => unknown): Target => ({
		label: field.displayName,
		where: asFilter ? 'filter' : 'body',
		key: field.key,
		make,
		fixed: conversion(field),
		sent,
		base: field.rowsAsJson ? ROWS_BASE[field.kind] : validValue(field),
		set: (params, value) => withField(params, row, field, value, asFilter),
		field,
	});
	if (row.resource === 'themeAsset' && field.key === 'key')
		return { ...t((r) => assetKeyCase(r)), fixed: [] };
	if (field.rawKeys) return rawKeysTarget(row, field);
	switch (field.kind) {
		case 'string':
		case 'text':
			return t((r) => textCase(r, asFilter, field.required));
		case 'url':
			return t((r) => urlCase(r));
		case 'number':
			return t((r) => inRange(numberCase(r), field.range));
		case 'id':
			return t(
				(r) => idCase(r, false, false),
				(v) => (asFilter ? v : bodyId(String(v))),
			);
		case 'ids':
			return t((r) => idListCase(r));
		case 'options':
			return t((r) => optionCase(r, field));
		case 'boolean':
		case 'flag':
			return t((r) => booleanCase(r, field.kind === 'flag'));
		case 'dateTime':
			return t((r) => dateCase(r, TZ));
		case 'metadata':
		case 'progressiveSteps':
			// the editor's rows: their cells are targets of their own (rowCells)
			return field.rowsAsJson ? t((r) => rowsCase(r, field.kind as 'metadata')) : undefined;
		default:
			throw new Error(`no generator for the field kind ${field.kind}`);
	}
}

/**
 * Other API Keys: an object (or its JSON text) merged into the body; a key a field of the form sets (every
 * field is given in the baseline, the maximum's flag included) is refused, and so is anything but an object.
 */
function rawKeysTarget(row: Endpoint, field: Field): Target {
	return {
		label: field.displayName,
		where: 'body',
		key: field.key,
		merge: true,
		fixed: [
			send('{"per_client": 2}', { per_client: 2 }),
			send({ type: 3, discount_value: 10 }, { type: 3, discount_value: 10 }),
			send('{}', {}),
			{ m: 'raw', v: '', want: { absent: true }, what: 'fixed' },
			refuse('{"code": "X"}', "sets 'code', which 'Code' sets too"),
			refuse('{"discount_maximal_value_require": 0}', "which 'Maximal Discount' sets too"),
			refuse('[1, 2]', 'must be a JSON object'),
			refuse('nope', 'is not valid JSON'),
			refuse(42, 'must be a JSON object'),
		],
		base: '',
		set: (params, value) => withField(params, row, field, value),
		field,
	};
}

/** Every input of an endpoint that a case can target, in the seeded order. */
export function targetsOf(row: Endpoint): Target[] {
	const targets: Target[] = [];
	for (const param of row.params ?? []) {
		const inPath = param.in === 'path';
		const base = defaultParamValue(row, param.name);
		const numeric = !param.text;
		// the refusal names the field's own example where its placeholder gives one (Product ID: e.g. 3)
		const example = /^e\.g\. (\d+)$/.exec(param.placeholder ?? '')?.[1] ?? '12';
		targets.push({
			label: param.displayName,
			where: param.in,
			key: param.key,
			param: true,
			make: (r) => idCase(r, true, inPath, numeric),
			fixed: [
				...['', '   ', null].map((v) => refuse(v, 'is required')),
				...WEIRD.map((v) =>
					numeric ? refuse(v, `a whole number such as ${example}`) : send(v, v.trim()),
				),
				...(inPath ? ['.', '..'].map((v) => refuse(v)) : []),
				...(numeric ? [send(' 0042 ', '0042'), send(7, '7')] : []),
				...(numeric && param.locator ? [refuse('Leatherworks', '"From list"')] : []),
			],
			base: typeof base === 'object' ? (base as IDataObject).value : base,
			set: (params, value) => ({
				...params,
				[param.name]: (param.locator ? { __rl: true, mode: 'id', value } : value) as never,
			}),
		});
	}
	for (const field of withCompanions(row.body ?? [])) {
		const t = fieldTarget(row, field, false);
		if (t) targets.push(t);
	}
	for (const field of withCompanions(row.filters ?? [])) {
		const t = fieldTarget(row, field, true);
		if (t) targets.push(t);
	}
	const option = (
		label: string,
		key: string,
		make: (rand: Rand) => Case,
		base: unknown,
	): Target => ({
		label,
		where: 'option',
		key,
		make,
		fixed: [],
		base,
		set: (params, value) => ({
			...params,
			options: { ...(params.options as IDataObject), [key]: value } as never,
		}),
	});
	if (row.fieldsOption) targets.push(option('Fields', 'fields', nameListCase, 'id'));
	targets.push(option('Timeout', 'timeout', timeoutCase, 60));
	if (row.answer === 'many') {
		targets.push({
			label: 'Limit',
			where: 'limit',
			key: 'limit',
			fixed: [send('7', 7), ...[0, -1, 1.5, 'abc', '', '-5'].map((v) => refuse(v))],
			base: 2,
			set: (params, value) => ({ ...params, limit: value as never }),
		});
	}
	return targets;
}

/** The cells of the editor's rows (a fixed collection): one cell fed, the others fixed. */
export function rowCells(row: Endpoint, field: Field): Target[] {
	const metadata = field.kind === 'metadata';
	const item = metadata ? 'meta' : 'step';
	const cell = (key: string, fixed: Record<string, unknown>, make?: Target['make']): Target => ({
		label: field.displayName,
		where: 'cell',
		key: field.key,
		field,
		make,
		fixed: [],
		base: undefined,
		set: (params, value) => withField(params, row, field, { [item]: [{ [key]: value, ...fixed }] }),
	});
	if (metadata) {
		const fixed = { meta_description: 'd', meta_keywords: 'k' };
		return [
			cell('meta_title', fixed, (r) => {
				const c = textCase(r, false);
				// in a row, '' is a value of a text cell; null leaves the cell out
				if (c.v === null) return { ...c, want: { send: [{ ...fixed }] } };
				if (c.v === '') return { ...c, want: { send: [{ meta_title: '', ...fixed }] } };
				return 'send' in c.want
					? { ...c, want: { send: [{ meta_title: c.want.send, ...fixed }] } }
					: c;
			}),
		];
	}
	const cellSays = (label: string) =>
		`'${field.displayName}' row 1: '${label}' must be a decimal number`;
	const treshold = cell('treshold', { discount: 5 }, (r) => {
		const c = numberCase(r);
		// in a row, '' and null are a missing number
		if ('absent' in c.want) return { ...c, want: { refuse: true } };
		return 'send' in c.want
			? { ...c, want: { send: [{ treshold: c.want.send, discount: 5 }] } }
			: c;
	});
	treshold.fixed = [refuse('abc', cellSays('Threshold')), refuse('', cellSays('Threshold'))];
	const discount = cell('discount', { treshold: 1 });
	discount.fixed = [refuse('5%', cellSays('Discount'))];
	return [treshold, discount];
}

/** The parameters of an endpoint with every target at its valid value. */
export function baseline(table: ResourceTable, row: Endpoint, targets: Target[]): INodeParameters {
	let params: INodeParameters = { resource: table.resource, operation: row.operation, options: {} };
	if (row.answer === 'many') Object.assign(params, { returnAll: false, limit: 2 });
	if (row.resource === 'themeAsset' && row.operation === 'create') params.content = 'body{}';
	// a collection field that the values before it contradict is left out (Percent Off beside Price Discount)
	const given: IDataObject = {};
	for (const target of targets) {
		if (target.base === undefined) continue;
		const field = target.where === 'body' ? target.field : undefined;
		if (field && !field.required && !field.top && contradicts(field, given)) continue;
		params = target.set(params, target.base);
		if (field) given[field.key] = target.base as IDataObject[string];
	}
	return params;
}
