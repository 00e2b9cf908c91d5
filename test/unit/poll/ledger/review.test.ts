/**
 * Review of issue 41's ledger (nodes/StorePlatform/poll/ledger/): holes found by an adversarial reading, each a
 * history on the fake shop through the ledger's checks. A `test.failing` names a hole still open.
 */
import type { Change } from '../../../../nodes/StorePlatform/poll/watch/poller';
import { AUDIT_EVERY_MS } from '../../../../nodes/StorePlatform/poll/ledger/decide';
import {
	deliveryKeyOf,
	readUpTo,
	stateLeftOut,
	withLaterEdit,
	birthKeyOf,
} from '../../../../nodes/StorePlatform/poll/rules/changeKey';
import { birthOf, MAX_LEDGER, sameBirth } from '../../../../nodes/StorePlatform/poll/ledger/ledger';
import type { PollState } from '../../../../nodes/StorePlatform/poll/rules/state';
import { FakeShop, FakeTrigger, fakePlan } from '../fakeShop';
import { kinds, settle, setUp, vouchers } from './verifiedShop';

/** Every stamp of the shop moved by `minutes` (a change of the shop's time zone). */
function shiftZone(shop: FakeShop, minutes: number): void {
	const shift = (t: unknown) =>
		new Date(new Date(`${String(t).replace(' ', 'T')}Z`).getTime() + minutes * 60_000)
			.toISOString()
			.slice(0, 19)
			.replace('T', ' ');
	for (const r of shop.records)
		[r.created_at, r.updated_at] = [shift(r.created_at), shift(r.updated_at)];
	shop.at(shift(shop.time));
}

