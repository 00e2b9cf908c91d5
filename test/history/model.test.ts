/**
 * The checker (model.ts) on hand-made traces: each promise, kept and broken, without a shop or a poller, so the
 * fix helpers can trust what it says.
 */
import type { IDataObject } from 'n8n-workflow';

import type { ChangeEntry } from '../../sandbox';
import { MAX_SNAPSHOT } from '../../nodes/StorePlatform/poll/rules/snapshot';
import { check, STATIC_BOUND } from './model';
import { PROFILES } from './profiles';
import { SETTLE_MAX, type PollRun, type Trace } from './runner';

type Item = [kind: string, id: number, title: string | null, key: string];

let seq = 0;
const entry = (id: number, kind: ChangeEntry['kind'], title?: string): ChangeEntry => ({
	seq: ++seq,
	resource: 'page',
	scope: '',
	id: String(id),
	kind,
	record: title === undefined ? undefined : { id, title },
	at: '2030-01-01 12:00:00',
});

const run = (
	index: number,
	items: Item[],
	logTo: number,
	more: Partial<PollRun> = {},
): PollRun => ({
	index,
	how: index === 0 ? 'activation' : 'poll',
	items: items.map(([kind, id, title, key]) => ({
		json: { id, ...(title === null ? {} : { title }), event: `page/${kind}`, deliveryKey: key },
	})),
	requests: 3,
	process: 0,
	logFrom: logTo,
	logTo,
	before: '{}',
	after: '{}',
	at: index * 60_000,
	auditing: false,
	...more,
});

/** Page 1 "One" at the start; the log and the polls given. */
function trace(log: ChangeEntry[], polls: PollRun[]): Trace {
	seq = 0;
	return {
		history: { resource: 'page', preload: 0, steps: [] },
		profile: PROFILES.page,
		start: new Map<string, IDataObject>([['1', { id: 1, title: 'One' }]]),
		log,
		polls,
		skipped: 0,
		times: log.map(() => 0),
		heldFrom: Infinity,
	};
}

beforeEach(() => (seq = 0));

