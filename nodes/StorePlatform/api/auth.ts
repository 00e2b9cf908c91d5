import type { INodeCredentialDescription, INodeProperties } from 'n8n-workflow';

/** The two credentials of both nodes, chosen by the `authentication` parameter. */
export const CREDENTIALS: INodeCredentialDescription[] = [
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
];

export const AUTHENTICATION: INodeProperties = {
	displayName: 'Authentication',
	name: 'authentication',
	type: 'options',
	options: [
		{
			name: 'Access Token',
			value: 'accessToken',
			description: 'API key, shared secret and the access token pasted in the credential',
		},
		{
			name: 'OAuth1 (Connect)',
			value: 'oAuth1',
			description: "Use n8n's Connect button to run the shop's authorization",
		},
	],
	default: 'accessToken',
};
