/**
 * A node's `trigger()` with the n8n-core `TriggerContext` n8n gives it when a workflow is activated: what it
 * emits is recorded (with n8n's execution deduplication key), and the schedules it registers are handed to the
 * test as functions to tick, instead of n8n's scheduler.
 */
import { TriggerContext } from 'n8n-core';
import type {
	IDataObject,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	ITriggerResponse,
	IVersionedNodeType,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { setUpNode, staticDataOf } from './contexts';
import { createAdditionalData, type CredentialOptions } from './environment';

export interface TriggerCallOptions extends CredentialOptions {
	parameters?: INodeParameters;
	typeVersion?: number;
	/** The node's static data at activation (e.g. what create() left). */
	staticData?: IDataObject;
	/** Default `init` (n8n's start). */
	activation?: WorkflowActivateMode;
	/** Default `trigger`. */
	mode?: WorkflowExecuteMode;
}

export interface Emitted {
	data: INodeExecutionData[][];
	deduplicationKey?: string;
}

export interface StartedTrigger {
	response: ITriggerResponse | undefined;
	emitted: Emitted[];
	/** The schedules registered (the cron argument as given) and their callbacks. */
	schedules: Array<{ cron: unknown; tick: () => void }>;
	/** A plain copy of the node's static data now. */
	staticData(): IDataObject;
}

export async function startTrigger(
	nodeType: INodeType | IVersionedNodeType,
	opts: TriggerCallOptions,
): Promise<StartedTrigger> {
	const setup = setUpNode(nodeType, opts.parameters ?? {}, opts);
	const additionalData = createAdditionalData({ credentialsHelper: setup.credentialsHelper });
	const emitted: Emitted[] = [];
	const schedules: StartedTrigger['schedules'] = [];
	const context = new TriggerContext(
		setup.workflow,
		setup.node,
		additionalData,
		opts.mode ?? 'trigger',
		opts.activation ?? 'init',
		(data, _response, _done, deduplicationKey) => emitted.push({ data, deduplicationKey }),
		undefined,
		undefined,
		{
			registerCron: (cron: unknown, tick: () => void) => {
				schedules.push({ cron, tick });
			},
		} as never,
	);
	const response = await setup.nodeType.trigger?.call(context);
	return {
		response,
		emitted,
		schedules,
		staticData: () => staticDataOf(setup.workflow, setup.node).staticData,
	};
}
