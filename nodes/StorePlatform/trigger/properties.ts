import type { INodeProperties } from 'n8n-workflow';

import { AUTHENTICATION } from '../api/auth';
import { sortProperty } from '../api/sortOptions';
import {
	EVENT_OPTIONS,
	POLL_TRIGGER_POINTER,
	TRIGGER_NORMALIZE_NUMBERS,
	TRIGGER_NOTICE,
} from './panel';
import { DEFAULT_CHECK_MINUTES } from './registrationSchedule';

/** The webhook trigger's fields: its notices, the credential choice, the events and the options. */
export const TRIGGER_PROPERTIES: INodeProperties[] = [
	{
		displayName: TRIGGER_NOTICE,
		name: 'notice',
		type: 'notice',
		default: '',
	},
	{
		displayName: POLL_TRIGGER_POINTER,
		name: 'pollTriggerNotice',
		type: 'notice',
		default: '',
	},
	AUTHENTICATION,
	sortProperty({
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		options: EVENT_OPTIONS,
		default: [],
		description: 'The events that start the workflow; one webhook is registered per event',
	}),
	sortProperty({
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Check Interval (Minutes)',
				name: 'registrationCheckMinutes',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: 1440, numberPrecision: 0 },
				default: DEFAULT_CHECK_MINUTES,
				description:
					"Minutes between checks of the published workflow's webhook registrations at the shop (also at n8n start): the check re-creates missing ones, for example after the shop removed them following failed deliveries or n8n got a new public address. 0 turns the check off.",
			},
			{
				displayName: 'Include Headers',
				name: 'includeHeaders',
				type: 'boolean',
				default: false,
				description:
					'Whether to add all request headers of the delivery to the output, under "headers"',
			},
			{
				displayName: 'Report Restored Registrations',
				name: 'reportRestoredRegistrations',
				type: 'boolean',
				default: true,
				description:
					'Whether to start one execution with a "registration/restored" item when the check re-creates registrations that had gone missing at the shop, with the time from which events may have been missed. On by default for triggers added since this option exists.',
			},
			{
				displayName: 'Skip Signature Check',
				name: 'skipVerification',
				type: 'boolean',
				default: false,
				description:
					'Whether to accept deliveries without checking their HMAC signature. For testing only: anyone who knows the URL can then start the workflow, so never use it in production.',
			},
			...TRIGGER_NORMALIZE_NUMBERS,
		],
	}),
];
