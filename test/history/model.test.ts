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

import { entry, run, trace } from './modelTraces';

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

describe('a whole list past MAX_SNAPSHOT (snapshot.ts PastBound)', () => {
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
