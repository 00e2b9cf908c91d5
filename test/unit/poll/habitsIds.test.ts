/**
 * Habits of real shops around ids and counts: ids that step by 2 or 3 (a database cluster), an id handed out
 * again or a record restored (found by the count), lists that ignore `since_id` or `page`, a count that is off
 * its list; and the ceiling of requests every poll has.
 */
import type { Change } from '../../../nodes/StorePlatform/poll/watch/poller';
import { MAX_POLL_REQUESTS as CEILING } from '../../../nodes/StorePlatform/poll/reads/reader';
import { MAX_PINNED } from '../../../nodes/StorePlatform/poll/rules/countSearch';
import type { PollState } from '../../../nodes/StorePlatform/poll/rules/state';
import { FakeShop, FakeTrigger, fakePlan, lines } from './fakeShop';

/** Steps of 1–3 in an order that repeats only after many ids (several database nodes writing). */
function irregular(): () => number {
	let x = 12345;
	return () => {
		x = (x * 1103515245 + 12345) % 2147483648;
		return 1 + (Math.floor(x / 65536) % 3);
	};
}

/** Like vouchers: `since_id` and a count, no update time. */
const vouchers = (pageSize: number) =>
	fakePlan({ stamp: undefined, events: ['created', 'deleted'], pageSize });
/** Like pages: `since_id`, update time and a count. */
const pages = (pageSize: number) => fakePlan({ pageSize });

const bytes = (trigger: FakeTrigger) => JSON.stringify(trigger.stored).length;

describe('ids that are not consecutive', () => {
	test.each([
		['step 2', 300, 2],
		['step 3', 300, 3],
		['irregular steps of 1–3', 21_000, irregular()],
	] as const)(
		'20,000 records, ids %s: every deletion is found, the oldest too; the static data under %s bytes',
		async (_name, most, step) => {
			const shop = new FakeShop({ filters: 'strict', idStep: step });
			shop.seed(20_000);
			const trigger = new FakeTrigger(shop, vouchers(250));
			await trigger.poll();
			expect(await trigger.poll()).toEqual([]);
			const ids = shop.records.map((r) => Number(r.id));
			const gone = [ids[0], ids[1], ids[5_000], ids[12_345], ids[19_999]];
			for (const id of gone) shop.remove(id);
			const changes = await trigger.poll();
			expect(lines(changes)).toEqual(gone.map((id) => `deleted ${id}`).sort());
			expect(bytes(trigger)).toBeLessThan(most);
			expect(await trigger.poll()).toEqual([]);
		},
	);

	test('10,000 consecutive ids keep a static data of a few hundred bytes', async () => {
		const shop = new FakeShop({ filters: 'strict' });
		shop.seed(10_000);
		const trigger = new FakeTrigger(shop, vouchers(250));
		await trigger.poll();
		expect(bytes(trigger)).toBeLessThan(300);
	});

	test('a cursor saved with the known ids as runs (before) still loads, and is written anew', async () => {
		const shop = new FakeShop({ filters: 'strict' });
		shop.seed(40);
		shop.remove(10);
		shop.remove(20);
		const trigger = new FakeTrigger(shop, vouchers(10));
		// runs 1–9, 11–19, 21–40 as the runs text kept them: first start, length − 1, gap to the next start, ...
		trigger.stored = { v: 2, watch: 'page', maxId: 40, live: '1.8.2.8.2.j', liveFloor: 0 };
		shop.remove(30);
		expect(lines(await trigger.poll())).toEqual(['deleted 30']);
		const stored = trigger.stored as PollState & { ids?: string };
		expect(stored.live).toBeUndefined();
		expect(typeof stored.ids).toBe('string');
		shop.remove(5);
		expect(lines(await trigger.poll())).toEqual(['deleted 5']);
		expect(await trigger.poll()).toEqual([]);
	});
});

