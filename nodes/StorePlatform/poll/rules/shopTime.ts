/**
 * The shop's own times, `YYYY-MM-DD HH:MM:SS` in a zone the spec does not give. Pure. They are only compared with each
 * other (as text: the format sorts as time does) and moved by whole seconds, never turned into instants nor compared
 * with n8n's clock. Other forms (`T`, no seconds, fractions, an offset) are read as the same wall-clock time: an offset
 * is dropped, not applied (why, and what a `Z` from a shop not in UTC costs: docs/poll-scan.md, "Stamps").
 */

const FORMAT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
/** The spec's form and its other forms: `T`, fractions of a second, an offset. */
const FORMS =
	/^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?(?:[.,]\d+)?(?:Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

/** Whether a value is a shop time in the spec's form (the empty date `0000-00-00 00:00:00` is not). */
export const isShopTime = (value: unknown): value is string =>
	typeof value === 'string' && FORMAT.test(value) && !value.startsWith('0000');

/** A stamp in any of its forms as the spec's form (shop's wall clock); undefined for the empty date or no date. */
export function shopTimeOf(value: unknown): string | undefined {
	if (isShopTime(value)) return value;
	if (typeof value !== 'string') return undefined;
	const m = FORMS.exec(value.trim());
	// a stamp written without seconds (`2030-01-01 12:05`) is the minute's first second
	const time = m ? `${m[1]} ${m[2]}${m[3] ?? ':00'}` : undefined;
	return isShopTime(time) ? time : undefined;
}

/** The first stamp of `field` in no form shopTimeOf reads (a scan would pass over its record): the poll names it. */
export function unreadableStamp(
	records: Array<Record<string, unknown>>,
	field: string,
): string | undefined {
	for (const r of records) {
		const v = r[field];
		if (v === null || v === undefined || v === '') continue;
		if (typeof v === 'string' && v.startsWith('0000-00-00')) continue;
		if (shopTimeOf(v) === undefined) return typeof v === 'string' ? v : JSON.stringify(v);
	}
	return undefined;
}

/** A record's time by `field`; by `updated_at`, one never updated stands at its created_at (as the shop filters). */
export const timeOf = (record: Record<string, unknown>, field: string): string | undefined =>
	shopTimeOf(record[field]) ?? (field === 'updated_at' ? shopTimeOf(record.created_at) : undefined);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Seconds from one shop time to a later one, by calendar arithmetic on the digits (as secondBefore). */
export const secondsBetween = (earlier: string, later: string): number =>
	(utcOf(later) - utcOf(earlier)) / 1000;

function utcOf(time: string): number {
	const m = FORMAT.exec(time);
	if (!m) throw new Error(`Not a shop time: ${time}`);
	const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
	return Date.UTC(y, mo - 1, d, h, mi, s);
}

/** The second before a shop time, as the same wall-clock text (calendar arithmetic on the digits: no zone, no DST). */
export const secondBefore = (time: string): string => secondsBefore(time, 1);

/** A shop time moved back by whole seconds (calendar arithmetic on the digits, as secondBefore). */
export function secondsBefore(time: string, seconds: number): string {
	const t = new Date(utcOf(time) - seconds * 1000);
	return (
		`${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ` +
		`${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`
	);
}

/** The later of two shop times (either may be missing). */
export const laterOf = (a: string | undefined, b: string | undefined): string | undefined =>
	a === undefined || (b !== undefined && b > a) ? b : a;
