import type {
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	ICredentialsDisplayOptions,
	INodeCredentialTestResult,
	INodeProperties,
} from 'n8n-workflow';

import { testShopCredential } from '../../../credentials/shopTest';

/*
 * Both nodes list the two credentials as an array literal in their description, each with
 * `testedBy: 'storePlatformShopTest'` (n8n's scanner reads the literal there), and give the test below as
 * `methods.credentialTest`. Which credential a node uses follows the `authentication` parameter.
 */
export const WITH_ACCESS_TOKEN: ICredentialsDisplayOptions = {
	show: { authentication: ['accessToken'] },
};
export const WITH_OAUTH1: ICredentialsDisplayOptions = { show: { authentication: ['oAuth1'] } };

/** `methods.credentialTest` of both nodes: the credential test that knows a shop (credentials/shopTest.ts). */
export const credentialTest = {
	async storePlatformShopTest(
		this: ICredentialTestFunctions,
		credential: ICredentialsDecrypted,
	): Promise<INodeCredentialTestResult> {
		return await testShopCredential(this, credential);
	},
};

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
