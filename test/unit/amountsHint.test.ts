/**
 * The output pane says the unit of amounts is not documented where an output holds amounts (api/amountsHint.ts):
 * each hint's displayCondition resolved by n8n-workflow's expression engine, against the node's parameters.
 */
import type { INode, INodeParameters, INodeType, NodeHint } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { StorePlatformPollTrigger } from '../../nodes/StorePlatform/StorePlatformPollTrigger.node';
import { StorePlatformTrigger } from '../../nodes/StorePlatform/StorePlatformTrigger.node';
import { HarnessNodeTypes } from '../harness/environment';

const pollNode = new StorePlatformPollTrigger();
const triggerNode = new StorePlatformTrigger();
const poll = pollNode.description;
const trigger = triggerNode.description;

const amountHints = (hints: NodeHint[] = []) => hints.filter((h) => /unit/.test(h.message));

/**
 * Whether n8n shows `hint` for a node with `parameters`: its displayCondition resolved as n8n 2.41.1's editor
 * resolves it before the node has input (useNodeHelpers getNodeHints: expression.getSimpleParameterValue).
 */
function shows(hint: NodeHint, nodeType: INodeType, parameters: INodeParameters): boolean {
	const { name: type, defaultVersion } = nodeType.description;
	const node: INode = {
		id: 'n',
		name: 'Trigger',
		type,
		typeVersion: defaultVersion ?? 1,
		position: [0, 0],
		parameters,
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new HarnessNodeTypes().register(type, nodeType),
	});
	return workflow.expression.getSimpleParameterValue(
		node,
		hint.displayCondition ?? '',
		'internal',
		{},
	) as boolean;
}

describe('the unit of amounts, beside an output that holds them', () => {
	it('one hint per trigger, after a run, in the output pane, with the words a user needs', () => {
		for (const d of [poll, trigger]) {
			const [hint, ...more] = amountHints(d.hints);
			expect(more).toEqual([]);
			expect(hint).toMatchObject({ location: 'outputPane', whenToDisplay: 'afterExecution' });
			expect(hint.message).toMatch(/4350 may be 43\.50 EUR or 4350 EUR/);
			expect(hint.message).toMatch(/does not document their unit/);
		}
	});

	it.each([
		[['order/create'], true],
		[['category/create', 'order/paid'], true],
		[['checkout/update'], true],
		[['category/create', 'vendor/update'], false],
		[['orderStatus/paid'], false],
		[[], false],
		[undefined, false],
	])('webhook trigger on %j: shown %p', (events, shown) => {
		const [hint] = amountHints(trigger.hints);
		expect(shows(hint, triggerNode, events === undefined ? {} : { events })).toBe(shown);
	});

	it.each([
		['applicationCharge', true],
		['variant', true],
		['voucher', true],
		['promotion', true],
		['page', false],
		['category', false],
		['webhook', false],
	])('poll trigger on %s: shown %p', (resource, shown) => {
		const [hint] = amountHints(poll.hints);
		expect(shows(hint, pollNode, { resource })).toBe(shown);
	});
});
