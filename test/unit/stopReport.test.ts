/** The words of a stopped run (action/stopReport.ts): table tests. */
import {
	MAX_FAILURES,
	MAX_RECORDS,
	answeredClauses,
	ranges,
	stopReport,
	type ItemOutcome,
} from '../../nodes/StorePlatform/action/stopReport';

const done = (id: number, verb = 'updated'): ItemOutcome => ({
	kind: 'done',
	verb,
	record: `voucher ${id}`,
	status: 200,
});
const notStarted: ItemOutcome = { kind: 'notStarted' };
const failed = (id: number, status = 404): ItemOutcome => ({
	kind: 'failed',
	message: 'The voucher was not found',
	record: `voucher ${id}`,
	status,
});
/** n outcomes made by `f` from the item number. */
const run = (n: number, f: (i: number) => ItemOutcome) => Array.from({ length: n }, (_, i) => f(i));

describe('ranges', () => {
	it.each([
		[[], ''],
		[[3], '3'],
		[[3, 4], '3–4'],
		[[3, 4, 5, 7, 9, 10], '3–5, 7, 9–10'],
		[[10, 9, 3, 3], '3, 9–10'],
	])('%j → "%s"', (items, text) => expect(ranges(items)).toBe(text));
});

describe('stopReport', () => {
	it.each<[string, number, ItemOutcome[], string]>([
		[
			'the first item failed, nothing else sent',
			0,
			run(3, (i) => (i === 0 ? failed(1) : notStarted)),
			'The node stopped at item 0. No item after it had been sent. Items 1–2 were not started.',
		],
		[
			'the last item failed',
			2,
			run(3, (i) => (i === 2 ? failed(1) : done(100 + i))),
			'The node stopped at item 2. Items 0–1 were done before it.',
		],
		[
			'one item before, one after, one not started',
			1,
			[done(100), failed(1), done(102), notStarted],
			'The node stopped at item 1. Item 0 was done before it. Item 2 had already been sent when it failed (a request sent cannot be called back); the shop answered: item 2 updated, HTTP 200 (voucher 102). Item 3 was not started.',
		],
		[
			'51 updates, item 25 failed, 26–31 sent (one of them failed too), the rest not started',
			25,
			run(51, (i) =>
				i === 25 || i === 28 ? failed(1000 + i) : i < 32 ? done(1000 + i) : notStarted,
			),
			'The node stopped at item 25. Items 0–24 were done before it. Items 26–31 had already been sent when it failed (a request sent cannot be called back); the shop answered: items 26–27, 29–31 updated, HTTP 200 (voucher 1026, voucher 1027, voucher 1029, voucher 1030, voucher 1031); item 28 (voucher 1028) failed: The voucher was not found, HTTP 404. Items 32–50 were not started.',
		],
		[
			'an item before it was held back (it waited for a place in the pool), one refused and not sent again',
			3,
			[
				done(1),
				notStarted,
				{ kind: 'notResent', record: 'voucher 3', status: 429 },
				failed(4),
				notStarted,
			],
			'The node stopped at item 3. Of the items before it: item 0 updated, HTTP 200 (voucher 1); item 2 (voucher 3) was refused for now (HTTP 429) and not sent again, so not changed; item 1 was not started (held back). No item after it had been sent. Item 4 was not started.',
		],
		[
			'creations and deletions are grouped apart',
			0,
			[failed(1, 500), done(7, 'created'), done(8, 'deleted'), done(9, 'created')],
			'The node stopped at item 0. Items 1–3 had already been sent when it failed (a request sent cannot be called back); the shop answered: items 1, 3 created, HTTP 200 (voucher 7, voucher 9); item 2 deleted, HTTP 200 (voucher 8).',
		],
	])('%s', (_name, failing, outcomes, text) => {
		expect(stopReport(failing, outcomes)).toBe(text);
	});

	it('a run of one item: nothing to add', () => {
		expect(stopReport(0, [failed(1)])).toBe('');
	});

	it('1,000 items, 100 in flight: every item number is told, record names and failures are cut', () => {
		const outcomes = run(1000, (i) =>
			i === 500 || (i > 500 && i % 7 === 0 && i < 600) ? failed(i) : i < 600 ? done(i) : notStarted,
		);
		const text = stopReport(500, outcomes);
		expect(text.length).toBeLessThan(2000);
		expect(text).toContain('Items 0–499 were done before it.');
		expect(text).toContain('Items 501–599 had already been sent when it failed');
		expect(text).toContain(`and ${85 - MAX_RECORDS} more)`);
		const failures = [...text.matchAll(/item (\d+) \(voucher \d+\) failed/g)].map((m) =>
			Number(m[1]),
		);
		expect(failures).toHaveLength(MAX_FAILURES);
		expect(text).toContain('items 574, 581, 588, 595 failed too');
		expect(text).toMatch(/Items 600–999 were not started\.$/);
	});
});

describe('answeredClauses', () => {
	it('successes without a record name are counted by item only', () => {
		expect(
			answeredClauses(
				[0, 1],
				[
					{ kind: 'done', verb: 'read' },
					{ kind: 'done', verb: 'read' },
				],
			),
		).toEqual(['items 0–1 read']);
	});
});