describe('review of issue 41: holes in the ledger', () => {
	// HOLE (births, fixed: ledger.ts sameBirth): the birth is the minute of created_at, so a zone change by a non-whole hour (India +05:30,
	// Nepal +05:45, Adelaide +09:30, Newfoundland -03:30) gives every record another birth: each is reported
	// deleted and created again (40 records: 80 false changes at the next poll).
	test('a zone change by 5 h 30 min reports nothing (every real offset is a multiple of 15 minutes)', async () => {
		const { shop, trigger } = setUp({}, 40);
		expect(await trigger.poll()).toEqual([]);
		shiftZone(shop, 330);
		expect(await settle(trigger)).toEqual([]);
		expect(await settle(trigger, true)).toEqual([]);
		shop.at('2024-03-10 15:00:00');
		shop.update(3);
		expect(kinds(await settle(trigger))).toEqual(['updated 3']);
	});

	// HOLE (stamp form, fixed: verify.ts checks the stamps the guard reads): a created_at in a form no rule reads gives the birth '.', unlike every held birth: the
	// audit reports every record deleted and created again (30 vouchers: 60 false changes), where the issue asks
	// for one clear error naming the form.
	test('created_at in a form no rule reads: one clear error naming it, never every record deleted and created', async () => {
		const { shop, trigger } = setUp({}, 30, vouchers());
		expect(await trigger.poll()).toEqual([]);
		shop.spell = (r) => ({ ...r, created_at: '10/03/2024 09:00' });
		expect(await settle(trigger)).toEqual([]);
		trigger.now += AUDIT_EVERY_MS;
		await expect(trigger.poll()).rejects.toThrow(
			'created_at as "10/03/2024 09:00", a form the poll trigger cannot read',
		);
		shop.spell = undefined;
		expect(await settle(trigger, true)).toEqual([]);
	});

	// HOLE (pending past the bound, fixed: verify.ts withoutLedger): deletions waiting for their Get (`pending`) when the same poll takes the
	// ledger past MAX_LEDGER: the next poll has no ledger and runs the fast reads alone, which dropped those ids
	// already; the waiting deletions are never reported.
	test('deletions waiting for their Get come even where the ledger passes its bound in that poll', async () => {
		const { shop, trigger } = setUp({}, MAX_LEDGER - 10, vouchers());
		expect(await trigger.poll()).toEqual([]);
		for (let id = 1; id <= 60; id++) shop.remove(id * 7);
		shop.at('2024-03-10 09:10:00');
		for (let i = 0; i < 100; i++) shop.create({ title: `n${i}` });
		const got = [...(await settle(trigger, false, 10)), ...(await settle(trigger, true, 4))];
		expect(kinds(got).filter((l) => l.startsWith('deleted'))).toEqual(
			Array.from({ length: 60 }, (_, i) => `deleted ${(i + 1) * 7}`).sort(),
		);
	});

	// HOLE (the audit's fresh cursor, fixed: the count asked before the audit's read): the audit asks the count after its read, so a record deleted while the
	// audit reads is taken by the fresh cursor as already gone (the count search of the baseline drops it, and a
	// baseline emits nothing) while the ledger still holds it: the deletion waits for the next audit, an hour,
	// where the fast reads alone would have reported it at the next poll.
	test('a record deleted while the audit reads comes at the next poll', async () => {
		const { shop, trigger } = setUp({}, 300, vouchers());
		expect(await trigger.poll()).toEqual([]);
		trigger.now += AUDIT_EVERY_MS;
		shop.beforeAnswer = (n) => {
			if (n === 2) shop.remove(10);
		};
		const audit = await trigger.poll();
		shop.beforeAnswer = undefined;
		expect(kinds([...audit, ...(await settle(trigger))])).toEqual(['deleted 10']);
	});

	test('a record created while the audit reads comes once, and a later deletion comes', async () => {
		const { shop, trigger } = setUp({}, 300, vouchers());
		expect(await trigger.poll()).toEqual([]);
		trigger.now += AUDIT_EVERY_MS;
		shop.beforeAnswer = (n) => {
			if (n === 2) shop.create({ title: 'during' });
		};
		const audit = await trigger.poll();
		shop.beforeAnswer = undefined;
		expect(kinds([...audit, ...(await settle(trigger))])).toEqual(['created 301']);
		shop.remove(5);
		expect(kinds(await settle(trigger))).toEqual(['deleted 5']);
		expect((trigger.stored as PollState).countOff).toBeUndefined();
	});

	// HOLE (budget, fixed: ledger/auditParts.ts, the audit in parts): the audit read the whole list in one poll
	// whatever the poll's budget (readWhole never asked `expired`). Where a shop is slow enough that the read overruns n8n's poll budget,
	// n8n abandons the poll, `audited` never moves, and every later poll is the same audit: no change comes again.
	test("the audit keeps to the poll's budget", async () => {
		const { trigger } = setUp({ pageCap: 50 }, 2000, vouchers());
		expect(await trigger.poll()).toEqual([]);
		trigger.budgetRequests = 10;
		await trigger.poll();
		trigger.now += AUDIT_EVERY_MS;
		await trigger.poll();
		// a fast poll stops within a page of its budget; the audit sent 42 before it kept to it
		expect(trigger.lastRequests).toBeLessThanOrEqual(12);
	});

	// HOLE (confirmations past the budget and the ceiling, fixed: verify.ts stoppedOf): the Gets that confirm deletions are sent after the fast
	// reads, whatever those left of the poll's budget, and each counts against the ceiling: a poll whose reads
	// spent either sends up to 50 more requests (n8n abandons a poll past its budget; the real reader fails the
	// poll at the ceiling), and the next poll, from the same cursor, does the same.
	test("confirmations keep to the poll's budget; the rest wait for the next poll", async () => {
		const { shop, trigger } = setUp({}, 300, vouchers());
		expect(await trigger.poll()).toEqual([]);
		for (let id = 1; id <= 60; id++) shop.remove(id * 3);
		// the requests the fast reads need to find the 60 deletions, without their Gets
		const probe = new FakeTrigger(shop, trigger.plan);
		probe.stored = trigger.stored;
		await probe.poll();
		const reads = probe.lastRequests;
		trigger.budgetRequests = reads + 5;
		const got: Change[] = [];
		for (let i = 0; i < 20; i++) {
			got.push(...(await trigger.poll()));
			expect(trigger.lastRequests).toBeLessThanOrEqual(trigger.budgetRequests + 1);
		}
		expect(kinds(got)).toEqual(
			Array.from({ length: 60 }, (_, i) => `deleted ${(i + 1) * 3}`).sort(),
		);
	});

	// HOLE (the audit past the ceiling, fixed: verify.ts readBounded, also for a cursor from before the ledger): the audit reads the list whole, unbounded; where the list grew past what
	// one poll may read (50,000 records at a page cap of 50, 249,500 at 250: a bulk import of vouchers), the audit
	// fails the poll at the ceiling, `audited` never moves, and every later poll is the same failing audit.
	test('an audit of a list grown past what a poll may read: no failure, the list goes on without a ledger', async () => {
		const { shop, trigger } = setUp({ pageCap: 50 }, 100, vouchers());
		expect(await trigger.poll()).toEqual([]);
		shop.at('2024-03-10 09:10:00');
		for (let i = 0; i < 50_100; i++) shop.create({ title: `bulk ${i}` });
		trigger.now += AUDIT_EVERY_MS;
		await trigger.poll();
		expect((trigger.stored as PollState).ledger).toBe('over');
	});

	// HOLE (the audit's cadence where a quiet poll's cursor is not saved, fixed: trigger.ts AUDITS, Run.lastAudit): n8n saves the static data when a poll
	// emits (docs/poll.md); the durable scheduler without durable cursors builds the workflow afresh for each poll,
	// so a quiet audit's `audited` is lost and every later poll is an audit: the whole list at every poll.
	test('where quiet polls are not saved, a quiet list is read whole at most once an hour', async () => {
		const { trigger } = setUp({}, 2000, vouchers());
		expect(await trigger.poll()).toEqual([]);
		await trigger.poll();
		const quiet = trigger.lastRequests;
		trigger.now += AUDIT_EVERY_MS;
		const costs: number[] = [];
		for (let i = 0; i < 4; i++) {
			const saved = trigger.stored;
			expect(await trigger.poll()).toEqual([]);
			// n8n keeps the static data of a poll that emits only
			trigger.stored = saved;
			costs.push(trigger.lastRequests);
			trigger.now += 60_000;
		}
		expect(costs.slice(1)).toEqual([quiet, quiet, quiet]);
	});

	test.each([
		['a fast poll', 0],
		['an audit', AUDIT_EVERY_MS],
	])(
		'a poll repeated from the same cursor as %s gives each change the same key',
		async (_, later) => {
			const { shop, trigger } = setUp({}, 40);
			expect(await trigger.poll()).toEqual([]);
			(trigger.stored as PollState).seq = 1000;
			shop.at('2024-03-10 09:10:00');
			const x = shop.create({ title: 'new' });
			shop.at('2024-03-10 09:10:05');
			shop.update(Number(x.id));
			shop.update(7);
			shop.remove(9);
			const from = trigger.stored;
			const keysOf = async () => {
				const stored = trigger.stored as PollState;
				const upTo = readUpTo(stored.scan);
				const changes = withLaterEdit(await trigger.poll(), upTo);
				return changes
					.map((c) => {
						const parts = {
							resource: 'page',
							scope: '',
							id: c.id,
							kind: c.kind,
							state: c.state,
							birth: c.record ? birthKeyOf(c.record) : undefined,
						};
						return `${c.kind} ${c.id} ${deliveryKeyOf(parts, stored.seq, stateLeftOut(upTo, trigger.events))}`;
					})
					.sort();
			};
			const first = await keysOf();
			trigger.stored = from;
			trigger.now += later;
			expect(await keysOf()).toEqual(first);
			expect(first.map((k) => k.split(' ').slice(0, 2).join(' '))).toEqual([
				'created 41',
				'deleted 9',
				'updated 41',
				'updated 7',
			]);
		},
	);

	// HOLE (cost, open): the audit confirms by Get every record its reading lacks, whether or not deletions are
	// watched. Carts (watched for creations only) purged by the shop, 900 of 1,000: 50 Gets a poll for 18 polls
	// (900 requests where a quiet poll sends 1 or 2), and the keys wait in the cursor meanwhile (about 18 KB).
	test.failing(
		'deletions not watched: an audit that finds records gone sends no Gets',
		async () => {
			const shop = new FakeShop({ filters: 'strict' });
			shop.seed(1000, true);
			const carts = fakePlan({
				strategy: 'stamped',
				stamp: 'created_at',
				events: ['created'],
				count: undefined,
			});
			const trigger = new FakeTrigger(shop, carts);
			trigger.verified = true;
			expect(await trigger.poll()).toEqual([]);
			await trigger.poll();
			const quiet = trigger.lastRequests;
			for (let id = 1; id <= 900; id++) shop.remove(id);
			trigger.now += AUDIT_EVERY_MS;
			expect(await trigger.poll()).toEqual([]);
			trigger.now += 60_000;
			expect(await trigger.poll()).toEqual([]);
			expect(trigger.lastRequests).toBe(quiet);
		},
	);

	test.each([
		['2030-01-01 10:05:10', '2030-01-01 15:35:10', true],
		['2030-01-01 10:05:10', '2030-01-01 16:50:10', true],
		['2030-01-01 10:05:10', '2030-01-01 10:06:10', false],
		['2030-01-01 10:05:10', '2030-01-01 10:15:00', false],
		['2030-01-01 10:05:10', null, true],
	])('births %s and %s: one record %s', (a, b, same) => {
		expect(sameBirth(birthOf({ created_at: a }), birthOf({ created_at: b }))).toBe(same);
	});
});
