import type { ICredentialType, INodeProperties } from 'n8n-workflow';

import { BASE_URL_PROPERTY, ICON } from './common';

const base = '$self["baseUrl"].replace(/\\/+$/, "")';

/**
 * n8n's "Connect" flow: n8n runs the three OAuth 1.0 steps of the spec against the shop and signs
 * every request itself. The three URLs derive from the shop's base URL.
 */
export class StorePlatformOAuth1Api implements ICredentialType {
	name = 'storePlatformOAuth1Api';

	extends = ['oAuth1Api'];

	displayName = 'Store Platform OAuth1 API';

	icon = ICON;

	documentationUrl = 'https://github.com/store-platform/n8n-nodes-store-platform#credentials';

	// n8n's own Consumer Key and Consumer Secret (oAuth1Api), redefined with hints: n8n merges a credential's
	// properties over its parent's by name, in the parent's place (the API key is the public half of the app's
	// key pair, shown as text as in the Store Platform API credential; the secret stays a password field)
	properties: INodeProperties[] = [
		{
			displayName: 'Consumer Key',
			name: 'consumerKey',
			type: 'string',
			default: '',
			required: true,
			hint: "Your app's API key, shown with the app in the partner account",
			description:
				"Your app's API key, from the partner account (the app developer's account at Store Platform)",
		},
		{
			displayName: 'Consumer Secret',
			name: 'consumerSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			hint: "Your app's shared secret, shown beside the API key in the partner account",
			description:
				'Keep it private: it opens every shop where the app is installed, and it signs webhook deliveries',
		},
		BASE_URL_PROPERTY,
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
}
