import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * A whole list (watched by fingerprints, snapshot.ts) that holds more records than the static data keeps one
 * fingerprint each for. Past the bound the trigger reports nothing of that list: its error is shown once (at the
 * activation, or at the first poll past the bound: outages.ts), later polls are quiet and keep the cursor as it
 * was, and once the list is back within the bound the next poll reports what changed meanwhile against it.
 */
export class PastBound extends NodeOperationError {
	constructor(
		node: INode,
		noun: string,
		readonly records: number,
		max: number,
	) {
		super(
			node,
			`The ${noun} list has ${records} records; the poll trigger compares lists without filters of up to ${max} records`,
			{
				description: `Until the list is back to ${max} records or fewer, its changes are not reported; then the next poll reports what changed meanwhile (a record created and deleted again meanwhile is not reported). This error is shown once while the list stays past the bound.`,
			},
		);
	}
}
