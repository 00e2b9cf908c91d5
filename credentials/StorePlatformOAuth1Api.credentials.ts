import type { ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';

const base = '$self["baseUrl"].replace(/\\/+$/, "")';

/**
 * n8n's "Connect" flow: n8n runs the three OAuth 1.0 steps of the spec against the shop and signs
 * every request itself. The three URLs derive from the shop's base URL.
 */
export class StorePlatformOAuth1Api implements ICredentialType {
	name = 'storePlatformOAuth1Api';

	extends = ['oAuth1Api'];

	displayName = 'Store Platform OAuth1 API';

	icon = { light: 'file:../icons/storePlatform.svg', dark: 'file:../icons/storePlatform.dark.svg' } as const;

	documentationUrl = 'https://github.com/store-platform/n8n-nodes-store-platform#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Shop Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://myshop.example.com',
			description: 'The address of the shop; the OAuth URLs and every API path are below it',
		},
		{
			displayName: 'Request Token URL',
			name: 'requestTokenUrl',
			type: 'hidden',
			default: `={{ ${base} + "/services/oauth/request_token" }}`,
		},
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'hidden',
			default: `={{ ${base} + "/services/oauth/authorize" }}`,
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'hidden',
			default: `={{ ${base} + "/services/oauth/access_token" }}`,
		},
		{
			displayName: 'Signature Method',
			name: 'signatureMethod',
			type: 'hidden',
			default: 'HMAC-SHA1',
		},
	];

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{ $credentials.baseUrl.replace(/\\/+$/, "") }}',
			url: '/services/webhooks/count',
			method: 'GET',
		},
	};
}