describe('an id handed out again, or a record restored, found by the count', () => {
	test.each([
		['vouchers (no update time)', vouchers(10)],
		['pages (update time)', pages(10)],
	])('%s: deleted, reused, then a later deletion', async (_name, plan) => {
		const shop = new FakeShop({ filters: 'strict' });
		shop.seed(30);
		const trigger = new FakeTrigger(shop, plan);
		await trigger.poll();
		shop.remove(30);
		expect(lines(await trigger.poll())).toEqual(['deleted 30']);
		// the highest id handed out again (an auto_increment reset by a restart)
		shop.create({ title: 'again' }, 30);
		expect(lines(await trigger.poll())).toEqual(['created 30 again']);
		shop.remove(7);
		expect(lines(await trigger.poll())).toEqual(['deleted 7']);
		// restored from the trash with its old update time
		shop.create({ title: 'restored', updated_at: '2024-01-01 00:00:00' }, 7);
		expect(lines(await trigger.poll())).toEqual(['created 7 restored']);
		shop.remove(12);
		expect(lines(await trigger.poll())).toEqual(['deleted 12']);
		expect(await trigger.poll()).toEqual([]);
	});

	test('25 ids reused across the list at once: each one created, within a bound of requests', async () => {
		const shop = new FakeShop({ filters: 'strict' });
		shop.seed(200);
		const trigger = new FakeTrigger(shop, vouchers(20));
		await trigger.poll();
		const gone = Array.from({ length: 40 }, (_, i) => 3 + i * 5);
		for (const id of gone) shop.remove(id);
		expect(await trigger.poll()).toHaveLength(40);
		const back = gone.filter((_, i) => i % 8 !== 0).slice(0, 25);
		for (const id of back) shop.create({ title: `back ${id}` }, id);
		expect(lines(await trigger.poll())).toEqual(
			back.map((id) => `created ${id} back ${id}`).sort(),
		);
		expect(trigger.lastRequests).toBeLessThanOrEqual(60);
		expect(await trigger.poll()).toEqual([]);
		expect(trigger.lastRequests).toBe(2);
	});
});

describe('lists that ignore since_id or page', () => {
	test('a list that ignores since_id from the start: it is read by page number, each change once', async () => {
		const shop = new FakeShop({ filters: 'strict', ignores: 'since_id' });
		shop.seed(120);
		const trigger = new FakeTrigger(shop, pages(50));
		expect(await trigger.poll()).toEqual([]);
		// the count, page 1 by since_id, page 1 again (no id above 50), pages 2 and 3; read by page number, so read
		// again until two readings agree (a deletion meanwhile could move a record out of one): 4 pages twice more
		expect(trigger.lastRequests).toBeLessThanOrEqual(14);
		for (let i = 0; i < 5; i++) shop.create({ title: `new ${i}` });
		shop.remove(3);
		shop.update(7);
		expect(lines(await trigger.poll())).toEqual([
			'created 121 new 0',
			'created 122 new 1',
			'created 123 new 2',
			'created 124 new 3',
			'created 125 new 4',
			'deleted 3',
			"updated 7 seed 6'",
		]);
		expect(await trigger.poll()).toEqual([]);
		expect(trigger.lastRequests).toBeLessThanOrEqual(12);
	});

	test('a list that starts ignoring since_id: the changes still come once; fixed, it goes on', async () => {
		const shop = new FakeShop({ filters: 'strict' });
		shop.seed(120);
		const trigger = new FakeTrigger(shop, pages(50));
		await trigger.poll();
		for (let i = 0; i < 5; i++) shop.create({ title: `new ${i}` });
		shop.remove(3);
		shop.opts.ignores = 'since_id';
		expect(lines(await trigger.poll())).toEqual([
			'created 121 new 0',
			'created 122 new 1',
			'created 123 new 2',
			'created 124 new 3',
			'created 125 new 4',
			'deleted 3',
		]);
		shop.opts.ignores = undefined;
		shop.create({ title: 'after' });
		expect(lines(await trigger.poll())).toEqual(['created 126 after']);
	});

	test('a list under one page that ignores since_id and page: its one page is the whole list', async () => {
		const shop = new FakeShop({ filters: 'strict', ignores: 'both' });
		shop.seed(20);
		const trigger = new FakeTrigger(shop, pages(50));
		await trigger.poll();
		shop.create({ title: 'new' });
		shop.remove(4);
		expect(lines(await trigger.poll())).toEqual(['created 21 new', 'deleted 4']);
		expect(await trigger.poll()).toEqual([]);
	});

	test('a list longer than a page that ignores since_id and page fails naming both, nothing invented, the cursor kept', async () => {
		const shop = new FakeShop({ filters: 'strict' });
		shop.seed(120);
		const trigger = new FakeTrigger(shop, pages(50));
		await trigger.poll();
		const before = JSON.stringify(trigger.stored);
		shop.create({ title: 'new' });
		shop.opts.ignores = 'both';
		shop.requests = [];
		await expect(trigger.poll()).rejects.toThrow(/ignores since_id and page/);
		expect(shop.requests.length).toBeLessThanOrEqual(5);
		expect(JSON.stringify(trigger.stored)).toBe(before);
	});

	test("a scanned list newest first, a page's worth created between its pages 1 and 2: no error, each creation once", async () => {
		// page 2 then repeats page 1 (issue 49 #9 on a fast read): the next page tells that the list reads `page`
		const plan = fakePlan({
			strategy: 'stamped',
			stamp: 'created_at',
			events: ['created'],
			pageSize: 10,
			count: undefined,
		});
		const shop = new FakeShop({ filters: 'strict', order: 'newest' });
		shop.seed(30, true);
		const trigger = new FakeTrigger(shop, plan);
		await trigger.poll();
		shop.at('2024-03-10 09:30:00');
		for (let i = 0; i < 10; i++) shop.create({ title: `before ${i}` });
		shop.beforeAnswer = (n) => {
			if (n !== 2) return;
			for (let i = 0; i < 10; i++) shop.create({ title: `during ${i}` });
		};
		const got = lines(await trigger.poll());
		shop.beforeAnswer = undefined;
		shop.at('2024-03-10 09:31:00');
		got.push(...lines(await trigger.poll()), ...lines(await trigger.poll()));
		expect(got.map((l) => l.split(' ').slice(0, 2).join(' ')).sort()).toEqual(
			Array.from({ length: 20 }, (_, i) => `created ${31 + i}`).sort(),
		);
	});

	test('a list read by page number that ignores page: the poll fails naming it, within a few requests', async () => {
		const plan = fakePlan({ strategy: 'stamped', events: ['created', 'updated'], pageSize: 10 });
		const shop = new FakeShop({ filters: 'strict' });
		shop.seed(30, true);
		const trigger = new FakeTrigger(shop, plan);
		await trigger.poll();
		const before = JSON.stringify(trigger.stored);
		shop.opts.ignores = 'page';
		shop.at('2024-03-10 09:00:01');
		for (let id = 1; id <= 30; id += 2) shop.update(id);
		shop.requests = [];
		await expect(trigger.poll()).rejects.toThrow(/page/);
		expect(shop.requests.length).toBeLessThanOrEqual(3);
		expect(JSON.stringify(trigger.stored)).toBe(before);
		// from the start
		const fresh = new FakeTrigger(shop, plan);
		shop.requests = [];
		await expect(fresh.poll()).rejects.toThrow(/page/);
		// pages 1 and 2, the count, and page 3 (a page repeated may be a page of records created ahead of the read)
		expect(shop.requests.length).toBeLessThanOrEqual(4);
	});
});

