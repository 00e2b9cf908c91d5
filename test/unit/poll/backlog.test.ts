/**
 * A backlog (thousands of changes between two polls) under a poll budget: drained over as few polls as the budget
 * allows, each change once, the cursor at the last record emitted; and the requests of a quiet poll.
 */
import type { PollState } from '../../../nodes/StorePlatform/poll/rules/state';
import { MAX_WINDOW } from '../../../nodes/StorePlatform/poll/rules/scan';
import { FakeShop, FakeTrigger, fakePlan, windowOf } from './fakeShop';

describe('backlog under a budget', () => {
	test.each([
		// budget in requests per poll, page size, creations, updates
		[Infinity, 250, 3000, 2000],
		[10, 250, 3000, 2000],
		[5, 100, 3000, 0],
		[4, 50, 1000, 1000],
		[3, 20, 0, 500],
	])(
		'budget %s requests, pages of %s: %s created and %s updated drain in as few polls as the budget allows',
		async (budget, pageSize, creations, updates) => {
			const shop = new FakeShop({ filters: 'inclusive' });
			shop.seed(2500, true);
			// the pages of the creations and of the update scan (which meets the new records again), each read
			// ending on an empty page; a poll spends its budget but the count of deletions and the first page of
			// each read on pages (within one poll)
			const pages =
				Math.ceil(creations / pageSize) + 1 + Math.ceil((creations + updates) / pageSize) + 1;
			const maxPolls = budget === Infinity ? 1 : Math.ceil(pages / (budget - 2)) + 1;
			const trigger = new FakeTrigger(shop, fakePlan({ pageSize }));
			await trigger.poll();
			trigger.budgetRequests = budget;
			shop.at('2024-03-10 10:00:00');
			for (let i = 0; i < creations; i++) shop.create({ title: `new ${i}` });
			for (let i = 0; i < updates; i++) shop.update(1 + ((i * 13) % 2500));
			const expected = new Map<string, string>();
			for (const r of shop.records)
				if (r.updated_at === '2024-03-10 10:00:00') expected.set(String(r.id), String(r.title));

			const seen = new Map<string, string>();
			let polls = 0;
			for (; polls < 50; polls++) {
				const changes = await trigger.poll();
				if (changes.length === 0 && !(trigger.stored as PollState).scan?.pass) break;
				expect(trigger.lastRequests).toBeLessThanOrEqual(Math.max(budget, 1) + 1);
				for (const c of changes) {
					expect(seen.has(c.id)).toBe(false);
					seen.set(c.id, String(c.record?.title));
				}
				// the cursor points at the last record emitted
				const created = changes.filter((c) => c.kind === 'created');
				if (created.length > 0)
					expect((trigger.stored as { maxId: number }).maxId).toBe(
						Number(created[created.length - 1].id),
					);
				// drained in this poll: every change emitted and the pass that read them ended (where its last page
				// held a change, the next poll begins a pass over the floor's second: no quiet poll without a pass)
				if (seen.size === expected.size && !(trigger.stored as PollState).scan?.pass) {
					polls++;
					break;
				}
			}
			expect(polls).toBeLessThanOrEqual(maxPolls);
			expect(seen).toEqual(expected);
			// then nothing more: a whole pass over the floor's second emits nothing
			for (let more = 0; more < 50; more++) {
				expect(await trigger.poll()).toEqual([]);
				if (!(trigger.stored as PollState).scan?.pass) break;
			}
			expect((trigger.stored as PollState).scan?.pass).toBeUndefined();
			// drained, the cursor holds about 22 bytes per record of the newest second (here the whole backlog's)
			const newest = shop.records.filter((r) => r.updated_at === '2024-03-10 10:00:00').length;
			// besides the lookback window (its records bounded by twice MAX_WINDOW while a slice waits: scan.ts)
			const window = windowOf(trigger.stored);
			expect(window.records).toBeLessThanOrEqual(2 * MAX_WINDOW);
			expect(JSON.stringify(trigger.stored).length - window.bytes).toBeLessThan(
				1_000 + 25 * newest,
			);
		},
	);

	test.each([
		// events → requests of a quiet poll (before and after the shop has once filled a page)
		[['created'], 1],
		[['created', 'updated'], 2],
		[['created', 'deleted'], 2],
		[['created', 'updated', 'deleted'], 3],
	] as const)('a quiet poll watching %j costs %s requests', async (events, requests) => {
		const shop = new FakeShop({ filters: 'strict' });
		shop.seed(120, true);
		const trigger = new FakeTrigger(shop, fakePlan({ pageSize: 50 }), [...events]);
		await trigger.poll();
		shop.update(7);
		shop.update(9);
		await trigger.poll();
		await trigger.poll();
		expect(trigger.lastRequests).toBe(requests);
	});
});

describe('a shop that silently caps its pages below the asked limit', () => {
	test.each([7, 49])(
		'cap %s: a short page is not taken for the end; every change comes once',
		async (cap) => {
			const shop = new FakeShop({ filters: 'strict', pageCap: cap });
			shop.seed(40, true);
			const trigger = new FakeTrigger(shop, fakePlan({ pageSize: 50 }));
			await trigger.poll();
			shop.at('2024-03-10 10:00:00');
			for (let i = 0; i < 30; i++) shop.create({ title: `new ${i}` });
			for (let id = 1; id <= 40; id += 2) shop.update(id);
			const changes = await trigger.poll();
			expect(changes.filter((c) => c.kind === 'created')).toHaveLength(30);
			expect(changes.filter((c) => c.kind === 'updated')).toHaveLength(20);
			expect(await trigger.poll()).toEqual([]);
		},
	);
});

test('a backlog spread over time leaves a small cursor once drained', async () => {
	const shop = new FakeShop({ filters: 'strict' });
	shop.seed(3000, true);
	const trigger = new FakeTrigger(shop, fakePlan({ pageSize: 250 }));
	await trigger.poll();
	trigger.budgetRequests = 6;
	// 4,000 changes, ten a second
	for (let i = 0; i < 4000; i++) {
		shop.at(
			`2024-03-10 1${Math.floor(i / 36000)}:${String(Math.floor(i / 600) % 60).padStart(2, '0')}:${String(Math.floor(i / 10) % 60).padStart(2, '0')}`,
		);
		if (i % 2 === 0) shop.create({ title: `new ${i}` });
		else shop.update(1 + ((i * 7) % 3000));
	}
	let emitted = 0;
	for (let polls = 0; polls < 40; polls++) {
		const changes = await trigger.poll();
		emitted += changes.length;
		// a pass may end in a poll that only re-reads records already emitted
		if (changes.length === 0 && !(trigger.stored as PollState).scan?.pass) break;
	}
	expect(emitted).toBe(
		2000 + new Set(Array.from({ length: 2000 }, (_, k) => 1 + (((2 * k + 1) * 7) % 3000))).size,
	);
	// besides the lookback window (its records bounded by twice MAX_WINDOW while a slice waits: scan.ts)
	const window = windowOf(trigger.stored);
	expect(window.records).toBeLessThanOrEqual(2 * MAX_WINDOW);
	expect(JSON.stringify(trigger.stored).length - window.bytes).toBeLessThan(1_500);
});
