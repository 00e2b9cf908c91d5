/**
 * The editor's check of a "By ID" value on the BUILT description, by n8n-workflow's own parameter issues (what
 * the editor flags before a run): a record whose ids are whole numbers flags a name, with the hint to use the
 * list; expressions are left to the node's check at run time; text ids (a cart's user key) take any text.
 */
import type { INode, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { StorePlatform } from '../../nodes/StorePlatform/StorePlatform.node';

const description = new StorePlatform().description;

function issues(parameters: INodeParameters): string[] {
	const node: INode = {
		id: 'n',
		name: 'Store Platform',
		type: 'storePlatform',
		typeVersion: 3,
		position: [0, 0],
		parameters,
	};
	const found = NodeHelpers.getNodeParametersIssues(description.properties, node, description);
	return Object.values(found?.parameters ?? {}).flat();
}

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

describe('"By ID" in the editor', () => {
	it.each([
		['vendor', 'get', 'vendorId', 'Leatherworks', true],
		['vendor', 'get', 'vendorId', '12', false],
		['vendor', 'get', 'vendorId', ' 12 ', false],
		['vendor', 'get', 'vendorId', '={{ $json.vendor }}', false],
		['voucher', 'delete', 'voucherId', 'SUMMER10', true],
		['abandonedCart', 'get', 'userKey', '3f2a9c0d1e', false],
	])('%s %s: %s = %j flagged: %s', (resource, operation, name, value, flagged) => {
		const found = issues({ resource, operation, [name]: byId(value) });
		const flag = 'Not an ID: give the whole number, or pick the record with "From list"';
		if (flagged) expect(found).toContain(flag);
		else expect(found).not.toContain(flag);
	});
});
