/**
 * Habits of real shops the poll trigger meets (issue 30): a cart that changes after its creation, two forms of
 * one value, an id handed out again, one record stamped in the shop's future. Each as a table over the shop in
 * memory (fakeShop.ts), through the shipped poll rules.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	fingerprint,
	LEGACY_MARK,
	legacyFingerprint,
} from '../../../nodes/StorePlatform/poll/rules/fingerprint';
import type { PollState } from '../../../nodes/StorePlatform/poll/rules/state';
import { quietRequests, type PollPlan } from '../../../nodes/StorePlatform/poll/rules/strategy';
import { FakeShop, FakeTrigger, fakePlan, lines, windowOf, type FakeOptions } from './fakeShop';

const FILTERS: FakeOptions['filters'][] = ['strict', 'inclusive'];

const keyed = fakePlan({ pageSize: 10 });
const stamped = fakePlan({
	strategy: 'stamped',
	events: ['created', 'updated'],
	count: undefined,
	pageSize: 10,
});
const carts = fakePlan({
	strategy: 'stamped',
	stamp: 'created_at',
	events: ['created'],
	count: undefined,
	pageSize: 10,
});
const snapshot = fakePlan({ strategy: 'snapshot', stamp: undefined, pageSize: 10 });

describe.each(FILTERS)('a record is created once (%s filters)', (filters) => {
	test('a cart that changes after its creation (e-mail, items, order) is not created again', async () => {
		const shop = new FakeShop({ filters });
		shop.seed(12, true);
		const trigger = new FakeTrigger(shop, carts);
		await trigger.poll();
		shop.at('2024-03-10 09:00:01');
		shop.create({ title: 'cart', email: '' });
		expect(lines(await trigger.poll())).toEqual(['created 13 cart']);
		// the new cart and the newest of the activation's carts change; their created_at stays
		shop.at('2024-03-10 09:00:05');
		shop.update(13, { email: 'buyer@example.com' });
		shop.update(12, { items: [{ product_id: 4, quantity: 2 }] });
		expect(lines(await trigger.poll())).toEqual([]);
		shop.update(13, { order_id: 77 });
		expect(lines(await trigger.poll())).toEqual([]);
		// a new cart still comes, once
		shop.create({ title: 'next cart' });
		expect(lines(await trigger.poll())).toEqual(['created 14 next cart']);
		expect(await trigger.poll()).toEqual([]);
	});
});

describe('two forms of one value are one value', () => {
	test.each([
		[{ test: 1 }, { test: true }, true],
		[{ test: 0 }, { test: false }, true],
		[{ test: '1' }, { test: true }, true],
		[{ test: true }, { test: false }, false],
		[{ price: 1900 }, { price: '1900' }, true],
		[{ price: '10.50' }, { price: 10.5 }, true],
		[{ price: '19.00' }, { price: 19 }, true],
		[{ price: '-0.0' }, { price: 0 }, true],
		[{ price: '10.5' }, { price: '10.05' }, false],
		[{ items: [{ quantity: '2' }] }, { items: [{ quantity: 2 }] }, true],
		// codes are text: leading zeros stay, and long numbers are not rounded
		[{ code: '007' }, { code: 7 }, false],
		[{ code: '007' }, { code: '7' }, false],
		[{ ean: '12345678901234567891' }, { ean: '12345678901234567890' }, false],
		[{ price: 0 }, { price: null }, false],
		[{ price: 0 }, { price: '' }, false],
		[{ title: 'true' }, { title: true }, false],
	])('%j and %j look alike: %s', (a, b, alike) => {
		expect(fingerprint(a) === fingerprint(b)).toBe(alike);
	});

	test('a record without flags or numbers as text keeps the fingerprint of the version-1 function', () => {
		const record = { id: 7, title: 'Page', price: 19.5, code: '007', tags: ['a'], note: null };
		expect(fingerprint(record)).toBe(legacyFingerprint(record));
	});

	/** Answer by answer, the other form: ids, prices and flags as numbers, then as text and booleans. */
	const alternate = (r: IDataObject, answer: number): IDataObject =>
		answer % 2 === 0 ? numbersAsText(r) : numbersAsNumbers(r);
	const numbersAsText = (r: IDataObject): IDataObject => ({
		...r,
		id: String(r.id),
		price: Number(r.price).toFixed(2),
		test: Number(r.test) === 1,
	});
	const numbersAsNumbers = (r: IDataObject): IDataObject => ({
		...r,
		id: Number(r.id),
		price: Number(r.price),
		test: Number(r.test),
	});

	/** A shop of application charges: a price and a test flag each. */
	function chargesShop(): FakeShop {
		const shop = new FakeShop({ filters: 'inclusive' });
		for (let i = 0; i < 25; i++) shop.create({ title: `charge ${i}`, price: 19 + i, test: i % 2 });
		return shop;
	}

	test.each([
		['a whole list compared by fingerprint (application charges)', snapshot],
		['a keyed list re-read by its update scan', keyed],
	])(
		'%s: answers that alternate forms invent no change; a real change comes once',
		async (_n, plan) => {
			const shop = chargesShop();
			shop.spell = alternate;
			const trigger = new FakeTrigger(shop, plan);
			await trigger.poll();
			for (let i = 0; i < 4; i++) expect(lines(await trigger.poll())).toEqual([]);
			shop.update(25, { test: 0, price: 30 });
			expect(lines(await trigger.poll())).toEqual(["updated 25 charge 24'"]);
			for (let i = 0; i < 4; i++) expect(lines(await trigger.poll())).toEqual([]);
		},
	);

	/** A cursor as the version-1 function stored it: its fingerprints, no `fp` mark, a scan's `latest`. */
	function asStoredByVersion1(stored: unknown, shop: FakeShop, spell: typeof alternate): unknown {
		const state = JSON.parse(JSON.stringify(stored)) as PollState & IDataObject;
		const byId = new Map(shop.records.map((r) => [String(r.id), spell({ ...r }, 0)]));
		const v1 = (id: string) => legacyFingerprint(byId.get(id) as IDataObject);
		delete state.fp;
		if (state.known) for (const id of Object.keys(state.known)) state.known[id] = v1(id);
		if (state.scan) {
			for (const group of Object.values(state.scan.seen))
				for (const id of Object.keys(group)) group[id] = v1(id);
			Object.assign(state.scan, { latest: state.scan.floor });
		}
		return state;
	}

	test.each([
		['a whole list compared by fingerprint', snapshot],
		['a keyed list re-read by its update scan', keyed],
	])(
		'%s: a cursor stored by version 1 reads the same records without inventing updates',
		async (_n, plan) => {
			for (const form of [numbersAsText, numbersAsNumbers]) {
				const shop = chargesShop();
				shop.spell = form;
				const trigger = new FakeTrigger(shop, plan);
				await trigger.poll();
				trigger.stored = asStoredByVersion1(trigger.stored, shop, form);
				expect(lines(await trigger.poll())).toEqual([]);
				expect(lines(await trigger.poll())).toEqual([]);
				// read once by this version: the other form is the same value from then on
				shop.spell = alternate;
				for (let i = 0; i < 3; i++) expect(lines(await trigger.poll())).toEqual([]);
				// every record read again: no fingerprint of version 1 is left
				expect(JSON.stringify(trigger.stored)).not.toContain(LEGACY_MARK);
				shop.update(25, { price: 30 });
				expect(lines(await trigger.poll())).toEqual(["updated 25 charge 24'"]);
				expect(lines(await trigger.poll())).toEqual([]);
			}
		},
	);
});

