/**
 * The ids of the records a trigger knows to exist, as runs of consecutive ids (a shop numbers records one after
 * the other, so a run breaks only where a record was deleted or never existed). Pure.
 *
 * In memory a run list is a flat array `[start, end, start, end, ...]`, ascending, ends inclusive. In the static
 * data it is a short text of base-36 numbers: the first start, then each run's length minus one and the gap to
 * the next run's start.
 */

export type Runs = number[];

/** Runs kept at most; beyond, the oldest (lowest ids) are forgotten and their deletions go unreported. */
export const MAX_RUNS = 4000;

export function fromIds(ids: number[]): Runs {
	const sorted = [...new Set(ids)].sort((a, b) => a - b);
	const runs: Runs = [];
	for (const id of sorted) {
		if (runs.length > 0 && runs[runs.length - 1] === id - 1) runs[runs.length - 1] = id;
		else runs.push(id, id);
	}
	return runs;
}

/** How many ids the runs hold. */
export function size(runs: Runs): number {
	let n = 0;
	for (let i = 0; i < runs.length; i += 2) n += runs[i + 1] - runs[i] + 1;
	return n;
}

/** How many ids lie in (lo, hi]. */
export function countIn(runs: Runs, lo: number, hi: number): number {
	let n = 0;
	for (let i = 0; i < runs.length; i += 2) {
		const a = Math.max(runs[i], lo + 1);
		const b = Math.min(runs[i + 1], hi);
		if (b >= a) n += b - a + 1;
	}
	return n;
}

/** The ids in (lo, hi] (callers ask for small ranges). */
export function idsIn(runs: Runs, lo: number, hi: number): number[] {
	const out: number[] = [];
	for (let i = 0; i < runs.length; i += 2) {
		for (let id = Math.max(runs[i], lo + 1); id <= Math.min(runs[i + 1], hi); id++) out.push(id);
	}
	return out;
}

/** The id of the given rank (0 = the lowest); undefined past the end. */
export function idAtRank(runs: Runs, rank: number): number | undefined {
	for (let i = 0; i < runs.length; i += 2) {
		const length = runs[i + 1] - runs[i] + 1;
		if (rank < length) return runs[i] + rank;
		rank -= length;
	}
	return undefined;
}

export function addId(runs: Runs, id: number): Runs {
	return fromIdsMerged(runs, [id]);
}

/** Adds ids (any order) to runs. */
export function fromIdsMerged(runs: Runs, ids: number[]): Runs {
	if (ids.length === 0) return runs;
	const last = runs.length > 0 ? runs[runs.length - 1] : -Infinity;
	const sorted = [...new Set(ids)].sort((a, b) => a - b);
	if (sorted[0] > last) {
		const out = [...runs];
		for (const id of sorted) {
			if (out.length > 0 && out[out.length - 1] === id - 1) out[out.length - 1] = id;
			else if (out.length === 0 || out[out.length - 1] < id) out.push(id, id);
		}
		return out;
	}
	return fromIds([...expand(runs), ...sorted]);
}

function expand(runs: Runs): number[] {
	const ids: number[] = [];
	for (let i = 0; i < runs.length; i += 2)
		for (let id = runs[i]; id <= runs[i + 1]; id++) ids.push(id);
	return ids;
}

export function removeId(runs: Runs, id: number): Runs {
	for (let i = 0; i < runs.length; i += 2) {
		const [a, b] = [runs[i], runs[i + 1]];
		if (id < a || id > b) continue;
		const replacement: number[] = [];
		if (a <= id - 1) replacement.push(a, id - 1);
		if (id + 1 <= b) replacement.push(id + 1, b);
		return [...runs.slice(0, i), ...replacement, ...runs.slice(i + 2)];
	}
	return runs;
}

/**
 * Keeps at most `max` runs: the lowest are forgotten. Returns the runs and the highest forgotten id (deletions
 * at or below it are no longer looked for), or the given floor when nothing was forgotten.
 */
export function capRuns(runs: Runs, floor: number, max = MAX_RUNS): { runs: Runs; floor: number } {
	const excess = runs.length / 2 - max;
	if (excess <= 0) return { runs, floor };
	return { runs: runs.slice(excess * 2), floor: Math.max(floor, runs[excess * 2 - 1]) };
}

export function encodeRuns(runs: Runs): string {
	const parts: string[] = [];
	for (let i = 0; i < runs.length; i += 2) {
		parts.push((i === 0 ? runs[0] : runs[i] - runs[i - 1]).toString(36));
		parts.push((runs[i + 1] - runs[i]).toString(36));
	}
	return parts.join('.');
}

export function decodeRuns(text: string): Runs {
	if (text === '') return [];
	const numbers = text.split('.').map((p) => parseInt(p, 36));
	if (numbers.length % 2 !== 0 || numbers.some((n) => !Number.isSafeInteger(n) || n < 0))
		throw new Error('Not a run list');
	const runs: Runs = [];
	let previousEnd = 0;
	for (let i = 0; i < numbers.length; i += 2) {
		const start = i === 0 ? numbers[0] : previousEnd + numbers[i];
		previousEnd = start + numbers[i + 1];
		runs.push(start, previousEnd);
	}
	return runs;
}
