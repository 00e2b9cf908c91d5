import type { ChangeKind } from '../../../nodes/StorePlatform/poll/rules/fingerprint';
import fc from 'fast-check';

import { nextSeq } from '../../../nodes/StorePlatform/poll/rules/changeKey';
import {
	keySeqs,
	markOf,
	ORPHAN_MS,
	orphansOf,
	remember,
	RUNS_KEPT,
	type RunMark,
} from '../../../nodes/StorePlatform/poll/node/lostRuns';

/**
 * The keys of changes a run n8n did not keep reported (lostRuns.ts), as trigger.ts uses it: each poll starts from a
 * stored cursor number, takes the orphans, keys its changes, and leaves a number of its own.
 */

/** A change by record and identity: `4 deleted` is record 4's deletion. */
const change = (text: string) => ({
	id: text.split(' ')[0],
	kind: (text.split(' ')[1] ?? 'updated') as ChangeKind,
	identity: text,
});

interface Poll {
	/** The number each change's key used, by change. */
	keys: Record<string, number>;
	/** The number of the cursor it leaves. */
	to: number;
}

/** One poll from the cursor numbered `from` at n8n's time `now`, emitting `changes`. */
function poll(memory: { runs: RunMark[] }, from: number, now: number, changes: string[]): Poll {
	const orphans = orphansOf(memory.runs, from, now);
	const emitting = changes.map(change);
	const seqs = keySeqs(emitting, orphans, from);
	const to = nextSeq(from, changes.length > 0, now) as number;
	memory.runs = remember(memory.runs, markOf(from, to, now, emitting, seqs, orphans));
	return { keys: Object.fromEntries(changes.map((c, i) => [c, seqs[i]])), to };
}

const T = 1_800_000_000_000;

/**
 * A poll from the cursor numbered 500 emits `change` and record 5's creation; n8n's repeat of it, whose cursor is
 * kept, emits record 5's creation only.
 */
function missedByRepeat(change: string): { memory: { runs: RunMark[] }; repeat: Poll } {
	const memory = { runs: [] as RunMark[] };
	poll(memory, 500, T, [change, '5 created']);
	const repeat = poll(memory, 500, T + 1_000, ['5 created']);
	return { memory, repeat };
}

describe('a change a lost run reported keeps its key', () => {
	test('the kept repeat missed a deletion: the next poll that finds it uses the first run’s number', () => {
		const memory = { runs: [] as RunMark[] };
		const start = poll(memory, 100, T, ['1 created']).to;
		const first = poll(memory, start, T + 60_000, ['6 created', '4 deleted']);
		const repeat = poll(memory, start, T + 61_000, ['6 created']);
		expect(first.to).not.toBe(repeat.to);
		const later = poll(memory, repeat.to, T + 120_000, ['4 deleted']);
		expect(later.keys).toEqual({ '4 deleted': start });
	});

	test('the first run’s cursor kept (the repeat saved first): what only the repeat emitted is the orphan', () => {
		const memory = { runs: [] as RunMark[] };
		const first = poll(memory, 500, T, ['4 deleted']);
		poll(memory, 500, T + 1_000, ['2 created']);
		const later = poll(memory, first.to, T + 60_000, ['2 created', '4 deleted']);
		// record 4's deletion is in the kept cursor: found again, it is a new change with a new number
		expect(later.keys).toEqual({ '2 created': 500, '4 deleted': first.to });
	});

	test('no repeat: a change found again is a new change', () => {
		const memory = { runs: [] as RunMark[] };
		const first = poll(memory, 500, T, ['4 deleted']);
		const later = poll(memory, first.to, T + 60_000, ['4 deleted']);
		expect(later.keys).toEqual({ '4 deleted': first.to });
	});

	test('an orphan lasts through quiet polls and polls that emit other changes, until it is emitted', () => {
		const { memory, repeat } = missedByRepeat('4 deleted');
		const quiet = poll(memory, repeat.to, T + 60_000, []);
		expect(quiet.to).toBe(repeat.to);
		const other = poll(memory, quiet.to, T + 120_000, ['7 created']);
		const found = poll(memory, other.to, T + 180_000, ['4 deleted']);
		expect(found.keys).toEqual({ '4 deleted': 500 });
		// taken once: a later deletion of a record given id 4 again is another change
		const again = poll(memory, found.to, T + 240_000, ['4 deleted']);
		expect(again.keys).toEqual({ '4 deleted': found.to });
	});

	test('a quiet poll n8n did not save: the next poll from the same cursor still has the orphan', () => {
		const { memory, repeat } = missedByRepeat('4 deleted');
		poll(memory, repeat.to, T + 60_000, []);
		poll(memory, repeat.to, T + 120_000, []);
		expect(poll(memory, repeat.to, T + 180_000, ['4 deleted']).keys).toEqual({ '4 deleted': 500 });
	});

	test('another change of the record drops its orphan (the record moved on): its later deletion is new', () => {
		const { memory, repeat } = missedByRepeat('4 deleted');
		const edit = poll(memory, repeat.to, T + 60_000, ['4 updated']);
		expect(edit.keys).toEqual({ '4 updated': repeat.to });
		expect(poll(memory, edit.to, T + 120_000, ['4 deleted']).keys).toEqual({
			'4 deleted': edit.to,
		});
	});

	test('a creation and its later edit in one poll: the creation takes its orphan, whatever their order', () => {
		for (const order of [
			['4 created', '4 updated'],
			['4 updated', '4 created'],
		]) {
			const { memory, repeat } = missedByRepeat('4 created');
			expect(poll(memory, repeat.to, T + 60_000, order).keys).toEqual({
				'4 created': 500,
				'4 updated': repeat.to,
			});
		}
	});

	test(`an orphan older than ${ORPHAN_MS / 3_600_000} hours is forgotten`, () => {
		const { memory, repeat } = missedByRepeat('4 deleted');
		expect(orphansOf(memory.runs, repeat.to, T + ORPHAN_MS).size).toBe(1);
		expect(poll(memory, repeat.to, T + ORPHAN_MS + 1, ['4 deleted']).keys).toEqual({
			'4 deleted': repeat.to,
		});
	});

	test('a cursor no remembered run left (another process, or before the upgrade): no orphans', () => {
		const memory = { runs: [] as RunMark[] };
		poll(memory, 500, T, ['4 deleted']);
		poll(memory, 500, T + 1_000, []);
		expect(orphansOf(memory.runs, 42, T + 60_000).size).toBe(0);
		expect(orphansOf([], 500, T).size).toBe(0);
	});

	test(`at most ${RUNS_KEPT} runs are remembered`, () => {
		const memory = { runs: [] as RunMark[] };
		let at = 500;
		for (let i = 0; i < 3 * RUNS_KEPT; i++)
			at = poll(memory, at, T + i * 60_000, [`${i} created`]).to;
		expect(memory.runs).toHaveLength(RUNS_KEPT);
	});
});

