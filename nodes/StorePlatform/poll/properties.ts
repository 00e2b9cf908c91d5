import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { NORMALIZE_NUMBERS_OPTION } from '../api/output';
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

const STRATEGY_WORDS: Record<PollPlan['strategy'], string> = {
	keyed: 'read by ID and update time',
	stamped: 'read by time',
	snapshot: 'the whole list compared',
};

export const scopeParamName = (plan: PollPlan) => plan.scope.map((p) => p.name);

export function buildPollProperties(plans: PollPlan[]): INodeProperties[] {
	const byName = [...plans].sort((a, b) => a.table.displayName.localeCompare(b.table.displayName));
	const resourceOptions: INodePropertyOptions[] = byName.map((plan) => ({
		name: plan.table.displayName,
		value: plan.table.resource,
		description: `${plan.events.map((e) => EVENT_NAMES[e][0]).join(', ')} (${STRATEGY_WORDS[plan.strategy]})`,
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
				description: `The ${param.displayName.replace(/ ID$/, '').toLowerCase()} whose ${plan.table.displayName.toLowerCase()}s to watch`,
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
			description: `Whether to return only the fields used most (${(plan.table.simplify ?? []).map((k) => k.split(':')[0]).join(', ')}) instead of the whole record`,
			displayOptions: { show: { resource: [plan.table.resource] } },
		});
	}
	properties.push({
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [NORMALIZE_NUMBERS_OPTION],
	});
	return properties;
}
