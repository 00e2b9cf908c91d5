/**
 * The parent of a scoped list (a product's variants, a theme's assets): the rule that judges a 404 on the list,
 * the cursor after the parent is found gone, the scope ids the field takes, and the poll flow around them with a
 * shop given as functions.
 */
import type { INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { encodeIds } from '../../../nodes/StorePlatform/poll/rules/knownIds';
import {
	cursorStage,
	goneOutcome,
	knownIds,
	parentVerdict,
	pollWithParent,
	readScopeId,
	readWithParent,
	type ParentWatch,
} from '../../../nodes/StorePlatform/poll/watch/parent';
import type { PollOutcome } from '../../../nodes/StorePlatform/poll/watch/poller';
import { usableState, type PollState } from '../../../nodes/StorePlatform/poll/rules/state';
import { planOf, type PollPlan } from '../../../nodes/StorePlatform/poll/rules/strategy';
import { TABLES } from '../../../nodes/StorePlatform/resources';

const PLANS = TABLES.map(planOf).filter((p): p is PollPlan => p !== undefined);
const plan = (resource: string) => PLANS.find((p) => p.table.resource === resource) as PollPlan;
const VARIANT = plan('variant');
const ASSET = plan('themeAsset');

const node: INode = {
	id: 'n1',
	name: 'Poll',
	type: 'storePlatformPollTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
const failure = (status: number) =>
	new NodeApiError(node, { httpCode: String(status) }, { httpCode: String(status), message: 'x' });

test.each([
	// status of the list's failure, cursor, the shop answers (undefined: not asked yet), verdict
	[404, 'none', undefined, 'askShop'],
	[404, 'kept', undefined, 'askShop'],
	[404, 'none', true, 'unknownParent'],
	[404, 'kept', true, 'parentGone'],
	// the shop does not answer as a shop either: a wrong Shop Base URL, nothing proven
	[404, 'none', false, 'rethrow'],
	[404, 'kept', false, 'rethrow'],
	// already reported: no second request, no error
	[404, 'gone', undefined, 'quiet'],
	// any other failure stands as it is
	[401, 'kept', undefined, 'rethrow'],
	[500, 'kept', true, 'rethrow'],
	[503, 'gone', undefined, 'rethrow'],
	[undefined, 'kept', undefined, 'rethrow'],
	[200, 'kept', true, 'rethrow'],
] as const)('a failure %s with cursor %s, shop answers %s: %s', (status, cursor, shop, verdict) => {
	expect(parentVerdict(status, cursor, shop)).toBe(verdict);
});

test.each([
	[undefined, 'none'],
	[{ v: 2, watch: 'variant/7', known: {} }, 'kept'],
	[{ v: 2, watch: 'variant/7', known: {}, parentGone: true }, 'gone'],
] as const)('cursor %j is at stage %s', (stored, stage) => {
	expect(cursorStage(stored as PollState | undefined)).toBe(stage);
});

describe('the poll that finds the parent gone', () => {
	test('a fingerprinted list: each known record deleted once, the cursor emptied and marked', () => {
		const stored: PollState = {
			v: 2,
			watch: 'variant/7',
			known: { '11': 'a', '12': 'b', '15': 'c' },
			full: 50,
		};
		const outcome = goneOutcome(VARIANT, stored);
		expect(outcome.changes).toEqual([
			{ kind: 'deleted', id: '11', state: '' },
			{ kind: 'deleted', id: '12', state: '' },
			{ kind: 'deleted', id: '15', state: '' },
		]);
		expect(outcome.state).toEqual({
			v: 2,
			fp: 2,
			watch: 'variant/7',
			known: {},
			full: 50,
			parentGone: true,
		});
		expect(outcome.baseline).toBe(false);
	});

	test('theme assets: their keys', () => {
		const stored: PollState = { v: 2, watch: 'themeAsset/2', known: { 'layout/theme.tpl': 'x' } };
		expect(goneOutcome(ASSET, stored).changes.map((c) => c.id)).toEqual(['layout/theme.tpl']);
	});

	test('a keyed list: its known ids', () => {
		const stored: PollState = {
			v: 2,
			watch: 'x/1',
			maxId: 9,
			ids: encodeIds([3, 4, 8, 9].map(BigInt)),
			liveFloor: 2,
		};
		expect(knownIds(stored)).toEqual(['3', '4', '8', '9']);
		const { state } = goneOutcome(plan('page'), stored);
		expect(state).toEqual({
			v: 2,
			fp: 2,
			watch: 'x/1',
			maxId: 0,
			ids: '',
			liveFloor: 0,
			full: undefined,
			parentGone: true,
		});
	});

	test('a cursor with nothing known: no change, still marked', () => {
		const outcome = goneOutcome(VARIANT, { v: 2, watch: 'variant/7', known: {} });
		expect(outcome.changes).toEqual([]);
		expect(outcome.state.parentGone).toBe(true);
	});

	test('the marker survives the stored cursor being read back', () => {
		const gone = goneOutcome(VARIANT, { v: 2, watch: 'variant/7', known: { '1': 'a' } }).state;
		expect(usableState(gone, 'variant/7', ['known'])).toEqual(gone);
		expect(usableState(gone, 'variant/8', ['known'])).toBeUndefined();
	});
});

test.each([
	// resource, value, the id or the error
	['variant', '42', '42'],
	['variant', 42, '42'],
	['variant', ' 42 ', '42'],
	[
		'variant',
		'T-shirt',
		`'Product ID' must be the product's ID, a whole number such as 3, not "T-shirt": pick the product with "From list" to choose it by name`,
	],
	[
		'variant',
		'4.5',
		`'Product ID' must be the product's ID, a whole number such as 3, not "4.5": pick the product with "From list" to choose it by name`,
	],
	// a resource locator (the field since issue 43) gives its value
	['variant', { __rl: true, mode: 'list', value: '3' }, '3'],
	['variant', -3, `'Product ID' must be an ID (a whole number or text), not the number -3`],
	['variant', '', `'Product ID' is required: give the record's ID`],
	[
		'themeAsset',
		'Summer',
		`'Theme ID' must be the theme's ID, a whole number such as 12, not "Summer"`,
	],
	['themeAsset', '3', '3'],
])('%s: the scope id %j reads as %s', (resource, value, expected) => {
	const param = plan(resource).scope[0];
	let got: string;
	try {
		got = readScopeId(node, param, value);
	} catch (error) {
		got = (error as Error).message;
		expect((error as { description?: string }).description).toBe(
			`Field: ${resource === 'variant' ? 'Product ID' : 'Theme ID'}`,
		);
	}
	expect(got).toBe(expected);
});

describe('the poll flow around a scoped list', () => {
	const stored: PollState = { v: 2, watch: 'variant/7', known: { '1': 'a', '2': 'b' } };
	const watchOf = (answers: boolean, asked: { n: number }): ParentWatch => ({
		plan: VARIANT,
		scope: { productId: '7' },
		node,
		askShop: async () => {
			asked.n++;
			return answers;
		},
	});
	const failing = (status: number) => async (): Promise<PollOutcome> => {
		throw failure(status);
	};

	test('the list 404s and the shop answers: deletions, the shop asked once', async () => {
		const asked = { n: 0 };
		const outcome = await pollWithParent(watchOf(true, asked), stored, failing(404));
		expect(outcome.changes.map((c) => `${c.kind} ${c.id}`)).toEqual(['deleted 1', 'deleted 2']);
		expect(asked.n).toBe(1);
	});

	test('then quiet, the shop not asked', async () => {
		const asked = { n: 0 };
		const gone = goneOutcome(VARIANT, stored).state;
		const outcome = await pollWithParent(watchOf(true, asked), gone, failing(404));
		expect(outcome).toEqual({ changes: [], state: gone, baseline: false });
		expect(asked.n).toBe(0);
	});

	test('the shop does not answer either: the list error stands', async () => {
		await expect(pollWithParent(watchOf(false, { n: 0 }), stored, failing(404))).rejects.toThrow(
			'x',
		);
	});

	test('another failure stands, the shop not asked', async () => {
		const asked = { n: 0 };
		await expect(pollWithParent(watchOf(true, asked), stored, failing(500))).rejects.toThrow('x');
		expect(asked.n).toBe(0);
	});

	test('no cursor: an error naming the field', async () => {
		await expect(pollWithParent(watchOf(true, { n: 0 }), undefined, failing(404))).rejects.toThrow(
			'The shop has no product with Product ID 7',
		);
		await expect(
			readWithParent(watchOf(true, { n: 0 }), async () => {
				throw failure(404);
			}),
		).rejects.toThrow('The shop has no product with Product ID 7');
	});

	test('the list answers again: the marker is dropped', async () => {
		const gone = goneOutcome(VARIANT, stored).state;
		const outcome = await pollWithParent(watchOf(true, { n: 0 }), gone, async () => ({
			changes: [{ kind: 'created', id: '1', state: 'a' }],
			state: { ...gone, known: { '1': 'a' } },
			baseline: false,
		}));
		expect(outcome.state).toEqual({ v: 2, fp: 2, watch: 'variant/7', known: { '1': 'a' } });
		expect(outcome.changes).toHaveLength(1);
	});

	test('a list without a parent: a 404 is not judged', async () => {
		const asked = { n: 0 };
		const watch = { ...watchOf(true, asked), plan: plan('page'), scope: {} };
		await expect(pollWithParent(watch, stored, failing(404))).rejects.toThrow('x');
		expect(asked.n).toBe(0);
	});
});
