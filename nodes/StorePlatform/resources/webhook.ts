import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { EVENTS } from '../api/events';
import type { Field, ResourceTable } from '../endpoint';
import { idValue, toId } from '../input/rules';
import {
	countEndpoint,
	createEndpoint,
	deleteEndpoint,
	getEndpoint,
	listEndpoint,
	updateEndpoint,
	type Noun,
} from './common';

const noun: Noun = { resource: 'webhook', one: 'webhook', many: 'webhooks' };

const section: Field = {
	key: 'section',
	displayName: 'Event',
	kind: 'options',
	options: EVENTS.map((e) => [e.value, `${e.name} (${e.value})`]),
	default: 'order/create',
	description: 'The event that triggers the notification',
};

const siteUrl: Field = {
	key: 'site_url',
	displayName: 'Target URL',
	kind: 'url',
	placeholder: 'https://example.com/hooks/orders',
	description: 'Where the notification is POSTed',
};

const filters: Field[] = [
	section,
	{ ...siteUrl, description: 'Only webhooks posting to this URL' },
];

/** The spec's update body carries the id beside section and site_url. */
async function withId(this: IExecuteFunctions, i: number, body: IDataObject): Promise<IDataObject> {
	const id = toId(
		this.getNodeParameter('webhookId', i, undefined, { extractValue: true }),
		'Webhook',
	);
	return { id: idValue(id), ...body };
}

export const webhook: ResourceTable = {
	resource: 'webhook',
	displayName: 'Webhook',
	description: 'Registrations of notifications sent on shop events',
	label: (webhook: IDataObject) => `${String(webhook.section)} → ${String(webhook.site_url)}`,
	exampleField: 'section',
	endpoints: [
		listEndpoint(noun, {
			path: '/services/webhooks',
			filters,
			fieldsOption: true,
			paging: { maxLimit: 200 },
			countWith: 'count',
		}),
		countEndpoint(noun, { path: '/services/webhooks/count', filters }),
		getEndpoint(noun, { path: '/services/webhooks/{id}', output: 'webhook', fieldsOption: true }),
		createEndpoint(noun, {
			path: '/services/webhooks',
			wrap: 'webhook',
			output: 'webhook',
			description: 'Register a URL to be notified of an event (deliveries can arrive late)',
			body: [
				{ ...section, required: true },
				{ ...siteUrl, required: true },
			],
		}),
		updateEndpoint(noun, {
			path: '/services/webhooks/{id}',
			wrap: 'webhook',
			output: 'webhook',
			body: [section, siteUrl],
			hooks: { body: withId },
		}),
		deleteEndpoint(noun, { path: '/services/webhooks/{id}' }),
	],
};