describe('every change once, folded; nothing the log does not hold', () => {
	test('a created then updated record, read once: one created with the latest state holds', () => {
		const log = [entry(2, 'created', 'A'), entry(2, 'updated', 'B')];
		expect(check(trace(log, [run(0, [], 0), run(1, [['created', 2, 'B', 'k1']], 2)]))).toEqual([]);
	});

	test("the keys rule's pair: a creation edited in a later second may also come as updated, in the same poll", () => {
		const at = (e: ChangeEntry, time: string): ChangeEntry => ({ ...e, at: `2030-01-01 ${time}` });
		const later = [
			at(entry(2, 'created', 'A'), '12:00:00'),
			at(entry(2, 'updated', 'B'), '12:00:05'),
		];
		const pair = (k: number): PollRun[] => [
			run(0, [], 0),
			run(1, [['created', 2, 'B', 'k1']], 2),
			run(k, [['updated', 2, 'B', 'k2']], 2),
		];
		const same = [
			run(0, [], 0),
			run(
				1,
				[
					['created', 2, 'B', 'k1'],
					['updated', 2, 'B', 'k2'],
				],
				2,
			),
		];
		expect(check(trace(later, same))).toEqual([]);
		// not in the creation's second, nor at a later poll, nor twice
		const sameSecond = [
			at(entry(2, 'created', 'A'), '12:00:00'),
			at(entry(2, 'updated', 'B'), '12:00:00'),
		];
		expect(check(trace(sameSecond, same))[0]).toMatch(/does not hold: updated 2 \(B\) at poll 1/);
		expect(check(trace(later, pair(2)))[0]).toMatch(/does not hold: updated 2 \(B\) at poll 2/);
		const twice = [
			run(0, [], 0),
			run(
				1,
				[
					['created', 2, 'B', 'k1'],
					['updated', 2, 'B', 'k2'],
					['updated', 2, 'B', 'k3'],
				],
				2,
			),
		];
		expect(check(trace(later, twice))[0]).toMatch(/does not hold: updated 2 \(B\) at poll 1/);
	});

	test('a change delayed to a later poll holds; never emitted is lost', () => {
		const log = [entry(1, 'updated', 'A')];
		const late = [run(0, [], 0), run(1, [], 1), run(2, [['updated', 1, 'A', 'k1']], 1)];
		expect(check(trace(log, late))).toEqual([]);
		const lost = check(trace([entry(1, 'updated', 'A')], [run(0, [], 0), run(1, [], 1)]));
		expect(lost).toEqual([expect.stringMatching(/^lost: 1 ends A, the workflow last got One/)]);
	});

	test('a double (the same update again under another key) and an invention fail', () => {
		const log = [entry(1, 'updated', 'A')];
		const double = [
			run(0, [], 0),
			run(1, [['updated', 1, 'A', 'k1']], 1),
			run(2, [['updated', 1, 'A', 'k2']], 1),
		];
		expect(check(trace(log, double))).toEqual([
			expect.stringMatching(/^emitted what the log does not hold: updated 1 \(A\) at poll 2/),
		]);
		const invented = [run(0, [], 0), run(1, [['deleted', 1, null, 'k1']], 0)];
		expect(check(trace([], invented))[0]).toMatch(/does not hold: deleted 1 at poll 1/);
	});

	test('a state the record reached only after the poll ended cannot be emitted by it', () => {
		const log = [entry(1, 'updated', 'A')];
		const early = [run(0, [], 0), run(1, [['updated', 1, 'A', 'k1']], 0)];
		expect(check(trace(log, early))[0]).toMatch(/does not hold: updated 1 \(A\) at poll 1/);
	});

	test('A→B→A between two reads: nothing, or one updated (issue 41: updated_at moved); deleted and restored: optional', () => {
		const toggled = [entry(1, 'updated', 'B'), entry(1, 'updated', 'One')];
		expect(check(trace(toggled, [run(0, [], 0), run(1, [], 2)]))).toEqual([]);
		const once = [run(0, [], 0), run(1, [['updated', 1, 'One', 'k1']], 2)];
		expect(check(trace([entry(1, 'updated', 'B'), entry(1, 'updated', 'One')], once))).toEqual([]);
		const twice = [...once, run(2, [['updated', 1, 'One', 'k2']], 2)];
		expect(check(trace([entry(1, 'updated', 'B'), entry(1, 'updated', 'One')], twice))[0]).toMatch(
			/does not hold: updated 1 \(One\) at poll 2/,
		);
		// the same value logged again (a zone change re-stamps every record): nothing may be emitted
		const touched = [entry(1, 'updated', 'One')];
		expect(
			check(trace(touched, once.slice(0, 1).concat(run(1, [['updated', 1, 'One', 'k1']], 1))))[0],
		).toMatch(/does not hold: updated 1 \(One\) at poll 1/);
		const restored = [entry(1, 'deleted'), entry(1, 'created', 'One')];
		expect(check(trace(restored, [run(0, [], 0), run(1, [], 2)]))).toEqual([]);
		const said = [run(0, [], 0), run(1, [['updated', 1, 'One', 'k1']], 2)];
		expect(check(trace([entry(1, 'deleted'), entry(1, 'created', 'One')], said))).toEqual([]);
	});
});

