/**
 * The credential side of the harness: a credential-type registry and an `ICredentialsHelper` that
 * behave like n8n's own (packages/cli `CredentialTypes` and `CredentialsHelper`), with the stored
 * credentials held in memory instead of the database.
 *
 * What is honoured as n8n does it:
 * - `authenticate` as a function, or as a generic object (`{ type: 'generic', properties: { headers, qs,
 *   body, auth } }`) whose keys and values are n8n expressions over `$credentials`;
 * - `extends` (recursively): `getParentTypes` drives n8n-core's choice of `requestOAuth1` /
 *   `requestOAuth2` in `httpRequestWithAuthentication`, and the properties of the parents are merged
 *   under the child's (the child's own properties win);
 * - the credential data handed to a node is the stored data with the type's defaults applied
 *   (`NodeHelpers.getNodeParameters`), hidden OAuth endpoint fields taken from the type, `oauthTokenData`
 *   kept, and expressions resolved (`={{ $self.baseUrl }}`, per item when a node asks from `execute`);
 * - `preAuthentication` with an expirable hidden property, and `restrictToSupportedNodes`.
 *
 * Not modelled: credential overwrites, external secrets, dynamic (per-user) credentials, the database.
 *
 * The credential-type registry: ./credentialTypes.ts.
 */
import { Credentials, getAdditionalKeys } from 'n8n-core';
import {
	ICredentialsHelper,
	NodeHelpers,
	UnexpectedError,
	Workflow,
	deepCopy,
	isExpression,
} from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	ICredentialsExpressionResolveValues,
	IExecuteData,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeParameters,
	INodeProperties,
	INodeType,
	INodeTypes,
	IRequestOptionsSimplified,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import type { HarnessCredentialTypes } from './credentialTypes';

/** Types whose properties get n8n's extra `oauthTokenData` property (cli `getCredentialsProperties`). */
const OAUTH_BASE_TYPES = ['oAuth1Api', 'oAuth2Api'];

/**
 * OAuth endpoint/flow fields that the credential type owns when it declares them `hidden`: a stored
 * value is dropped so that the type's default applies (cli `applyDefaultsAndOverwrites`).
 */
const OAUTH_PINNED_FIELDS = [
	'authUrl',
	'accessTokenUrl',
	'grantType',
	'authentication',
	'requestTokenUrl',
	'signatureMethod',
];

/** The node type of the stand-in node n8n resolves credential expressions on. */
const CREDENTIAL_RESOLVER_NODE_TYPE: INodeType = {
	description: {
		displayName: 'Credential resolver',
		name: 'mock',
		group: [],
		version: 1,
		description: '',
		defaults: {},
		inputs: [],
		outputs: [],
		properties: [],
	},
};

const credentialResolverNodeTypes: INodeTypes = {
	getByName: () => CREDENTIAL_RESOLVER_NODE_TYPE,
	getByNameAndVersion: () => CREDENTIAL_RESOLVER_NODE_TYPE,
	getKnownTypes: () => ({}),
};

