import { ascending, fromBase36, maxOf, toBase36, type Id } from './decimalId';

/**
 * The ids of the records a trigger knows to exist (lists read by `since_id`, watched for deletions). Pure. In memory,
 * ascending bigints, each once. In the static data, the gaps between them (the first from 0), a token a gap: a
 * lowercase letter for 1 to 26 (`a` is 1), else `-` and the gap in base 36 capitals (`-1B` is 47); `*` and a base-36
 * number repeats a gap (`a*7PS`: 10,000 consecutive ids). So steady steps (1, or 2 or 3 of a database cluster) cost one
 * token in all, irregular small steps one character an id: the size follows the records, not gaps.
 */

export type KnownIds = Id[];

/** Ids kept at most: beyond, the lowest are forgotten and their deletions go unreported. */
export const MAX_KNOWN_IDS = 250_000;
/** Characters of the ids' text kept at most (the static data): beyond, the lowest ids are forgotten. */
export const MAX_IDS_TEXT = 40_000;

const ZERO = BigInt(0);
const unreadable = () => new Error('The known ids in the static data are not readable');

/** The ids (any order, repeats, undefined) as known ids; ids that are not above 0 are left out. */
export function idsOf(values: Iterable<Id | undefined>): KnownIds {
	const ids = [...new Set(values)].filter((id): id is Id => id !== undefined && id > ZERO);
	return ids.sort(ascending);
}

/** The first position in [lo, hi) from which `ok` holds (a binary search), else hi. */
function firstWhere(lo: number, hi: number, ok: (i: number) => boolean): number {
	while (lo < hi) {
		const mid = (lo + hi) >> 1;
		if (ok(mid)) hi = mid;
		else lo = mid + 1;
	}
	return lo;
}

/** How many ids lie at or below `x`: the position of the first id above it. */
export const countUpTo = (ids: KnownIds, x: Id): number =>
	firstWhere(0, ids.length, (i) => ids[i] > x);

/** How many ids lie in (lo, hi]. */
export const countIn = (ids: KnownIds, lo: Id, hi: Id): number =>
	hi > lo ? countUpTo(ids, hi) - countUpTo(ids, lo) : 0;

/** The ids in (lo, hi]. */
export const idsIn = (ids: KnownIds, lo: Id, hi: Id): Id[] =>
	hi > lo ? ids.slice(countUpTo(ids, lo), countUpTo(ids, hi)) : [];

export function withIds(ids: KnownIds, added: Iterable<Id | undefined>): KnownIds {
	const more = idsOf(added);
	if (more.length === 0) return ids;
	if (ids.length === 0 || more[0] > ids[ids.length - 1]) return [...ids, ...more];
	return idsOf([...ids, ...more]);
}

export function withoutIds(ids: KnownIds, removed: Iterable<Id>): KnownIds {
	const gone = new Set(removed);
	return gone.size === 0 ? ids : ids.filter((id) => !gone.has(id));
}

const token = (gap: Id) =>
	gap <= BigInt(26) ? String.fromCharCode(96 + Number(gap)) : `-${toBase36(gap)}`;

/** The known ids as the static data keeps them (the text above). */
export function encodeIds(ids: KnownIds): string {
	const parts: string[] = [];
	for (let i = 0; i < ids.length; ) {
		const gap = ids[i] - (i === 0 ? ZERO : ids[i - 1]);
		let n = 1;
		while (i + n < ids.length && ids[i + n] - ids[i + n - 1] === gap) n++;
		const one = token(gap);
		const repeated = `${one}*${n.toString(36).toUpperCase()}`;
		parts.push(n > 1 && repeated.length < one.length * n ? repeated : one.repeat(n));
		i += n;
	}
	return parts.join('');
}

/** The known ids their text (encodeIds) stands for; throws where it is not such a text. */
export function decodeIds(text: string): KnownIds {
	const ids: KnownIds = [];
	let [previous, gap] = [ZERO, ZERO];
	for (const [token] of text.matchAll(/[a-z]|[-*][0-9A-Z]*|[^]/g)) {
		const n = fromBase36(token.slice(1));
		let times = 1;
		if (token >= 'a' && token <= 'z') gap = BigInt(token.charCodeAt(0) - 96);
		else if (token[0] === '-' && n !== undefined) gap = n;
		else if (token[0] === '*' && gap > ZERO && n !== undefined && n <= BigInt(2 * MAX_KNOWN_IDS))
			times = Number(n) - 1;
		else throw unreadable();
		if (!(times >= 1) || ids.length + times > 2 * MAX_KNOWN_IDS) throw unreadable();
		for (let k = 0; k < times; k++) ids.push((previous += gap));
	}
	return ids;
}

/** The ids as kept: the lowest forgotten beyond MAX_KNOWN_IDS or MAX_IDS_TEXT characters, the floor raised to them. */
export function keptIds(ids: KnownIds, floor: Id): { text: string; ids: KnownIds; floor: Id } {
	let drop = Math.max(0, ids.length - MAX_KNOWN_IDS);
	let text = encodeIds(drop > 0 ? ids.slice(drop) : ids);
	if (text.length > MAX_IDS_TEXT) {
		// the fewest lowest ids to forget (the text shrinks, near enough, as ids are dropped from its start)
		drop = firstWhere(drop, ids.length, (i) => encodeIds(ids.slice(i)).length <= MAX_IDS_TEXT);
		while ((text = encodeIds(ids.slice(drop))).length > MAX_IDS_TEXT) drop++;
	}
	if (drop === 0) return { text, ids, floor };
	return { text, ids: ids.slice(drop), floor: maxOf(floor, ids[drop - 1]) };
}

/**
 * The known ids of an older cursor (runs of consecutive ids: the first start in base 36, then each run's length minus
 * one and the gap to the next start), the highest MAX_KNOWN_IDS of them, and the floor.
 */
export function idsFromRuns(text: string, floor: Id): { ids: KnownIds; floor: Id } {
	const numbers = text === '' ? [] : text.split('.').map((p) => parseInt(p, 36));
	if (numbers.length % 2 !== 0 || numbers.some((n) => !Number.isSafeInteger(n) || n < 0))
		throw unreadable();
	const runs: Array<[number, number]> = [];
	for (let i = 0; i < numbers.length; i += 2) {
		const start = i === 0 ? numbers[0] : runs[runs.length - 1][1] + numbers[i];
		runs.push([start, start + numbers[i + 1]]);
	}
	const ids: number[] = [];
	for (const [start, end] of runs.reverse())
		for (let id = end; id >= start; id--) {
			if (ids.length === MAX_KNOWN_IDS)
				return { ids: idsOf(ids.map(BigInt)), floor: maxOf(floor, BigInt(id)) };
			ids.push(id);
		}
	return { ids: idsOf(ids.map(BigInt)), floor };
}