/**
 * Generated: polls, each maybe repeated by n8n (the repeat kept, or the first run where the older run saved last),
 * each run emitting some of a few changes. The model: a change gets the number of the first run that emitted it
 * since the cursor n8n kept last learned it, i.e. a change no kept cursor holds keeps its first key; a change that a
 * kept run emitted is learned, so emitting it again later is a new change with the run's own number.
 */
describe('generated runs against a model', () => {
	const changes = ['1 created', '1 deleted', '2 created', '2 deleted', '3 updated'];
	const run = fc.subarray(changes);
	const step = fc.record({
		runs: fc.array(run, { minLength: 1, maxLength: 3 }),
		kept: fc.nat(),
	});

	test('a change keeps the key of the run that first reported it until a kept cursor learns it', () => {
		fc.assert(
			fc.property(fc.array(step, { minLength: 1, maxLength: 8 }), (steps) => {
				const memory = { runs: [] as RunMark[] };
				let stored = 500;
				let now = T;
				/** The model: changes reported and not in any kept cursor, with their first number; the record's id. */
				const pending = new Map<string, number>();
				for (const s of steps) {
					const kept = s.kept % s.runs.length;
					const lefts: number[] = [];
					const before = new Map(pending);
					for (const emitted of s.runs) {
						now += 1_000;
						const result = poll(memory, stored, now, emitted);
						for (const c of emitted) {
							const expected = before.get(c) ?? stored;
							if (result.keys[c] !== expected) return false;
						}
						lefts.push(result.to);
					}
					// the model moves with the kept run: what it emitted is learned; what only others emitted stays
					// pending, unless the kept run emitted another change of its record
					const keptRun = s.runs[kept];
					const moved = new Set(keptRun.map((c) => change(c).id));
					for (const c of [...pending.keys()])
						if (keptRun.includes(c) || moved.has(change(c).id)) pending.delete(c);
					for (const [i, emitted] of s.runs.entries())
						if (i !== kept)
							for (const c of emitted)
								if (!keptRun.includes(c) && !moved.has(change(c).id) && !pending.has(c))
									pending.set(c, before.get(c) ?? stored);
					// n8n stores the kept run's cursor; a repeat run later in time is the one remembered as kept
					stored = lefts[kept];
					// a kept run that emitted nothing leaves the cursor it started from: its orphans are the same
				}
				return true;
			}),
			{ numRuns: 500 },
		);
	});
});