describe.each(FILTERS)('ids come back (%s filters)', (filters) => {
	test.each([
		['while it is among the records the scan keeps', 0],
		['after the scan has moved past it', 6],
	])('the highest id deleted and handed out again, %s, is created', async (_n, laterUpdates) => {
		const shop = new FakeShop({ filters });
		shop.seed(10, true);
		const trigger = new FakeTrigger(shop, keyed);
		await trigger.poll();
		for (let i = 0; i < laterUpdates; i++) {
			shop.at(`2024-03-10 09:00:0${i}`);
			shop.update(1 + i);
			expect(await trigger.poll()).toHaveLength(1);
		}
		shop.at('2024-03-10 09:00:30');
		shop.remove(10);
		// MySQL before 8 after a restart: AUTO_INCREMENT is the highest id left plus one
		shop.create({ id: 10, title: 'again' });
		expect(lines(await trigger.poll())).toEqual(['created 10 again']);
		expect(await trigger.poll()).toEqual([]);
		shop.at('2024-03-10 09:00:40');
		shop.update(10, { title: 'again, changed' });
		expect(lines(await trigger.poll())).toEqual(['updated 10 again, changed']);
		expect(await trigger.poll()).toEqual([]);
	});
});

describe.each(FILTERS)('one record stamped in the shop future (%s filters)', (filters) => {
	const cases: Array<[string, PollPlan]> = [
		['keyed', keyed],
		['stamped', stamped],
	];

	test.each(cases)('%s: a page updated two days ahead blinds no later update', async (_n, plan) => {
		const shop = new FakeShop({ filters });
		shop.seed(30, true);
		const trigger = new FakeTrigger(shop, plan);
		await trigger.poll();
		// a writer whose clock runs two days ahead
		shop.at('2024-03-12 09:00:00');
		shop.update(3, { title: 'ahead' });
		shop.at('2024-03-10 09:00:01');
		expect(lines(await trigger.poll())).toEqual(['updated 3 ahead']);
		// then updates at the shop's real time, poll after poll, some in one second
		for (let i = 0; i < 6; i++) {
			shop.at(`2024-03-10 09:00:1${i}`);
			shop.update(10 + i, { title: `real ${i}` });
			if (i % 2 === 1) shop.update(20 + i, { title: `real ${i} too` });
			const want = [`updated ${10 + i} real ${i}`];
			if (i % 2 === 1) want.push(`updated ${20 + i} real ${i} too`);
			expect(lines(await trigger.poll())).toEqual(want);
			// the next poll is quiet, and costs what a quiet poll costs: the record ahead is read again unchanged
			expect(await trigger.poll()).toEqual([]);
			expect(trigger.lastRequests).toBe(quietRequests(plan, plan.events, 30));
		}
		// the record from the future, changed by a writer on the shop's clock, comes once
		shop.update(3, { title: 'back' });
		expect(lines(await trigger.poll())).toEqual(['updated 3 back']);
		expect(await trigger.poll()).toEqual([]);
	});

	test.each(cases)('%s: a record already ahead at activation blinds nothing', async (_n, plan) => {
		const shop = new FakeShop({ filters });
		shop.seed(30, true);
		shop.at('2024-03-12 09:00:00');
		shop.update(8, { title: 'ahead' });
		shop.at('2024-03-10 09:00:00');
		const trigger = new FakeTrigger(shop, plan);
		await trigger.poll();
		// the latest real time: the record two days ahead stands alone, far ahead of the rest (an outlier)
		expect((trigger.stored as PollState).scan?.floor).toBe('2024-03-10 08:59:59');
		for (let i = 0; i < 3; i++) {
			shop.at(`2024-03-10 09:00:0${i}`);
			shop.update(20 + i, { title: `real ${i}` });
			expect(lines(await trigger.poll())).toEqual([`updated ${20 + i} real ${i}`]);
		}
		expect(await trigger.poll()).toEqual([]);
	});

	test.each(cases)(
		'%s: up to three records ahead (created or updated) blind nothing; the cursor stays small',
		async (_n, plan) => {
			const shop = new FakeShop({ filters });
			shop.seed(30, true);
			const trigger = new FakeTrigger(shop, plan);
			await trigger.poll();
			shop.at('2024-03-11 10:00:00');
			shop.update(4, { title: 'ahead 1' });
			shop.at('2024-03-12 10:00:00');
			shop.create({ title: 'ahead 2' });
			shop.at('2024-03-10 09:00:01');
			expect(lines(await trigger.poll())).toEqual(['created 31 ahead 2', 'updated 4 ahead 1']);
			shop.at('2025-01-01 00:00:00');
			shop.update(5, { title: 'ahead 3' });
			shop.at('2024-03-10 09:00:02');
			shop.update(6, { title: 'now' });
			expect(lines(await trigger.poll())).toEqual(['updated 5 ahead 3', 'updated 6 now']);
			for (let i = 0; i < 5; i++) {
				shop.at(`2024-03-10 09:01:0${i}`);
				shop.update(7 + i, { title: `later ${i}` });
				if (i === 2) shop.create({ title: 'new' });
				expect(lines(await trigger.poll())).toEqual(
					i === 2
						? ['created 32 new', `updated ${7 + i} later ${i}`]
						: [`updated ${7 + i} later ${i}`],
				);
			}
			expect(await trigger.poll()).toEqual([]);
			// the record created ahead, changed twice by a writer on the shop's clock: updated, not created again
			shop.update(31, { title: 'ahead 2, changed' });
			expect(lines(await trigger.poll())).toEqual(['updated 31 ahead 2, changed']);
			shop.at('2024-03-10 09:02:00');
			shop.update(31, { title: 'ahead 2, changed again' });
			expect(lines(await trigger.poll())).toEqual(['updated 31 ahead 2, changed again']);
			expect(await trigger.poll()).toEqual([]);
			// the records kept: the three ahead and the latest few at the shop's time
			// (besides the lookback window below the floor: scan.ts)
			const scan = (trigger.stored as PollState).scan;
			const seen = Object.entries(scan?.seen ?? {}).filter(([t]) => t >= (scan?.floor ?? ''));
			expect(seen.flatMap(([, g]) => Object.keys(g)).length).toBeLessThanOrEqual(7);
			expect(JSON.stringify(trigger.stored).length - windowOf(trigger.stored).bytes).toBeLessThan(
				500,
			);
		},
	);
});

describe.each(FILTERS)('a burst of changes in one second (%s filters)', (filters) => {
	test('two later changes a minute after it move the floor: quiet polls stop reading the burst again', async () => {
		const shop = new FakeShop({ filters });
		shop.seed(60, true);
		const trigger = new FakeTrigger(shop, keyed);
		await trigger.poll();
		shop.at('2024-03-10 09:00:00');
		for (let id = 1; id <= 50; id++) shop.update(id, { title: `burst ${id}` });
		expect(await trigger.poll()).toHaveLength(50);
		shop.at('2024-03-10 09:01:00');
		shop.update(55, { title: 'later a' });
		shop.update(56, { title: 'later b' });
		expect(lines(await trigger.poll())).toEqual(['updated 55 later a', 'updated 56 later b']);
		// the pass that read them began below them: the next pass starts at their second
		expect(await trigger.poll()).toEqual([]);
		expect((trigger.stored as PollState).scan?.floor).toBe('2024-03-10 09:01:00');
		expect(await trigger.poll()).toEqual([]);
		expect(trigger.lastRequests).toBe(quietRequests(keyed, keyed.events, 60));
	});
});
