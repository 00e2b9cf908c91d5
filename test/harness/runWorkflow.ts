/**
 * Runs one node through n8n-core's real execution engine (`WorkflowExecute`), the way the editor's
 * "Execute workflow" does: a two-node workflow `Input → <node under test>`, where `Input` emits the
 * given items. Parameters are evaluated by n8n (expressions per item), credentials go through the
 * harness's n8n-equivalent credentials helper, and HTTP goes through n8n-core's request helpers over
 * the real network.
 */
import { WorkflowExecute } from 'n8n-core';
import { NodeConnectionTypes, NodeHelpers, Workflow, deepCopy } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IConnections,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	IRun,
	ITaskData,
	IVersionedNodeType,
	NodeOutput,
} from 'n8n-workflow';

import type { HarnessCredentialsHelper } from './credentials';
import {
	HarnessNodeTypes,
	WORKFLOW_ID,
	createAdditionalData,
	createCredentialsHelper,
	createHooks,
	createNodeUnderTest,
	ensureN8nEnvironment,
	workflowRecord,
} from './environment';

export interface RunOptions {
	/** The node to run, e.g. `new StorePlatform()`. */
	nodeType: INodeType | IVersionedNodeType;
	/** The node's parameters; `={{ ... }}` expressions are evaluated by n8n, per item. */
	parameters: INodeParameters;
	/** Stored credential data by credential type name, e.g. `{ storePlatformApi: {...} }`. */
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** The credential types (`authenticate`, `extends`, properties); `oAuth1Api` is built in. */
	credentialTypes?: ICredentialType[];
	/** The items fed into the node (from a preceding node named `Input`). Default: one empty item. */
	items?: INodeExecutionData[];
	/** The node setting "On Error: Continue" (`onError: 'continueRegularOutput'`). */
	continueOnFail?: boolean;
	/** The node's version; default: its newest. */
	typeVersion?: number;
}

export interface RunResult {
	/** The node's output items, per output. Empty when the node failed or did not run. */
	items: INodeExecutionData[][];
	/** The node's error (e.g. `NodeApiError`), or the workflow's, when the run failed. */
	error?: Error;
	/** The full run data n8n produced, for finer assertions. */
	run?: IRun;
	/** The stored credentials after the run (n8n writes refreshed tokens back). */
	credentials: Record<string, ICredentialDataDecryptedObject>;
}

/** The name of the node that feeds the items in. */
export const INPUT_NODE_NAME = 'Input';
const INPUT_NODE_TYPE = 'n8n-nodes-harness.input';

/** A node type that emits the given items: the stand-in for whatever precedes the node. */
function inputNodeType(items: INodeExecutionData[]): INodeType {
	return {
		description: {
			displayName: 'Harness Input',
			name: INPUT_NODE_TYPE,
			group: ['input'],
			version: 1,
			description: 'Emits the items given to the test harness',
			defaults: { name: INPUT_NODE_NAME },
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			properties: [],
		},
		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			return [deepCopy(items)];
		},
	};
}

/**
 * The node type as n8n runs it, except that an error thrown by `execute` is also kept (n8n stores only
 * a plain copy of it in the run data). `this`, arguments and result are passed through unchanged.
 */
function keepingThrownError(nodeType: INodeType, kept: { error?: unknown }): INodeType {
	const { execute } = nodeType;
	if (typeof execute !== 'function') return nodeType;
	const wrapper = Object.create(nodeType) as INodeType;
	wrapper.execute = async function (
		this: IExecuteFunctions,
		...args: unknown[]
	): Promise<NodeOutput> {
		try {
			return await (execute as (...a: unknown[]) => Promise<NodeOutput>).apply(this, args);
		} catch (error) {
			kept.error = error;
			throw error;
		}
	};
	return wrapper;
}

function storedCredentials(
	helper: HarnessCredentialsHelper,
): Record<string, ICredentialDataDecryptedObject> {
	return Object.fromEntries(
		[...helper.store.entries()].map(([type, data]) => [type, deepCopy(data)]),
	);
}

function asError(value: unknown): Error {
	if (value instanceof Error) return value;
	const message =
		typeof value === 'object' && value !== null && 'message' in value
			? String((value as { message: unknown }).message)
			: String(value);
	return Object.assign(new Error(message), value);
}

export async function runNode(opts: RunOptions): Promise<RunResult> {
	ensureN8nEnvironment();
	const credentialsHelper = createCredentialsHelper(opts);

	const inputNode: INode = {
		id: 'harness-input',
		name: INPUT_NODE_NAME,
		type: INPUT_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const node = createNodeUnderTest({
		nodeType: opts.nodeType,
		parameters: opts.parameters,
		credentialsHelper,
		typeVersion: opts.typeVersion,
	});
	if (opts.continueOnFail) node.onError = 'continueRegularOutput';

	const kept: { error?: unknown } = {};
	const nodeTypes = new HarnessNodeTypes()
		.register(INPUT_NODE_TYPE, inputNodeType(opts.items ?? [{ json: {} }]))
		.register(
			node.type,
			keepingThrownError(NodeHelpers.getVersionedNodeType(opts.nodeType, node.typeVersion), kept),
		);

	const connections: IConnections = {
		[INPUT_NODE_NAME]: { main: [[{ node: node.name, type: NodeConnectionTypes.Main, index: 0 }]] },
	};
	const workflow = new Workflow({
		id: WORKFLOW_ID,
		name: 'Test harness',
		nodes: [inputNode, node],
		connections,
		active: false,
		nodeTypes,
		settings: { executionOrder: 'v1' },
	});

	const hooks = createHooks('manual', workflowRecord([inputNode, node], connections));
	const additionalData = createAdditionalData({ credentialsHelper, hooks });

	let run: IRun;
	try {
		run = await new WorkflowExecute(additionalData, 'manual').run({
			workflow,
			startNode: inputNode,
		});
	} catch (error) {
		// e.g. WorkflowHasIssuesError: a required parameter or credential is missing
		return { items: [], error: asError(error), credentials: storedCredentials(credentialsHelper) };
	}

	const task: ITaskData | undefined = run.data.resultData.runData[node.name]?.[0];
	const items = (task?.data?.[NodeConnectionTypes.Main] ?? []).map((output) => output ?? []);
	const failure = task?.error ?? run.data.resultData.error;
	// the thrown error itself, when it is the one n8n recorded (n8n may instead record a normalised one)
	const thrown =
		failure && kept.error instanceof Error && kept.error.message === failure.message
			? kept.error
			: undefined;
	return {
		items: failure && !task?.data ? [] : items,
		error: failure ? (thrown ?? asError(failure)) : undefined,
		run,
		credentials: storedCredentials(credentialsHelper),
	};
}