describe('deliveryKeys', () => {
	test('two different changes sharing a key fail (the later one is dropped, as Remove Duplicates does)', () => {
		const log = [entry(1, 'updated', 'A'), entry(1, 'updated', 'B'), entry(1, 'updated', 'A')];
		const polls = [
			run(0, [], 0),
			run(1, [['updated', 1, 'A', 'kA']], 1),
			run(2, [['updated', 1, 'B', 'kB']], 2),
			run(3, [['updated', 1, 'A', 'kA']], 3),
		];
		expect(check(trace(log, polls))).toEqual([
			expect.stringMatching(
				/^shared deliveryKey: updated 1 \(A\) at poll 3 has the key of updated 1 \(A\) at poll 1/,
			),
			expect.stringMatching(/^lost: 1 ends A, the workflow last got B/),
		]);
	});

	test('a repeated poll keeps the keys of what it emits again; another key fails', () => {
		const log = [entry(2, 'created', 'A')];
		const same = [
			run(0, [], 0),
			run(1, [['created', 2, 'A', 'k1']], 1),
			run(2, [['created', 2, 'A', 'k1']], 1, { how: 'repeat', repeats: 1 }),
		];
		expect(check(trace(log, same))).toEqual([]);
		const changed = [
			run(0, [], 0),
			run(1, [['created', 2, 'A', 'k1']], 1),
			run(2, [['created', 2, 'A', 'k9']], 1, { how: 'repeat', repeats: 1 }),
		];
		expect(check(trace([entry(2, 'created', 'A')], changed))).toEqual([
			expect.stringMatching(/^a repeated poll changed the key: created 2 \(A\) at poll 2/),
			expect.stringMatching(/does not hold: created 2 \(A\) at poll 2/),
		]);
	});

	test('two repeats of one poll (three runs): a change the first repeat keyed keeps its key in the second', () => {
		// run 1 reads nothing new; page 2 is created; repeat 1 emits it (k1); repeat 2 emits it again with k1
		const log = [entry(2, 'created', 'A')];
		const three = [
			run(0, [], 0),
			run(1, [], 0),
			run(2, [['created', 2, 'A', 'k1']], 1, { how: 'repeat', repeats: 1 }),
			run(3, [['created', 2, 'A', 'k1']], 1, { how: 'repeat', repeats: 1 }),
		];
		expect(check(trace(log, three))).toEqual([]);
		const rekeyed = three
			.slice(0, 3)
			.concat(run(3, [['created', 2, 'A', 'k2']], 1, { how: 'repeat', repeats: 1 }));
		expect(check(trace([entry(2, 'created', 'A')], rekeyed))[0]).toMatch(
			/^a repeated poll changed the key: created 2 \(A\) at poll 3/,
		);
	});
});

describe('a keyed list that ignores since_id and page (docs/poll.md, Limits)', () => {
	const ignoring = (log: ChangeEntry[], polls: PollRun[], steps: Trace['history']['steps']) => ({
		...trace(log, polls),
		history: { resource: 'page', preload: 0, steps },
	});
	const longer = () =>
		Array.from({ length: 252 }, (_, i) => entry(100 + i, 'created', 'A')).concat(
			entry(1, 'updated', 'B'),
		);
	const polls = () => [
		run(0, [], 0),
		run(1, [], 253, { error: 'the list ignores since_id and page' }),
	];

	test('longer than a page: its changes are not owed (one clear error, then quiet)', () => {
		const both: Trace['history']['steps'] = [
			{ op: 'ignoreParam', param: 'since_id' },
			{ op: 'ignoreParam', param: 'page' },
		];
		expect(check(ignoring(longer(), polls(), both))).toEqual([]);
	});

	test('ignoring only page (read by since_id) or within a page: owed', () => {
		const page: Trace['history']['steps'] = [{ op: 'ignoreParam', param: 'page' }];
		expect(check(ignoring(longer(), polls(), page)).length).toBeGreaterThan(0);
		const both: Trace['history']['steps'] = [
			{ op: 'ignoreParam', param: 'since_id' },
			{ op: 'ignoreParam', param: 'page' },
		];
		const short = [entry(1, 'updated', 'B')];
		expect(check(ignoring(short, [run(0, [], 0), run(1, [], 1)], both))).toEqual([
			expect.stringMatching(/^lost: 1 ends B/),
		]);
	});

	test('exactly a page: not owed, no count tells it from a longer list (issue 49 #16); a whole list with a count: owed', () => {
		const page = (resource: string) =>
			Array.from({ length: 249 }, (_, i) => ({ ...entry(100 + i, 'created', 'A'), resource }));
		const both: Trace['history']['steps'] = [
			{ op: 'ignoreParam', param: 'since_id' },
			{ op: 'ignoreParam', param: 'page' },
		];
		expect(check(ignoring(page('page'), polls(), both))).toEqual([]);
		const said = [
			run(0, [], 0),
			run(1, [], 249, { error: 'ignores page: … so the trigger cannot read the rest of it' }),
		];
		const counted = {
			...trace(page('promotion'), said),
			history: { resource: 'promotion', preload: 0, steps: both },
			profile: PROFILES.promotion,
		};
		expect(check(counted)).toContainEqual(expect.stringMatching(/said a list it can read/));
	});
});

