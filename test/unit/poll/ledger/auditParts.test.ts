/**
 * The audit in parts (nodes/StorePlatform/poll/ledger/auditParts.ts): an audit that one poll's budget cannot hold
 * goes on over several polls, each within its budget, and reports each change once.
 */
import type { Change } from '../../../../nodes/StorePlatform/poll/watch/poller';
import { AUDIT_EVERY_MS } from '../../../../nodes/StorePlatform/poll/ledger/decide';
import { encodeSeen, seenOf } from '../../../../nodes/StorePlatform/poll/ledger/auditParts';
import { MAX_LEDGER, type Ledger } from '../../../../nodes/StorePlatform/poll/ledger/ledger';
import type { PollState } from '../../../../nodes/StorePlatform/poll/rules/state';
import { fakePlan, type FakeTrigger } from '../fakeShop';
import { kinds, pages, setUp, vouchers } from './verifiedShop';

const cursor = (trigger: FakeTrigger) => trigger.stored as PollState;

/** Polls until the audit in parts is complete (at most `most`): the changes and each poll's requests. */
async function throughAudit(trigger: FakeTrigger, most = 100) {
	const changes: Change[] = [];
	const requests: number[] = [];
	for (let i = 0; i < most; i++) {
		changes.push(...(await trigger.poll()));
		requests.push(trigger.lastRequests);
		if (cursor(trigger).audit === undefined) break;
	}
	return { changes, requests };
}

/** `n` more polls (the fast reads catching up), their changes. */
async function more(trigger: FakeTrigger, n = 10): Promise<Change[]> {
	const out: Change[] = [];
	for (let i = 0; i < n; i++) out.push(...(await trigger.poll()));
	return out;
}

/** Carts: read by page number (by creation time), no count, 50 a page. */
const carts = () =>
	fakePlan({
		strategy: 'stamped',
		stamp: 'created_at',
		events: ['created', 'deleted'],
		count: undefined,
		pageSize: 50,
	});

