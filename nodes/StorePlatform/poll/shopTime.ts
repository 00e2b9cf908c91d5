/**
 * The shop's own times, `YYYY-MM-DD HH:MM:SS` in a zone the spec does not give. Pure.
 *
 * They are only ever compared with each other (as text: the format sorts as time does) and moved by one
 * second, never turned into instants nor compared with n8n's clock.
 */

const FORMAT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Whether a value is a shop time (the empty date `0000-00-00 00:00:00` is not). */
export function isShopTime(value: unknown): value is string {
	if (typeof value !== 'string') return false;
	const m = FORMAT.exec(value);
	return m !== null && m[1] !== '0000';
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Seconds from one shop time to a later one, by calendar arithmetic on the digits (as secondBefore). */
export function secondsBetween(earlier: string, later: string): number {
	return (utcOf(later) - utcOf(earlier)) / 1000;
}

function utcOf(time: string): number {
	const m = FORMAT.exec(time);
	if (!m) throw new Error(`Not a shop time: ${time}`);
	const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
	return Date.UTC(y, mo - 1, d, h, mi, s);
}

/**
 * The second before a shop time, as the same wall-clock text (calendar arithmetic on the digits: no zone, no
 * daylight saving, as the shop writes them).
 */
export function secondBefore(time: string): string {
	const t = new Date(utcOf(time) - 1000);
	return (
		`${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ` +
		`${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`
	);
}

/** The later of two shop times (either may be missing). */
export function laterOf(a: string | undefined, b: string | undefined): string | undefined {
	if (a === undefined) return b;
	if (b === undefined) return a;
	return a >= b ? a : b;
}

/** The latest shop time of a field over records (undefined when none has one). */
export function latestOf(
	records: Array<Record<string, unknown>>,
	field: string,
): string | undefined {
	let latest: string | undefined;
	for (const r of records) {
		const v = r[field];
		if (isShopTime(v)) latest = laterOf(latest, v);
	}
	return latest;
}
