/**
 * The poll trigger checked against random shop histories (issues 34 and 41): fixed seeds, so `npm test` runs the
 * same histories each time, as many as keep `npm test` under three minutes on two cores (SEEDS × RUNS). The
 * switches are HOLDING (generator.ts): every switch. `npm run fuzz` soaks longer.
 * A failure prints the shrunk history as a script, the broken promises, every poll, and the seed and path to
 * replay (fc.assert's message).
 *
 * The seeds run in two test files (checker.test.ts, checkerTwo.test.ts), half each, so that jest's two workers on
 * a 2-core machine share them (test/slowFirst.js starts both first); in one file, one worker ran them alone at the
 * end of `npm test`.
 */
import fc from 'fast-check';

import { useSandbox } from '../workflow/setup';
import { HOLDING } from './generator';
import { RESOURCES } from './profiles';
import { property, type SoakFigures } from './verdict';

/**
 * Seeds of `npm test`: each runs RUNS histories over every resource, 200 in all. With HOLDING = ALL_ON (a slow shop
 * in half the histories, whose settle polls on while an audit goes in parts) 1,000 took 246 s of jest's workers and
 * a fresh clone's `npm test` 228 s on 2 cores; 500 took 131 s of the workers (`npm test` 173 to 182 s), 300 took
 * 102 s (`npm test` 187 to 196 s on a slower hour of the shared machine); 200 leave a margin under three minutes
 * (docs/development.md). The 20,000-history soak of `npm run fuzz` is what covers the switches
 * (docs/history-checker.md).
 */
export const SEEDS = [34, 3401, 4101, 4102, 4103, 4104, 4105, 4106, 4107, 4108];
export const RUNS = 20;

/** The soak of `seeds` (a part of SEEDS), one test per seed, in a test file of its own. */
export function soak(seeds: number[]): void {
	const env = useSandbox();
	describe('random shop histories hold every promise of the poll trigger', () => {
		test.each(seeds)(
			'seed %i',
			async (seed) => {
				const figures: SoakFigures = { histories: 0, steps: 0, changes: 0, polls: 0 };
				await fc.assert(property(env.sandbox, RESOURCES, HOLDING, figures), {
					seed,
					numRuns: RUNS,
				});
				expect(figures.histories).toBe(RUNS);
			},
			300_000,
		);
	});
}
