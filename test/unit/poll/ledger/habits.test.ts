/**
 * Issue 41's shop habits met together, through the poll module with the ledger's checks (ledger/verify.ts) on the
 * fake shop: each fails on the fast reads alone (the trigger before the ledger) and holds with them.
 */
import { MAX_CONFIRMS } from '../../../../nodes/StorePlatform/poll/ledger/decide';
import { unreadableStamp } from '../../../../nodes/StorePlatform/poll/rules/shopTime';
import type { PollState } from '../../../../nodes/StorePlatform/poll/rules/state';
import { kinds, pages, settle, setUp, vouchers } from './verifiedShop';

describe('issue 41: habits that combine', () => {
	test.each([
		['pages', pages()],
		['vouchers', vouchers()],
	])(
		'#1 %s: since_id ignored, the page cap lowered to 100 after the activation, then one record deleted: one deletion, no other',
		async (_, plan) => {
			const { shop, trigger } = setUp({ ignores: 'since_id' }, 300, plan);
			expect(await trigger.poll()).toEqual([]);
			shop.opts.pageCap = 100;
			shop.remove(120);
			expect(kinds(await settle(trigger))).toEqual(['deleted 120']);
			// a real deletion later still comes
			shop.remove(250);
			expect(kinds(await settle(trigger))).toEqual(['deleted 250']);
			expect(kinds(await settle(trigger, true))).toEqual([]);
		},
	);

	test.each([50, 100, 200])(
		'#2: since_id ignored and pages capped at %i from the start: the activation knows every record; changes beyond the first page come',
		async (cap) => {
			const { shop, trigger } = setUp({ ignores: 'since_id', pageCap: cap }, 300);
			expect(await trigger.poll()).toEqual([]);
			shop.at('2024-03-10 09:10:00');
			shop.create({ title: 'new' });
			shop.update(280);
			shop.remove(290);
			expect(kinds(await settle(trigger))).toEqual(['created 301', 'deleted 290', 'updated 280']);
		},
	);

	test('#4: a list answered newest first: deletions of the first and of record 100, 300 creations between two polls', async () => {
		const { shop, trigger } = setUp({ order: 'newest' }, 300);
		expect(await trigger.poll()).toEqual([]);
		shop.remove(1);
		shop.remove(100);
		expect(kinds(await settle(trigger))).toEqual(['deleted 1', 'deleted 100']);
		shop.at('2024-03-10 09:10:00');
		for (let i = 0; i < 300; i++) shop.create({ title: `n${i}` });
		// the read by since_id sees pages out of id order and reads them by number: no audit needed
		const all = kinds(await settle(trigger, false, 10));
		expect(all).toEqual(Array.from({ length: 300 }, (_, i) => `created ${301 + i}`).sort());
		expect(await settle(trigger, true)).toEqual([]);
	});

	test('#7: the shop changes its time zone by an hour: nothing is reported, and later edits still are', async () => {
		const { shop, trigger } = setUp({}, 40);
		expect(await trigger.poll()).toEqual([]);
		const shift = (t: unknown) =>
			new Date(new Date(`${String(t).replace(' ', 'T')}Z`).getTime() + 3_600_000)
				.toISOString()
				.slice(0, 19)
				.replace('T', ' ');
		for (const r of shop.records)
			[r.created_at, r.updated_at] = [shift(r.created_at), shift(r.updated_at)];
		shop.at(shift(shop.time));
		expect(await settle(trigger)).toEqual([]);
		expect(await settle(trigger, true)).toEqual([]);
		shop.at(shift('2024-03-10 09:05:00'));
		shop.update(3);
		expect(kinds(await settle(trigger))).toEqual(['updated 3']);
	});

	test('#8: stamps written without seconds: updates and creations come', async () => {
		const { shop, trigger } = setUp({}, 20);
		shop.spell = (r) => ({
			...r,
			created_at: String(r.created_at).slice(0, 16),
			updated_at: String(r.updated_at).slice(0, 16),
		});
		expect(await trigger.poll()).toEqual([]);
		shop.at('2024-03-10 09:05:30');
		shop.update(4);
		shop.create({ title: 'new' });
		expect(kinds(await settle(trigger))).toEqual(['created 21', 'updated 4']);
	});

	test('#11: a count that lags its list, then a deletion: the deletion comes, at the latest with the audit', async () => {
		const { shop, trigger } = setUp({}, 30, vouchers());
		expect(await trigger.poll()).toEqual([]);
		// the count counts the deleted record one poll longer
		shop.uncounted.clear();
		shop.remove(7);
		shop.opts.countSkew = 1;
		const early = await settle(trigger);
		shop.opts.countSkew = 0;
		const late = await settle(trigger, true);
		expect(kinds([...early, ...late])).toEqual(['deleted 7']);
	});

	test('a record the list and the count drop but whose Get still answers it (trashed) is deleted by the next audit, after one Get (issue 49)', async () => {
		const { shop, trigger } = setUp({}, 30, vouchers());
		expect(await trigger.poll()).toEqual([]);
		shop.unlisted.add(12);
		shop.uncounted.add(12);
		expect(await settle(trigger)).toEqual([]);
		expect(shop.gets).toEqual(['12']);
		expect(kinds(await settle(trigger, true))).toEqual(['deleted 12']);
		expect(shop.gets).toEqual(['12']);
	});

	test('a record the count search names but a complete reading holds is cleared: nothing reported (a count off its list)', async () => {
		const { shop, trigger } = setUp({}, 30, vouchers());
		expect(await trigger.poll()).toEqual([]);
		shop.uncounted.add(12);
		expect(await settle(trigger)).toEqual([]);
		expect(await settle(trigger, true)).toEqual([]);
		expect((trigger.stored as PollState).suspects).toBeUndefined();
	});

	test('the audit reports an update the fast reads missed (stamped before their floor), once', async () => {
		const { shop, trigger } = setUp({}, 30);
		expect(await trigger.poll()).toEqual([]);
		// an edit stamped a day before the cursor's floor (a writer with its clock behind)
		Object.assign(shop.records[4], { title: 'edited', updated_at: '2024-03-09 08:00:00' });
		expect(await settle(trigger)).toEqual([]);
		expect(kinds(await settle(trigger, true))).toEqual(['updated 5']);
		expect(await settle(trigger, true)).toEqual([]);
	});

	test(`many deletions: at most ${MAX_CONFIRMS} Gets a poll, the rest at the next; a quiet poll asks none`, async () => {
		const { shop, trigger } = setUp({}, 300, vouchers());
		expect(await trigger.poll()).toEqual([]);
		const quiet = trigger.lastRequests;
		await trigger.poll();
		const quietCost = trigger.lastRequests;
		for (let id = 1; id <= MAX_CONFIRMS + 20; id++) shop.remove(id * 3);
		const first = await trigger.poll();
		expect(first).toHaveLength(MAX_CONFIRMS);
		expect(Object.keys((trigger.stored as PollState).suspects ?? {})).toHaveLength(20);
		const second = await trigger.poll();
		expect(second).toHaveLength(20);
		expect(kinds([...first, ...second])).toEqual(
			Array.from({ length: MAX_CONFIRMS + 20 }, (_, i) => `deleted ${(i + 1) * 3}`).sort(),
		);
		expect(await trigger.poll()).toEqual([]);
		expect(trigger.lastRequests).toBe(quietCost);
		expect(quiet).toBeGreaterThan(0);
	});
});

describe('the form of a stamp, checked where the scan relies on it', () => {
	test('stamps in a form no rule reads: the poll fails naming the field and the form, and moves nothing', async () => {
		const { shop, trigger } = setUp({}, 5);
		expect(await trigger.poll()).toEqual([]);
		const before = JSON.stringify(trigger.stored);
		shop.spell = (r) => ({ ...r, updated_at: '10/03/2024 09:00' });
		shop.at('2024-03-10 09:05:00');
		shop.update(2);
		await expect(trigger.poll()).rejects.toThrow(
			'writes the pages\' updated_at as "10/03/2024 09:00", a form the poll trigger cannot read',
		);
		expect(JSON.stringify(trigger.stored)).toBe(before);
		shop.spell = undefined;
		expect(kinds(await settle(trigger))).toEqual(['updated 2']);
	});

	test.each(['2024-03-10 09:05', '2024-03-10T09:05:00.123+01:00', null, '', '0000-00-00 00:00:00'])(
		'%j is read, or is no stamp',
		(value) => {
			expect(unreadableStamp([{ updated_at: value }], 'updated_at')).toBeUndefined();
		},
	);
});
