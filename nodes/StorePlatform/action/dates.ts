/**
 * The input rule of date-time fields: n8n date values (Luxon DateTimes, JS Dates, the pickers' text)
 * and ISO text, range-checked, sent in the spec's `YYYY-MM-DD HH:MM:SS`. Pure; refusals are
 * `InputError`s naming the field.
 */
import { InputError, shown } from '../input/rules';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * `YYYY-MM-DD`, optionally `[ T]HH:MM[:SS[.fraction]]`, optionally a zone after a time:
 * `Z` or `±HH:MM` / `±HHMM` (a space before it allowed).
 */
const SPEC_DATE =
	/^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:\s?(Z|[+-]\d{2}:?\d{2}))?)?$/i;

/** The years a shop's date-time can hold (a MySQL DATETIME: 1000-01-01 to 9999-12-31). */
const FIRST_YEAR = 1000;
const LAST_YEAR = 9999;
/** The largest offset from UTC taken (ISO 8601 and java.time's bound). */
const MAX_OFFSET_MINUTES = 18 * 60;

/** Wall-clock parts of an instant in an IANA time zone. */
function partsIn(instant: Date, timeZone: string): number[] {
	const fmt = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
		era: 'short',
	});
	const parts = fmt.formatToParts(instant);
	const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
	const bc = /^B/i.test(parts.find((p) => p.type === 'era')?.value ?? '');
	return [
		bc ? 1 - get('year') : get('year'),
		get('month'),
		get('day'),
		get('hour'),
		get('minute'),
		get('second'),
	];
}

function format(parts: number[]): string {
	const [y, mo, d, h, mi, s] = parts;
	return `${pad(y, 4)}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}:${pad(s)}`;
}

const daysIn = (year: number, month: number) =>
	new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !leap(year) ? 1 : 0);
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

function validParts(parts: number[]): boolean {
	const [, mo, d, h, mi, s] = parts;
	if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return false;
	return d <= daysIn(parts[0], mo);
}

function inRange(parts: number[], field: string, given: unknown): string {
	if (parts[0] < FIRST_YEAR || parts[0] > LAST_YEAR) {
		throw new InputError(
			field,
			`'${field}' must fall between the years ${FIRST_YEAR} and ${LAST_YEAR}, not ${shown(given)}`,
		);
	}
	return format(parts);
}

const isLuxon = (
	value: unknown,
): value is { isValid?: boolean; toISO: () => string | null; invalidExplanation?: string } =>
	typeof value === 'object' &&
	value !== null &&
	typeof (value as { toISO?: unknown }).toISO === 'function';

/**
 * A date-time in the spec's `YYYY-MM-DD HH:MM:SS`. Accepts the spec's form, n8n date pickers
 * (`2026-05-01T10:00:00`), ISO text with a zone or offset (converted to the workflow's time zone, the
 * shop's wall clock), dates alone (midnight), JS Dates and Luxon DateTimes. Fractions of a second are
 * dropped. Refused: impossible dates (month 13, 30 February), hours past 23, offsets beyond ±18:00 or
 * with minutes past 59, years outside 1000-9999, numbers, and anything else.
 */
export function toSpecDateTime(value: unknown, field: string, timeZone = 'UTC'): string {
	if (value instanceof Date) {
		if (Number.isNaN(value.getTime()))
			throw new InputError(field, `'${field}' is not a valid date`);
		return inRange(partsIn(value, timeZone), field, value.toISOString());
	}
	if (isLuxon(value)) {
		const iso = value.isValid === false ? null : value.toISO();
		if (!iso)
			throw new InputError(
				field,
				`'${field}' is not a valid date${value.invalidExplanation ? `: ${value.invalidExplanation}` : ''}`,
			);
		return toSpecDateTime(iso, field, timeZone);
	}
	const text = typeof value === 'string' ? value.trim() : '';
	const match = SPEC_DATE.exec(text);
	if (!match) {
		throw new InputError(
			field,
			`'${field}' must be a date-time like 2026-05-01 13:30:00 or an ISO date, not ${shown(value)}`,
		);
	}
	const parts = match.slice(1, 7).map((p) => Number(p ?? 0));
	if (!validParts(parts))
		throw new InputError(field, `'${field}' is not a real date: ${shown(text)}`);
	inRange(parts, field, text);
	const zone = match[7];
	if (!zone) return format(parts);
	let offsetMinutes = 0;
	if (zone.toUpperCase() !== 'Z') {
		const hours = Number(zone.slice(1, 3));
		const minutes = Number(zone.slice(-2));
		offsetMinutes = (zone[0] === '-' ? -1 : 1) * (hours * 60 + minutes);
		if (minutes > 59 || Math.abs(offsetMinutes) > MAX_OFFSET_MINUTES) {
			throw new InputError(
				field,
				`'${field}' has an impossible UTC offset ${zone} (offsets run from -18:00 to +18:00)`,
			);
		}
	}
	const [y, mo, d, h, mi, s] = parts;
	const utc = new Date(0);
	utc.setUTCFullYear(y, mo - 1, d);
	utc.setUTCHours(h, mi, s, 0);
	return inRange(partsIn(new Date(utc.getTime() - offsetMinutes * 60_000), timeZone), field, text);
}
