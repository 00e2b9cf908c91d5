/**
 * What every harness entry point shares: the one-time n8n-core process setup, the node-type registry,
 * the `IWorkflowExecuteAdditionalData` n8n hands to every node context, and the construction of the
 * node under test with its parameters and credentials.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';

import { GlobalConfig, InstanceSettingsConfig } from '@n8n/config';
import { Container } from '@n8n/di';
import { ExecutionLifecycleHooks, ExternalSecretsProxy } from 'n8n-core';
import { NodeHelpers, UnexpectedError, deepCopy } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	INode,
	INodeParameters,
	INodeType,
	INodeTypes,
	IVersionedNodeType,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { HarnessCredentialTypes } from './credentialTypes';
import { HarnessCredentialsHelper } from './credentials';

/** The package prefix of this repository's node types (`<package>.<description.name>`). */
export const PACKAGE_NAME = 'n8n-nodes-store-platform';

export const WORKFLOW_ID = 'harness-workflow';
export const EXECUTION_ID = 'harness-execution';
export const DEFAULT_WEBHOOK_BASE_URL = 'http://localhost:5678/webhook';
export const DEFAULT_WEBHOOK_ID = '5f0e6b3c-8a1d-4c7e-9b2a-harness00001';

let environmentReady = false;

/**
 * Points n8n-core's InstanceSettings at a folder under the OS temp dir with a fixed encryption key,
 * so that no test reads or writes `~/.n8n/config`, and silences n8n's logger (set `N8N_LOG_LEVEL`,
 * e.g. `debug`, to see it). Idempotent; must run before anything asks the DI container for
 * `InstanceSettings` (every node context does, in its constructor).
 */
export function ensureN8nEnvironment(): void {
	if (environmentReady) return;
	// one folder for every run: n8n writes its settings file (with this key) there once
	const folder = path.join(tmpdir(), `n8n-nodes-store-platform-harness-${process.getuid?.() ?? 0}`);
	// the fields are read-only in the type, not at run time
	Object.assign(Container.get(InstanceSettingsConfig), {
		n8nFolder: path.join(folder, '.n8n'),
		userHome: folder,
		encryptionKey: 'n8n-nodes-store-platform-test-harness-key',
		enforceSettingsFilePermissions: false,
	});
	// n8n logs node errors (ErrorReporter) at level `error`; quiet unless N8N_LOG_LEVEL asks otherwise
	if (process.env.N8N_LOG_LEVEL === undefined) {
		Object.assign(Container.get(GlobalConfig).logging, { level: 'silent' });
	}
	environmentReady = true;
}

/** A node type's full name in a workflow: `<package>.<description.name>`. */
export function nodeTypeNameOf(nodeType: INodeType | IVersionedNodeType): string {
	const name = nodeType.description.name;
	return name.includes('.') ? name : `${PACKAGE_NAME}.${name}`;
}

/** The newest version of a node type (n8n's default for a new node). */
export function defaultVersionOf(nodeType: INodeType | IVersionedNodeType): number {
	if ('nodeVersions' in nodeType) return nodeType.currentVersion;
	const { version } = nodeType.description;
	return Array.isArray(version) ? Math.max(...version) : version;
}

/** `INodeTypes` over the node types registered for one run. */
export class HarnessNodeTypes implements INodeTypes {
	private readonly types = new Map<string, INodeType | IVersionedNodeType>();

	register(name: string, nodeType: INodeType | IVersionedNodeType): this {
		this.types.set(name, nodeType);
		return this;
	}

	getByName(name: string): INodeType | IVersionedNodeType {
		const found = this.types.get(name);
		if (!found) throw new UnexpectedError(`Unknown node type "${name}"`);
		return found;
	}

	getByNameAndVersion(name: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(name), version);
	}

	getKnownTypes(): IDataObject {
		return {};
	}
}

/** What each harness entry point takes about credentials. */
export interface CredentialOptions {
	/** Stored credential data by credential type name, e.g. `{ storePlatformApi: {...} }`. */
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** The credential type definitions (`oAuth1Api` is always registered). */
	credentialTypes?: ICredentialType[];
	/**
	 * The id of the stored credentials (the node's `credentials[type].id`). Default: new ids for every call, as
	 * distinct credentials have; give the same id to model one credential edited between calls.
	 */
	credentialId?: string;
}