describe('the ceiling, the static data, errors', () => {
	test('a poll above MAX_POLL_REQUESTS, static data above its bound, one error at every settle poll', () => {
		const settle = Array.from({ length: SETTLE_MAX }, (_, i) =>
			run(2 + i, [], 0, { how: 'settle', error: 'the list is too long' }),
		);
		const polls = [
			run(0, [], 0),
			run(1, [], 0, { requests: 1001, after: 'x'.repeat(STATIC_BOUND + 1) }),
			...settle,
		];
		expect(check(trace([], polls))).toEqual([
			'poll 1 sent 1001 requests (ceiling 1000)',
			`poll 1 left ${STATIC_BOUND + 1} characters of static data (bound ${STATIC_BOUND})`,
			'the error "the list is too long" repeats at every poll',
		]);
	});
});

describe('a whole list past MAX_SNAPSHOT (pastBound.ts)', () => {
	const PAST =
		'The user list has 5001 records; the poll trigger compares lists without filters of up to 5000 records';
	/** A user list of 5,001 records at the start; user 1 updated to "A" in the log. */
	const past = (polls: PollRun[], more: ChangeEntry[] = []): Trace => ({
		...trace([], polls),
		history: { resource: 'user', preload: 0, steps: [] },
		profile: PROFILES.user,
		start: new Map<string, IDataObject>(
			Array.from({ length: MAX_SNAPSHOT + 1 }, (_, i) => [
				String(i + 1),
				{ id: i + 1, first_name: 'One' },
			]),
		),
		log: [
			{ ...entry(1, 'updated'), resource: 'user', record: { id: 1, first_name: 'A' } },
			...more.map((e) => ({ ...e, resource: 'user' })),
		],
	});

	test('its changes are not owed while it stays past; its error once holds, twice fails', () => {
		const once = [run(0, [], 0), run(1, [], 1, { error: PAST }), run(2, [], 1)];
		expect(check(past(once))).toEqual([]);
		const twice = [...once, run(3, [], 1, { error: PAST })];
		expect(check(past(twice))).toEqual([
			`the list past 5000 records failed poll 1 and again poll 3: "${PAST}"`,
		]);
		// once per n8n process: after a restart it may fail once more
		const restarted = [...once, run(3, [], 1, { error: PAST, process: 1 })];
		expect(check(past(restarted))).toEqual([]);
		// another error (the list ignores page) is shown once of its own
		const other = [...once, run(3, [], 1, { error: "The shop's user list ignores page" })];
		expect(check(past(other))).toEqual([]);
	});

	test('back within the bound, its changes are owed again', () => {
		const back = [run(0, [], 0), run(1, [], 1, { error: PAST }), run(2, [], 2)];
		const deleted = [{ ...entry(2, 'deleted') }];
		expect(check(past(back, deleted))).toEqual([
			expect.stringMatching(/^lost: 1 ends A/),
			expect.stringMatching(/^lost: 2 ends deleted/),
		]);
	});
});

