/**
 * The ledger's pure rules (nodes/StorePlatform/poll/ledger/): what a record's entry keeps, the cursor's text of
 * a ledger, the guard's verdict on each finding, the audit's cadence and the confirmation's bound.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';

import {
	ask,
	AUDIT_EVERY_MS,
	auditDue,
	guard,
	MAX_CONFIRMS,
} from '../../../../nodes/StorePlatform/poll/ledger/decide';
import { answerOf } from '../../../../nodes/StorePlatform/poll/reads/reader';
import {
	birthOf,
	contentOf,
	decodeLedger,
	encodeLedger,
	entryOf,
	holdsContent,
	ledgerKey,
	ledgerOf,
	MAX_LEDGER,
	OVER,
	unread,
	type Ledger,
} from '../../../../nodes/StorePlatform/poll/ledger/ledger';
import type { Change } from '../../../../nodes/StorePlatform/poll/watch/poller';

const page = (over: Record<string, unknown> = {}) => ({
	id: 7,
	title: 'About',
	visibility: 1,
	created_at: '2030-01-01 10:05:10',
	updated_at: '2030-01-02 11:20:40',
	...over,
});

describe("a record's entry", () => {
	test.each([
		[
			'every stamp an hour later (a change of zone)',
			{ created_at: '2030-01-01 11:05:10', updated_at: '2030-01-02 12:20:40' },
		],
		[
			'every stamp five hours earlier',
			{ created_at: '2030-01-01 05:05:10', updated_at: '2030-01-02 06:20:40' },
		],
		['stamps without seconds', { created_at: '2030-01-01 10:05', updated_at: '2030-01-02 11:20' }],
		[
			'stamps with T and Z',
			{ created_at: '2030-01-01T10:05:10Z', updated_at: '2030-01-02T11:20:40Z' },
		],
		["the other of the spec's two forms", { id: '7', visibility: true }],
	])('%s: the same entry', (_, over) => {
		expect(entryOf(page(over))).toBe(entryOf(page()));
	});

	test.each([
		['another title', { title: 'Team' }],
		[
			'a save that changed no value, a minute later (updated_at alone moved)',
			{ updated_at: '2030-01-02 11:21:40' },
		],
		['A → B → A with updated_at moved a day', { updated_at: '2030-01-03 11:20:40' }],
	])('%s: another content', (_, over) => {
		expect(contentOf(page(over))).not.toBe(contentOf(page()));
		expect(birthOf(page(over))).toBe(birthOf(page()));
	});

	test('another record given the same id (created at another minute): another birth', () => {
		expect(birthOf(page({ created_at: '2030-01-05 09:44:00' }))).not.toBe(birthOf(page()));
	});
});

describe("the ledger's text in the cursor", () => {
	const entry = fc.stringMatching(/^[A-Za-z0-9_-]{6}[A-Za-z0-9_.-]$/);
	const key = fc.oneof(
		fc.bigInt({ min: BigInt(0), max: BigInt(2) ** BigInt(70) }).map(String),
		fc.stringMatching(/^[a-z][a-z0-9_./ -]{0,20}$/),
	);

	test('any ledger reads back as it was written', () => {
		fc.assert(
			fc.property(fc.dictionary(key, entry, { maxKeys: 200 }), (o) => {
				const ledger: Ledger = new Map(Object.entries(o).map(([k, v]) => [ledgerKey(k), v]));
				const back = decodeLedger(encodeLedger(ledger));
				expect(back && Object.fromEntries(back)).toEqual(Object.fromEntries(ledger));
			}),
		);
	});

	test('text keys (12,000 abandoned carts, 32 characters each) are kept as digests: about 12 characters a record', () => {
		const carts = Array.from({ length: 12_000 }, (_, i) => ({
			user_key: createHash('md5').update(String(i)).digest('hex'),
			created_at: '2024-03-10 09:00:00',
		}));
		const ledger = ledgerOf(carts, 'user_key') as Ledger;
		const text = encodeLedger(ledger);
		expect(text.length).toBeLessThanOrEqual(12 * 12_000);
		expect(ledger.has(ledgerKey(carts[5].user_key))).toBe(true);
		expect(decodeLedger(text)).toEqual(ledger);
		// a cursor from before kept a text key whole: read as its digest
		const before = `${'AAAAAA'}A~${encodeURIComponent(carts[7].user_key)}`;
		expect([...(decodeLedger(before) ?? new Map()).keys()]).toEqual([ledgerKey(carts[7].user_key)]);
	});

	test('a list whose records show no update keeps births alone (issue 49 #11): 12,000 carts about 6 characters a record, 10,000 ids about 3', () => {
		const carts = Array.from({ length: 12_000 }, (_, i) => ({
			user_key: createHash('md5').update(String(i)).digest('hex'),
			created_at: `2024-03-10 09:${String(i % 60).padStart(2, '0')}:00`,
		}));
		const ledger = ledgerOf(carts, 'user_key', undefined, true) as Ledger;
		expect(ledger.get(ledgerKey(carts[7].user_key))).toBe(birthOf(carts[7]));
		const text = encodeLedger(ledger);
		expect(text.startsWith('!,#,')).toBe(true);
		expect(holdsContent(text)).toBe(false);
		expect(text.length).toBeLessThanOrEqual(6.5 * 12_000);
		expect(decodeLedger(text, true)).toEqual(ledger);
		const ids = Array.from({ length: 10_000 }, (_, i) => page({ id: i + 1 }));
		expect(encodeLedger(ledgerOf(ids, 'id', undefined, true) as Ledger).length).toBeLessThanOrEqual(
			3 * 10_000 + 2,
		);
		// a ledger saved with the content (before) is read as births for such a list
		const before = encodeLedger(ledgerOf(carts.slice(0, 3), 'user_key') as Ledger);
		expect(holdsContent(before)).toBe(true);
		expect(decodeLedger(before, true)).toEqual(
			ledgerOf(carts.slice(0, 3), 'user_key', undefined, true),
		);
		// births alone are read as they are without `births` (verify.ts takes such a ledger afresh where the list
		// shows updates)
		expect(decodeLedger(text)).toEqual(ledger);
	});

	test('the guard on a ledger of births: a record seen again is no change, another birth under its key is', () => {
		const held = page({ id: 9, created_at: '2024-03-10 09:07:00' });
		const ledger: Ledger = new Map([['9', birthOf(held)]]);
		const seen = (over: Record<string, unknown>): Change => ({
			kind: 'updated',
			id: '9',
			record: { ...held, ...over },
			state: '',
		});
		const events: Change['kind'][] = ['created', 'deleted'];
		expect(guard([seen({ title: 'edited' })], ledger, events, undefined, true).emit).toEqual([]);
		expect(ledger.get('9')).toBe(birthOf(held));
		const reborn = guard(
			[seen({ created_at: '2024-03-10 09:08:00' })],
			ledger,
			events,
			undefined,
			true,
		);
		expect(reborn.emit.map((c) => c.kind)).toEqual(['deleted', 'created']);
	});

	test('10,000 consecutive ids take 9 characters a record; past its bound a list keeps none', () => {
		const records = Array.from({ length: 10_000 }, (_, i) => page({ id: i + 1, title: `p${i}` }));
		const text = encodeLedger(ledgerOf(records, 'id') as Ledger);
		expect(text.length).toBeLessThanOrEqual(9 * 10_000);
		const over = Array.from({ length: MAX_LEDGER + 1 }, (_, i) => page({ id: i + 1 }));
		expect(ledgerOf(over, 'id')).toBeUndefined();
		expect(decodeLedger(OVER)).toBeUndefined();
		expect(decodeLedger(undefined)).toBeUndefined();
	});
});

describe("the guard: a fast read's finding against what was reported", () => {
	const held = page();
	const finding = (kind: Change['kind'], over: Record<string, unknown> = {}): Change => ({
		kind,
		id: '7',
		record: kind === 'deleted' ? undefined : page(over),
		state: 's',
	});
	const all: Array<Change['kind']> = ['created', 'updated', 'deleted'];

	test.each([
		// finding, the record as read, the ledger holds it, → emitted, deletions to confirm
		['created', {}, true, [], []],
		['created', { title: 'Team' }, true, ['updated'], []],
		['created', { created_at: '2030-01-05 09:44:00' }, true, ['deleted', 'created'], []],
		['created', {}, false, ['created'], []],
		['updated', {}, true, [], []],
		[
			'updated',
			{ created_at: '2030-01-01 11:05:10', updated_at: '2030-01-02 12:20:40' },
			true,
			[],
			[],
		],
		['updated', { title: 'Team' }, true, ['updated'], []],
		['updated', { title: 'Team' }, false, ['created'], []],
		['deleted', {}, true, [], ['7']],
		['deleted', {}, false, [], []],
	] as const)('%s %j, held %s → %j, confirm %j', (kind, over, isHeld, emitted, confirm) => {
		const ledger: Ledger = new Map(isHeld ? [['7', entryOf(held)]] : []);
		const out = guard([finding(kind, over)], ledger, all);
		expect(out.emit.map((c) => c.kind)).toEqual(emitted);
		expect(out.confirm).toEqual(confirm);
		if (kind !== 'deleted') expect(ledger.get('7')).toBe(entryOf(page(over)));
	});

	test('a change of an event not watched is not emitted, and the ledger follows it', () => {
		const ledger: Ledger = new Map([['7', entryOf(held)]]);
		expect(guard([finding('updated', { title: 'Team' })], ledger, ['created']).emit).toEqual([]);
		expect(ledger.get('7')).toBe(entryOf(page({ title: 'Team' })));
	});

	test('an entry a retaking reading did not show compares no content, keeps its birth, and takes the next one', () => {
		const ledger: Ledger = new Map([['7', unread(entryOf(held))]]);
		expect(guard([finding('updated', { title: 'Team' })], ledger, all).emit).toEqual([]);
		expect(ledger.get('7')).toBe(entryOf(page({ title: 'Team' })));
		expect(guard([finding('updated', { title: 'Other' })], ledger, all).emit).toHaveLength(1);
		ledger.set('7', unread(entryOf(held)));
		const reborn = guard([finding('created', { created_at: '2030-01-05 09:44:00' })], ledger, all);
		expect(reborn.emit.map((c) => c.kind)).toEqual(['deleted', 'created']);
	});
});

describe('the audit and the confirmation', () => {
	test('the audit is due an hour after the last one by n8n’s clock, or when that clock went back', () => {
		expect(auditDue(undefined, 5)).toBe(true);
		expect(auditDue(1_000, 1_000 + AUDIT_EVERY_MS - 1)).toBe(false);
		expect(auditDue(1_000, 1_000 + AUDIT_EVERY_MS)).toBe(true);
		expect(auditDue(1_000, 999)).toBe(true);
	});

	test(`at most ${MAX_CONFIRMS} Gets a poll; the others wait; each key asked once`, async () => {
		const asked: string[] = [];
		const keys = Array.from({ length: MAX_CONFIRMS + 10 }, (_, i) => String(i));
		const suspects = Object.fromEntries(keys.map((k) => [k, { l: 1 }]));
		const out = await ask(
			suspects,
			async (id) => {
				asked.push(id);
				return Number(id) % 2 ? { gone: true } : { gone: false };
			},
			120_000,
		);
		expect(asked).toEqual(keys.slice(0, MAX_CONFIRMS));
		expect(out.deleted).toHaveLength(MAX_CONFIRMS / 2);
		// there: held (asked no more), as shown by its Get (2); not asked: waiting as they were
		const left = Object.entries(out.suspects);
		expect(left.filter(([, s]) => s.h === 2)).toHaveLength(MAX_CONFIRMS / 2);
		expect(left.filter(([, s]) => s.h === undefined).map(([k]) => k)).toEqual(
			keys.slice(MAX_CONFIRMS),
		);
	});
});

describe("a Get's 200 answer about a record the list lacks (reader.ts answerOf)", () => {
	test.each([
		['the record', [{ id: 7, title: 'x' }], false],
		['the record, its id as text', [{ id: '7' }], false],
		['no record (an empty body, null)', [], true],
		['an empty object ({}, or an empty wrapper)', [{}], true],
		['another record only', [{ id: 8 }], true],
		['a record without its id (the shop leaves it out)', [{ title: 'x' }], false],
	])('%s', (_what, records, gone) => {
		expect(answerOf(records, 'id', '7').gone).toBe(gone);
	});

	test('ids past 2^53 keep every digit: another id is another record', () => {
		expect(answerOf([{ id: '9007199254740993' }], 'id', '9007199254740993').gone).toBe(false);
		expect(answerOf([{ id: '9007199254740995' }], 'id', '9007199254740993').gone).toBe(true);
	});
});