describe('a ceiling of requests on every poll', () => {
	test(`an activation that would read more than ${CEILING} pages fails clearly, within the ceiling`, async () => {
		const shop = new FakeShop({ filters: 'strict' });
		shop.seed(CEILING + 100);
		const trigger = new FakeTrigger(shop, vouchers(1));
		await expect(trigger.poll()).rejects.toThrow(/requests/);
		expect(shop.requests.length).toBeLessThanOrEqual(CEILING);
		expect(trigger.stored).toBeUndefined();
	});

	test('a backlog longer than the ceiling drains over polls, each within it, each creation once', async () => {
		const shop = new FakeShop({ filters: 'strict' });
		shop.seed(10);
		const trigger = new FakeTrigger(
			shop,
			fakePlan({ stamp: undefined, events: ['created'], pageSize: 1 }),
		);
		await trigger.poll();
		for (let i = 0; i < 1500; i++) shop.create({ title: `new ${i}` });
		const seen: Change[] = [];
		for (let polls = 0; polls < 5; polls++) {
			const changes = await trigger.poll();
			expect(trigger.lastRequests).toBeLessThanOrEqual(CEILING);
			if (changes.length === 0) break;
			seen.push(...changes);
		}
		expect(seen.map((c) => c.id)).toEqual(Array.from({ length: 1500 }, (_, i) => String(11 + i)));
	});

	test('a search of deletions longer than the ceiling goes on at the next poll, each deletion once', async () => {
		const shop = new FakeShop({ filters: 'strict' });
		shop.seed(990);
		// pages of one record: each deletion is a leaf of its own
		const trigger = new FakeTrigger(shop, vouchers(1));
		await trigger.poll();
		const gone = Array.from({ length: 330 }, (_, i) => 2 + i * 3);
		for (const id of gone) shop.remove(id);
		const found: string[] = [];
		let polls = 0;
		for (; polls < 6; polls++) {
			const changes = await trigger.poll();
			expect(trigger.lastRequests).toBeLessThanOrEqual(CEILING);
			if (changes.length === 0) break;
			found.push(...changes.map((c) => `${c.kind} ${c.id}`));
		}
		expect(polls).toBeGreaterThan(1);
		expect(found.sort()).toEqual(gone.map((id) => `deleted ${id}`).sort());
	});
});

