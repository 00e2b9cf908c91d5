/**
 * The cursor rules, as tables over a shop in memory (fakeShop.ts): changes in the same second as the cursor,
 * strict and inclusive "later than" filters, a shop clock hours behind or ahead of n8n's, churn while a poll
 * pages, and the hazard of a scan that spans pages.
 */
import { FakeShop, FakeTrigger, fakePlan, lines, type FakeOptions } from './fakeShop';

const FILTERS: FakeOptions['filters'][] = ['strict', 'inclusive'];

/** Shop clocks far from n8n's (which the rules never read): 10 hours behind, the same, 10 hours ahead, years off. */
const CLOCKS = [
	'2026-11-25 06:00:00',
	'2026-11-25 16:00:00',
	'2026-11-26 02:00:00',
	'1999-12-31 23:59:58',
];

const next = (time: string, seconds: number) => {
	const t = new Date(`${time.replace(' ', 'T')}Z`).getTime() + seconds * 1000;
	return new Date(t).toISOString().slice(0, 19).replace('T', ' ');
};

describe.each(FILTERS)('cursor rules with %s filters', (filters) => {
	describe.each(CLOCKS)('shop clock at %s', (clock) => {
		test('activation replays no history; same-second changes are neither missed nor repeated', async () => {
			const shop = new FakeShop({ filters }).at(clock);
			shop.seed(5);
			const trigger = new FakeTrigger(shop, fakePlan({}));
			expect(await trigger.poll()).toEqual([]);

			// same second as the cursor (the seeds' time): one change
			shop.update(2);
			expect(lines(await trigger.poll())).toEqual(["updated 2 seed 1'"]);
			// the same second again: another record, and a second change of the first
			shop.update(3);
			shop.update(2);
			expect(lines(await trigger.poll())).toEqual(["updated 2 seed 1''", "updated 3 seed 2'"]);
			expect(await trigger.poll()).toEqual([]);

			// a new second: created and changed between polls is one created item with the latest state
			shop.at(next(clock, 1));
			const r = shop.create({ title: 'new' });
			shop.update(Number(r.id), { title: 'new, changed' });
			shop.update(4);
			shop.update(4);
			expect(lines(await trigger.poll())).toEqual(['created 6 new, changed', "updated 4 seed 3''"]);
			expect(await trigger.poll()).toEqual([]);
		});

		test('a scan over several pages loses no record changed behind it while the shop clock moves', async () => {
			const shop = new FakeShop({ filters }).at(clock);
			shop.seed(200);
			const trigger = new FakeTrigger(
				shop,
				fakePlan({ pageSize: 20, events: ['created', 'updated'] }),
			);
			await trigger.poll();
			// 120 updates spread over the next minute
			for (let i = 0; i < 120; i++) {
				shop.at(next(clock, 1 + Math.floor(i / 2)));
				shop.update(1 + ((i * 7) % 200));
			}
			const late = next(clock, 61);
			// while the scan pages: a record already passed (id 3) changes at a time below the highest seen later
			shop.beforeAnswer = (n) => {
				if (n === 4) {
					shop.at(late);
					shop.update(3, { title: 'behind the scan' });
					shop.at(next(late, 5));
					shop.update(199, { title: 'ahead of the scan' });
				}
			};
			const first = await trigger.poll();
			shop.beforeAnswer = undefined;
			const second = await trigger.poll();
			const all = [...first, ...second];
			// every record changed, each state once
			const ids = new Set(all.map((c) => c.id));
			expect(ids.has('3')).toBe(true);
			expect(all.filter((c) => c.record?.title === 'behind the scan')).toHaveLength(1);
			expect(all.filter((c) => c.record?.title === 'ahead of the scan')).toHaveLength(1);
			const states = all.map((c) => `${c.id} ${c.state}`);
			expect(new Set(states).size).toBe(states.length);
			expect(await trigger.poll()).toEqual([]);
		});
	});
});

describe('churn while paging', () => {
	test.each([
		['creations', (shop: FakeShop) => void shop.create({ title: 'meanwhile' })],
		['deletions', (shop: FakeShop) => shop.remove(Number(shop.records[3].id))],
		['updates of passed records', (shop: FakeShop) => shop.update(1, { title: 'meanwhile' })],
	])('%s between the pages of a poll: nothing skipped, nothing repeated', async (_name, churn) => {
		const shop = new FakeShop({ filters: 'strict' });
		shop.seed(30);
		const trigger = new FakeTrigger(shop, fakePlan({ pageSize: 10 }));
		await trigger.poll();
		const atBaseline = new Map(shop.records.map((r) => [String(r.id), String(r.title)]));
		shop.at('2024-03-10 09:00:05');
		for (let i = 0; i < 25; i++) shop.create({ title: `burst ${i}` });
		for (let id = 1; id <= 30; id += 3) shop.update(id);
		shop.beforeAnswer = (n) => {
			if (n === 3 || n === 6) churn(shop);
		};
		const changes = [...(await trigger.poll())];
		shop.beforeAnswer = undefined;
		changes.push(...(await trigger.poll()));
		expect(await trigger.poll()).toEqual([]);
		// each state once
		const states = changes.map((c) => `${c.kind} ${c.id} ${c.state}`);
		expect(new Set(states).size).toBe(states.length);
		// every record that exists and differs from the baseline was emitted, last with its final state
		for (const r of shop.records) {
			const last = [...changes].reverse().find((c) => c.id === String(r.id));
			if (atBaseline.get(String(r.id)) === r.title) expect(last).toBeUndefined();
			else expect(last?.record?.title).toBe(r.title);
		}
		// every record known at the baseline and gone now is reported deleted, once
		const deleted = changes.filter((c) => c.kind === 'deleted').map((c) => c.id);
		const gone = [...atBaseline.keys()].filter(
			(id) => !shop.records.some((r) => String(r.id) === id),
		);
		expect(deleted.sort()).toEqual(gone.sort());
	});
});
