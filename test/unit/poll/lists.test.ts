/**
 * Lists without `since_id`: whole lists compared by fingerprint (read twice before a record counts as deleted)
 * and lists read by time with page numbers; the shop-time and fingerprint rules they stand on.
 */
import { fingerprint } from '../../../nodes/StorePlatform/poll/rules/fingerprint';
import { isShopTime, secondBefore } from '../../../nodes/StorePlatform/poll/rules/shopTime';
import { FakeShop, FakeTrigger, fakePlan, lines } from './fakeShop';

describe('shop times', () => {
	test.each([
		['2024-03-10 09:00:00', '2024-03-10 08:59:59'],
		['2024-03-01 00:00:00', '2024-02-29 23:59:59'],
		['2025-01-01 00:00:00', '2024-12-31 23:59:59'],
		['1999-12-31 23:59:58', '1999-12-31 23:59:57'],
	])('the second before %s is %s (digits only, no zone)', (time, before) => {
		expect(secondBefore(time)).toBe(before);
	});

	test.each([
		['2024-03-10 09:00:00', true],
		['0000-00-00 00:00:00', false],
		['2024-03-10T09:00:00Z', false],
		[null, false],
	])('%s is a shop time: %s', (value, expected) => {
		expect(isShopTime(value)).toBe(expected);
	});
});

describe('fingerprints', () => {
	test.each([
		[{ id: 1, title: 'a' }, { id: '1', title: 'a' }, true],
		[{ id: 1, title: 'a' }, { title: 'a', id: 1 }, true],
		[{ id: 1, title: 'a' }, { id: 1, title: 'b' }, false],
		[{ id: 1, tags: ['a', 'b'] }, { id: 1, tags: ['b', 'a'] }, false],
	])('%j and %j look alike: %s', (a, b, alike) => {
		expect(fingerprint(a) === fingerprint(b)).toBe(alike);
	});
});

describe('whole lists compared by fingerprint', () => {
	const plan = fakePlan({ strategy: 'snapshot', stamp: undefined, pageSize: 10 });

	test('created, updated, deleted between two polls; nothing else', async () => {
		const shop = new FakeShop();
		shop.seed(25, true);
		const trigger = new FakeTrigger(shop, plan);
		expect(await trigger.poll()).toEqual([]);
		shop.create({ title: 'new' });
		shop.update(3, { title: 'three' });
		shop.update(4, { title: 'four' });
		shop.update(4, { title: 'four again' });
		shop.remove(9);
		expect(lines(await trigger.poll())).toEqual([
			'created 26 new',
			'deleted 9',
			'updated 3 three',
			'updated 4 four again',
		]);
		expect(await trigger.poll()).toEqual([]);
	});

	test('a deletion while the pages are read hides no record and invents no deletion', async () => {
		const shop = new FakeShop();
		shop.seed(35, true);
		const trigger = new FakeTrigger(shop, plan);
		await trigger.poll();
		// after the first page: record 2 goes, so record 11 moves onto page 1, already read, and one reading misses it
		shop.beforeAnswer = (n) => {
			if (n === 2) shop.remove(2);
		};
		// record 2 was on page 1 when it was read: its deletion comes with the next poll; 11 is not lost
		expect(lines(await trigger.poll())).toEqual([]);
		shop.beforeAnswer = undefined;
		expect(lines(await trigger.poll())).toEqual(['deleted 2']);
		expect(await trigger.poll()).toEqual([]);
	});
});

describe('lists read by time with page numbers (theme scripts)', () => {
	const plan = fakePlan({ strategy: 'stamped', events: ['created', 'updated'], pageSize: 10 });

	test('a record new since the floor is created, a known one updated; same second neither missed nor repeated', async () => {
		const shop = new FakeShop({ filters: 'strict' });
		shop.seed(30, true);
		const trigger = new FakeTrigger(shop, plan);
		await trigger.poll();
		shop.at('2024-03-10 09:00:01');
		const r = shop.create({ title: 'script' });
		shop.update(5, { title: 'five' });
		expect(lines(await trigger.poll())).toEqual([
			`created ${String(r.id)} script`,
			'updated 5 five',
		]);
		shop.update(Number(r.id), { title: 'script, changed' });
		shop.update(6, { title: 'six' });
		expect(lines(await trigger.poll())).toEqual([
			`updated ${String(r.id)} script, changed`,
			'updated 6 six',
		]);
		expect(await trigger.poll()).toEqual([]);
	});
});
