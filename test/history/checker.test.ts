/** The history checker's fixed seeds of `npm test`, first half (soakSeeds.ts; the rest: checkerTwo.test.ts). */
import { SEEDS, soak } from './soakSeeds';

soak(SEEDS.slice(0, SEEDS.length / 2));
