/** An item's gate in a stopping run (api/gate.ts) and what became of the item (action/itemOutcome.ts). */
import type { INodeExecutionData } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { ItemGate, NotSent } from '../../nodes/StorePlatform/api/gate';
import { outcomeOf, recordName } from '../../nodes/StorePlatform/action/itemOutcome';
import type { PreparedRequest } from '../../nodes/StorePlatform/action/endpointRequest';

type Step = ['admit', number] | ['answered', number] | ['failed'] | ['stop'];

describe('ItemGate', () => {
	it.each<[string, boolean, Step[], Array<'out' | 'held'>, boolean]>([
		[
			'a run going on lets everything out',
			true,
			[
				['admit', 0],
				['answered', 429],
				['admit', 1],
			],
			['out', 'out'],
			false,
		],
		[
			'stopped before the item: nothing of it goes out',
			true,
			[['stop'], ['admit', 0]],
			['held'],
			false,
		],
		[
			'stopped while a refusal waited: not sent again',
			true,
			[['admit', 0], ['answered', 429], ['stop'], ['admit', 1]],
			['out', 'held'],
			true,
		],
		[
			'stopped after its first request: its next ones (pages, the read again) go on',
			true,
			[['admit', 0], ['answered', 200], ['stop'], ['admit', 0], ['admit', 0]],
			['out', 'out', 'out'],
			true,
		],
		[
			'a failed request stops the run',
			true,
			[['admit', 0], ['answered', 404], ['failed'], ['admit', 0]],
			['out', 'out'],
			true,
		],
		[
			'with Continue On Fail a failure stops nothing',
			false,
			[['admit', 0], ['failed']],
			['out'],
			false,
		],
	])('%s', (_name, stopOnFailure, steps, admitted, stopped) => {
		const run = { stopped: false, stopOnFailure };
		const gate = new ItemGate(run);
		const other = new ItemGate(run);
		const seen: Array<'out' | 'held'> = [];
		for (const step of steps) {
			if (step[0] === 'stop') run.stopped = true;
			else if (step[0] === 'failed') gate.failed();
			else if (step[0] === 'answered') gate.answered(step[1]);
			else seen.push(gate.admit(step[1]) instanceof NotSent ? 'held' : 'out');
		}
		expect(seen).toEqual(admitted);
		expect(run.stopped).toBe(stopped || steps.some((s) => s[0] === 'stop'));
		// another item not yet started is held back exactly when the run stopped
		expect(other.admit(0) instanceof NotSent).toBe(run.stopped);
	});

	it('remembers the first answer that was not a refusal, and the last refusal', () => {
		const gate = new ItemGate({ stopped: false, stopOnFailure: true });
		for (const status of [429, 503, 201, 200]) gate.answered(status);
		expect([gate.status, gate.refused]).toEqual([201, 503]);
	});
});

const job = (operation: string, ids: Record<string, string>, displayName = 'Voucher') =>
	({
		table: { displayName },
		endpoint: { operation },
		request: { ids },
	}) as unknown as PreparedRequest;
const gateOf = (sent: boolean, status?: number, refused?: number) =>
	Object.assign(new ItemGate({ stopped: false, stopOnFailure: true }), { sent, status, refused });
const out = (json: Record<string, unknown>): INodeExecutionData[] => [{ json: json as never }];

describe('outcomeOf', () => {
	const notFound = Object.assign(
		new NodeApiError(
			{ name: 'n' } as never,
			{},
			{ message: 'The voucher was not found', httpCode: '404' },
		),
		{},
	);
	it.each<[string, Parameters<typeof outcomeOf>, ReturnType<typeof outcomeOf>]>([
		['never picked', [undefined, undefined, undefined], { kind: 'notStarted' }],
		[
			'held back at its first request',
			[{ job: job('update', { id: '7' }), gate: gateOf(false) }, undefined, undefined],
			{ kind: 'notStarted' },
		],
		[
			'updated',
			[{ job: job('update', { id: '7' }), gate: gateOf(true, 200) }, out({ id: 7 }), undefined],
			{ kind: 'done', verb: 'updated', record: 'voucher 7', status: 200 },
		],
		[
			'created: the record of its answer',
			[{ job: job('create', {}, 'Vendor'), gate: gateOf(true, 201) }, out({ id: 99 }), undefined],
			{ kind: 'done', verb: 'created', record: 'vendor 99', status: 201 },
		],
		[
			'a list names no record',
			[{ job: job('getAll', {}, 'Vendor'), gate: gateOf(true, 200) }, out({ id: 1 }), undefined],
			{ kind: 'done', verb: 'read', record: undefined, status: 200 },
		],
		[
			'failed',
			[{ job: job('update', { id: '8' }), gate: gateOf(true, 404) }, undefined, notFound],
			{ kind: 'failed', message: 'The voucher was not found', record: 'voucher 8', status: 404 },
		],
		[
			'refused, not sent again',
			[
				{ job: job('update', { id: '9' }), gate: gateOf(true, undefined, 429) },
				undefined,
				undefined,
			],
			{ kind: 'notResent', record: 'voucher 9', status: 429 },
		],
	])('%s', (_name, args, outcome) => expect(outcomeOf(...args)).toEqual(outcome));

	it('names a record of a parent by both ids', () => {
		expect(recordName(job('update', { product_id: '7', id: '55' }, 'Variant'), undefined)).toBe(
			'variant 55 (product_id 7)',
		);
		expect(recordName(job('count', { product_id: '7' }, 'Variant'), undefined)).toBe(
			'variant of product_id 7',
		);
	});
});
