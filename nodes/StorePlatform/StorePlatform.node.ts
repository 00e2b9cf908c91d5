import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { AUTHENTICATION, credentialTest } from './api/auth';
import { buildListSearch } from './action/listSearch';
import { PRODUCT_SEARCH, searchProducts } from './api/productSearch';
import { buildLoadOptions } from './action/loadOptions';
import { buildProperties } from './action/properties';
import { TABLES } from './resources';
import { scheduleItems } from './action/itemScheduler';

export class StorePlatform implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Store Platform',
		name: 'storePlatform',
		icon: {
			light: 'file:../../icons/storePlatform.svg',
			dark: 'file:../../icons/storePlatform.dark.svg',
		},
		group: ['transform'],
		// 2: Simplify is a top-level switch, on for new nodes; empty dates (0000-00-00 00:00:00) are output as null
		// 3: words beside coded fields, ids of one type, Update returns the record (issue 27)
		version: [1, 2, 3],
		defaultVersion: 3,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description:
			'Manage vouchers, promotions, pages, categories, themes and more in a Store Platform shop',
		defaults: { name: 'Store Platform' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
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
		properties: [AUTHENTICATION, ...buildProperties(TABLES)],
	};

	methods = {
		listSearch: { ...buildListSearch(TABLES), [PRODUCT_SEARCH]: searchProducts },
		loadOptions: buildLoadOptions(TABLES),
		credentialTest,
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await scheduleItems.call(this, TABLES, this.continueOnFail());
	}
}
