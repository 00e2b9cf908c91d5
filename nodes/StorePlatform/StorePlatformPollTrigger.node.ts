import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { AUTHENTICATION, credentialTest } from './api/auth';
import { PRODUCT_SEARCH, searchProducts } from './api/productSearch';
import {
	buildPollProperties,
	POLL_HINTS,
	POLL_NOTICE,
	POLL_TRIGGER_PANEL,
} from './poll/node/properties';
import { planOf, type PollPlan } from './poll/rules/strategy';
import { pollChanges } from './poll/node/trigger';
import { TABLES } from './resources';

/** Every resource with a list endpoint, watched as its list's filters allow (poll/rules/strategy.ts). */
const PLANS: PollPlan[] = TABLES.map(planOf).filter((p): p is PollPlan => p !== undefined);

export class StorePlatformPollTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Store Platform Poll Trigger',
		name: 'storePlatformPollTrigger',
		icon: {
			light: 'file:../../icons/storePlatform.svg',
			dark: 'file:../../icons/storePlatform.dark.svg',
		},
		group: ['trigger'],
		// a list with a default: n8n's server adds "Custom API Call" to the Resource list of a node whose version
		// is a single number or equals its defaultVersion, and the trigger cannot watch it (issue 31, point 2;
		// test/unit/pollDescription.test.ts restates n8n 2.41.1's rule)
		version: [1],
		defaultVersion: 1,
		subtitle: '={{ $parameter["resource"] }}',
		// the nodes panel's line under the name
		description:
			'Starts a workflow when pages, vouchers, charges and more change. No public URL needed; not orders, products or customers',
		defaults: { name: 'Store Platform Poll Trigger' },
		// n8n's publish dialog says this; without it, "Your workflow will now regularly check {service} …" with the
		// service named from the displayName less " Trigger": "Store Platform Poll" (n8n 2.41.1 editor, ActivationModal)
		activationMessage:
			'Your workflow will now ask the Store Platform shop for changes at each Poll Time, and start one execution for each poll that finds some.',
		polling: true,
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
		properties: [POLL_NOTICE, AUTHENTICATION, ...buildPollProperties(PLANS)],
		triggerPanel: POLL_TRIGGER_PANEL,
		hints: POLL_HINTS,
	};

	// the Product ID's "From list" (Variant): n8n looks a list search up on the node that shows the field
	methods = { credentialTest, listSearch: { [PRODUCT_SEARCH]: searchProducts } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollChanges.call(this, PLANS);
	}
}