describe('promise 11: no change later than the worst delay (an hour and one Poll Time, plus audit parts)', () => {
	const HOUR = 60 * 60_000;
	/** A page updated at n8n time 0, the polls at the times given (ms), emitted by the poll `at` (index). */
	function delayed(times: number[], emittedBy: number, auditing: number[] = []): string[] {
		const log = [entry(1, 'updated', 'A')];
		const polls = times.map((t, i) =>
			run(i, i === emittedBy ? [['updated', 1, 'A', 'k1']] : [], i === 0 ? 0 : 1, {
				at: t,
				auditing: auditing.includes(i),
			}),
		);
		return check(trace(log, polls));
	}

	test('emitted by the first poll an hour or more after the change: holds', () => {
		expect(delayed([0, 60_000, HOUR + 60_000], 2)).toEqual([]);
		expect(delayed([0, 60_000, HOUR, HOUR + 60_000], 2)).toEqual([]);
	});

	test('emitted a poll after that one: late, naming the record and the poll', () => {
		expect(delayed([0, 60_000, HOUR, HOUR + 60_000], 3)).toEqual([
			expect.stringMatching(/^late: 1 was A \(n8n's clock 60 min before poll 2\)/),
		]);
	});

	test('an audit in parts going on at the deadline: each of its polls, and the one that ends it, are allowed', () => {
		const times = [0, HOUR, HOUR + 60_000, HOUR + 120_000, HOUR + 180_000];
		expect(delayed(times, 3, [1, 2])).toEqual([]);
		expect(delayed(times, 4, [1, 2])).toEqual([
			expect.stringMatching(/^late: 1 was A .* by poll 3/),
		]);
	});

	test('the delay counts from the first poll after the change: n8n away for an hour (the settle) misses no poll', () => {
		// the change at 0, n8n's next poll an hour later: it may come an hour after that
		expect(delayed([-60_000, HOUR, HOUR + 60_000, 2 * HOUR], 3)).toEqual([]);
		expect(delayed([-60_000, HOUR, HOUR + 60_000, 2 * HOUR, 2 * HOUR + 60_000], 4)).toEqual([
			expect.stringMatching(/^late: 1 was A .* by poll 3/),
		]);
	});

	test('a change folded away by a later state the poll could read owes nothing (deleted, then restored as it was)', () => {
		const log = [entry(1, 'deleted'), entry(1, 'created', 'One')];
		const polls = [
			run(0, [], 0, { at: 0 }),
			run(1, [], 1, { at: 60_000 }),
			run(2, [], 2, { at: HOUR + 60_000 }),
		];
		expect(check({ ...trace(log, polls), times: [0, HOUR] })).toEqual([]);
		// read while it was deleted, and not restored by the deadline: late
		const gone = [entry(1, 'deleted')];
		// (a deletion may take one poll more: its second observation)
		const late = [
			run(0, [], 0, { at: 0 }),
			run(1, [], 1, { at: 60_000 }),
			run(2, [], 1, { at: HOUR + 60_000 }),
			run(3, [], 1, { at: HOUR + 120_000 }),
			run(4, [['deleted', 1, null, 'k1']], 1, { at: HOUR + 180_000 }),
		];
		expect(check({ ...trace(gone, late), times: [0] })).toEqual([
			expect.stringMatching(/^late: 1 was null .* by poll 3/),
		]);
	});

	/** Page 1 deleted at n8n time 0, the polls at the times given, the deletion emitted by poll `emittedBy`. */
	function deletion(times: number[], emittedBy: number, heldFrom = Infinity): string[] {
		const polls = times.map((t, i) =>
			run(i, i === emittedBy ? [['deleted', 1, null, 'k1']] : [], i === 0 ? 0 : 1, { at: t }),
		);
		return check({ ...trace([entry(1, 'deleted')], polls), heldFrom });
	}

	test('a deletion may come one poll after the deadline (its second observation), not two', () => {
		const times = [0, 60_000, HOUR + 60_000, HOUR + 120_000, HOUR + 180_000];
		expect(deletion(times, 3)).toEqual([]);
		expect(deletion(times, 4)).toEqual([expect.stringMatching(/^late: 1 was null .* by poll 3/)]);
	});

	test('on a slow shop (one Get a poll), deletions n8n could first read at one poll may come a poll each', () => {
		const times = [0, 60_000, HOUR + 60_000, HOUR + 120_000, HOUR + 180_000, HOUR + 240_000];
		const log = [entry(1, 'deleted'), entry(2, 'deleted')];
		const slow = (emitted: Record<number, number>) => {
			const polls = times.map((t, i) =>
				run(
					i,
					Object.entries(emitted)
						.filter(([, at]) => at === i)
						.map(([id]) => ['deleted', Number(id), null, `k${id}`] as const),
					i === 0 ? 0 : 2,
					{ at: t },
				),
			);
			const t = trace(log, polls);
			t.start.set('2', { id: 2, title: 'Two' });
			return check({ ...t, history: { ...t.history, slow: true }, times: [0, 0] });
		};
		expect(slow({ 1: 3, 2: 4 })).toEqual([]);
		expect(slow({ 1: 3, 2: 5 })).toEqual([expect.stringMatching(/^late: 2 was null .* by poll 4/)]);
	});

	test('a deletion while Gets answer held ones (a trash, 403, 500): by the audit after the next, two hours', () => {
		const times = [
			0,
			60_000,
			HOUR + 60_000,
			2 * HOUR + 60_000,
			2 * HOUR + 120_000,
			2 * HOUR + 180_000,
		];
		expect(deletion(times, 4, 0)).toEqual([]);
		expect(deletion(times, 5, 0)).toEqual([
			expect.stringMatching(/^late: 1 was null .* by poll 4/),
		]);
		// the habit switched on after the deletion, within its hour: two hours too; after its hour: an hour
		expect(deletion(times, 4, 1)).toEqual([]);
		expect(deletion(times, 4, HOUR + 120_000)).toEqual([
			expect.stringMatching(/^late: 1 was null .* by poll 3/),
		]);
	});

	test("a record's changes are owed in order: a held deletion's later creation (an id handed out again) is owed with it", () => {
		const log = [entry(1, 'deleted'), entry(1, 'created', 'Two')];
		const times = [0, 60_000, HOUR + 60_000, HOUR + 120_000, 2 * HOUR + 60_000, 2 * HOUR + 120_000];
		const polls = times.map((t, i) =>
			run(
				i,
				i === 4
					? [
							['deleted', 1, null, 'k1'],
							['created', 1, 'Two', 'k2'],
						]
					: [],
				i === 0 ? 0 : 2,
				{ at: t },
			),
		);
		expect(check({ ...trace(log, polls), times: [0, 0], heldFrom: 0 })).toEqual([]);
	});

	test('a state no poll could read is owed with the state that replaced it (updated, then deleted before n8n polled)', () => {
		const log = [entry(1, 'updated', 'A'), entry(1, 'deleted')];
		const times = [0, 60_000, HOUR + 60_000, HOUR + 120_000, HOUR + 180_000];
		const deletedBy = (at: number, made: number[]) => {
			const polls = times.map((t, i) =>
				run(i, i === at ? [['deleted', 1, null, 'k1']] : [], i === 0 ? 0 : 2, { at: t }),
			);
			return check({ ...trace(log, polls), times: made });
		};
		// both before poll 1: the deletion's delay (one poll more) holds for the update too
		expect(deletedBy(3, [10_000, 20_000])).toEqual([]);
		// poll 1 could read the update, poll 2 (the audit that owes it) finds the page gone: owed as the deletion
		expect(deletedBy(3, [10_000, 70_000])).toEqual([]);
		expect(deletedBy(4, [10_000, 70_000])).toEqual([
			expect.stringMatching(/^late: 1 was A .* by poll 3/),
		]);
		// deleted after poll 2 began (it could read the update): owed by its own hour
		expect(deletedBy(3, [10_000, HOUR + 90_000])).toEqual([
			expect.stringMatching(/^late: 1 was A .* by poll 2/),
		]);
	});

	test("a change a deletion replaced before the poll that owes it: a slow shop's Gets, one a poll, count for it too", () => {
		const log = [entry(1, 'updated', 'A'), entry(2, 'deleted'), entry(1, 'deleted')];
		const times = [0, 60_000, HOUR + 60_000, HOUR + 120_000, HOUR + 180_000, HOUR + 240_000];
		const slow = (at1: number) => {
			const polls = times.map((t, i) =>
				run(
					i,
					[
						...(i === 3 ? [['deleted', 2, null, 'k2'] as Item] : []),
						...(i === at1 ? [['deleted', 1, null, 'k1'] as Item] : []),
					],
					i === 0 ? 0 : 3,
					{ at: t },
				),
			);
			const t = trace(log, polls);
			t.start.set('2', { id: 2, title: 'Two' });
			return check({
				...t,
				history: { ...t.history, slow: true },
				times: [10_000, 70_000, 70_000],
			});
		};
		expect(slow(4)).toEqual([]);
		expect(slow(5)).toEqual([expect.stringMatching(/^late: 1 was A .* by poll 4/)]);
	});

	test('a change never emitted is lost, not also late', () => {
		expect(delayed([0, HOUR, HOUR + 60_000], -1)).toEqual([
			expect.stringMatching(/^lost: 1 ends A/),
		]);
	});
});
