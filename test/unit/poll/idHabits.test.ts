/**
 * Issue 34, items 4 and 7, on the fake shop: a record deleted while the activation pages through a list read by
 * page number (a list compared whole) invents no creation later, and the rule that settles the activation's
 * readings (wholeRead.ts settledReading), on tables; ids compared exactly (decimalId.ts), the known ids beyond
 * 2^53, and cursors saved before ids were exact, which load unchanged.
 */
import type { IDataObject } from 'n8n-workflow';

import { searchCount } from '../../../nodes/StorePlatform/poll/rules/countSearch';
import {
	fromBase36,
	idOf,
	loadId,
	storedId,
	toBase36,
} from '../../../nodes/StorePlatform/poll/rules/decimalId';
import { decodeIds, encodeIds, keptIds } from '../../../nodes/StorePlatform/poll/rules/knownIds';

import {
	MAX_READINGS,
	sameRecords,
	settled,
} from '../../../nodes/StorePlatform/poll/reads/wholeRead';
import { FakeShop, FakeTrigger, fakePlan, lines } from './fakeShop';

/** Like promotions, webhooks, payment methods: no filter, paged by page number, a count. */
const compared = (pageSize: number) =>
	fakePlan({ strategy: 'snapshot', stamp: undefined, pageSize });

const recs = (...ids: number[]): IDataObject[] => ids.map((id) => ({ id, title: `r${id}` }));

describe('the activation of a list read by page number, a record deleted meanwhile', () => {
	test.each([
		['on page 1, before page 2 is read', 2, 1],
		['on page 2, before page 3 is read', 3, 15],
		['the last record of page 1, before page 2', 2, 10],
	])('deleted %s: nothing comes as created later; later changes come once', async (_n, at, id) => {
		const shop = new FakeShop({ filters: 'strict' });
		shop.seed(35);
		const trigger = new FakeTrigger(shop, compared(10));
		shop.beforeAnswer = (n) => {
			if (n === at) shop.remove(id);
		};
		expect(await trigger.poll()).toEqual([]);
		shop.beforeAnswer = undefined;
		expect(await trigger.poll()).toEqual([]);
		shop.create({ title: 'new' });
		shop.remove(20);
		expect(lines(await trigger.poll())).toEqual(['created 36 new', 'deleted 20']);
		expect(await trigger.poll()).toEqual([]);
	});

	test('a record deleted during every reading: none that existed is left out, none invented', async () => {
		const shop = new FakeShop({ filters: 'strict' });
		shop.seed(35);
		const trigger = new FakeTrigger(shop, compared(10));
		const gone: number[] = [];
		shop.beforeAnswer = (n) => {
			// at the second page of each reading (a reading is 4 or 5 pages here)
			if (n % 5 !== 2) return;
			const first = Number(shop.records[0].id);
			gone.push(first);
			shop.remove(first);
		};
		expect(await trigger.poll()).toEqual([]);
		shop.beforeAnswer = undefined;
		const later = lines(await trigger.poll());
		// only deletions of records deleted during the activation, never a creation
		expect(later.every((l) => l.startsWith('deleted '))).toBe(true);
		for (const l of later) expect(gone).toContain(Number(l.split(' ')[1]));
		expect(trigger.lastRequests).toBeLessThanOrEqual(12);
		expect(await trigger.poll()).toEqual([]);
	});

	test('a list of one page is read once at the activation', async () => {
		const shop = new FakeShop({ filters: 'strict' });
		shop.seed(5);
		const trigger = new FakeTrigger(shop, compared(10));
		await trigger.poll();
		// the fake reads a page, and the empty page after it (no page the shop filled is known yet)
		expect(trigger.lastRequests).toBe(2);
	});
});

describe('the activation of a list scanned by its time, a record deleted meanwhile', () => {
	test.each([
		['created, updated (theme scripts)', ['created', 'updated']],
		['created (carts)', ['created']],
	] as const)(
		'%s, all in one second: nothing invented; the list read again until two readings agree',
		async (_n, events) => {
			const shop = new FakeShop({ filters: 'strict' });
			shop.seed(35);
			const plan = fakePlan({
				strategy: 'stamped',
				stamp: events.length === 1 ? 'created_at' : 'updated_at',
				events: [...events],
				pageSize: 10,
			});
			const trigger = new FakeTrigger(shop, plan);
			shop.beforeAnswer = (n) => {
				if (n === 2) shop.remove(1);
			};
			expect(await trigger.poll()).toEqual([]);
			// read whole until two readings agree (settledReading): 4 pages, and 4 again twice (the first reading,
			// which a deletion shifted, differs from the second; the third agrees with it)
			expect(trigger.lastRequests).toBeLessThanOrEqual(12);
			shop.beforeAnswer = undefined;
			expect(await trigger.poll()).toEqual([]);
			shop.at('2024-03-10 09:00:03');
			shop.create({ title: 'new' });
			expect(lines(await trigger.poll())).toEqual(['created 36 new']);
			expect(await trigger.poll()).toEqual([]);
		},
	);

	test('a list of one page is read once', async () => {
		const shop = new FakeShop({ filters: 'strict' });
		shop.seed(5);
		const trigger = new FakeTrigger(
			shop,
			fakePlan({ strategy: 'stamped', events: ['created', 'updated'], pageSize: 10 }),
		);
		await trigger.poll();
		expect(trigger.lastRequests).toBe(2);
	});
});

