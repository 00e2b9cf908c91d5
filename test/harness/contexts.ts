/**
 * The non-execution entry points of a node, each called with the n8n-core context n8n gives it:
 * - `methods.listSearch` / `methods.loadOptions` with a `LoadOptionsContext` (as the editor's
 *   "dynamic node parameters" endpoint does: a one-node workflow, the node's current parameters);
 * - `webhookMethods.<name>.checkExists|create|delete` with a `HookContext` (as n8n does when a
 *   workflow with a webhook trigger is activated or deactivated), with the workflow static data;
 * - `webhook()` with a `WebhookContext` over an express-like request/response pair.
 */
import { HookContext, LoadOptionsContext, WebhookContext } from 'n8n-core';
import {
	NodeHelpers,
	UnexpectedError,
	Workflow,
	deepCopy,
	isNodeClassInstance,
} from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestMethods,
	INode,
	INodeListSearchResult,
	INodeParameters,
	INodePropertyOptions,
	INodeType,
	IVersionedNodeType,
	IWebhookData,
	IWebhookResponseData,
	IWorkflowExecuteAdditionalData,
	WebhookSetupMethodNames,
	WebhookType,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import type { HarnessCredentialsHelper } from './credentials';
import {
	type CredentialOptions,
	DEFAULT_WEBHOOK_BASE_URL,
	HarnessNodeTypes,
	WORKFLOW_ID,
	createAdditionalData,
	createCredentialsHelper,
	createNodeUnderTest,
	ensureN8nEnvironment,
	nodeTypeNameOf,
} from './environment';
import {
	type RecordedResponse,
	type WebhookRequestInit,
	createWebhookRequest,
	createWebhookResponse,
} from './http';

type AnyNodeType = INodeType | IVersionedNodeType;

interface NodeSetup {
	workflow: Workflow;
	node: INode;
	nodeType: INodeType;
	credentialsHelper: HarnessCredentialsHelper;
}

export function setUpNode(
	nodeType: AnyNodeType,
	parameters: INodeParameters,
	opts: CredentialOptions & {
		typeVersion?: number;
		staticData?: IDataObject;
		globalStaticData?: IDataObject;
		/** The workflow's id (default the harness's one): n8n keeps some things per workflow and node. */
		workflowId?: string;
	},
): NodeSetup {
	ensureN8nEnvironment();
	const credentialsHelper = createCredentialsHelper(opts);
	const nodeTypes = new HarnessNodeTypes().register(nodeTypeNameOf(nodeType), nodeType);
	const node = createNodeUnderTest({
		nodeType,
		parameters,
		credentialsHelper,
		typeVersion: opts.typeVersion,
	});
	const staticData: IDataObject = {};
	if (opts.globalStaticData) staticData.global = deepCopy(opts.globalStaticData);
	if (opts.staticData) staticData[`node:${node.name}`] = deepCopy(opts.staticData);
	const workflow = new Workflow({
		id: opts.workflowId ?? WORKFLOW_ID,
		name: 'Test harness',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
		staticData,
		settings: { executionOrder: 'v1' },
	});
	// `new Workflow` applied the parameter defaults to the node
	return {
		workflow,
		node: workflow.getNode(node.name) ?? node,
		nodeType: nodeTypes.getByNameAndVersion(node.type, node.typeVersion),
		credentialsHelper,
	};
}

function storedCredentials(
	helper: HarnessCredentialsHelper,
): Record<string, ICredentialDataDecryptedObject> {
	return Object.fromEntries(
		[...helper.store.entries()].map(([type, data]) => [type, deepCopy(data)]),
	);
}

/** A plain copy of the workflow's static data (n8n keeps it as an observable object). */
export function staticDataOf(workflow: Workflow, node: INode) {
	const plain = (value: unknown): IDataObject =>
		value === undefined ? {} : (JSON.parse(JSON.stringify(value)) as IDataObject);
	return {
		staticData: plain(workflow.staticData[`node:${node.name}`]),
		globalStaticData: plain(workflow.staticData.global),
		staticDataChanged: workflow.staticData.__dataChanged === true,
	};
}

