/** Deletions: found by count and bisection, exactly, within a bound of requests; the static data's bound. */
import { searchCount } from '../../../nodes/StorePlatform/poll/rules/countSearch';
import {
	decodeIds,
	encodeIds,
	idsFromRuns,
	idsOf,
	keptIds,
	MAX_IDS_TEXT,
	MAX_KNOWN_IDS,
} from '../../../nodes/StorePlatform/poll/rules/knownIds';
import { MAX_WINDOW } from '../../../nodes/StorePlatform/poll/rules/scan';
import { FakeShop, FakeTrigger, fakePlan, windowOf, lines } from './fakeShop';

/** Ids as the poll module holds them (exact: decimalId.ts), from numbers. */
const exact = (ids: number[]) => ids.map(BigInt);

function shopOf(ids: number[]) {
	let requests = 0;
	const live = new Set(exact(ids));
	return {
		live,
		get requests() {
			return requests;
		},
		countSince: async (since: bigint) => {
			requests++;
			return [...live].filter((id) => id > since).length;
		},
		idsIn: async (lo: bigint, hi: bigint) => {
			requests++;
			return [...live].filter((id) => id > lo && id <= hi);
		},
		recordsIn: async (lo: bigint, hi: bigint) => {
			requests++;
			return [...live].filter((id) => id > lo && id <= hi).map((id) => ({ id: String(id) }));
		},
		stopped: () => false,
	};
}

describe('searchCount (bisection)', () => {
	const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
	test.each([
		// known ids, deleted ids, page, most requests (each with the count asked afresh at the end of the search)
		[range(1, 100), [], 50, 3],
		[range(1, 100), [42], 50, 7],
		[range(1, 10_000), [1], 250, 17],
		[range(1, 10_000), [9_999], 250, 17],
		[range(1, 10_000), [17, 5_000, 9_000], 250, 41],
		[[...range(1, 50), ...range(200, 400), 9_000], [300, 9_000], 20, 31],
	])('known %#: deleted %j found exactly', async (known, deleted, page, most) => {
		const shop = shopOf(known);
		for (const id of deleted) shop.live.delete(BigInt(id));
		// records created after the known ones do not disturb the search
		shop.live.add(BigInt(20_000));
		const tally = { known: idsOf(exact(known)), unlisted: [], uncounted: [] };
		const found = await searchCount(tally, BigInt(0), BigInt(Math.max(...known)), shop, page);
		expect(found.deleted.map(Number).sort((a, b) => a - b)).toEqual(deleted);
		expect(found.created).toEqual([]);
		expect(shop.requests).toBeLessThanOrEqual(most);
	});
});

describe('known ids', () => {
	test.each([
		// ids, their text, and the runs text a cursor saved before kept them in
		[[1, 2, 3, 7, 8, 10], 'aaadab', '1.2.4.1.2.0'],
		[[5], 'e', '5.0'],
		[[], '', ''],
		[[47, 48, 49, 50, 51, 1047], '-1Ba*4-RO', '1b.4.ro.0'],
	])('%j as text %j, and back; as runs %j, they load', (ids, text, runs) => {
		expect(encodeIds(exact(ids))).toBe(text);
		expect(decodeIds(text)).toEqual(exact(ids));
		expect(idsFromRuns(runs, BigInt(0))).toEqual({ ids: exact(ids), floor: BigInt(0) });
	});

	const steps = (n: number, step: (i: number) => number) => {
		const ids = [1];
		for (let i = 1; i < n; i++) ids.push(ids[i - 1] + step(i));
		return ids;
	};
	test.each([
		// ids, most characters of their text
		['10,000 consecutive', steps(10_000, () => 1), 8],
		['20,000 in steps of 3', steps(20_000, () => 3), 8],
		['20,000 in steps of 1–3', steps(20_000, (i) => 1 + (((i * 7919) % 11) % 3)), 20_000],
		['5,000 in steps of 1,000', steps(5_000, () => 1000), 10],
	])('%s: text of at most %s characters, all kept', (_name, ids, most) => {
		const kept = keptIds(exact(ids), BigInt(0));
		expect(kept.text.length).toBeLessThanOrEqual(most);
		expect(kept.ids).toEqual(exact(ids));
		expect(decodeIds(kept.text)).toEqual(exact(ids));
	});

	test('the bound: at most MAX_IDS_TEXT characters and MAX_KNOWN_IDS ids, the lowest forgotten', () => {
		const irregular = exact(steps(60_000, (i) => 1 + (((i * 7919) % 11) % 3)));
		const kept = keptIds(irregular, BigInt(0));
		expect(kept.text.length).toBeLessThanOrEqual(MAX_IDS_TEXT);
		expect(kept.text.length).toBeGreaterThan(MAX_IDS_TEXT - 10);
		expect(kept.ids).toEqual(irregular.slice(irregular.length - kept.ids.length));
		expect(kept.floor).toBe(irregular[irregular.length - kept.ids.length - 1]);
		const many = keptIds(exact(steps(MAX_KNOWN_IDS + 10, () => 1)), BigInt(0));
		expect([many.ids.length, many.floor]).toEqual([MAX_KNOWN_IDS, BigInt(10)]);
		// a cursor saved before with more ids keeps the highest
		expect(idsFromRuns(`1.${(MAX_KNOWN_IDS + 9).toString(36)}`, BigInt(0)).floor).toBe(BigInt(10));
	});

	test.each(['A', 'a*1', '*2', '-', 'a-', 'a?', 'a*ZZZZZZ'])('%j is refused', (text) => {
		expect(() => decodeIds(text)).toThrow('The known ids in the static data are not readable');
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
		// besides the lookback window (its records bounded by twice MAX_WINDOW while a slice waits: scan.ts)
		const window = windowOf(trigger.stored);
		expect(window.records).toBeLessThanOrEqual(2 * MAX_WINDOW);
		expect(JSON.stringify(trigger.stored).length - window.bytes).toBeLessThan(12_000);
	});
});