describe('the audit in parts', () => {
	test('an audit that fits in one poll: the same requests as the whole read, and no audit kept', async () => {
		const { trigger } = setUp({ pageCap: 50 }, 2000, vouchers());
		expect(await trigger.poll()).toEqual([]);
		const maxId = cursor(trigger).maxId;
		trigger.now += AUDIT_EVERY_MS;
		expect(await trigger.poll()).toEqual([]);
		// the count and 41 pages of 50 (the last empty), as the read in one poll always sent
		expect(trigger.lastRequests).toBe(42);
		expect(cursor(trigger).audit).toBeUndefined();
		expect(cursor(trigger).audited).toBe(trigger.now);
		expect(cursor(trigger).maxId).toBe(maxId);
	});

	test('2,000 vouchers, a budget of 10 requests: the audit completes over several polls, each within it', async () => {
		const { trigger } = setUp({ pageCap: 50 }, 2000, vouchers());
		expect(await trigger.poll()).toEqual([]);
		trigger.budgetRequests = 10;
		const before = cursor(trigger).audited;
		const fast = { ...cursor(trigger), audited: 0, seq: 0 };
		trigger.now += AUDIT_EVERY_MS;
		const { changes, requests } = await throughAudit(trigger);
		expect(changes).toEqual([]);
		expect(requests.length).toBeGreaterThan(1);
		for (const r of requests) expect(r).toBeLessThanOrEqual(10);
		// 41 pages (the last empty) and the count: not one page read twice
		expect(requests.reduce((a, b) => a + b, 0)).toBe(42);
		expect(cursor(trigger).audited).toBe(trigger.now);
		expect(cursor(trigger).audited).not.toBe(before);
		// the fast cursor is kept as it was (no fresh cursor from a reading spread over polls)
		expect({ ...cursor(trigger), audited: 0, seq: 0 }).toEqual(fast);
		// the next poll is a fast one again
		await trigger.poll();
		expect(trigger.lastRequests).toBeLessThanOrEqual(3);
	});

	test('a budget always spent: one page a poll, and the audit still completes', async () => {
		const { trigger } = setUp({ pageCap: 50 }, 500, vouchers());
		expect(await trigger.poll()).toEqual([]);
		trigger.budgetRequests = 0;
		trigger.now += AUDIT_EVERY_MS;
		const { requests } = await throughAudit(trigger);
		expect(cursor(trigger).audit).toBeUndefined();
		// the count with the first page, then a page a poll (the last empty)
		expect(requests).toEqual([2, ...Array<number>(10).fill(1)]);
	});

	test('deleted, created and updated during an audit in parts: each once, deletions confirmed by Get', async () => {
		const { shop, trigger } = setUp({ pageCap: 50 }, 2000, pages());
		expect(await trigger.poll()).toEqual([]);
		trigger.budgetRequests = 10;
		trigger.now += AUDIT_EVERY_MS;
		expect(await trigger.poll()).toEqual([]);
		expect(cursor(trigger).audit).toBeDefined();
		// behind the audit's place (200, 100) and ahead of it (1800, 1500)
		shop.at('2024-03-10 09:10:00');
		shop.update(100);
		shop.update(1500);
		shop.remove(200);
		shop.remove(1800);
		shop.create({ title: 'during' });
		const audit = await throughAudit(trigger);
		for (const r of audit.requests) expect(r).toBeLessThanOrEqual(11);
		// the parts report what lies ahead of them; the fast reads, from their kept cursor, the rest
		expect(kinds(audit.changes)).toEqual(['created 2001', 'deleted 1800', 'updated 1500']);
		// (the fast reads' search of the count needs more than 10 requests among 2,000 records at 50 a page, the
		// audit or not: the fast reads catch up with a usual budget)
		trigger.budgetRequests = Infinity;
		const after = await more(trigger, 3);
		expect(kinds([...audit.changes, ...after])).toEqual([
			'created 2001',
			'deleted 1800',
			'deleted 200',
			'updated 100',
			'updated 1500',
		]);
		const gets = shop.requests.filter((q) => q.get !== undefined).map((q) => String(q.get));
		expect(gets).toEqual(expect.arrayContaining(['200', '1800']));
		// and the next audit finds nothing more
		trigger.now += AUDIT_EVERY_MS;
		expect(await more(trigger, 3)).toEqual([]);
	});

	test('a budget too small for the fast reads all along: a deletion comes with the next audit, once', async () => {
		// the fast reads' search of the count (2,000 vouchers at 50 a page) needs more than 10 requests: they never
		// find the deletion; the audit, in parts within the same budget, does
		const { shop, trigger } = setUp({ pageCap: 50 }, 2000, vouchers());
		expect(await trigger.poll()).toEqual([]);
		trigger.budgetRequests = 10;
		shop.remove(700);
		const fast = await more(trigger, 5);
		expect(fast).toEqual([]);
		trigger.now += AUDIT_EVERY_MS;
		const audit = await throughAudit(trigger);
		for (const r of audit.requests) expect(r).toBeLessThanOrEqual(11);
		expect(kinds([...fast, ...audit.changes, ...(await more(trigger, 5))])).toEqual([
			'deleted 700',
		]);
	});

	test('a record that moved between pages read in different polls is not reported deleted', async () => {
		// read by page number (a list by creation time, as carts): a deletion behind the audit's place moves every
		// later record a place up, so the first record of the next part's page was on a page read already
		const { shop, trigger } = setUp({}, 600, carts());
		expect(await trigger.poll()).toEqual([]);
		trigger.budgetRequests = 5;
		trigger.now += AUDIT_EVERY_MS;
		expect(await trigger.poll()).toEqual([]);
		const next = cursor(trigger).audit?.page ?? 0;
		expect(next).toBeGreaterThan(1);
		const moved = (next - 1) * 50 + 1;
		shop.remove(10);
		const audit = await throughAudit(trigger);
		expect(audit.changes).toEqual([]);
		// its Get answered that it is still there
		expect(shop.requests).toContainEqual({ get: String(moved) });
		// the deletion itself: read before it was made, it comes with the next audit, once
		trigger.now += AUDIT_EVERY_MS;
		const later = [...(await throughAudit(trigger)).changes, ...(await more(trigger, 3))];
		expect(kinds(later)).toEqual(['deleted 10']);
	});

	/** Carts (read by page number, no count) with a 5-request budget, in the middle of an audit in parts. */
	async function cartsMidAudit(order: 'id' | 'newest') {
		const { shop, trigger } = setUp({ order }, 600, carts());
		expect(await trigger.poll()).toEqual([]);
		trigger.budgetRequests = 5;
		trigger.now += AUDIT_EVERY_MS;
		expect(await trigger.poll()).toEqual([]);
		expect(cursor(trigger).audit?.page ?? 0).toBeGreaterThan(2);
		return { shop, trigger };
	}

	test('120 records deleted behind the audit between its parts: each deletion once, nothing else', async () => {
		const { shop, trigger } = await cartsMidAudit('id');
		for (let id = 1; id <= 120; id++) shop.remove(id);
		const got = (await throughAudit(trigger)).changes;
		// read before they were deleted, they come with the next audit (a Get each, about 4 a poll at this budget)
		trigger.now += AUDIT_EVERY_MS;
		got.push(...(await throughAudit(trigger)).changes, ...(await more(trigger, 80)));
		expect(kinds(got)).toEqual(Array.from({ length: 120 }, (_, i) => `deleted ${i + 1}`).sort());
	});

	test('a list newest first, a page of records created between the parts: no error, each creation once', async () => {
		// the new records move those an earlier part read back a page: the next part's page holds only those, which
		// proves no list that ignores `page`
		const { shop, trigger } = await cartsMidAudit('newest');
		shop.at('2024-03-10 09:10:00');
		for (let i = 0; i < 60; i++) shop.create({ title: `new ${i}` });
		const got = (await throughAudit(trigger)).changes;
		got.push(...(await more(trigger, 20)));
		trigger.now += AUDIT_EVERY_MS;
		got.push(...(await throughAudit(trigger)).changes, ...(await more(trigger, 20)));
		expect(kinds(got)).toEqual(Array.from({ length: 60 }, (_, i) => `created ${601 + i}`).sort());
	});

	test('a list that starts ignoring since_id and page between the parts: no live record is deleted', async () => {
		// the next part reads page 1 again by page number, and page 2 repeats it: the part read before is page 1, not
		// more of the list, so the reading is not whole (it was taken as whole: 50 live vouchers deleted)
		const { shop, trigger } = setUp({ ignores: 'page' }, 304, vouchers());
		expect(await trigger.poll()).toEqual([]);
		trigger.budgetRequests = 3;
		trigger.now += AUDIT_EVERY_MS;
		await trigger.poll();
		expect(cursor(trigger).audit?.since).toBeDefined();
		(shop.opts as { ignores?: string }).ignores = 'both';
		// the fast reads fail as unreadable (docs/poll.md, Limits: one error); no poll deletes a voucher
		const got: Change[] = [];
		for (let i = 0; i < 30; i++) {
			// (an hour on after the tenth and the twentieth poll: a record its Get showed is decided by a later audit)
			if (i % 10 === 9) trigger.now += AUDIT_EVERY_MS;
			got.push(...(await trigger.poll().catch(() => [])));
		}
		expect(got).toEqual([]);
	});

	test('a part repeated from the same cursor gives the same changes and the same cursor', async () => {
		const { shop, trigger } = setUp({ pageCap: 50 }, 2000, pages());
		expect(await trigger.poll()).toEqual([]);
		trigger.budgetRequests = 10;
		trigger.now += AUDIT_EVERY_MS;
		await trigger.poll();
		await trigger.poll();
		// ahead of the audit's place
		const ahead = Number(cursor(trigger).audit?.since) + 100;
		shop.at('2024-03-10 09:10:00');
		shop.update(ahead);
		shop.create({ title: 'during' });
		const from = trigger.stored;
		let first: Change[] = [];
		while (first.length === 0 && cursor(trigger).audit) first = await trigger.poll();
		const firstState = trigger.stored;
		trigger.stored = from;
		let again: Change[] = [];
		while (again.length === 0 && cursor(trigger).audit) again = await trigger.poll();
		expect(kinds(first)).toEqual([`updated ${ahead}`]);
		expect(again).toEqual(first);
		expect(trigger.stored).toEqual(firstState);
	});

	test('where quiet polls are not saved, an audit in parts still completes, and changes come after it', async () => {
		const { shop, trigger } = setUp({ pageCap: 50 }, 2000, vouchers());
		expect(await trigger.poll()).toEqual([]);
		trigger.budgetRequests = 10;
		trigger.now += AUDIT_EVERY_MS;
		const saved = trigger.stored;
		const costs: number[] = [];
		for (let i = 0; i < 8; i++) {
			expect(await trigger.poll()).toEqual([]);
			// n8n keeps the static data of a poll that emits only (the durable scheduler without durable cursors)
			trigger.stored = saved;
			costs.push(trigger.lastRequests);
			trigger.now += 60_000;
		}
		// five parts (the count and 41 pages), then the fast reads' quiet polls
		expect(costs.slice(0, 5).reduce((a, b) => a + b, 0)).toBe(42);
		expect(Math.max(...costs.slice(5))).toBeLessThanOrEqual(3);
		shop.at('2024-03-10 09:10:00');
		shop.create({ title: 'after' });
		expect(kinds(await trigger.poll())).toEqual(['created 2001']);
	});

	test('the cursor of a 12,000-record audit in parts stays within about 2 KB', async () => {
		const { trigger } = setUp({}, MAX_LEDGER, vouchers());
		expect(await trigger.poll()).toEqual([]);
		trigger.budgetRequests = 10;
		trigger.now += AUDIT_EVERY_MS;
		let largest = 0;
		for (let i = 0; i < 20 && (i === 0 || cursor(trigger).audit); i++) {
			await trigger.poll();
			largest = Math.max(largest, JSON.stringify(cursor(trigger).audit ?? {}).length);
		}
		expect(cursor(trigger).audit).toBeUndefined();
		// the bitset: a bit a record read (12,000 / 6 base64 characters), beside a ledger of about 36 KB (vouchers
		// show no update: births alone, 3 characters a record)
		expect(largest).toBeGreaterThan(1000);
		expect(largest).toBeLessThanOrEqual(2100);
		expect(cursor(trigger).ledger?.length).toBeGreaterThan(15 * largest);
	});

	test('the bitset of keys read survives keys added to and removed from the ledger', () => {
		const ledger: Ledger = new Map(['1', '2', '5', '9', 'x'].map((k) => [k, 'e']));
		const text = encodeSeen(new Set(['2', '9', 'x', '7']), ledger);
		expect([...seenOf(text, ledger)].sort()).toEqual(['2', '9', 'x']);
		ledger.delete('1');
		ledger.set('3', 'e');
		const moved = encodeSeen(new Set(['2', '9', 'x', '3']), ledger);
		expect([...seenOf(moved, ledger)].sort()).toEqual(['2', '3', '9', 'x']);
		expect(encodeSeen(new Set(), ledger)).toBe('');
	});
});
