/** The spec's date-time format `YYYY-MM-DD HH:MM:SS` (no zone: the shop renders its own, see shopTime.ts). */

export const EMPTY_DATE = '0000-00-00 00:00:00';

const FORMAT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** True for a real calendar date-time in the spec's format (the empty date only when allowed). */
export function isSpecDate(s: unknown, allowEmpty = false): s is string {
	if (typeof s !== 'string') return false;
	if (s === EMPTY_DATE) return allowEmpty;
	const m = FORMAT.exec(s);
	if (!m) return false;
	const [y, mo, d, h, mi, se] = m.slice(1).map(Number);
	if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || se > 59) return false;
	return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** Renders an instant (ms) as the spec's date-time, as UTC: add the zone's offset first to render another zone. */
export function formatDate(ms: number): string {
	return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** The instant (ms) of a spec date-time read as UTC; the inverse of formatDate. */
export function parseDate(s: string): number {
	const [y, mo, d, h, mi, se] = (FORMAT.exec(s) ?? []).slice(1).map(Number);
	return Date.UTC(y, mo - 1, d, h, mi, se);
}

/** A spec date-time moved by `ms` (the empty date and non-dates unchanged). */
export function shiftDate(s: unknown, ms: number): unknown {
	return isSpecDate(s) ? formatDate(parseDate(s) + ms) : s;
}

const SEED_BASE = Date.UTC(2024, 0, 1, 8, 0, 0);

/** Deterministic dates for seeded record number `n`: one hour apart, starting 2024-01-01 09:00:00. */
export function seedDate(n: number, offsetMinutes = 0): string {
	// ids beyond 2^53 (habits.ts bigIds) would leave the dates' range: their hours wrap
	const hours = n > 1_000_000_000 ? n % 1_000_000 : n;
	return formatDate(SEED_BASE + hours * 3_600_000 + offsetMinutes * 60_000);
}
