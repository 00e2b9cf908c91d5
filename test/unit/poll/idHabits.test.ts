/**
 * Issue 34, items 4 and 7, on the fake shop: a record deleted while the activation pages through a list read by
 * page number (a list compared whole) invents no creation later; and the rule that settles the activation's
 * readings (settledReading.ts), on tables.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	MAX_READINGS,
	sameRecords,
	settled,
} from '../../../nodes/StorePlatform/poll/settledReading';
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
