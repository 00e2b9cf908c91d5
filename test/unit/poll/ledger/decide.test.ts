/**
 * Issue 49: what was deleted is decided on two observations that agree (nodes/StorePlatform/poll/ledger/decide.ts):
 * the rule's tables, then the answers of one record or one moment a real shop gives, on the fake shop through
 * the ledger's checks.
 */
import {
	ask,
	AUDIT_EVERY_MS,
	HOLD_MS,
	lackedAgain,
	minuteOf,
	observe,
	suspectsOf,
	type Suspects,
} from '../../../../nodes/StorePlatform/poll/ledger/decide';
import type { Answer } from '../../../../nodes/StorePlatform/poll/reads/answer';
import { kinds, pages, settle, setUp, vouchers } from './verifiedShop';

const NOW = 1_700_000_000_000;
const MIN = minuteOf(NOW);

describe('observe: what the readings of a poll say of each suspect', () => {
	const none = () => false;
	test.each([
		// before, lacked, decides, held → deleted, suspects after
		['a key a reading lacks becomes a suspect', {}, ['7'], false, [], [], { 7: { l: MIN } }],
		[
			'lacked again by a reading that decides: deleted',
			{ 7: { l: 1, h: 1 } },
			['7'],
			true,
			[],
			['7'],
			{},
		],
		[
			'lacked again by a reading that does not decide: waits',
			{ 7: { l: 1, h: 1 } },
			['7'],
			false,
			[],
			[],
			{ 7: { l: 1, h: 1 } },
		],
		['held by a reading: cleared', { 7: { l: 1, h: 1 } }, [], true, ['7'], [], {}],
		['neither lacked nor held: waits', { 7: { l: 1 } }, [], true, [], [], { 7: { l: 1 } }],
		[
			'a new suspect is never decided by the reading that made it',
			{},
			['7'],
			true,
			[],
			[],
			{ 7: { l: MIN } },
		],
	] as const)('%s', (_what, before, lacked, decides, held, deleted, after) => {
		const out = observe(before as Suspects, {
			now: NOW,
			lacked: [...lacked],
			decides: () => decides,
			held: held.length ? (k) => (held as readonly string[]).includes(k) : none,
		});
		expect(out.deleted).toEqual(deleted);
		expect(out.suspects).toEqual(after);
	});
});

describe('a suspect no reading lacked (a creation a run n8n did not keep reported, not read since)', () => {
	const readings = (decides: boolean, lacked: string[] = [], weak: string[] = []) => ({
		now: NOW,
		lacked,
		weak,
		decides: () => decides,
		held: () => false,
	});
	test('it is a suspect marked weak; a weak key already a suspect keeps its mark and time', () => {
		expect(observe({}, readings(false, [], ['7'])).suspects).toEqual({ 7: { l: MIN, w: 1 } });
		const kept = observe({ 7: { l: 1, w: 1 } }, readings(false, [], ['7']));
		expect(kept).toEqual({ deleted: [], suspects: { 7: { l: 1, w: 1 } } });
	});
	test('a reading that decides and lacks it gives its first observation, not its deletion', () => {
		const out = observe({ 7: { l: 1, w: 1 } }, readings(true, ['7']));
		expect(out).toEqual({ deleted: [], suspects: { 7: { l: MIN } } });
	});
	test('its first Get saying gone (a replica behind may say 404) is one observation; a Get a poll later decides', async () => {
		const gone = async (): Promise<Answer> => ({ gone: true });
		const first = await ask({ 7: { l: MIN, w: 1 } }, gone, NOW);
		expect(first).toEqual({ deleted: [], suspects: { 7: { l: MIN } } });
		expect((await ask(first.suspects, gone, NOW + 60_000)).deleted).toEqual(['7']);
		// the replica caught up: the record is there, held as any other
		const there = await ask(first.suspects, async () => ({ gone: false }), NOW + 60_000);
		expect(there).toEqual({ deleted: [], suspects: { 7: { l: MIN, h: 2 } } });
	});
	test('the cursor keeps the mark', () => {
		expect(suspectsOf({ suspects: { 7: { l: 3, w: 1 }, 8: { l: 3, w: 2 } } })).toEqual({
			7: { l: 3, w: 1 },
			8: { l: 3 },
		});
	});
});