/** Counts off their lists: a name, and what makes the fake shop's count so. */
const COUNT_SKEWS: Array<[string, (shop: FakeShop) => unknown]> = [
	['counts one more in every range', (shop) => (shop.opts.countSkew = 1)],
	['counts one less in every range', (shop) => (shop.opts.countSkew = -1)],
	['counts a record the list does not show', (shop) => shop.unlisted.add(250)],
	['does not count a record the list shows', (shop) => shop.uncounted.add(250)],
];

describe('a count that is off its list', () => {
	test.each(COUNT_SKEWS)(
		'a count that %s: nothing invented, a few requests once, then quiet polls; real changes still found',
		async (_name, skew) => {
			const shop = new FakeShop({ filters: 'strict' });
			shop.seed(500, true);
			skew(shop);
			const trigger = new FakeTrigger(shop, pages(50));
			await trigger.poll();
			expect(await trigger.poll()).toEqual([]);
			// once: the search down to the range the lists and counts disagree on, and where in it (by id)
			expect(trigger.lastRequests).toBeLessThanOrEqual(20);
			for (let i = 0; i < 3; i++) {
				expect(await trigger.poll()).toEqual([]);
				expect(trigger.lastRequests).toBe(3);
			}
			shop.remove(123);
			expect(lines(await trigger.poll())).toEqual(['deleted 123']);
			shop.create({ title: 'back' }, 123);
			expect(lines(await trigger.poll())).toEqual(['created 123 back']);
			shop.remove(400);
			shop.create({ title: 'new' });
			expect(lines(await trigger.poll())).toEqual(['created 501 new', 'deleted 400']);
			expect(await trigger.poll()).toEqual([]);
			expect(trigger.lastRequests).toBe(3);
		},
	);
});

describe('a count off its list from the activation on', () => {
	test.each(COUNT_SKEWS)(
		'a count that %s is learned at the activation: a deletion before the first poll is found in it',
		async (_name, skew) => {
			const shop = new FakeShop({ filters: 'strict' });
			shop.seed(500, true);
			skew(shop);
			const trigger = new FakeTrigger(shop, pages(50));
			await trigger.poll();
			shop.remove(77);
			expect(lines(await trigger.poll())).toEqual(['deleted 77']);
			expect(await trigger.poll()).toEqual([]);
			expect(trigger.lastRequests).toBe(3);
		},
	);
});

test('a count off its list at 150 ids (more than are pinned): bounded polls, nothing invented, changes found', async () => {
	const shop = new FakeShop({ filters: 'strict' });
	shop.seed(3000, true);
	// trashed records the count still counts, spread over the list
	for (let id = 10; id <= 3000; id += 20) shop.unlisted.add(id);
	const trigger = new FakeTrigger(shop, pages(50));
	await trigger.poll();
	for (let polls = 0; polls < 3; polls++) {
		expect(await trigger.poll()).toEqual([]);
		expect(trigger.lastRequests).toBeLessThanOrEqual(CEILING);
	}
	expect(trigger.lastRequests).toBe(3);
	const off = (trigger.stored as PollState).countOff;
	expect(off?.unplaced).toBe(150 - MAX_PINNED);
	expect(JSON.stringify(off).length).toBeLessThan(600);
	shop.remove(1234);
	shop.remove(2999);
	expect(lines(await trigger.poll())).toEqual(['deleted 1234', 'deleted 2999']);
	expect(trigger.lastRequests).toBeLessThanOrEqual(CEILING);
	expect(await trigger.poll()).toEqual([]);
	expect(trigger.lastRequests).toBe(3);
});

describe('records created while a search of the count runs', () => {
	test.each([6, 8, 10])(
		'one created at request %i of a poll that finds a deletion: no count offset learned, the next quiet polls cost 3 requests',
		async (at) => {
			const shop = new FakeShop({ filters: 'strict' });
			shop.seed(500, true);
			const trigger = new FakeTrigger(shop, pages(50));
			await trigger.poll();
			shop.remove(100);
			shop.beforeAnswer = (n) => {
				if (n === at) shop.create({ title: 'meanwhile' });
			};
			const first = lines(await trigger.poll());
			shop.beforeAnswer = undefined;
			const second = lines(await trigger.poll());
			expect([...first, ...second].sort()).toEqual(['created 501 meanwhile', 'deleted 100']);
			expect(trigger.stored).not.toHaveProperty('countOff');
			for (let i = 0; i < 2; i++) {
				expect(await trigger.poll()).toEqual([]);
				expect(trigger.lastRequests).toBe(3);
			}
		},
	);
});
