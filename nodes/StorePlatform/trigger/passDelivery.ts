import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * The trigger's execute(): passes a delivery on (without it, a test run, "Listen for test event", would wait in
 * trigger()). Reading the input is all that can fail here; with Continue On Fail that failure becomes the output
 * item. `continueOnFail` is the node's `this.continueOnFail()`, read in execute() itself (n8n's
 * require-continue-on-fail rule looks for the call there).
 */
export function passDelivery(
	ctx: IExecuteFunctions,
	continueOnFail: boolean,
): INodeExecutionData[][] {
	try {
		return [ctx.getInputData()];
	} catch (caught) {
		const error = new NodeOperationError(ctx.getNode(), caught as Error);
		if (!continueOnFail) throw error;
		return [[{ json: { error: error.message }, pairedItem: { item: 0 } }]];
	}
}
