/** Deletions: found by count and bisection, exactly, within a bound of requests; the static data's bound. */
import { findDeleted } from '../../../nodes/StorePlatform/poll/deletions';
import {
	capRuns,
	decodeRuns,
	encodeRuns,
	fromIds,
	MAX_RUNS,
	removeId,
	size,
} from '../../../nodes/StorePlatform/poll/idRuns';
import { FakeShop, FakeTrigger, fakePlan, lines } from './fakeShop';

function shopOf(ids: number[]) {
	let requests = 0;
	const live = new Set(ids);
	return {
		live,
		get requests() {
			return requests;
		},
		countSince: async (since: number) => {
			requests++;
			return [...live].filter((id) => id > since).length;
		},
		idsIn: async (lo: number, hi: number) => {
			requests++;
			return [...live].filter((id) => id > lo && id <= hi);
		},
	};
}

describe('findDeleted (bisection)', () => {
	const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
	test.each([
		// known ids, deleted ids, page, most requests
		[range(1, 100), [], 50, 2],
		[range(1, 100), [42], 50, 6],
		[range(1, 10_000), [1], 250, 16],
		[range(1, 10_000), [9_999], 250, 16],
		[range(1, 10_000), [17, 5_000, 9_000], 250, 40],
		[[...range(1, 50), ...range(200, 400), 9_000], [300, 9_000], 20, 30],
	])('known %#: deleted %j found exactly', async (known, deleted, page, most) => {
		const shop = shopOf(known);
		for (const id of deleted) shop.live.delete(id);
		// records created after the known ones do not disturb the search
		shop.live.add(20_000);
		const runs = fromIds(known);
		const found = await findDeleted(runs, 0, Math.max(...known), shop, page);
		expect(found.sort((a, b) => a - b)).toEqual(deleted);
		expect(shop.requests).toBeLessThanOrEqual(most);
	});
});

describe('id runs', () => {
	test.each([
		[
			[1, 2, 3, 7, 8, 10],
			[1, 3, 7, 8, 10, 10],
		],
		[[5], [5, 5]],
		[[], []],
	])('%j as runs %j, and back through the static data text', (ids, runs) => {
		expect(fromIds(ids)).toEqual(runs);
		expect(decodeRuns(encodeRuns(runs))).toEqual(runs);
		expect(size(runs)).toBe(ids.length);
	});

	test('the bound: at most MAX_RUNS runs, the oldest forgotten, a few bytes each', () => {
		let runs = fromIds(Array.from({ length: 30_000 }, (_, i) => i + 1));
		for (let id = 2; id < 30_000; id += 3) runs = removeId(runs, id);
		const capped = capRuns(runs, 0);
		expect(capped.runs.length / 2).toBe(MAX_RUNS);
		expect(capped.floor).toBeGreaterThan(0);
		expect(encodeRuns(capped.runs).length).toBeLessThan(MAX_RUNS * 8);
	});
});

describe('deletions through the poll', () => {
	test('a deletion between polls is one deleted item; a quiet poll does not search', async () => {
		const shop = new FakeShop({ filters: 'strict' });
		shop.seed(1000, true);
		const trigger = new FakeTrigger(shop, fakePlan({ pageSize: 100 }));
		await trigger.poll();
		shop.remove(500);
		shop.remove(501);
		shop.create({ title: 'new' });
		expect(lines(await trigger.poll())).toEqual(['created 1001 new', 'deleted 500', 'deleted 501']);
		expect(await trigger.poll()).toEqual([]);
		expect(trigger.lastRequests).toBe(3);
		// created and deleted between two polls: never seen, nothing to report
		const gone = shop.create({ title: 'brief' });
		shop.remove(Number(gone.id));
		expect(await trigger.poll()).toEqual([]);
	});

	test('the static data of 10,000 records, 1,000 of them deleted, stays under 12 KB', async () => {
		const shop = new FakeShop({ filters: 'strict' });
		shop.seed(10_000, true);
		const trigger = new FakeTrigger(shop, fakePlan({ pageSize: 250 }));
		await trigger.poll();
		for (let id = 7; id <= 10_000; id += 10) shop.remove(id);
		const changes = await trigger.poll();
		expect(changes.filter((c) => c.kind === 'deleted')).toHaveLength(1000);
		expect(JSON.stringify(trigger.stored).length).toBeLessThan(12_000);
	});
});
