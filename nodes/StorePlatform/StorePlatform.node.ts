import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { AUTHENTICATION, CREDENTIALS } from './api/auth';
import { buildListSearch } from './action/listSearch';
import { buildLoadOptions } from './action/loadOptions';
import { buildProperties } from './action/properties';
import { TABLES } from './resources';
import { scheduleItems } from './action/itemScheduler';

export class StorePlatform implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Store Platform',
		name: 'storePlatform',
		icon: { light: 'file:../../icons/storePlatform.svg', dark: 'file:../../icons/storePlatform.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Manage promotions, vouchers, pages, categories, themes, webhooks and more in a Store Platform shop',
		defaults: { name: 'Store Platform' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: CREDENTIALS,
		properties: [
			AUTHENTICATION,
			...buildProperties(TABLES),
		],
	};

	methods = {
		listSearch: buildListSearch(TABLES),
		loadOptions: buildLoadOptions(TABLES),
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await scheduleItems.call(this, TABLES);
	}
}
