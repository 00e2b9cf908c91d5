import type { ResourceTable } from '../endpoint';
import {
	countEndpoint,
	createEndpoint,
	deleteEndpoint,
	getEndpoint,
	idParam,
	listEndpoint,
	type Noun,
} from './common';

const noun: Noun = {
	resource: 'applicationCharge',
	one: 'application charge',
	many: 'application charges',
};

export const applicationCharge: ResourceTable = {
	resource: 'applicationCharge',
	displayName: 'Application Charge',
	description: 'One-time charges billing the shop owner for an app purchase',
	label: 'name',
	endpoints: [
		listEndpoint(noun, { path: '/services/application_charges' }),
		countEndpoint(noun, {
			path: '/services/application_charges/count',
			description: 'Count application charges',
		}),
		getEndpoint(noun, {
			path: '/services/application_charges/{id}',
			output: 'application_charges',
		}),
		createEndpoint(noun, {
			path: '/services/application_charges',
			wrap: 'application_charge',
			output: 'application_charges',
			description:
				'Create a pending charge; send the shop owner to its confirmation_url to accept or decline, then activate it',
			body: [
				{
					key: 'name',
					displayName: 'Name',
					kind: 'string',
					required: true,
					placeholder: 'e.g. Premium plan',
					description: "Shown on the shop owner's invoice",
				},
				{
					key: 'price',
					displayName: 'Price',
					kind: 'number',
					required: true,
					default: 1000,
					description: 'Amount to charge, an integer as the platform takes it (for example 1000)',
				},
				{
					key: 'return_url',
					displayName: 'Return URL',
					kind: 'url',
					required: true,
					placeholder: 'https://myapp.example.com/billing/done',
					description: 'Where the shop owner is sent after accepting or declining',
				},
				{
					key: 'test',
					displayName: 'Test',
					kind: 'boolean',
					description: 'Whether this is a test charge that does not bill the real card',
				},
			],
		}),
		{
			resource: 'applicationCharge',
			operation: 'activate',
			name: 'Activate',
			action: 'Activate an application charge',
			description:
				'Activate a charge the shop owner accepted; it is billed on the next invoice unless it is a test',
			method: 'POST',
			path: '/services/application_charges/{id}/activate',
			params: [idParam(noun)],
			output: 'application_charges',
			answer: 'one',
		},
		deleteEndpoint(noun, { path: '/services/application_charges/{id}' }),
	],
};
