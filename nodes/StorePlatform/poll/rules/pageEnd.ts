/**
 * When a page ends a read, and the page size the shop is learned to fill. Pure. A shop may cap its pages below the
 * `limit` asked and lower the cap at any time, so the size learned (`full`) is not trusted forever: a short page ends a
 * read only where the shop's answers agree (docs/poll-reads.md).
 */

/**
 * The spec's default page size: a shop capping its pages below it would answer a request without `limit` with fewer
 * records than its own default. A page shorter than it (and than the size learned) is an end.
 */
export const MIN_PAGE_CAP = 50;

/** Whether a page of `length` records, asked with `limit` `asked`, is shorter than any cap a shop sets: an end. */
export const belowAnyCap = (length: number, asked: number): boolean =>
	length < Math.min(MIN_PAGE_CAP, asked);

/** Whether a page of `length` (asked `asked`) ends the read, after one of `previous`; and the page size learned. */
export function pageEnd(
	full: number | undefined,
	asked: number,
	length: number,
	previous?: number,
): { end: boolean; full?: number } {
	const before = full ?? asked;
	let learned = full;
	if (length >= asked) learned = Math.max(learned ?? 0, asked);
	// a short page followed by records was the shop's cap (lowered, or never learned)
	else if (
		length > 0 &&
		previous !== undefined &&
		previous >= Math.min(MIN_PAGE_CAP, asked) &&
		previous < before
	)
		// (a short page below MIN_PAGE_CAP followed by records is no cap: records came meanwhile, or `page` is ignored)
		learned = previous;
	if (length === 0) return { end: true, full: learned };
	const size = learned ?? asked;
	if (length >= size) return { end: false, full: learned };
	const afterFull = previous !== undefined && previous >= size;
	const fewest = learned !== undefined && length < Math.min(learned, MIN_PAGE_CAP);
	return { end: afterFull || fewest, full: learned };
}
