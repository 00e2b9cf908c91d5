import type {
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	INodeCredentialTestResult,
	INodeProperties,
} from 'n8n-workflow';

import { testShopCredential } from '../../../credentials/shopTest';

/*
 * The nodes list the two credentials as an array literal in their description, each with
 * `testedBy: 'storePlatformShopTest'` (n8n's scanner reads the literal there) and a literal
 * `displayOptions: { show: { authentication: [...] } }` (n8n's single-credential-per-node rule compares the
 * values only when written there; test/unit/communityRules.test.ts holds the nodes to it), and give the test
 * below as `methods.credentialTest`. Which credential a node uses follows the `authentication` parameter.
 */
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
