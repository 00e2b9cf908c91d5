/** The history checker's fixed seeds of `npm test`, second half (soakSeeds.ts; the first: checker.test.ts). */
import { SEEDS, soak } from './soakSeeds';

test('the two halves hold every seed once', () => {
	const halves = [SEEDS.slice(0, SEEDS.length / 2), SEEDS.slice(SEEDS.length / 2)];
	expect(halves.flat()).toEqual(SEEDS);
	expect(halves.map((h) => h.length)).toEqual([5, 5]);
});

soak(SEEDS.slice(SEEDS.length / 2));
