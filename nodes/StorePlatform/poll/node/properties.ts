import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { keysCarried, NORMALIZE_NUMBERS_OPTION, simplifiedKeys } from '../../api/output';
import type { ChangeKind } from '../rules/fingerprint';
import { RESOURCE_WORDS } from './resourceWords';
import { DEFAULT_REPORT_AFTER_MINUTES } from './outages';
import type { Param } from '../../endpoint';
import { idValidation } from '../../input/idMode';
import type { PollPlan } from '../rules/strategy';

/**
 * The poll trigger's editor fields, built from the plans (resource tables) and each resource's words
 * (resourceWords.ts). Pure.
 */

/** The generic name and description of each event, where a resource has no words of its own. */
export const EVENT_NAMES: Record<ChangeKind, [string, string]> = {
	created: ['Created', 'A record that was not there at the previous poll'],
	updated: [
		'Updated',
		'A record that changed since the previous poll (once, with its latest state)',
	],
	deleted: [
		'Deleted',
		'A record that is gone since the previous poll (its ID and what the trigger remembers)',
	],
};

/** The name of an event for a resource: its own where the generic one promises more (a theme file's size). */
export const eventName = (plan: PollPlan, kind: ChangeKind): string =>
	RESOURCE_WORDS[plan.table.resource]?.events[kind]?.name ?? EVENT_NAMES[kind][0];

/** The Simplify keys of a resource's items: those its list carries (a voucher list has no `items`). */
export const simplifyKeys = (plan: PollPlan): string[] =>
	keysCarried(plan.table.simplify ?? [], plan.list.lacks);

/** Normalize Numbers serves every resource: it names no field (a page has no price). */
const NORMALIZE_NUMBERS = `Whether to turn numbers the shop sends as text (such as IDs, amounts and counts) into JSON numbers; codes such as SKUs stay text (on unless turned off). Amounts come as the shop sends them (e.g. 4350): the platform does not document their unit (cents or whole currency units).`;

/**
 * A scope field with a "From list" (a Product ID: the products in abandoned carts), By ID beside it. A plain
 * string saved before is read as the ID (poll/node/trigger.ts reads the field with extractValue).
 */
function scopeLocator(
	field: INodeProperties,
	param: Param,
	searchListMethod: string,
): INodeProperties {
	const { placeholder, ...rest } = field;
	return {
		...rest,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
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
				placeholder,
				// text typed where the ids are whole numbers: an issue of the field at once (input/idMode.ts)
				...idValidation(param),
			},
		],
	};
}

export function buildPollProperties(plans: PollPlan[]): INodeProperties[] {
	const byName = [...plans].sort((a, b) => a.table.displayName.localeCompare(b.table.displayName));
	const resourceOptions: INodePropertyOptions[] = byName.map((plan) => ({
		name: plan.table.displayName,
		value: plan.table.resource,
		description:
			RESOURCE_WORDS[plan.table.resource]?.gets ??
			plan.events.map((e) => eventName(plan, e)).join(', '),
	}));
	const properties: INodeProperties[] = [
		{
			displayName: 'Resource',
			name: 'resource',
			type: 'options',
			noDataExpression: true,
			options: resourceOptions,
			default: 'page',
			description: 'The records to watch',
		},
	];
	for (const plan of byName) {
		for (const param of plan.scope) {
			const field: INodeProperties = {
				displayName: `${param.displayName.replace(/ ID$/, '')} ID`,
				name: param.name,
				type: 'string',
				required: true,
				default: '',
				placeholder: param.placeholder ?? 'e.g. 1',
				description: `The ${param.displayName.replace(/ ID$/, '').toLowerCase()} whose ${plan.table.displayName.toLowerCase()}s to watch`,
				// where to find the id, under the field (not only in the tooltip)
				...(param.findHint ? { hint: param.findHint } : {}),
				displayOptions: { show: { resource: [plan.table.resource] } },
			};
			properties.push(param.listSearch ? scopeLocator(field, param, param.listSearch) : field);
		}
	}
	// one Events entry per resource, in its words; the values and defaults are the plan's (saved workflows)
	for (const plan of byName) {
		const words = RESOURCE_WORDS[plan.table.resource];
		properties.push({
			displayName: 'Events',
			name: 'events',
			type: 'multiOptions',
			required: true,
			options: plan.events.map((e) => ({
				name: eventName(plan, e),
				value: e,
				description: words?.events[e]?.description ?? EVENT_NAMES[e][1],
			})),
			default: [...plan.events],
			description: 'Which changes start the workflow, one item per changed record',
			// under the field, always shown: why an event the user may look for is not offered
			...(words?.missing ? { hint: words.missing } : {}),
			displayOptions: { show: { resource: [plan.table.resource] } },
		});
	}
	for (const plan of byName.filter((p) => p.table.simplify)) {
		properties.push({
			displayName: 'Simplify',
			name: 'simplify',
			type: 'boolean',
			default: true,
			description: `Whether to return only the fields used most (${simplifiedKeys(simplifyKeys(plan), true).join(', ')}) instead of the whole record`,
			displayOptions: { show: { resource: [plan.table.resource] } },
		});
	}
	properties.push({
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		// on unless turned off, as on the webhook trigger's newest typeVersion (numbers the shop sends as text)
		options: [
			{
				...NORMALIZE_NUMBERS_OPTION,
				default: true,
				description: NORMALIZE_NUMBERS,
			},
			{
				displayName: 'Report Outage After (Minutes)',
				name: 'reportOutageAfter',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: DEFAULT_REPORT_AFTER_MINUTES,
				description:
					'How long the shop may be unable to answer (HTTP 5xx or 429, a timeout, no connection) before the trigger shows one error execution for it. Polls end without an error meanwhile, and the first poll after the shop answers again brings every change made meanwhile.',
			},
		],
	});
	return properties;
}