export function createCredentialsHelper(opts: CredentialOptions): HarnessCredentialsHelper {
	const types = new HarnessCredentialTypes(opts.credentialTypes ?? []);
	for (const type of Object.keys(opts.credentials ?? {})) {
		if (!types.recognizes(type)) {
			throw new UnexpectedError(
				`Credentials were given for "${type}" but its type is not in \`credentialTypes\``,
			);
		}
	}
	return new HarnessCredentialsHelper(types, opts.credentials, opts.credentialId);
}

function notAvailable(what: string): never {
	throw new UnexpectedError(`${what} is not available in the test harness`);
}

export interface AdditionalDataOptions {
	credentialsHelper: HarnessCredentialsHelper;
	hooks?: ExecutionLifecycleHooks;
	currentNodeParameters?: INodeParameters;
	webhookBaseUrl?: string;
}

/** The `IWorkflowExecuteAdditionalData` n8n passes to node contexts, with test values. */
export function createAdditionalData(opts: AdditionalDataOptions): IWorkflowExecuteAdditionalData {
	const base = 'http://localhost:5678';
	const webhookBaseUrl = opts.webhookBaseUrl ?? DEFAULT_WEBHOOK_BASE_URL;
	return {
		credentialsHelper: opts.credentialsHelper,
		hooks: opts.hooks,
		externalSecretsProxy: new ExternalSecretsProxy(),
		executionId: EXECUTION_ID,
		workflowId: WORKFLOW_ID,
		currentNodeExecutionIndex: 0,
		currentNodeParameters: opts.currentNodeParameters,
		restApiUrl: `${base}/rest`,
		instanceBaseUrl: base,
		formBaseUrl: `${base}/form`,
		formWaitingBaseUrl: `${base}/form-waiting`,
		formTestBaseUrl: `${base}/form-test`,
		webhookBaseUrl,
		webhookWaitingBaseUrl: `${base}/webhook-waiting`,
		webhookTestBaseUrl: `${base}/webhook-test`,
		mcpBaseUrl: `${base}/mcp`,
		mcpTestBaseUrl: `${base}/mcp-test`,
		variables: {},
		logAiEvent: () => {},
		executeWorkflow: async () => notAvailable('Executing a sub-workflow'),
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		startRunnerTask: async () => notAvailable('The task runner (Code node)'),
	};
}

/** The workflow record that n8n-core's lifecycle hooks carry. */
export function workflowRecord(
	nodes: INode[],
	connections: IWorkflowBase['connections'],
): IWorkflowBase {
	const now = new Date();
	return {
		id: WORKFLOW_ID,
		name: 'Test harness',
		active: false,
		isArchived: false,
		activeVersionId: null,
		createdAt: now,
		updatedAt: now,
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
	};
}

export function createHooks(
	mode: WorkflowExecuteMode,
	record: IWorkflowBase,
): ExecutionLifecycleHooks {
	return new ExecutionLifecycleHooks(mode, EXECUTION_ID, record);
}

export interface NodeUnderTestOptions {
	nodeType: INodeType | IVersionedNodeType;
	parameters: INodeParameters;
	credentialsHelper: HarnessCredentialsHelper;
	name?: string;
	typeVersion?: number;
	webhookId?: string;
}

/** The node under test: its parameters (copied), the stored credentials attached, n8n's defaults. */
export function createNodeUnderTest(opts: NodeUnderTestOptions): INode {
	const typeVersion = opts.typeVersion ?? defaultVersionOf(opts.nodeType);
	const description = NodeHelpers.getVersionedNodeType(opts.nodeType, typeVersion).description;
	const node: INode = {
		id: 'harness-node-under-test',
		name: opts.name ?? String(description.defaults.name ?? description.displayName),
		type: nodeTypeNameOf(opts.nodeType),
		typeVersion,
		position: [200, 0],
		parameters: deepCopy(opts.parameters),
	};
	const credentials = opts.credentialsHelper.nodeCredentials();
	if (Object.keys(credentials).length > 0) node.credentials = credentials;
	if (description.webhooks?.length) node.webhookId = opts.webhookId ?? DEFAULT_WEBHOOK_ID;
	return node;
}
