/**
 * What the poll trigger's reads prove (issue 34, items 1, 9 and 10), as tables: which answers carry a list or a
 * count (answer.ts), which page ends a read and what page size is learned (pageEnd.ts), when an error caused by the
 * shop's state is shown (node/outages.ts); then the rules through the poll module on the fake shop (an answer without
 * its list once, a page cap lowered after activation).
 */
import type { IDataObject } from 'n8n-workflow';

import { countIn, FailedRead, listIn } from '../../../nodes/StorePlatform/poll/reads/answer';
import { Episodes } from '../../../nodes/StorePlatform/poll/node/outages';
import { MIN_PAGE_CAP, pageEnd } from '../../../nodes/StorePlatform/poll/rules/pageEnd';
import type { PollState } from '../../../nodes/StorePlatform/poll/rules/state';
import { FakeShop, FakeTrigger, fakePlan, lines } from './fakeShop';

const ids = (records: IDataObject[] | undefined) => records?.map((r) => r.id);

describe('a list answer carries a list, or the read failed (listIn)', () => {
	test.each([
		// body → ids of its records, or 'failed'
		[[], []],
		[
			[{ id: 1 }, { id: 2 }],
			[1, 2],
		],
		[{ users: [] }, []],
		[{ users: [{ id: 1 }] }, [1]],
		[{ user: [{ id: 1 }] }, [1]],
		[{ data: [{ id: 1 }] }, [1]],
		[{ users: { '3': { id: 3 }, '7': { id: 7 } } }, [3, 7]],
		[{ users: {} }, []],
		[{ id: 5, name: 'a record without a wrapper' }, [5]],
		['', 'failed'],
		[undefined, 'failed'],
		[null, 'failed'],
		[{}, 'failed'],
		[{ users: null }, 'failed'],
		[{ status: 'ok' }, 'failed'],
		[{ total: 3, next: null }, 'failed'],
		['<html>Bad gateway</html>', 'failed'],
		[0, 'failed'],
		[{ data: { users: [{ id: 1 }] } }, 'failed'],
		[[{ name: 'no id' }], 'failed'],
		[
			[{ id: 1 }, { name: 'no id' }],
			[1, undefined],
		],
	] as Array<[unknown, unknown[] | 'failed']>)('%j → %j', (body, want) => {
		const got = listIn(body, 'users', 'id');
		expect(got === undefined ? 'failed' : ids(got)).toEqual(want);
	});
});

describe('a count answer carries a count, or the read failed (countIn)', () => {
	test.each([
		[{ count: 3 }, 3],
		[{ count: '12' }, 12],
		[{ count: 0 }, 0],
		[7, 7],
		[{ data: { count: 2 } }, 2],
		[{}, undefined],
		[null, undefined],
		['', undefined],
		[{ count: null }, undefined],
		[{ count: '' }, undefined],
		[{ count: -1 }, undefined],
		[{ count: 'many' }, undefined],
	] as Array<[unknown, number | undefined]>)('%j → %s', (body, want) => {
		expect(countIn(body)).toBe(want);
	});
});

describe('which page ends a read, and the page size learned (pageEnd)', () => {
	// the pages of one read (their lengths), the size asked, the size learned before → where it ends, learned after
	test.each([
		[
			'a read under one page, nothing learned: ends on the empty page',
			[40, 0],
			250,
			undefined,
			2,
			undefined,
		],
		['a full page then a short one: ends on the short one', [250, 40], 250, undefined, 2, 250],
		['a short page under 50 once a page was filled', [30], 250, 250, 1, 250],
		[
			'a short page of 50 or more is not proof: the page after it is asked',
			[60, 0],
			250,
			250,
			2,
			250,
		],
		['the cap lowered to 100: learned, read to the end', [100, 100, 100, 37], 250, 250, 4, 100],
		['the cap lowered to 100, list ends on a full page', [100, 100, 0], 250, 250, 3, 100],
		[
			'a short page below 50 followed by records is no cap (records came, or page is ignored): not learned, the read goes on',
			[7, 7, 7, 3, 0],
			50,
			undefined,
			5,
			undefined,
		],
		[
			'a cap of 60 never learned: learned from the second page',
			[60, 60, 60, 3],
			250,
			undefined,
			4,
			60,
		],
		['a small page size (10): a short page ends, as before', [10, 4], 10, 10, 2, 10],
		['the cap raised again: learned', [250, 250, 10], 250, 100, 3, 250],
	] as Array<[string, number[], number, number | undefined, number, number | undefined]>)(
		'%s',
		(_name, lengths, asked, full, endsAt, learned) => {
			let known = full;
			let previous: number | undefined;
			let at = 0;
			for (const length of lengths) {
				at++;
				const r = pageEnd(known, asked, length, previous);
				known = r.full;
				previous = length;
				if (r.end) break;
			}
			expect({ endsAt: at, learned: known }).toEqual({ endsAt: endsAt, learned });
		},
	);

	test(`MIN_PAGE_CAP is the spec's default page size`, () => {
		expect(MIN_PAGE_CAP).toBe(50);
	});
});

