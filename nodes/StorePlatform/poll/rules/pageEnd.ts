/**
 * When a page ends a read, and the page size the shop is learned to fill. Pure.
 *
 * A shop may cap its pages below the `limit` asked, and lower that cap at any time (issue 34: 250, then 100). So
 * the size learned (`full`) is not trusted forever: a short page is the end of a read only where the shop's
 * answers agree.
 * - An empty page ends a read.
 * - A page of at least the size believed (`full`, else the size asked) is full: the read goes on.
 * - A shorter page ends a read where the page before it, in the same read, was full (the shop filled a page of
 *   that size just before), or where it holds fewer records than MIN_PAGE_CAP and than `full`.
 * - Any other short page may be a lowered cap: the next page is asked anyway. Where it holds records, the short
 *   page was the shop's cap, which is learned as the new `full`.
 */

/**
 * The spec's default page size: a shop that capped its pages below it would answer a request without `limit`
 * with fewer records than its own default. A page shorter than it (and than the size learned) is an end.
 */
export const MIN_PAGE_CAP = 50;

/** Whether a page of `length` records, asked with `limit` `asked`, is shorter than any cap a shop sets: an end. */
export const belowAnyCap = (length: number, asked: number): boolean =>
	length < Math.min(MIN_PAGE_CAP, asked);

export interface PageEnd {
	/** Whether the read ends at this page. */
	end: boolean;
	/** The page size learned after it. */
	full?: number;
}

/**
 * A page of `length` records, asked with `limit` `asked`, after a page of `previous` records in the same read
 * (undefined for a read's first page), where the shop was seen to fill pages of `full`.
 */
export function pageEnd(
	full: number | undefined,
	asked: number,
	length: number,
	previous?: number,
): PageEnd {
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
		// (a short page below MIN_PAGE_CAP followed by records is no cap: records came meanwhile, or the list
		// ignores `page`; the read goes on either way)
		learned = previous;
	if (length === 0) return { end: true, full: learned };
	const size = learned ?? asked;
	if (length >= size) return { end: false, full: learned };
	const afterFull = previous !== undefined && previous >= size;
	const fewest = learned !== undefined && length < Math.min(learned, MIN_PAGE_CAP);
	return { end: afterFull || fewest, full: learned };
}
