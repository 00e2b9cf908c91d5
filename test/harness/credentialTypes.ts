/**
 * The credential-type registry of the harness: behaves like n8n's own (packages/cli `CredentialTypes`),
 * `extends` followed recursively (`getParentTypes`, the parents' properties merged under the child's),
 * with n8n's built-in `oAuth1Api` type always registered. The credentials helper: ./credentials.ts.
 */
import { UnexpectedError } from 'n8n-workflow';
import type { ICredentialType, ICredentialTypes, INodeProperties } from 'n8n-workflow';

/**
 * An equivalent of n8n's `oAuth1Api` credential type (nodes-base `OAuth1Api.credentials.ts`): the
 * parent of every credential type that declares `extends = ['oAuth1Api']`.
 */
export class OAuth1ApiCredential implements ICredentialType {
	name = 'oAuth1Api';

	displayName = 'OAuth1 API';

	documentationUrl = 'httpRequest';

	genericAuth = true;

	properties: INodeProperties[] = [
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'string',
			default: '',
			required: true,
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'string',
			default: '',
			required: true,
		},
		{
			displayName: 'Consumer Key',
			name: 'consumerKey',
			type: 'string',
			default: '',
			required: true,
		},
		{
			displayName: 'Consumer Secret',
			name: 'consumerSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
		},
		{
			displayName: 'Request Token URL',
			name: 'requestTokenUrl',
			type: 'string',
			default: '',
			required: true,
		},
		{
			displayName: 'Signature Method',
			name: 'signatureMethod',
			type: 'options',
			options: [
				{ name: 'HMAC-SHA1', value: 'HMAC-SHA1' },
				{ name: 'HMAC-SHA256', value: 'HMAC-SHA256' },
				{ name: 'HMAC-SHA512', value: 'HMAC-SHA512' },
			],
			default: '',
			required: true,
		},
	];
}

/** The credential types n8n always knows, registered in every harness run. */
export const BUILT_IN_CREDENTIAL_TYPES: readonly ICredentialType[] = [new OAuth1ApiCredential()];

export class HarnessCredentialTypes implements ICredentialTypes {
	private readonly types = new Map<string, ICredentialType>();

	constructor(types: readonly ICredentialType[] = []) {
		for (const type of [...BUILT_IN_CREDENTIAL_TYPES, ...types]) this.types.set(type.name, type);
	}

	recognizes(type: string): boolean {
		return this.types.has(type);
	}

	getByName(type: string): ICredentialType {
		const found = this.types.get(type);
		if (!found) {
			throw new UnexpectedError(
				`Unknown credential type "${type}": pass its definition in \`credentialTypes\``,
			);
		}
		return found;
	}

	getSupportedNodes(type: string): string[] {
		return this.types.get(type)?.supportedNodes ?? [];
	}

	/** Every ancestor named by `extends`, nearest first, each once. */
	getParentTypes(type: string): string[] {
		const result: string[] = [];
		const visit = (name: string) => {
			for (const parent of this.types.get(name)?.extends ?? []) {
				if (result.includes(parent)) continue;
				result.push(parent);
				visit(parent);
			}
		};
		visit(type);
		return result;
	}
}
