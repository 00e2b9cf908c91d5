/**
 * Ids compared exactly. Pure. A JSON number loses an id's digits beyond 2^53, a string keeps them: in memory a bigint
 * (from a number, as far as it tells); stored, a number while a safe integer (older cursors load), else decimal text.
 */

export type Id = bigint;

const DIGITS = /^\d+$/;
const BASE36 = /^[0-9A-Za-z]+$/;

/** The id a value stands for (a whole number above 0, as a number or decimal text), else undefined. */
export function idOf(value: unknown): Id | undefined {
	let n: bigint | undefined;
	if (typeof value === 'number') n = Number.isInteger(value) ? BigInt(value) : undefined;
	else if (typeof value === 'bigint') n = value;
	else if (typeof value === 'string') n = DIGITS.test(value) ? BigInt(value) : undefined;
	return n !== undefined && n > BigInt(0) ? n : undefined;
}

/** An id as the static data keeps it: a number while it is a safe integer, else its decimal text. */
export const storedId = (id: Id): number | string =>
	id <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(id) : String(id);

/** An id from the static data (a number or decimal text, absent: 0); throws where it is neither. */
export function loadId(value: unknown): Id {
	if (value === undefined || value === null || value === 0) return BigInt(0);
	const id = idOf(value);
	if (id === undefined) throw new Error('An id in the static data is not readable');
	return id;
}

export const maxOf = (a: Id, b: Id): Id => (a > b ? a : b);

/** Sorts ids ascending. */
export const ascending = (a: Id, b: Id): number => (a < b ? -1 : a > b ? 1 : 0);

/** An id (or gap) in base 36, capitals. */
export const toBase36 = (n: Id): string => n.toString(36).toUpperCase();

/** A number written in base 36 (either case), exactly; undefined where the text is not one. */
export function fromBase36(text: string): Id | undefined {
	if (!BASE36.test(text)) return undefined;
	let n = BigInt(0);
	const radix = BigInt(36);
	for (const c of text.toLowerCase()) n = n * radix + BigInt(parseInt(c, 36));
	return n;
}