const credentialResolverNode: INode = {
	id: 'harness-credential-resolver',
	name: '',
	type: 'mock',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** Helpers made so far: each one's credentials get ids of their own. */
let helpersMade = 0;

export class HarnessCredentialsHelper extends ICredentialsHelper {
	/** The stored (decrypted) credential data by type; updated when n8n saves refreshed tokens. */
	readonly store: Map<string, ICredentialDataDecryptedObject>;

	constructor(
		readonly credentialTypes: HarnessCredentialTypes,
		credentials: Record<string, ICredentialDataDecryptedObject> = {},
		private readonly fixedId?: string,
	) {
		super();
		this.store = new Map(Object.entries(credentials).map(([type, data]) => [type, deepCopy(data)]));
		this.serial = ++helpersMade;
	}

	/** Each helper holds other credentials, so each gets its own ids (as distinct credentials do in n8n). */
	private readonly serial: number;

	/** The id of the stored credential of a type (the node's `credentials[type].id`). */
	credentialIdOf(type: string): string {
		return this.fixedId ?? `harness-${type}-${this.serial}`;
	}

	/** The `INodeCredentials` a node needs to use every stored credential. */
	nodeCredentials(): Record<string, INodeCredentialsDetails> {
		const result: Record<string, INodeCredentialsDetails> = {};
		for (const type of this.store.keys())
			result[type] = { id: this.credentialIdOf(type), name: type };
		return result;
	}

	getParentTypes(name: string): string[] {
		return this.credentialTypes.getParentTypes(name);
	}

	isCredentialUsableByNode(credentialType: string, nodeType: string): boolean {
		if (!this.credentialTypes.recognizes(credentialType)) return true;
		const typeDef = this.credentialTypes.getByName(credentialType);
		if (!typeDef.restrictToSupportedNodes) return true;
		return this.credentialTypes
			.getSupportedNodes(credentialType)
			.some((supported) => supported === nodeType || nodeType.endsWith(`.${supported}`));
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		incomingRequestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const requestOptions = incomingRequestOptions as IHttpRequestOptions;
		const { authenticate } = this.credentialTypes.getByName(typeName);
		if (!authenticate) return requestOptions;

		if (typeof authenticate === 'function') {
			return await authenticate(credentials, requestOptions);
		}

		if (!workflow || !node) {
			throw new UnexpectedError(
				'Workflow and node are required for declarative credential authentication',
			);
		}
		if (requestOptions.headers === undefined) requestOptions.headers = {};
		if (authenticate.type === 'generic') {
			const target = requestOptions as unknown as Record<
				string,
				Record<string, unknown> | undefined
			>;
			for (const [outerKey, outerValue] of Object.entries(authenticate.properties)) {
				for (const [key, value] of Object.entries(outerValue as Record<string, unknown>)) {
					const keyResolved = this.resolveValue(key, credentials, workflow, node);
					const valueResolved = this.resolveValue(value as string, credentials, workflow, node);
					const bucket = (target[outerKey] ??= {});
					bucket[keyResolved] = valueResolved;
				}
			}
		}
		return requestOptions;
	}

	private resolveValue(
		parameterValue: string,
		credentials: ICredentialDataDecryptedObject,
		workflow: Workflow,
		node: INode,
	): string {
		if (!isExpression(parameterValue)) return parameterValue;
		const value = workflow.expression.getSimpleParameterValue(
			node,
			parameterValue,
			'internal',
			{ $credentials: credentials },
			undefined,
			'',
		);
		return value ? value.toString() : '';
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const credentialType = this.credentialTypes.getByName(typeName);
		const expirable = credentialType.properties.find(
			(property) => property.type === 'hidden' && property.typeOptions?.expirable === true,
		);
		if (expirable?.name === undefined) return undefined;
		if (typeof credentialType.preAuthentication !== 'function') return undefined;
		if (credentials[expirable.name] !== '' && !credentialsExpired) return undefined;

		const output = (await credentialType.preAuthentication.call(
			helpers,
			credentials,
		)) as ICredentialDataDecryptedObject;
		if (output[expirable.name] === undefined) return undefined;
		if (node.credentials) {
			const stored = this.store.get(typeName) ?? {};
			const toPersist: ICredentialDataDecryptedObject = { ...stored };
			for (const [key, value] of Object.entries(output)) {
				if (key === expirable.name || !isExpression(stored[key])) toPersist[key] = value;
			}
			await this.updateCredentials(node.credentials[typeName], typeName, toPersist);
			return Object.assign(credentials, output);
		}
		return undefined;
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const credentialType = this.credentialTypes.getByName(typeName);
		if (typeof credentialType.preAuthentication !== 'function') return undefined;
		const output = await credentialType.preAuthentication.call(helpers, credentials);
		return (output as ICredentialDataDecryptedObject | undefined) ?? undefined;
	}

	async getCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<Credentials> {
		const credentials = new Credentials(
			{ id: nodeCredentials.id, name: nodeCredentials.name },
			type,
		);
		await credentials.setData(this.storedData(nodeCredentials, type));
		return credentials;
	}

	private storedData(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): ICredentialDataDecryptedObject {
		const stored = this.store.get(type);
		if (stored === undefined) {
			throw new UnexpectedError(
				`Credential with ID "${nodeCredentials.id ?? ''}" does not exist for type "${type}" (not given to the harness)`,
			);
		}
		return deepCopy(stored);
	}

	async getDecrypted(
		additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: IExecuteData,
		raw?: boolean,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const data = this.storedData(nodeCredentials, type);
		if (raw === true) return data;
		return await this.applyDefaults(
			additionalData,
			data,
			type,
			mode,
			executeData,
			expressionResolveValues,
		);
	}

	/** cli `CredentialsHelper.applyDefaultsAndOverwrites`, without the overwrites. */
	async applyDefaults(
		additionalData: IWorkflowExecuteAdditionalData,
		original: ICredentialDataDecryptedObject,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: IExecuteData,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const properties = this.getCredentialsProperties(type);
		const stored = { ...original };
		for (const field of OAUTH_PINNED_FIELDS) {
			if (properties.some((p) => p.name === field && p.type === 'hidden')) delete stored[field];
		}

		let data = NodeHelpers.getNodeParameters(
			properties,
			stored as INodeParameters,
			true,
			false,
			null,
			null,
		) as ICredentialDataDecryptedObject;
		if (original.oauthTokenData !== undefined) data.oauthTokenData = original.oauthTokenData;
		for (const key of ['allowedHttpRequestDomains', 'allowedDomains']) {
			if (data[key] === undefined && original[key] !== undefined) data[key] = original[key];
		}

		const additionalKeys = getAdditionalKeys(additionalData, mode, null, { isCredential: true });
		if (expressionResolveValues) {
			try {
				data = expressionResolveValues.workflow.expression.getParameterValue(
					data as INodeParameters,
					expressionResolveValues.runExecutionData,
					expressionResolveValues.runIndex,
					expressionResolveValues.itemIndex,
					expressionResolveValues.node.name,
					expressionResolveValues.connectionInputData,
					mode,
					additionalKeys,
					executeData,
					false,
					data,
				) as ICredentialDataDecryptedObject;
			} catch (e) {
				e.message += ' [Error resolving credentials]';
				throw e;
			}
			return data;
		}

		const workflow = new Workflow({
			nodes: [credentialResolverNode],
			connections: {},
			active: false,
			nodeTypes: credentialResolverNodeTypes,
		});
		const acquired = await workflow.expression.acquireIsolate();
		try {
			return workflow.expression.getComplexParameterValue(
				credentialResolverNode,
				data as INodeParameters,
				mode,
				additionalKeys,
				undefined,
				undefined,
				data,
			) as ICredentialDataDecryptedObject;
		} finally {
			if (acquired) await workflow.expression.releaseIsolate();
		}
	}

	async updateCredentials(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.store.set(type, deepCopy(data));
	}

	async updateCredentialsOauthTokenData(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		const stored = this.store.get(type) ?? {};
		this.store.set(type, { ...stored, oauthTokenData: deepCopy(data.oauthTokenData) });
	}

	/** cli `getCredentialsProperties`: parents' properties first, the type's own win. */
	getCredentialsProperties(type: string): INodeProperties[] {
		const typeData = this.credentialTypes.getByName(type);
		if (typeData.extends === undefined) {
			if (OAUTH_BASE_TYPES.includes(type)) {
				return [
					...typeData.properties,
					{
						displayName: 'oauthTokenData',
						name: 'oauthTokenData',
						type: 'json',
						required: false,
						default: {},
					},
				];
			}
			return typeData.properties;
		}
		const combined: INodeProperties[] = [];
		for (const parent of typeData.extends) {
			NodeHelpers.mergeNodeProperties(combined, this.getCredentialsProperties(parent));
		}
		NodeHelpers.mergeNodeProperties(combined, typeData.properties);
		return combined;
	}
}