describe('lackedAgain: which reading that lacks a suspect again decides it', () => {
	const AUDIT = minuteOf(AUDIT_EVERY_MS);
	test.each([
		// suspect, minutes since its first lack, complete reading → decides
		['never answered by its Get: a reading of a later poll', { l: MIN - 1 }, false, true],
		[
			'never answered by its Get: not the same minute (a repeat of the poll)',
			{ l: MIN },
			false,
			false,
		],
		[
			'held (its Get answered the record, 403, 500): not a poll later',
			{ l: MIN - 1, h: 1 },
			false,
			false,
		],
		['held: a reading an audit after its first lack', { l: MIN - AUDIT, h: 1 }, false, true],
		['held: a complete reading of the audit', { l: MIN - 1, h: 1 }, true, true],
		['any suspect: a complete reading', { l: MIN }, true, true],
	] as const)('%s', (_what, suspect, complete, decides) => {
		expect(lackedAgain(suspect, NOW, complete)).toBe(decides);
	});
});

describe('ask: the Gets of the suspects', () => {
	const fresh = { l: MIN - 5 };
	const old = { l: MIN - minuteOf(HOLD_MS) };
	test.each<[string, { l: number; h?: 1 }, Answer, 'deleted' | 'held' | 'cleared' | 'waits']>([
		[
			'gone (404, 410, a refusal of the record): deleted (lacked and gone: two kinds)',
			fresh,
			{ gone: true },
			'deleted',
		],
		[
			'the record (a trashed record, a list that skipped it): held, asked no more',
			fresh,
			{ gone: false },
			'held',
		],
		['403 or 500 for this record: held, the poll goes on', fresh, { unsure: 'HTTP 403' }, 'held'],
		[
			'no answer at all (a timeout): waits, asked again at the next poll',
			fresh,
			{ unsure: 'timeout', retry: true },
			'waits',
		],
		['held past the hold: the record, cleared', { ...old, h: 1 }, { gone: false }, 'cleared'],
		['held past the hold: gone, deleted', { ...old, h: 1 }, { gone: true }, 'deleted'],
		[
			'held past the hold: still no clear answer, deleted (three hours unseen)',
			{ ...old, h: 1 },
			{ unsure: 'HTTP 500' },
			'deleted',
		],
	])('%s', async (_what, suspect, answer, verdict) => {
		const out = await ask({ 7: suspect }, async () => answer, NOW);
		const left = out.suspects['7'];
		const got = out.deleted.includes('7')
			? 'deleted'
			: !left
				? 'cleared'
				: left.h !== undefined
					? 'held'
					: 'waits';
		// held because its Get showed the record (2: a trash only where the count dropped it too) or answered nothing clear
		if (got === 'held')
			expect(left.h).toBe('gone' in answer && answer.gone === false ? 2 : (suspect.h ?? 1));
		expect(got).toBe(verdict);
	});

	test('a waiting key of a cursor from before (no time) is asked; held, its hold runs from then', async () => {
		const out = await ask({ 7: { l: 0 } }, async () => ({ unsure: 'HTTP 500' }), NOW);
		expect(out).toEqual({ deleted: [], suspects: { 7: { l: MIN, h: 1 } } });
	});

	test('a held suspect is not asked again before its hold ends', async () => {
		const asked: string[] = [];
		await ask(
			{ 7: { l: MIN - 10, h: 1 }, 8: { l: MIN - 10 } },
			async (k) => (asked.push(k), { gone: false }),
			NOW,
		);
		expect(asked).toEqual(['8']);
	});

	test('a timeout ends the asking of this poll: the others wait unasked', async () => {
		const asked: string[] = [];
		const out = await ask(
			{ 1: fresh, 2: fresh, 3: fresh },
			async (k) => {
				asked.push(k);
				return { unsure: 'timeout', retry: true };
			},
			NOW,
		);
		expect(asked).toEqual(['1']);
		expect(Object.keys(out.suspects)).toEqual(['1', '2', '3']);
	});

	test('a cursor from before keeps its waiting keys as suspects not held', () => {
		expect(suspectsOf({ pending: ['4', 5] })).toEqual({ 4: { l: 0 }, 5: { l: 0 } });
		expect(suspectsOf({ suspects: { 4: { l: 3, h: 1 }, x: { l: 'no' } } })).toEqual({
			4: { l: 3, h: 1 },
		});
	});
});

