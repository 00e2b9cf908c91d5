/**
 * The credential forms' hints in plain words (issue 31, point 8): each field says where a shop owner or an app
 * developer finds its value, without OAuth's technical names (those are in docs/credentials.md). The OAuth1
 * credential's Consumer Key and Consumer Secret are n8n's own fields (oAuth1Api), given this credential's hints by
 * redefining them: n8n merges a credential's properties over those of the type it extends, by name.
 */
import type { INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { StorePlatformApi } from '../../credentials/StorePlatformApi.credentials';
import { StorePlatformOAuth1Api } from '../../credentials/StorePlatformOAuth1Api.credentials';

const api = new StorePlatformApi();
const oauth = new StorePlatformOAuth1Api();

/** n8n's oAuth1Api fields, in its order (n8n-nodes-base 2.41.1: dist/credentials/OAuth1Api.credentials.js). */
const text = (displayName: string, name: string, password = false): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	...(password ? { typeOptions: { password: true } } : {}),
	default: '',
	required: true,
});
const N8N_OAUTH1: INodeProperties[] = [
	text('Authorization URL', 'authUrl'),
	text('Access Token URL', 'accessTokenUrl'),
	text('Consumer Key', 'consumerKey', true),
	text('Consumer Secret', 'consumerSecret', true),
	text('Request Token URL', 'requestTokenUrl'),
	{
		displayName: 'Signature Method',
		name: 'signatureMethod',
		type: 'options',
		options: [{ name: 'HMAC-SHA1', value: 'HMAC-SHA1' }],
		default: 'HMAC-SHA1',
		required: true,
	},
];

/** The form of the OAuth1 credential as n8n builds it: its parent's fields, then its own merged over them. */
function oauthForm(): INodeProperties[] {
	const form: INodeProperties[] = [];
	NodeHelpers.mergeNodeProperties(form, N8N_OAUTH1);
	NodeHelpers.mergeNodeProperties(form, oauth.properties);
	return form.filter((p) => p.type !== 'hidden');
}

const TECHNICAL = /oauth_|\bOAuth consumer\b|\bconsumer (key|secret)\b|\(oauth/i;

describe('credential hints', () => {
	const fields = [
		...api.properties.map((p) => ['Store Platform API', p] as const),
		...oauthForm().map((p) => ['Store Platform OAuth1 API', p] as const),
	];

	it.each(fields.map(([c, p]) => [`${c}: ${p.displayName}`, p] as const))(
		'%s has a description in plain words',
		(_name, p) => {
			expect(p.description ?? '').not.toBe('');
			expect(`${p.description} ${p.hint ?? ''}`).not.toMatch(TECHNICAL);
		},
	);

	it.each([
		[api, 'consumerKey', /partner account/i],
		[api, 'consumerSecret', /partner account/i],
		[api, 'accessToken', /install/i],
		[api, 'accessTokenSecret', /install|access token/i],
		[api, 'accessToken', /Store Platform OAuth1 API/],
	] as const)(
		"%#: the hint (under the field: n8n's credential form shows the description only on focus) says where the value comes from",
		(credential, name, where) => {
			const p = credential.properties.find((q) => q.name === name);
			expect(p?.hint).toMatch(where);
		},
	);

	it("the OAuth1 form's Consumer Key and Secret say where they are; the secret stays a password field", () => {
		const form = oauthForm();
		const key = form.find((p) => p.name === 'consumerKey');
		const secret = form.find((p) => p.name === 'consumerSecret');
		expect(key?.hint).toMatch(/API key.*partner account/i);
		expect(secret?.hint).toMatch(/shared secret.*partner account/i);
		// the secret stays a password field; the API key is the public half (as in the Store Platform API form)
		expect(secret?.typeOptions?.password).toBe(true);
		expect([key?.required, secret?.required]).toEqual([true, true]);
		// n8n's own order: the keys first, then the shop's address
		expect(form.map((p) => p.name)).toEqual(['consumerKey', 'consumerSecret', 'baseUrl']);
	});
});