describe('settled(): what the activation takes of its readings', () => {
	test.each([
		['one reading', [recs(1, 2, 3)], '1,2,3', false],
		['two that agree', [recs(1, 2, 4), recs(4, 2, 1)], '4,2,1', true],
		['two that differ', [recs(1, 2, 4), recs(2, 3, 4)], '1,2,4,3', false],
		['the last two agree', [recs(1, 2, 4), recs(2, 3, 4), recs(2, 3, 4)], '2,3,4', true],
		['none agree: every record', [recs(1, 3), recs(2, 3), recs(3, 4)], '1,3,2,4', false],
	] as const)('%s', (_name, readings, ids, agreed) => {
		const got = settled(
			readings.map((r) => [...r]),
			'id',
		);
		expect([got.records.map((r) => r.id).join(','), got.agreed]).toEqual([ids, agreed]);
	});

	test('a record in several readings is taken in its latest state', () => {
		const got = settled([recs(1, 2), [{ id: 2, title: 'later' }, ...recs(3)]], 'id');
		expect(got.records.find((r) => r.id === 2)?.title).toBe('later');
	});

	test("sameRecords compares keys as text (the spec's two forms of an id are one id)", () => {
		expect(sameRecords([{ id: 1 }, { id: '2' }], [{ id: '1' }, { id: 2 }], 'id')).toBe(true);
		expect(sameRecords([{ id: 1 }], [{ id: 1 }, { id: 2 }], 'id')).toBe(false);
		expect(MAX_READINGS).toBeGreaterThanOrEqual(2);
	});
});

const TWO_53 = BigInt(2) ** BigInt(53);

