import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	ITriggerFunctions,
	ITriggerResponse,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { credentialTest } from './api/auth';
import { TRIGGER_PANEL_PARTS } from './trigger/panel';
import { TRIGGER_PROPERTIES } from './trigger/properties';
import { WEBHOOK_METHODS } from './trigger/lifecycle';
import { passDelivery } from './trigger/passDelivery';
import { receiveDelivery } from './trigger/receive';
import { startRegistrationChecks } from './trigger/registrationSchedule';

/** The webhook trigger: its description, lifecycle and delivery check live in trigger/. */
export class StorePlatformTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Store Platform Trigger',
		name: 'storePlatformTrigger',
		icon: {
			light: 'file:../../icons/storePlatform.svg',
			dark: 'file:../../icons/storePlatform.dark.svg',
		},
		group: ['trigger'],
		// 2: no expression evaluated per delivery; 3: Report Restored Registrations on; 4: Normalize Numbers on, words
		version: [1, 2, 3, 4],
		defaultVersion: 4,
		subtitle: '={{ ($parameter["events"] || []).join(", ") }}',
		// n8n's nodes panel merges this node with Store Platform and shows this description for both
		description:
			"Manage the shop, and start workflows on its events (orders, products, customers) sent to n8n's public URL",
		defaults: { name: 'Store Platform Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: 'storePlatformApi',
				required: true,
				testedBy: 'storePlatformShopTest',
				displayOptions: { show: { authentication: ['accessToken'] } },
			},
			{
				name: 'storePlatformOAuth1Api',
				required: true,
				testedBy: 'storePlatformShopTest',
				displayOptions: { show: { authentication: ['oAuth1'] } },
			},
		],
		webhooks: [
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' },
		],
		properties: TRIGGER_PROPERTIES,
		...TRIGGER_PANEL_PARTS,
	};

	methods = { credentialTest };

	webhookMethods = WEBHOOK_METHODS;

	/** The scheduled registration check of the active workflow (registrationSchedule.ts). */
	async trigger(this: ITriggerFunctions): Promise<ITriggerResponse> {
		return await startRegistrationChecks(this);
	}

	/** Passes a delivery on (trigger/passDelivery.ts). */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return passDelivery(this, this.continueOnFail());
	}

	/** A delivery: verified, then one item (trigger/receive.ts). */
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receiveDelivery.call(this);
	}
}
