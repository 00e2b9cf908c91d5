import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { buildListSearch } from './methods/listSearch';
import { buildLoadOptions } from './methods/loadOptions';
import { buildProperties } from './properties';
import { TABLES } from './resources';
import { route } from './router';

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
		credentials: [
			{
				name: 'storePlatformApi',
				required: true,
				displayOptions: { show: { authentication: ['accessToken'] } },
			},
			{
				name: 'storePlatformOAuth1Api',
				required: true,
				displayOptions: { show: { authentication: ['oAuth1'] } },
			},
		],
		properties: [
			{
				displayName: 'Authentication',
				name: 'authentication',
				type: 'options',
				options: [
					{ name: 'Access Token', value: 'accessToken', description: 'API key, shared secret and the access token pasted in the credential' },
					{ name: 'OAuth1 (Connect)', value: 'oAuth1', description: "Use n8n's Connect button to run the shop's authorization" },
				],
				default: 'accessToken',
			},
			...buildProperties(TABLES),
		],
	};

	methods = {
		listSearch: buildListSearch(TABLES),
		loadOptions: buildLoadOptions(TABLES),
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this);
	}
}