describe('an error caused by the shop state comes once (Episodes)', () => {
	const read = { id: 'read', after: 3 };
	const bound = { id: 'bound', after: 1 };
	test.each([
		// polls (f: failed for the cause, s: succeeded) → what each failed poll does
		['read fails 5 times', 'fffff', read, 'quiet quiet show quiet quiet'],
		['read fails twice, then succeeds, then twice again', 'ffsff', read, 'quiet quiet quiet quiet'],
		[
			'read fails 3, succeeds, 3 again: shown once each episode',
			'fffsfff',
			read,
			'quiet quiet show quiet quiet show',
		],
		['the bound: at once, then quiet', 'fff', bound, 'show quiet quiet'],
		['the bound: again after the list was back within it', 'fsf', bound, 'show show'],
	] as const)('%s', (_name, polls, cause, want) => {
		const e = new Episodes();
		const got: string[] = [];
		for (const p of polls) {
			if (p === 's') e.succeeded('node');
			else got.push(e.failed('node', cause, false));
		}
		expect(got.join(' ')).toBe(want);
	});

	test('another cause starts another episode; the activation shows at once; nodes apart', () => {
		const e = new Episodes();
		expect(e.failed('a', read, false)).toBe('quiet');
		expect(e.failed('a', bound, false)).toBe('show');
		expect(e.failed('b', read, true)).toBe('show');
		expect(e.failed('b', read, false)).toBe('quiet');
	});
});

describe('through the poll module, on the fake shop', () => {
	test.each(['empty', '{}', 'null'] as const)(
		'a whole list answered %s once, then at every poll: nothing emitted, the cursor kept; the change after comes once',
		async (answer) => {
			const shop = new FakeShop({ filters: 'strict' });
			shop.seed(5, true);
			const plan = fakePlan({
				strategy: 'snapshot',
				stamp: undefined,
				count: undefined,
				pageSize: 50,
			});
			const trigger = new FakeTrigger(shop, plan);
			await trigger.poll();
			const known = (trigger.stored as PollState).known;
			const without = { empty: '', '{}': {}, null: null }[answer];
			let left = 1;
			shop.body = (records) => (left-- > 0 ? without : records);
			// answered once: asked again within the poll
			expect(await trigger.poll()).toEqual([]);
			expect((trigger.stored as PollState).known).toEqual(known);
			left = Infinity;
			await expect(trigger.poll()).rejects.toBeInstanceOf(FailedRead);
			left = 0;
			shop.remove(2);
			expect(lines(await trigger.poll())).toEqual(['deleted 2']);
		},
	);

	test('a whole list answered `{"users": []}` once: no record is deleted (two readings must agree)', async () => {
		const shop = new FakeShop({ filters: 'strict' });
		shop.seed(5, true);
		const plan = fakePlan({
			strategy: 'snapshot',
			stamp: undefined,
			count: undefined,
			paged: false,
		});
		const trigger = new FakeTrigger(shop, plan);
		await trigger.poll();
		let left = 1;
		shop.body = (records) => ({ users: left-- > 0 ? [] : records });
		expect(await trigger.poll()).toEqual([]);
		expect(Object.keys((trigger.stored as PollState).known ?? {})).toHaveLength(5);
	});

	test.each([
		['keyed (scan by since_id)', fakePlan({ pageSize: 250 })],
		[
			'stamped (scan by page number)',
			fakePlan({
				strategy: 'stamped',
				events: ['created', 'updated'],
				count: undefined,
				pageSize: 250,
			}),
		],
	])(
		'%s: the cap lowered from 250 to 100, 300 records updated in one second come once each',
		async (_n, plan) => {
			const shop = new FakeShop({ filters: 'strict' });
			shop.seed(400, true);
			const trigger = new FakeTrigger(shop, plan);
			await trigger.poll();
			expect((trigger.stored as PollState).full).toBe(250);
			shop.opts.pageCap = 100;
			shop.at('2024-03-10 10:00:00');
			for (let id = 51; id <= 350; id++) shop.update(id);
			const seen: string[] = [];
			for (let i = 0; i < 3; i++) seen.push(...lines(await trigger.poll()));
			expect(seen).toHaveLength(300);
			expect(new Set(seen).size).toBe(300);
			expect((trigger.stored as PollState).full).toBe(100);
		},
	);

	test('keyed, deletions by count: the cap lowered from 250 to 100, one deletion among 400 and 300 creations come exactly', async () => {
		const shop = new FakeShop({ filters: 'strict' });
		shop.seed(400, true);
		const trigger = new FakeTrigger(shop, fakePlan({ pageSize: 250 }));
		await trigger.poll();
		shop.opts.pageCap = 100;
		shop.at('2024-03-10 10:00:00');
		shop.remove(330);
		for (let i = 0; i < 300; i++) shop.create({ title: `new ${i}` });
		const seen: string[] = [];
		for (let i = 0; i < 3; i++) seen.push(...lines(await trigger.poll()));
		expect(seen.filter((l) => l.startsWith('deleted'))).toEqual(['deleted 330']);
		expect(seen.filter((l) => l.startsWith('created'))).toHaveLength(300);
		expect(seen).toHaveLength(301);
	});
});

describe('a page read before that is not page 1 (wholeRead.ts readByPages)', () => {
	test('a list that ignores page and answers in another order at each request: the read ends, its error named, within a few pages', async () => {
		const shop = new FakeShop({ filters: 'strict', ignores: 'both', order: 'shuffled' });
		shop.seed(600, true);
		const plan = fakePlan({
			strategy: 'stamped',
			events: ['created'],
			count: undefined,
			pageSize: 250,
		});
		const trigger = new FakeTrigger(shop, plan);
		await expect(trigger.poll()).rejects.toThrow(/ignores page/);
		// every page of 250 from 600 in another order: new records at first, then pages of records read before
		expect(shop.pollRequests).toBeLessThan(40);
	});
});
