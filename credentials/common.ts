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

const TEST_REQUEST: ICredentialTestRequest['request'] = {
	baseURL: '={{ $credentials.baseUrl.replace(/\\/+$/, "") }}',
	url: '/services/webhooks/count',
	method: 'GET',
};

/** What a refused test means, beyond n8n's bare "Unauthorized": the fields to check and where they come from. */
const notFound = {
	type: 'responseCode',
	properties: {
		value: 404,
		message:
			'The shop has no API at this address: check the Shop Base URL (the address of the shop, e.g. https://myshop.example.com)',
	},
} as const;

const forbidden = {
	type: 'responseCode',
	properties: {
		value: 403,
		message:
			'The shop accepted the credentials but refused access: check that the app is still installed in the shop and has access to webhooks',
	},
} as const;

/** The test of the pasted-tokens credential (Store Platform API). */
export const CREDENTIAL_TEST: ICredentialTestRequest = {
	request: TEST_REQUEST,
	rules: [
		{
			type: 'responseCode',
			properties: {
				value: 401,
				message:
					"The shop refused these credentials. Check the Shared Secret and Access Token Secret, then the API Key and Access Token: keys are in the app's partner account, tokens come from installing the app. No tokens? Use the Store Platform OAuth1 API credential to connect.",
			},
		},
		forbidden,
		notFound,
	],
};

/** The test of the Connect credential (Store Platform OAuth1 API). */
export const OAUTH1_CREDENTIAL_TEST: ICredentialTestRequest = {
	request: TEST_REQUEST,
	rules: [
		{
			type: 'responseCode',
			properties: {
				value: 401,
				message:
					"The shop refused these credentials. Check the Consumer Key and Consumer Secret (the app's API key and Shared Secret from its partner account), then click Connect again. Have tokens to paste instead? Use the Store Platform API credential.",
			},
		},
		forbidden,
		notFound,
	],
};

export const ICON = {
	light: 'file:../icons/storePlatform.svg',
	dark: 'file:../icons/storePlatform.dark.svg',
} as const;