describe('ids compared exactly (decimalId.ts)', () => {
	test.each([
		['a safe number', 42, '42'],
		['decimal text', '42', '42'],
		['text beyond 2^53, every digit', '9007199254740993', '9007199254740993'],
		['text of 20 digits', '18446744073709551617', '18446744073709551617'],
		['leading zeros', '007', '7'],
		// a JSON number beyond 2^53 has already lost its last digits: it is taken as the number it still is
		['a number beyond 2^53, as far as it tells', Number('9007199254740993'), '9007199254740992'],
		['a number of 1e21', 1e21, '1000000000000000000000'],
		['0', 0, undefined],
		['a negative id', '-3', undefined],
		['a fraction', 1.5, undefined],
		['text with a sign', '+3', undefined],
		['a uuid', '5f0c8a1e-0000', undefined],
		['null', null, undefined],
	])('%s: %j reads as %s', (_name, value, text) => {
		const id = idOf(value);
		expect(id === undefined ? undefined : String(id)).toBe(text);
	});

	test('ids in the static data: numbers while safe (the size and form of ordinary cursors), text beyond', () => {
		expect(storedId(BigInt(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
		expect(storedId(TWO_53 + BigInt(1))).toBe('9007199254740993');
		expect(loadId(undefined)).toBe(BigInt(0));
		expect(loadId(120)).toBe(BigInt(120));
		expect(loadId('9007199254740993')).toBe(TWO_53 + BigInt(1));
		expect(() => loadId('x')).toThrow(/static data/);
		expect(fromBase36(toBase36(TWO_53 * BigInt(1000) + BigInt(7)))).toBe(
			TWO_53 * BigInt(1000) + BigInt(7),
		);
		expect(fromBase36('a-b')).toBeUndefined();
	});

	test('ids that differ beyond 2^53 are different ids and compare in order', () => {
		const [a, b] = [idOf('9007199254740993'), idOf('9007199254740992')];
		expect(a === b).toBe(false);
		expect((a as bigint) > (b as bigint)).toBe(true);
		expect(Number('9007199254740993') === Number('9007199254740992')).toBe(true);
	});
});

describe('known ids beyond 2^53', () => {
	const run = (from: bigint, n: number) => Array.from({ length: n }, (_, i) => from + BigInt(i));

	test('10,000 consecutive ids beyond 2^53 cost a few characters more than ordinary ones, exactly', () => {
		const ordinary = encodeIds(run(BigInt(1), 10_000));
		const ids = run(TWO_53 + BigInt(1), 10_000);
		const text = encodeIds(ids);
		expect(text.length - ordinary.length).toBeLessThanOrEqual(12);
		expect(decodeIds(text)).toEqual(ids);
		const kept = keptIds(ids, BigInt(0));
		expect([kept.text, kept.ids.length, kept.floor]).toEqual([text, 10_000, BigInt(0)]);
	});

	test('the search of the count finds a deletion among ids beyond 2^53 that differ in their last digit', async () => {
		const known = run(TWO_53 + BigInt(1), 600);
		const live = new Set(known);
		const gone = TWO_53 + BigInt(300);
		live.delete(gone);
		const inRange = (lo: bigint, hi: bigint) => [...live].filter((id) => id > lo && id <= hi);
		const found = await searchCount(
			{ known, unlisted: [], uncounted: [] },
			BigInt(0),
			known[known.length - 1],
			{
				countSince: async (since) => [...live].filter((id) => id > since).length,
				idsIn: async (lo, hi) => inRange(lo, hi),
				recordsIn: async (lo, hi) => inRange(lo, hi).map((id) => ({ id: String(id) })),
				stopped: () => false,
			},
			50,
		);
		expect([found.deleted, found.created, found.unplaced]).toEqual([[gone], [], 0]);
	});
});

describe('cursors saved before ids were exact load unchanged', () => {
	// a shop of pages 1–30 (7 deleted), created a second apart; the cursors as the code before saved them
	const shopOf = () => {
		const shop = new FakeShop({ filters: 'strict' });
		shop.seed(30, true);
		shop.remove(7);
		return shop;
	};
	const pages = fakePlan({ pageSize: 5 });

	test('a quiet cursor: its first poll invents nothing and repeats nothing; changes then come once', async () => {
		const shop = shopOf();
		const trigger = new FakeTrigger(shop, pages);
		trigger.stored = {
			v: 2,
			fp: 2,
			watch: 'page',
			maxId: 30,
			ids: 'a*6ba*M',
			liveFloor: 0,
			scan: {
				floor: '2024-03-10 08:59:59',
				seen: { '2024-03-10 08:59:59': { '30': '384c3e603cb1' } },
			},
			full: 5,
		};
		expect(await trigger.poll()).toEqual([]);
		expect(trigger.lastRequests).toBe(3);
		expect(trigger.stored).toMatchObject({ maxId: 30, ids: 'a*6ba*M', liveFloor: 0 });
		shop.at('2024-03-10 09:00:05');
		shop.create({ title: 'new' });
		shop.remove(12);
		shop.update(3);
		expect(lines(await trigger.poll())).toEqual([
			'created 31 new',
			'deleted 12',
			"updated 3 seed 2'",
		]);
		expect(await trigger.poll()).toEqual([]);
	});

	test('a cursor saved in the middle of a scan by since_id: the pass goes on from its id, each update once', async () => {
		const shop = shopOf();
		shop.at('2024-03-10 09:00:05');
		for (let id = 2; id <= 16; id += 2) shop.update(id);
		const trigger = new FakeTrigger(shop, pages);
		// updates 2–10 were emitted by the poll that saved it
		trigger.stored = {
			v: 2,
			watch: 'page',
			full: 5,
			maxId: 30,
			scan: {
				floor: '2024-03-10 08:59:59',
				seen: {
					'2024-03-10 08:59:59': { '30': '384c3e603cb1' },
					'2024-03-10 09:00:05': {
						'2': 'a5b7eac0b1d4',
						'4': '23230c6c8735',
						'6': 'd6b20094c514',
						'8': '36116853f271',
						'10': '921d74112032',
					},
				},
				pass: { at: 10, nextFloor: '2024-03-10 09:00:05' },
			},
			ids: 'a*6ba*M',
			liveFloor: 0,
			fp: 2,
		};
		expect(lines(await trigger.poll())).toEqual([
			"updated 12 seed 11'",
			"updated 14 seed 13'",
			"updated 16 seed 15'",
		]);
		expect(await trigger.poll()).toEqual([]);
		shop.remove(20);
		expect(lines(await trigger.poll())).toEqual(['deleted 20']);
	});
});
