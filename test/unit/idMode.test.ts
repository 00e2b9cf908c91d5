/**
 * A resource locator's By ID says at once, in the editor, what the run refuses (input/idMode.ts): n8n-workflow's
 * own parameter issues (the editor's red field, and n8n's "workflow has issues") against the run-time rule
 * (input/rules.ts readId), for every locator of both nodes built from the tables.
 */
import type { INode, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { StorePlatform } from '../../nodes/StorePlatform/StorePlatform.node';
import { StorePlatformPollTrigger } from '../../nodes/StorePlatform/StorePlatformPollTrigger.node';
import type { Param } from '../../nodes/StorePlatform/endpoint';
import { idValidation } from '../../nodes/StorePlatform/input/idMode';
import { readId } from '../../nodes/StorePlatform/input/rules';
import { TABLES } from '../../nodes/StorePlatform/resources';

const action = new StorePlatform().description;
const poll = new StorePlatformPollTrigger().description;

const locators = (d: INodeTypeDescription): INodeProperties[] =>
	d.properties.filter((p) => p.type === 'resourceLocator');

/** n8n's issues of one locator holding `value` By ID, as the editor computes them. */
function issues(d: INodeTypeDescription, property: INodeProperties, value: string): string[] {
	const node = { name: 'n', type: d.name, typeVersion: 1, parameters: {} } as unknown as INode;
	const found = NodeHelpers.getParameterIssues(
		{ ...property, displayOptions: undefined },
		{ [property.name]: { __rl: true, mode: 'id', value } },
		'',
		node,
		d,
	);
	return (found.parameters?.[property.name] ?? []) as string[];
}

/** Every id param of the tables with a locator (the action node's "From list"). */
const PARAMS: Param[] = TABLES.flatMap((t) =>
	t.endpoints.flatMap((e) => (e.params ?? []).filter((p) => p.locator || p.listSearch)),
);

const accepted = (param: Param, value: string): boolean => {
	try {
		readId(param, value);
		return true;
	} catch {
		return false;
	}
};

describe('By ID of a locator: the editor marks what the run refuses', () => {
	it('covers both nodes: every locator has a By ID mode', () => {
		const all = [...locators(action), ...locators(poll)];
		expect(all.length).toBeGreaterThan(20);
		for (const p of all) expect(p.modes?.map((m) => m.name)).toContain('id');
	});

	// spaces around digits are trimmed by the run (toId); an expression is the run's to judge
	it.each([
		['12', true],
		[' 12 ', true],
		['0', true],
		['abc', false],
		['Leather belt', false],
		['4.5', false],
		['-1', false],
		['12a', false],
		['1e3', false],
	])('%j: accepted by the run %p, and so in the editor', (value, ok) => {
		for (const param of PARAMS.filter((p) => !p.text)) expect(accepted(param, value)).toBe(ok);
		for (const d of [action, poll]) {
			const numeric = locators(d).filter((p) => p.modes?.some((m) => m.validation));
			expect(numeric.length).toBeGreaterThan(0);
			for (const property of numeric) expect(issues(d, property, value).length === 0).toBe(ok);
		}
	});

	it('an empty field: one message, n8n\'s "required", not the ID rule too', () => {
		for (const property of locators(action).filter((p) => p.modes?.some((m) => m.validation)))
			expect(issues(action, property, '').filter((m) => /whole number/.test(m))).toEqual([]);
	});

	it('an expression is left to the run', () => {
		const [property] = locators(action).filter((p) => p.modes?.some((m) => m.validation));
		expect(issues(action, property, '={{ $json.name }}')).toEqual([]);
	});

	it('text ids (a cart user_key, a theme asset key) have no rule', () => {
		const text = PARAMS.filter((p) => p.text);
		for (const param of text) {
			expect(idValidation(param).validation).toBeUndefined();
			expect(accepted(param, 'abc')).toBe(true);
		}
	});

	it.each([
		[
			{ name: 'id', displayName: 'Variant ID', key: 'id', in: 'path', locator: 'variant' },
			'Must be the variant\'s ID, a whole number such as 12: pick the variant with "From list" to choose it by name',
		],
		[
			{ name: 'productId', displayName: 'Product ID', key: 'p', in: 'path', placeholder: 'e.g. 3' },
			'Must be the product\'s ID, a whole number such as 3: pick the product with "From list" to choose it by name',
		],
	] as Array<[Param, string]>)('%o says: %s', (param, message) => {
		expect(idValidation(param).validation).toEqual([
			{ type: 'regex', properties: { regex: expect.any(String), errorMessage: message } },
		]);
	});

	it("the Variant's message in the editor names the field's record", () => {
		const variant = locators(action).find(
			(p) => p.displayName === 'Variant' && p.modes?.some((m) => m.validation),
		);
		expect(variant).toBeDefined();
		expect(issues(action, variant as INodeProperties, 'abc')).toEqual([
			expect.stringMatching(/^Must be the variant's ID, a whole number/),
		]);
	});
});