describe("one record's odd answer on a shop (fake shop, the ledger's checks)", () => {
	test.each<[string, Answer]>([
		['403 (a shop refusing unknown ids)', { unsure: 'HTTP 403 Forbidden' }],
		['500 (a record it cannot show)', { unsure: 'HTTP 500' }],
		[
			'200 with the record (trashed: gone from the list and the count)',
			{ gone: false, record: { id: 300, title: 'trashed' } },
		],
	])(
		'a deleted record whose Get answers %s: no poll fails, the others come, and it is deleted by the next audit',
		async (_what, answer) => {
			const { shop, trigger } = setUp({ pageCap: 50 }, 600, vouchers());
			await trigger.poll();
			shop.getHabit = (id) => (id === '300' ? answer : undefined);
			shop.remove(300);
			shop.create({ title: 'new' });
			// the count search finds 300 gone; its Get says nothing clear: held, and the creation comes
			expect(kinds(await trigger.poll())).toEqual(['created 601']);
			const gets = shop.gets.length;
			shop.create({ title: 'newer' });
			expect(kinds(await trigger.poll())).toEqual(['created 602']);
			// a quiet hour asks no Get of it
			expect(await settle(trigger)).toEqual([]);
			expect(shop.gets.length).toBe(gets);
			// the audit's complete reading lacks it again: deleted, without another Get
			expect(kinds(await settle(trigger, true))).toEqual(['deleted 300']);
			expect(shop.gets.length).toBe(gets);
		},
	);

	test("an audit whose pages moved under it (a deletion between two pages) decides no deletion, though the missed record's Get answers 404 once (a replica behind)", async () => {
		const { shop, trigger } = setUp({ pageCap: 50, ignores: 'since_id' }, 300, vouchers());
		await trigger.poll();
		let lagging = true;
		shop.getHabit = (id) =>
			lagging && id === '51' ? ((lagging = false), { gone: true }) : undefined;
		trigger.now += AUDIT_EVERY_MS;
		// a record of page 1 deleted after page 1 was read: record 51 moves to page 1, unread by this reading
		shop.beforeAnswer = (n) => {
			if (n === 3) shop.remove(10);
		};
		const audit = await trigger.poll();
		shop.beforeAnswer = undefined;
		expect(kinds(audit)).not.toContain('deleted 51');
		// the deletion itself comes, once, and 51 never
		const after = [...audit, ...(await settle(trigger, true))];
		expect(kinds(after)).toEqual(['deleted 10']);
	});
});

describe("the shape of a list's answers (rules/shape.ts): a field added or dropped in every record is no change", () => {
	/** Every answer of the shop with a field added (a value, or null) or dropped. */
	function reshaped(
		shop: { spell?: (r: Record<string, unknown>) => Record<string, unknown> },
		how: 'null' | 'value' | 'drop',
	) {
		shop.spell = (r) => {
			if (how === 'drop') {
				const rest = { ...r };
				delete rest.title;
				return rest;
			}
			return { ...r, new_field: how === 'null' ? null : 'default' };
		};
	}

	test.each(['null', 'value', 'drop'] as const)(
		'a field %s: no poll and no audit reports an update; a real edit after the audit still comes',
		async (how) => {
			const { shop, trigger } = setUp({ pageCap: 50 }, 120, pages());
			await trigger.poll();
			shop.at('2024-03-10 09:00:05');
			shop.update(3);
			reshaped(shop as never, how);
			const early = await settle(trigger);
			const audit = await settle(trigger, true);
			// the edit made as the shape changed: an update, or unseen where a field was dropped (Limits), never more
			const reported = kinds([...early, ...audit]);
			expect(reported.filter((k) => k !== 'updated 3')).toEqual([]);
			if (how !== 'drop') expect(reported).toEqual(['updated 3']);
			shop.at('2024-03-10 10:30:00');
			shop.update(7, { body: 'edited' });
			expect(kinds([...(await settle(trigger)), ...(await settle(trigger, true))])).toEqual([
				'updated 7',
			]);
		},
	);
});

describe('a deletion a run n8n did not keep reported (issue 49 #10)', () => {
	test.each([
		[true, ['created 5']],
		[false, []],
	])(
		'a lost run told its deletion: %s; the record is restored; after the audit: %j',
		async (told, want) => {
			const { trigger } = setUp({}, 30, vouchers());
			await trigger.poll();
			// R1 reported 5 deleted; n8n kept R2, whose count lagged: the kept cursor still holds 5; 5 is restored
			if (told) trigger.told = ['5'];
			expect(await trigger.poll()).toEqual([]);
			trigger.told = undefined;
			expect(kinds(await settle(trigger, true))).toEqual(want);
		},
	);
});
