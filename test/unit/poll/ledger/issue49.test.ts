/**
 * Issue 49's shapes that a history through the sandbox shows too slowly for `npm test` (test/history/issue49.ts
 * lists the others): the fake shop (../fakeShop.ts) polled through the ledger's checks, as the trigger polls.
 * `test.failing` while the trigger of this branch fails them (the lead flips each when its fix lands). #6 failed
 * on dcd67ac's trigger (both changes lost: no ledger, so no audit, once the list had passed 12,000) and holds
 * since 61ffee6: an ordinary test that must go on holding.
 */
import { AUDIT_EVERY_MS } from '../../../../nodes/StorePlatform/poll/ledger/audit';
import { MAX_LEDGER } from '../../../../nodes/StorePlatform/poll/ledger/ledger';
import type { Change } from '../../../../nodes/StorePlatform/poll/watch/poller';
import { FakeShop, FakeTrigger, fakePlan, secondsBefore } from '../fakeShop';
import { kinds, settle, setUp, vouchers } from './verifiedShop';

/** Abandoned carts: keyed by a 32-character `user_key`, read by their creation time, no count. */
const carts = () =>
	fakePlan({
		strategy: 'stamped',
		stamp: 'created_at',
		key: 'user_key',
		events: ['created'],
		count: undefined,
		pageSize: 250,
	});

/** A cart's key as the shop writes it: 32 hexadecimal characters. */
const userKey = (i: number) => `9827728f00004000${(0x80000000 + i).toString(16).padStart(16, '0')}`;

describe('issue 49 #11: the ledger of a list keyed by text', () => {
	test.failing(
		"12,000 abandoned carts (the ledger's bound): about 9 characters a record in the static data, their keys digested (was 492,562: each 32-character key whole)",
		async () => {
			const shop = new FakeShop({ filters: 'strict' });
			const now = shop.time;
			for (let i = 0; i < MAX_LEDGER; i++) {
				shop.time = secondsBefore(now, MAX_LEDGER - i);
				shop.create({ user_key: userKey(i) });
			}
			shop.time = now;
			const trigger = new FakeTrigger(shop, carts());
			trigger.verified = true;
			expect(await trigger.poll()).toEqual([]);
			const size = JSON.stringify(trigger.stored).length;
			// docs/poll.md: about 9 characters a record (108 KB at 12,000); 12 a record leaves room for the rest
			expect(size).toBeLessThan(MAX_LEDGER * 12);
		},
		60_000,
	);
});

describe("issue 49 #6: a list past the ledger's bound and back", () => {
	test('#6: vouchers past 12,000 (12,001) back below (10 deleted): its ledger comes back, so the audit finds a deletion and a creation in a gap that the count cancels', async () => {
		const { shop, trigger } = setUp({}, MAX_LEDGER + 1, vouchers());
		expect(await trigger.poll()).toEqual([]);
		for (let id = 1; id <= 10; id++) shop.remove(id);
		await settle(trigger);
		// an hour later the audit reads the list whole (11,991 records: within the bound)
		await settle(trigger, true);
		// a record deleted and another created in a gap below the highest id: the count does not move, `since_id`
		// does not reach the gap; only the audit can tell
		shop.remove(500);
		shop.create({ title: 'in a gap' }, 5);
		expect(await trigger.poll()).toEqual([]);
		expect(kinds(await settle(trigger, true))).toEqual(['created 5', 'deleted 500']);
	}, 120_000);
});

describe("docs/poll.md, Limits: a list past the ledger's bound", () => {
	test('a deletion the count hides (the count one above its list from then on) is not seen: what the trigger does', async () => {
		const { shop, trigger } = setUp({}, MAX_LEDGER + 5, vouchers());
		expect(await trigger.poll()).toEqual([]);
		shop.remove(100);
		(shop.opts as { countSkew?: number }).countSkew = 1;
		const got = [...(await settle(trigger)), ...(await settle(trigger, true))];
		expect(got).toEqual([]);
		// the count right again: the count search finds it
		(shop.opts as { countSkew?: number }).countSkew = 0;
		expect(kinds(await settle(trigger))).toEqual(['deleted 100']);
	}, 120_000);
});

describe("issue 49 #8: a newest-first list, a bulk insert between the audit's parts", () => {
	// failed on dcd67ac's trigger and on da110fa's alike: after 100 polls the 300 creations came, the audit was
	// over, and the deletion never came (the fast reads of a newest-first list never finish within 10 requests);
	// holds since an audit that was not complete is read again at once (auditParts.ts)
	test("2,000 vouchers at 50 a page, 10 requests a poll: 300 created after the first part and one deleted; the deletion comes within the audit's parts and a few polls, nothing live reported deleted", async () => {
		const { shop, trigger } = setUp({ order: 'newest', pageCap: 50 }, 2000, vouchers(50));
		expect(await trigger.poll()).toEqual([]);
		trigger.budgetRequests = 10;
		trigger.now += AUDIT_EVERY_MS;
		expect(await trigger.poll()).toEqual([]);
		for (let i = 0; i < 300; i++) shop.create({ title: `bulk ${i}` });
		shop.remove(1000);
		const changes: Change[] = [];
		let polls = 0;
		while (polls < 100 && !changes.some((c) => c.kind === 'deleted' && c.id === '1000')) {
			changes.push(...(await trigger.poll()));
			polls++;
		}
		// the audit's 46 pages at 9 a poll, then the fast reads' count: well within 15 polls
		expect(changes.filter((c) => c.kind === 'deleted').map((c) => c.id)).toEqual(['1000']);
		expect(polls).toBeLessThanOrEqual(15);
	}, 120_000);
});
