/**
 * A poll node as n8n runs it: n8n-core's `PollContext` and `PollTriggerExecutor` (the code n8n's scheduler calls
 * on each Poll Time). A test ticks the poller instead of a cron; what `poll()` returns reaches `__emit`, what it
 * throws reaches `__emitError` (n8n's poll error), and the node's static data lives in the workflow as in n8n.
 */
import { Container } from '@n8n/di';
import { PollContext, PollTriggerExecutor } from 'n8n-core';
import type {
	IDataObject,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	IPollFunctions,
	IVersionedNodeType,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { setUpNode, staticDataOf } from './contexts';
import { createAdditionalData, type CredentialOptions } from './environment';

export interface PollerOptions extends CredentialOptions {
	parameters?: INodeParameters;
	typeVersion?: number;
	/** The node's static data when the poller starts (what n8n saved before a restart). */
	staticData?: IDataObject;
	/** The workflow's global static data when the poller starts. */
	globalStaticData?: IDataObject;
	/** Default `trigger`; `manual` is the editor's Fetch Test Event. */
	mode?: WorkflowExecuteMode;
	/** Default `activate`. */
	activation?: WorkflowActivateMode;
	/** What `getPollBudgetMs()` answers; `null`: an n8n without it (before 2.37). Default: n8n-core's. */
	budgetMs?: number | null;
	/** The workflow's id (default the harness's one). */
	workflowId?: string;
}

export interface PollTick {
	/** What the poll emitted (null when it returned null). */
	items: INodeExecutionData[] | null;
	/** The error n8n showed for the poll, if it failed. */
	error?: Error;
}

export interface Poller {
	/** One scheduled poll (`activation`: the poll n8n runs when the workflow is activated, which throws). */
	tick(opts?: { activation?: boolean }): Promise<PollTick>;
	/** A plain copy of the node's static data now. */
	staticData(): IDataObject;
	/** A plain copy of the workflow's global static data now. */
	globalStaticData(): IDataObject;
	/** Whether n8n would save the workflow's static data now. */
	staticDataChanged(): boolean;
	/** Every item list emitted since the poller started (also by ticks that ran at the same time). */
	emitted: INodeExecutionData[][];
	context: IPollFunctions;
}

export function startPoller(nodeType: INodeType | IVersionedNodeType, opts: PollerOptions): Poller {
	const setup = setUpNode(nodeType, opts.parameters ?? {}, opts);
	const additionalData = createAdditionalData({ credentialsHelper: setup.credentialsHelper });
	let emitted: INodeExecutionData[][] | null = null;
	let failed: Error | undefined;
	const all: INodeExecutionData[][] = [];
	const context = new PollContext(
		setup.workflow,
		setup.node,
		additionalData,
		opts.mode ?? 'trigger',
		opts.activation ?? 'activate',
		(data) => {
			emitted = data;
			all.push(data[0] ?? []);
		},
		(error) => {
			failed = error;
		},
		undefined,
		undefined,
		undefined,
		typeof opts.budgetMs === 'number' ? () => opts.budgetMs as number : undefined,
	);
	if (opts.budgetMs === null) {
		Object.defineProperty(context, 'getPollBudgetMs', { value: undefined });
	}
	const execute = Container.get(PollTriggerExecutor).create(
		setup.workflow,
		setup.node,
		context,
		() => true,
	);
	return {
		context,
		emitted: all,
		async tick(tickOpts = {}) {
			emitted = null;
			failed = undefined;
			try {
				await execute(tickOpts.activation === true);
			} catch (error) {
				failed = error as Error;
			}
			const data = emitted as INodeExecutionData[][] | null;
			return { items: data ? (data[0] ?? []) : null, error: failed };
		},
		staticData: () => staticDataOf(setup.workflow, setup.node).staticData,
		globalStaticData: () => staticDataOf(setup.workflow, setup.node).globalStaticData,
		staticDataChanged: () => staticDataOf(setup.workflow, setup.node).staticDataChanged,
	};
}
