import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { AUTHENTICATION, WITH_ACCESS_TOKEN, WITH_OAUTH1, credentialTest } from './api/auth';
import { buildPollProperties } from './poll/properties';
import { planOf, type PollPlan } from './poll/strategy';
import { pollChanges } from './poll/trigger';
import { TABLES } from './resources';

/** Every resource with a list endpoint, watched as its list's filters allow (poll/strategy.ts). */
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
		version: 1,
		subtitle: '={{ $parameter["resource"] }}',
		description:
			'Starts a workflow when shop records change, asking the shop on a schedule: no public URL needed',
		defaults: { name: 'Store Platform Poll Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: 'storePlatformApi',
				required: true,
				testedBy: 'storePlatformShopTest',
				displayOptions: WITH_ACCESS_TOKEN,
			},
			{
				name: 'storePlatformOAuth1Api',
				required: true,
				testedBy: 'storePlatformShopTest',
				displayOptions: WITH_OAUTH1,
			},
		],
		properties: [AUTHENTICATION, ...buildPollProperties(PLANS)],
	};

	methods = { credentialTest };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollChanges.call(this, PLANS);
	}
}
