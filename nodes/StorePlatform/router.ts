import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { executeRow } from './execute';
import { findRow, findTable } from './resources';
import { InputError } from './values';

/**
 * The item loop: reads resource and operation per item, runs the row, pairs every output item
 * with its input, and with "Continue On Fail" turns a failed item into an error item so that
 * the other items are still processed.
 */
export async function route(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const out: INodeExecutionData[] = [];
	for (let i = 0; i < items.length; i++) {
		try {
			const resource = this.getNodeParameter('resource', i) as string;
			const operation = this.getNodeParameter('operation', i) as string;
			const table = findTable(resource);
			const row = table && findRow(table, operation);
			if (!table || !row) {
				throw new NodeOperationError(this.getNode(), `Unknown operation '${operation}' of resource '${resource}'`, {
					itemIndex: i,
				});
			}
			const results = await executeRow.call(this, table, row, i, (op) => findRow(table, op));
			for (const result of results) out.push({ ...result, pairedItem: { item: i } });
		} catch (caught) {
			const error =
				caught instanceof InputError
					? new NodeOperationError(this.getNode(), caught.message, {
							itemIndex: i,
							description: `Field: ${caught.field}`,
						})
					: caught;
			if (this.continueOnFail()) {
				const json: IDataObject = { error: (error as Error).message };
				const description = (error as NodeApiError).description;
				if (description) json.description = description;
				const httpCode = (error as NodeApiError).httpCode;
				if (httpCode) json.httpCode = httpCode;
				out.push({ json, pairedItem: { item: i } });
				continue;
			}
			if (error instanceof NodeApiError || error instanceof NodeOperationError) {
				if (error.context) error.context.itemIndex = i;
				throw error;
			}
			throw new NodeOperationError(this.getNode(), error as Error, { itemIndex: i });
		}
	}
	return [out];
}
