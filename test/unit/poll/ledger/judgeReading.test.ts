/**
 * Which reading of an audit decides (ledger/decide.ts judgeReading): the shapes soak 50301 found (a list that ignores
 * `page` in parts, a page cap lowered between parts, ten records deleted between parts, a count off its list) and
 * the readings again, as a table; and, over generated readings, that a deciding reading never lacks a key it showed.
 */
import fc from 'fast-check';

import {
	judgeReading,
	MAX_READINGS_AGAIN,
	type EndedReading,
} from '../../../../nodes/StorePlatform/poll/ledger/decide';

const keys = (from: number, to: number): string[] =>
	Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
const LEDGER = keys(1, 10);

const reading = (over: Partial<EndedReading>): EndedReading => ({
	ledger: LEDGER,
	seen: new Set(LEDGER),
	all: new Set(),
	listed: 10,
	shifted: false,
	again: 0,
	quietBefore: false,
	grew: false,
	...over,
});

describe('judgeReading: which reading of an audit decides', () => {
	test('whole on its pages, as many as the count: decides, lacking the deleted', () => {
		const v = judgeReading(reading({ seen: new Set(keys(1, 8)), listed: 8 }));
		expect([v.complete, v.missing, v.readAgain]).toEqual([true, ['9', '10'], false]);
	});

	test('ten deleted between its parts moved records out: short of the count, it decides nothing and is read again', () => {
		const v = judgeReading(reading({ seen: new Set(keys(1, 7)), listed: 9 }));
		expect([v.complete, v.missing, v.readAgain, v.short]).toEqual([false, [], true, 2]);
	});

	test('a count off its list: the reading again short by as many agrees, and decides', () => {
		const first = judgeReading(reading({ seen: new Set(keys(1, 8)), listed: 10 }));
		expect(first.complete).toBe(false);
		const second = judgeReading(
			reading({
				seen: new Set(keys(1, 8)),
				listed: 10,
				again: 1,
				shortBefore: first.short,
				all: first.together,
			}),
		);
		expect([second.complete, second.missing]).toEqual([true, ['9', '10']]);
	});

	test('short by another number than the reading before: still nothing decided', () => {
		const v = judgeReading(
			reading({
				seen: new Set(keys(1, 7)),
				listed: 10,
				again: 1,
				shortBefore: 2,
				all: new Set(keys(1, 8)),
			}),
		);
		expect([v.complete, v.readAgain]).toEqual([false, true]);
	});

	test('a list that ignores page, read in parts (every reading shifted): readings again that together reach the count decide together', () => {
		const first = judgeReading(reading({ seen: new Set(['3']), listed: 1, shifted: true }));
		expect([first.complete, first.readAgain]).toEqual([false, true]);
		const second = judgeReading(
			reading({ seen: new Set(['3']), listed: 1, shifted: true, again: 1, all: first.together }),
		);
		expect([second.complete, second.missing.length]).toEqual([true, 9]);
	});

	test('shifted readings that together show fewer than the count: read again, up to MAX_READINGS_AGAIN', () => {
		const at = (again: number) =>
			judgeReading(
				reading({
					seen: new Set(keys(1, 5)),
					listed: 10,
					shifted: true,
					again,
					all: new Set(keys(1, 6)),
				}),
			);
		expect(at(1).readAgain).toBe(true);
		expect(at(MAX_READINGS_AGAIN - 1).readAgain).toBe(true);
		expect(at(MAX_READINGS_AGAIN).readAgain).toBe(false);
		expect(at(MAX_READINGS_AGAIN).complete).toBe(false);
	});

	test('without a count: read again until two readings in a row show no key none before showed', () => {
		const shifted = { listed: undefined, shifted: true, seen: new Set(keys(1, 9)) };
		expect(
			judgeReading(reading({ ...shifted, again: 1, all: new Set(keys(1, 8)) })).readAgain,
		).toBe(true);
		expect(
			judgeReading(reading({ ...shifted, again: 1, all: new Set(keys(1, 9)) })).readAgain,
		).toBe(true);
		expect(
			judgeReading(reading({ ...shifted, again: 2, all: new Set(keys(1, 9)), quietBefore: true }))
				.readAgain,
		).toBe(false);
	});

	test('a first reading that lacks no key and found none new is not read again', () => {
		const v = judgeReading(reading({ shifted: true }));
		expect([v.complete, v.readAgain]).toEqual([false, false]);
	});

	test('generated readings: a deciding reading never lacks a key it (or the readings together) showed', () => {
		const keyArb = fc.uniqueArray(fc.integer({ min: 1, max: 30 }).map(String), { maxLength: 30 });
		fc.assert(
			fc.property(
				keyArb,
				keyArb,
				keyArb,
				fc.option(fc.integer({ min: 0, max: 35 }), { nil: undefined }),
				fc.boolean(),
				fc.integer({ min: 0, max: MAX_READINGS_AGAIN }),
				fc.option(fc.integer({ min: 1, max: 10 }), { nil: undefined }),
				(ledger, seen, all, listed, shifted, again, shortBefore) => {
					const v = judgeReading({
						ledger,
						seen: new Set(seen),
						all: new Set(all),
						listed,
						shifted,
						again,
						shortBefore,
						quietBefore: false,
						grew: false,
					});
					if (!v.complete) return v.missing.length === 0;
					// it decides only on a count it agrees with, or pages that did not move
					const agrees =
						(!shifted &&
							(listed === undefined ||
								seen.length >= listed ||
								shortBefore === listed - seen.length)) ||
						(again > 0 && listed !== undefined && v.together.size >= listed);
					return agrees && v.missing.every((k) => ledger.includes(k) && !v.read.has(k));
				},
			),
		);
	});
});