// ---------------------------------------------------------------------------------------------
// listSearch / loadOptions

export interface LoadOptionsCallOptions extends CredentialOptions {
	/** The node's current parameters (as the editor sends them). */
	parameters?: INodeParameters;
	/** The search text typed in the resource locator. */
	filter?: string;
	/** The token of the next page, from a previous result. */
	paginationToken?: string;
	/** The path of the parameter being filled; default `parameters.<method name>`. */
	path?: string;
	typeVersion?: number;
}

function loadOptionsContext(nodeType: AnyNodeType, name: string, opts: LoadOptionsCallOptions) {
	const setup = setUpNode(nodeType, opts.parameters ?? {}, opts);
	const additionalData = createAdditionalData({
		credentialsHelper: setup.credentialsHelper,
		currentNodeParameters: setup.node.parameters,
	});
	const context = new LoadOptionsContext(
		setup.workflow,
		setup.node,
		additionalData,
		opts.path ?? `parameters.${name}`,
	);
	return { ...setup, context };
}

/** Calls `methods.listSearch[name]` as n8n's resource locator does. */
export async function callListSearch(
	nodeType: AnyNodeType,
	name: string,
	opts: LoadOptionsCallOptions = {},
): Promise<INodeListSearchResult> {
	const { nodeType: resolved, context } = loadOptionsContext(nodeType, name, opts);
	const method = resolved.methods?.listSearch?.[name];
	if (typeof method !== 'function') {
		throw new UnexpectedError(`Node type has no listSearch method "${name}"`);
	}
	return await method.call(context, opts.filter, opts.paginationToken);
}

/** Calls `methods.loadOptions[name]` as n8n's options dropdown does. */
export async function callLoadOptions(
	nodeType: AnyNodeType,
	name: string,
	opts: LoadOptionsCallOptions = {},
): Promise<INodePropertyOptions[]> {
	const { nodeType: resolved, context } = loadOptionsContext(nodeType, name, opts);
	const method = resolved.methods?.loadOptions?.[name];
	if (typeof method !== 'function') {
		throw new UnexpectedError(`Node type has no loadOptions method "${name}"`);
	}
	return await method.call(context);
}

// ---------------------------------------------------------------------------------------------
// webhooks

export interface WebhookCallOptionsBase extends CredentialOptions {
	parameters?: INodeParameters;
	/** The node's own static data (`getWorkflowStaticData('node')`), as stored before the call. */
	staticData?: IDataObject;
	/** The workflow's global static data (`getWorkflowStaticData('global')`). */
	globalStaticData?: IDataObject;
	/** Which webhook of the node; default `default`. */
	webhookName?: WebhookType;
	/**
	 * The node's production webhook URL, as `getNodeWebhookUrl(name)` must return it. It must end with
	 * `/<path>` of the webhook description (`/<webhookId>/<path>` unless `isFullPath`); the segment
	 * before the path becomes the node's `webhookId`. Default `http://localhost:5678/webhook/<id>/<path>`.
	 */
	webhookUrl?: string;
	typeVersion?: number;
}

export interface WebhookMethodCallOptions extends WebhookCallOptionsBase {
	/** Default `activate` (the workflow is being activated). */
	activation?: WorkflowActivateMode;
	/** Default `trigger`. */
	mode?: WorkflowExecuteMode;
}

export interface StaticDataResult {
	/** The node's static data after the call (a plain copy). */
	staticData: IDataObject;
	/** The workflow's global static data after the call (a plain copy). */
	globalStaticData: IDataObject;
	/** Whether n8n would save the workflow's static data after the call. */
	staticDataChanged: boolean;
	/** The URL the node saw from `getNodeWebhookUrl`. */
	webhookUrl: string;
	/** The stored credentials after the call. */
	credentials: Record<string, ICredentialDataDecryptedObject>;
}

