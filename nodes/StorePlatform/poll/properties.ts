import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { AMOUNTS_UNIT, NORMALIZE_NUMBERS_OPTION, simplifiedKeys } from '../api/output';
import type { ChangeKind } from './fingerprint';
import type { PollPlan } from './strategy';

/** The poll trigger's editor fields, built from the plans (resource tables). Pure. */

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

/** How a resource's list is read, in the resource dropdown. */
function howRead(plan: PollPlan): string {
	if (plan.strategy === 'keyed') return plan.stamp ? 'read by ID and update time' : 'read by ID';
	if (plan.strategy === 'stamped')
		return plan.stamp === 'created_at' ? 'read by creation time' : 'read by update time';
	return 'the whole list read each poll';
}

export function buildPollProperties(plans: PollPlan[]): INodeProperties[] {
	const byName = [...plans].sort((a, b) => a.table.displayName.localeCompare(b.table.displayName));
	const resourceOptions: INodePropertyOptions[] = byName.map((plan) => ({
		name: plan.table.displayName,
		value: plan.table.resource,
		description: `${plan.events.map((e) => EVENT_NAMES[e][0]).join(', ')} (${howRead(plan)})`,
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
			properties.push({
				displayName: `${param.displayName.replace(/ ID$/, '')} ID`,
				name: param.name,
				type: 'string',
				required: true,
				default: '',
				placeholder: 'e.g. 42',
				description: `The ${param.displayName.replace(/ ID$/, '').toLowerCase()} whose ${plan.table.displayName.toLowerCase()}s to watch${param.findHint ? `. ${param.findHint}` : ''}`,
				displayOptions: { show: { resource: [plan.table.resource] } },
			});
		}
	}
	const eventSets = new Map<string, PollPlan[]>();
	for (const plan of byName) {
		const key = plan.events.join(',');
		eventSets.set(key, [...(eventSets.get(key) ?? []), plan]);
	}
	for (const [key, group] of eventSets) {
		const events = key.split(',') as ChangeKind[];
		properties.push({
			displayName: 'Events',
			name: 'events',
			type: 'multiOptions',
			required: true,
			options: events.map((e) => ({
				name: EVENT_NAMES[e][0],
				value: e,
				description: EVENT_NAMES[e][1],
			})),
			default: [...events],
			description: 'Which changes start the workflow, one item per changed record',
			displayOptions: { show: { resource: group.map((p) => p.table.resource) } },
		});
	}
	const simplified = byName.filter((p) => p.table.simplify);
	for (const plan of simplified) {
		properties.push({
			displayName: 'Simplify',
			name: 'simplify',
			type: 'boolean',
			default: true,
			description: `Whether to return only the fields used most (${simplifiedKeys(plan.table.simplify ?? [], true).join(', ')}) instead of the whole record`,
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
				description: `${NORMALIZE_NUMBERS_OPTION.description} (on unless turned off). ${AMOUNTS_UNIT}`,
			},
		],
	});
	return properties;
}
