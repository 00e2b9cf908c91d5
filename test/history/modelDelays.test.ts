/** The checker's promise 11 (model.ts deadlinesOf) on hand-made traces. */
import { check } from './model';
import { entry, run, trace, type Item } from './modelTraces';

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

	test('made while an audit in parts goes on: the hour counts from the poll that ends that audit (soak 52001)', () => {
		// polls 1 and 2 leave an audit going on, poll 3 ends it: the next audit may come an hour after poll 3
		const times = [-60_000, 0, 60_000, 120_000, HOUR + 30_000, HOUR + 120_000, HOUR + 180_000];
		expect(delayed(times, 5, [1, 2])).toEqual([]);
		expect(delayed(times, 6, [1, 2])).toEqual([
			expect.stringMatching(/^late: 1 was A .* by poll 5/),
		]);
		// without an audit going on at the change, the hour counts from the change's first poll
		expect(delayed(times, 5)).toEqual([expect.stringMatching(/^late: 1 was A .* by poll 4/)]);
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
		// n8n away for two hours after the change: the habit switched on meanwhile answers the Get of the audit that
		// finds the deletion, so the audit after it decides (soak 51101)
		const away = [0, 60_000, 2 * HOUR, 2 * HOUR + 60_000, 3 * HOUR, 3 * HOUR + 60_000];
		expect(deletion(away, 4, HOUR + 120_000)).toEqual([]);
		expect(deletion(away, 4, 2 * HOUR + 1)).toEqual([
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
