/**
 * n8n's newest community-node rules about node parameters, applied to the BUILT descriptions (the node files
 * assemble their fields from tables: resources/*.ts, trigger/eventTables.ts, poll/node/properties.ts, so a rule
 * reading the .node.ts source sees none of them). Each checker restates its rule's test (n8n's repository,
 * packages/@n8n/eslint-plugin-community-nodes/src/rules/<name>.ts) on the objects the editor receives, at
 * every depth (a rule reads the literals it can reach; here every field is reachable).
 */
import type { INodeTypeDescription } from 'n8n-workflow';

import type { Report } from './sourceRules';

type Json = Record<string, unknown>;

/** Every object of a description with its path: `properties`, `options`, `values` and the rest. */
export function objectsOf(root: unknown, where: string): Array<{ where: string; obj: Json }> {
	const out: Array<{ where: string; obj: Json }> = [];
	const visit = (value: unknown, path: string) => {
		if (Array.isArray(value)) {
			value.forEach((v) => visit(v, path));
		} else if (value && typeof value === 'object') {
			const obj = value as Json;
			const label = obj.displayName ?? obj.name;
			const here = typeof label === 'string' ? `${path} > ${label}` : path;
			out.push({ where: here, obj });
			for (const v of Object.values(obj)) visit(v, here);
		}
	};
	visit(root, where);
	return out;
}

/**
 * The parameters of a description at every depth: `properties`, then the `options` and `values` of collections
 * (objects with a name and a `type`). A resource locator's modes ({ name: 'id', type: 'string' }) are not
 * parameters: n8n's INodePropertyMode has no `default`.
 */
export function parameters(d: INodeTypeDescription): Array<{ where: string; obj: Json }> {
	const out: Array<{ where: string; obj: Json }> = [];
	const visit = (list: unknown, path: string) => {
		if (!Array.isArray(list)) return;
		for (const obj of list as Json[]) {
			const label = obj.displayName ?? obj.name;
			const here = `${path} > ${String(label)}`;
			if (typeof obj.name === 'string' && typeof obj.type === 'string')
				out.push({ where: here, obj });
			visit(obj.options, here);
			visit(obj.values, here);
		}
	};
	visit(d.properties, d.displayName);
	return out;
}

/** hint-max-length: a `hint` is a short nudge under the field, at most 120 characters. */
export const MAX_HINT_LENGTH = 120;
export function hintMaxLength(d: INodeTypeDescription): Report[] {
	// the whole description, as the rule walks it (its root names itself: "X > X > ...", the first dropped)
	return objectsOf(d, '')
		.filter(({ obj }) => typeof obj.hint === 'string' && obj.hint.length > MAX_HINT_LENGTH)
		.map(({ where, obj }) => ({
			rule: 'hint-max-length',
			where: where.replace(/^ > /, ''),
			message: `hint of ${(obj.hint as string).length} characters`,
		}));
}

/** The order options-sorted-alphabetically expects: by name, case- and accent-blind. */
export function sortedNames(names: string[]): string[] {
	return [...names].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
}

/**
 * options-sorted-alphabetically: an `options` parameter lists its options by name, unless `orderedOnPurpose`
 * says the list's order means something to the user.
 */
export function optionsSortedAlphabetically(
	d: INodeTypeDescription,
	orderedOnPurpose: (options: Json[]) => boolean = () => false,
): Report[] {
	const reports: Report[] = [];
	for (const { where, obj } of parameters(d)) {
		if (obj.type !== 'options' || !Array.isArray(obj.options)) continue;
		const options = obj.options as Json[];
		const names = options.map((o) => o.name);
		if (names.length <= 1 || !names.every((n): n is string => typeof n === 'string')) continue;
		const expected = sortedNames(names);
		if (names.every((n, i) => n === expected[i]) || orderedOnPurpose(options)) continue;
		reports.push({
			rule: 'options-sorted-alphabetically',
			where,
			message: `expected order: ${expected.join(', ')}`,
		});
	}
	return reports;
}

/** no-asterisk-in-option-names: no "*" in an option's name (write "[All]"). */
export function noAsteriskInOptionNames(d: INodeTypeDescription): Report[] {
	return objectsOf(d.properties, d.displayName)
		.filter(({ obj }) => Array.isArray(obj.options))
		.flatMap(({ where, obj }) =>
			(obj.options as Json[])
				.filter((o) => typeof o.name === 'string' && o.name.includes('*'))
				.map((o) => ({
					rule: 'no-asterisk-in-option-names',
					where,
					message: String(o.name),
				})),
		);
}

/** no-duplicate-param-options: no name or value twice in one options or multiOptions parameter. */
export function noDuplicateParamOptions(d: INodeTypeDescription): Report[] {
	const reports: Report[] = [];
	for (const { where, obj } of parameters(d)) {
		if ((obj.type !== 'options' && obj.type !== 'multiOptions') || !Array.isArray(obj.options))
			continue;
		for (const key of ['name', 'value'] as const) {
			const seen = new Set<unknown>();
			for (const o of obj.options as Json[]) {
				const v = o[key];
				if (v === undefined || v === null || typeof v === 'object') continue;
				if (seen.has(v)) {
					reports.push({
						rule: 'no-duplicate-param-options',
						where,
						message: `${key} ${String(v)}`,
					});
				}
				seen.add(v);
			}
		}
	}
	return reports;
}

/** n8n's parameter types (NodePropertyTypes of n8n-workflow), as require-param-default lists them. */
const PARAMETER_TYPES = new Set([
	'assignmentCollection',
	'boolean',
	'button',
	'callout',
	'collection',
	'color',
	'credentials',
	'credentialsSelect',
	'curlImport',
	'dateTime',
	'filter',
	'fixedCollection',
	'hidden',
	'icon',
	'json',
	'multiOptions',
	'notice',
	'number',
	'options',
	'resourceLocator',
	'resourceMapper',
	'string',
	'workflowSelector',
]);

/** require-param-default: every parameter declares a `default`. */
export function requireParamDefault(d: INodeTypeDescription): Report[] {
	return parameters(d)
		.filter(({ obj }) => PARAMETER_TYPES.has(obj.type as string) && !('default' in obj))
		.map(({ where }) => ({ rule: 'require-param-default', where, message: 'no default' }));
}

/** open-ended-node-fields: no optional JSON field at the top level. */
export function openEndedNodeFields(d: INodeTypeDescription): Report[] {
	return d.properties
		.filter((p) => p.type === 'json' && p.required !== true)
		.map((p) => ({
			rule: 'open-ended-node-fields',
			where: `${d.displayName} > ${p.displayName}`,
			message: 'optional JSON field',
		}));
}

/**
 * non-required-fields-in-collection (what it would report on the built description; the source rule reads
 * only the literal objects of `properties`): top-level fields not required, other than selectors, containers
 * and notices.
 */
export function nonRequiredFieldsAtTopLevel(d: INodeTypeDescription): string[] {
	const exempt = new Set([
		'collection',
		'fixedCollection',
		'notice',
		'callout',
		'hidden',
		'curlImport',
	]);
	const selectors = new Set(['resource', 'operation', 'authentication']);
	return d.properties
		.filter((p) => !exempt.has(p.type) && !selectors.has(p.name) && p.required !== true)
		.map((p) => p.name);
}
