// The API key (consumerKey) is the public half of the app's key pair, not a secret; every secret
// field below is a password field (the scanner checks them with @n8n/community-nodes/credential-password-field).
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { BASE_URL_PROPERTY, ICON } from './common';

import { buildAuthorizationHeader } from './oauth1';
import { planSignedRequest, type SignableOptions } from './requestOptions';

/**
 * Tokens pasted by the user (from the app's partner account and the shop's install), every request
 * signed by our own RFC 5849 HMAC-SHA1 signer. The query string (and a form body) is serialised here, so
 * that what is signed is byte for byte what is sent (see requestOptions.ts).
 */
export class StorePlatformApi implements ICredentialType {
	name = 'storePlatformApi';

	displayName = 'Store Platform API';

	icon = ICON;

	documentationUrl = 'https://github.com/store-platform/n8n-nodes-store-platform#credentials';

	properties: INodeProperties[] = [
		BASE_URL_PROPERTY,
		{
			displayName: 'API Key',
			name: 'consumerKey',
			type: 'string',
			default: '',
			required: true,
			hint: 'Shown with your app in the partner account',
			description:
				"Your app's API key, from the partner account (the app developer's account at Store Platform)",
		},
		{
			displayName: 'Shared Secret',
			name: 'consumerSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			hint: 'Shown beside the API Key in the partner account',
			description:
				"Your app's shared secret. Keep it private: it opens every shop where the app is installed, and it signs webhook deliveries.",
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			hint: 'Given to your app when the shop installed it. No token? Use the Store Platform OAuth1 API credential and Connect.',
			description:
				'The token the shop gave your app at install, kept by the app; valid as long as the app stays installed',
		},
		{
			displayName: 'Access Token Secret',
			name: 'accessTokenSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			hint: 'Given with the Access Token when the shop installed your app',
			description: 'The secret of the Access Token, from the same install',
		},
	];

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		// n8n's HTTP Request node passes its legacy options (`uri`, `form`, ...): both shapes are planned alike
		const { url, formParams, options } = planSignedRequest(
			requestOptions as unknown as SignableOptions,
		);
		const authorization = buildAuthorizationHeader({
			method: requestOptions.method ?? 'GET',
			url,
			consumerKey: String(credentials.consumerKey ?? ''),
			consumerSecret: String(credentials.consumerSecret ?? ''),
			token: String(credentials.accessToken ?? ''),
			tokenSecret: String(credentials.accessTokenSecret ?? ''),
			extraParams: formParams,
		});
		return {
			...(options as unknown as IHttpRequestOptions),
			headers: { ...(options.headers ?? {}), Authorization: authorization },
		};
	}
}
