/** mulberry32: a small seeded PRNG, the same sequence on every run, so a failing generated case replays. */
export function prng(seed: number): Rand {
	let t = seed >>> 0;
	return () => {
		t = (t + 0x6d2b79f5) >>> 0;
		let x = Math.imul(t ^ (t >>> 15), t | 1);
		x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
		return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
	};
}

export type Rand = () => number;

/** One entry of `list`, chosen by `rand`. */
export const pick = <T>(rand: Rand, list: readonly T[]): T =>
	list[Math.floor(rand() * list.length)];
