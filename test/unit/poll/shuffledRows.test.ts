/**
 * Issue 49 #5 on the fake shop: a list whose rows come in another order at each request (a list sorted by
 * created_at, hundreds imported in one second) leaves some records out of every reading by page number. The
 * readings are then read again until together they hold the list (reads/wholeRead.ts settledReading: its count, or two
 * readings in a row that show nothing new), so that no record that existed comes later as created, and a whole
 * list's poll decides a deletion only on readings that hold the list (watch/whole.ts).
 */
import { AUDIT_EVERY_MS } from '../../../nodes/StorePlatform/poll/ledger/decide';
import type { Change } from '../../../nodes/StorePlatform/poll/watch/poller';
import { FakeShop, FakeTrigger, fakePlan, lines } from './fakeShop';
import { kinds, setUp, vouchers } from './ledger/verifiedShop';

describe('rows in another order at each request (issue 49 #5)', () => {
	test('a list without a count (theme scripts): the activation keeps every record; no later poll invents one', async () => {
		const shop = new FakeShop({ filters: 'strict', order: 'shuffled' });
		shop.seed(60);
		const plan = fakePlan({
			strategy: 'stamped',
			stamp: 'updated_at',
			events: ['created', 'updated'],
			pageSize: 10,
			count: undefined,
		});
		const trigger = new FakeTrigger(shop, plan);
		expect(await trigger.poll()).toEqual([]);
		// each reading of six pages leaves about a third out; several readings together hold all 60
		expect(trigger.lastRequests).toBeGreaterThan(7 * 3);
		for (let i = 0; i < 3; i++) expect(await trigger.poll()).toEqual([]);
	});

	test('a whole list with a count (promotions): an edit and a deletion come once, no live record is deleted', async () => {
		const shop = new FakeShop({ filters: 'strict', order: 'shuffled' });
		shop.seed(60);
		const plan = fakePlan({ strategy: 'snapshot', stamp: undefined, pageSize: 10 });
		const trigger = new FakeTrigger(shop, plan);
		expect(await trigger.poll()).toEqual([]);
		expect(await trigger.poll()).toEqual([]);
		shop.update(7, { title: 'edited' });
		shop.remove(30);
		const got: string[] = [];
		for (let i = 0; i < 4; i++) got.push(...lines(await trigger.poll()));
		expect(got.sort()).toEqual(['deleted 30', 'updated 7 edited']);
	});
});

describe('a keyed list whose rows come in another order at each request (reads/pagedReads.ts readUnordered)', () => {
	test('pages (a count that takes since_id): a deletion is found, no live record is said deleted, one Get answering 404 once', async () => {
		const shop = new FakeShop({ filters: 'strict', order: 'shuffled' });
		shop.seed(60);
		const trigger = new FakeTrigger(shop, fakePlan({ pageSize: 10 }));
		expect(await trigger.poll()).toEqual([]);
		// a replica behind: the next Get of a live record answers 404
		let stale = true;
		shop.getHabit = (id) => {
			if (!stale || id === '30' || !shop.get(id)) return undefined;
			stale = false;
			return { gone: true };
		};
		shop.remove(30);
		const got: string[] = [];
		for (let i = 0; i < 4; i++) got.push(...lines(await trigger.poll()));
		expect(got).toEqual(['deleted 30']);
	});
});

describe('the audit of a list whose rows come in another order at each request', () => {
	test('vouchers (a count, since_id ignored): the audits over readings in another order each time report each creation once', async () => {
		const { shop, trigger } = setUp({ order: 'shuffled', ignores: 'since_id' }, 60, vouchers(10));
		expect(await trigger.poll()).toEqual([]);
		trigger.budgetRequests = 4;
		for (let i = 0; i < 40; i++) shop.create({ title: `new ${i}` });
		trigger.now += AUDIT_EVERY_MS;
		const got: Change[] = [];
		for (let i = 0; i < 40; i++) got.push(...(await trigger.poll().catch(() => [])));
		expect(kinds(got)).toEqual(Array.from({ length: 40 }, (_, i) => `created ${61 + i}`).sort());
	});
});
