import type { ICredentialTestRequest, INodeProperties } from 'n8n-workflow';

/** What both credentials share: the shop's base URL and the cheap signed call that tests them. */

export const BASE_URL_PROPERTY: INodeProperties = {
	displayName: 'Shop Base URL',
	name: 'baseUrl',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'https://myshop.example.com',
	description: 'The address of the shop; every API path (/services/...) is below it',
};

export const CREDENTIAL_TEST: ICredentialTestRequest = {
	request: {
		baseURL: '={{ $credentials.baseUrl.replace(/\\/+$/, "") }}',
		url: '/services/webhooks/count',
		method: 'GET',
	},
};

export const ICON = { light: 'file:../icons/storePlatform.svg', dark: 'file:../icons/storePlatform.dark.svg' } as const;