export interface WebhookMethodResult extends StaticDataResult {
	/** What the method returned (`checkExists` → whether the webhook exists; `create`/`delete` → success). */
	result: boolean | undefined;
}

interface WebhookSetup extends NodeSetup {
	additionalData: IWorkflowExecuteAdditionalData;
	webhookData: IWebhookData;
	webhookUrl: string;
}

/** cli `WebhookService.getNodeWebhooks`, for one webhook description and its first HTTP method. */
function webhookDataOf(
	workflow: Workflow,
	node: INode,
	nodeType: INodeType,
	name: WebhookType,
	additionalData: IWorkflowExecuteAdditionalData,
): { webhookData: IWebhookData; path: string; isFullPath: boolean } {
	const description = nodeType.description.webhooks?.find((w) => w.name === name);
	if (!description) throw new UnexpectedError(`Node type has no webhook named "${name}"`);
	let path = String(
		workflow.expression.getSimpleParameterValue(node, description.path, 'internal', {}) ?? '',
	);
	path = path.replace(/^\//, '').replace(/\/$/, '');
	const isFullPath = workflow.expression.getSimpleParameterValue(
		node,
		description.isFullPath,
		'internal',
		{},
		undefined,
		false,
	) as boolean;
	const restartWebhook = workflow.expression.getSimpleParameterValue(
		node,
		description.restartWebhook,
		'internal',
		{},
		undefined,
		false,
	) as boolean;
	const httpMethod = String(
		workflow.expression.getSimpleParameterValue(
			node,
			description.httpMethod,
			'internal',
			{},
			undefined,
			'GET',
		),
	)
		.split(',')[0]
		.trim() as IHttpRequestMethods;
	const webhookPath = NodeHelpers.getNodeWebhookPath(
		workflow.id,
		node,
		path,
		isFullPath,
		restartWebhook,
	);
	return {
		webhookData: {
			httpMethod,
			node: node.name,
			path: webhookPath,
			webhookDescription: description,
			workflowId: workflow.id,
			workflowExecuteAdditionalData: additionalData,
			webhookId:
				webhookPath.startsWith(':') || webhookPath.includes('/:') ? node.webhookId : undefined,
		},
		path,
		isFullPath,
	};
}

/** Chooses the base URL (and the node's webhookId) so that n8n computes exactly `webhookUrl`. */
function applyWebhookUrl(
	webhookUrl: string,
	workflow: Workflow,
	node: INode,
	path: string,
	isFullPath: boolean,
): string {
	const suffix = NodeHelpers.getNodeWebhookUrl('', workflow.id, node, path, isFullPath);
	if (webhookUrl.endsWith(suffix)) return webhookUrl.slice(0, -suffix.length);
	if (!isFullPath && node.webhookId !== undefined && webhookUrl.endsWith(`/${path}`)) {
		const rest = webhookUrl.slice(0, -(path.length + 1));
		const cut = rest.lastIndexOf('/');
		if (cut > 0) {
			node.webhookId = rest.slice(cut + 1);
			return rest.slice(0, cut);
		}
	}
	throw new UnexpectedError(
		`webhookUrl "${webhookUrl}" cannot be produced by n8n for this node: it must end with "${suffix}" (or "/<webhookId>/${path}")`,
	);
}

function setUpWebhook(
	nodeType: AnyNodeType,
	opts: WebhookCallOptionsBase,
	extra: Partial<IWorkflowExecuteAdditionalData> = {},
): WebhookSetup {
	const setup = setUpNode(nodeType, opts.parameters ?? {}, opts);
	const name = opts.webhookName ?? 'default';
	const additionalData = {
		...createAdditionalData({ credentialsHelper: setup.credentialsHelper }),
		...extra,
	};
	const { path, isFullPath } = webhookDataOf(
		setup.workflow,
		setup.node,
		setup.nodeType,
		name,
		additionalData,
	);
	additionalData.webhookBaseUrl = opts.webhookUrl
		? applyWebhookUrl(opts.webhookUrl, setup.workflow, setup.node, path, isFullPath)
		: DEFAULT_WEBHOOK_BASE_URL;
	// again, now that the node's webhookId is final
	const { webhookData } = webhookDataOf(
		setup.workflow,
		setup.node,
		setup.nodeType,
		name,
		additionalData,
	);
	const webhookUrl = NodeHelpers.getNodeWebhookUrl(
		additionalData.webhookBaseUrl,
		setup.workflow.id,
		setup.node,
		path,
		isFullPath,
	);
	return { ...setup, additionalData, webhookData, webhookUrl };
}

/**
 * Calls `webhookMethods[webhookName][method]` with a `HookContext`, as n8n does on activation
 * (`checkExists`, then `create` if it answered false) and on deactivation (`delete`).
 */
export async function callWebhookMethod(
	nodeType: AnyNodeType,
	method: WebhookSetupMethodNames,
	opts: WebhookMethodCallOptions = {},
): Promise<WebhookMethodResult> {
	const setup = setUpWebhook(nodeType, opts);
	const fn = setup.nodeType.webhookMethods?.[setup.webhookData.webhookDescription.name]?.[method];
	if (typeof fn !== 'function') {
		throw new UnexpectedError(`Node type has no webhook method "${method}"`);
	}
	const context = new HookContext(
		setup.workflow,
		setup.node,
		setup.additionalData,
		opts.mode ?? 'trigger',
		opts.activation ?? 'activate',
		setup.webhookData,
	);
	const seen = context.getNodeWebhookUrl(setup.webhookData.webhookDescription.name);
	if (seen !== setup.webhookUrl) {
		throw new UnexpectedError(`n8n computed webhook URL "${seen}", expected "${setup.webhookUrl}"`);
	}
	const result = (await fn.call(context)) as boolean | undefined;
	return {
		result,
		...staticDataOf(setup.workflow, setup.node),
		webhookUrl: setup.webhookUrl,
		credentials: storedCredentials(setup.credentialsHelper),
	};
}

export interface WebhookCallOptions extends WebhookCallOptionsBase {
	/** The incoming request. */
	req?: WebhookRequestInit;
	/** Default `webhook` (a production webhook call). */
	mode?: WorkflowExecuteMode;
}

export interface WebhookCallResult extends StaticDataResult {
	/** What `webhook()` returned. */
	result: IWebhookResponseData;
	/** What the node wrote to the response itself. */
	response: RecordedResponse;
	/** Whether n8n would start the workflow (the node returned `workflowData`). */
	workflowStarted: boolean;
}

/** Calls the node's `webhook()` with a `WebhookContext`, as n8n does for an incoming webhook request. */
export async function callWebhook(
	nodeType: AnyNodeType,
	opts: WebhookCallOptions = {},
): Promise<WebhookCallResult> {
	const req = createWebhookRequest(opts.req);
	const { res, recorded } = createWebhookResponse();
	const setup = setUpWebhook(nodeType, opts, { httpRequest: req, httpResponse: res });
	const { nodeType: resolved } = setup;
	if (resolved.webhook === undefined) {
		throw new UnexpectedError('Node does not have any webhooks defined');
	}
	const context = new WebhookContext(
		setup.workflow,
		setup.node,
		setup.additionalData,
		opts.mode ?? 'webhook',
		setup.webhookData,
		[],
		null,
	);
	const result = isNodeClassInstance(resolved)
		? await resolved.webhook!(context)
		: ((await resolved.webhook.call(context)) as IWebhookResponseData);
	return {
		result,
		response: recorded,
		workflowStarted: result.workflowData !== undefined,
		...staticDataOf(setup.workflow, setup.node),
		webhookUrl: setup.webhookUrl,
		credentials: storedCredentials(setup.credentialsHelper),
	};
}
