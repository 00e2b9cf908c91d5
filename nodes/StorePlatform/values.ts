/**
 * Conversions of editor and expression values into what the API takes. Pure: each throws an
 * `InputError` naming the field, which the router turns into a NodeOperationError.
 */

export class InputError extends Error {
	constructor(
		readonly field: string,
		message: string,
	) {
		super(message);
	}
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const SPEC_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

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
	});
	const get = (type: string) =>
		Number(fmt.formatToParts(instant).find((p) => p.type === type)?.value ?? 0);
	return [get('year'), get('month'), get('day'), get('hour'), get('minute'), get('second')];
}

function format(parts: number[]): string {
	const [y, mo, d, h, mi, s] = parts;
	return `${pad(y, 4)}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}:${pad(s)}`;
}

function validParts(parts: number[]): boolean {
	const [y, mo, d, h, mi, s] = parts;
	if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return false;
	return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/**
 * A date-time in the spec's `YYYY-MM-DD HH:MM:SS`. Accepts the spec's form, n8n date pickers
 * (`2026-05-01T10:00:00`), ISO strings with a zone or offset (converted to the workflow's time
 * zone, the shop's wall clock), dates alone (midnight), JS Dates and Luxon DateTimes.
 */
export function toSpecDateTime(value: unknown, field: string, timeZone = 'UTC'): string {
	if (value instanceof Date) {
		if (Number.isNaN(value.getTime())) throw new InputError(field, `'${field}' is not a valid date`);
		return format(partsIn(value, timeZone));
	}
	if (value && typeof value === 'object' && typeof (value as { toISO?: unknown }).toISO === 'function') {
		return toSpecDateTime((value as { toISO: () => string }).toISO(), field, timeZone);
	}
	const text = typeof value === 'string' ? value.trim() : '';
	const match = SPEC_DATE.exec(text);
	if (!match) {
		throw new InputError(
			field,
			`'${field}' must be a date-time like 2026-05-01 13:30:00 or an ISO date, not ${JSON.stringify(value)}`,
		);
	}
	const parts = match.slice(1, 7).map((p) => Number(p ?? 0));
	if (!validParts(parts)) throw new InputError(field, `'${field}' is not a real date: ${text}`);
	const zone = match[7];
	if (!zone) return format(parts);
	const offsetMinutes =
		zone.toUpperCase() === 'Z'
			? 0
			: (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)));
	const [y, mo, d, h, mi, s] = parts;
	const instant = new Date(Date.UTC(y, mo - 1, d, h, mi, s) - offsetMinutes * 60_000);
	return format(partsIn(instant, timeZone));
}

/** An integer given as a number or a numeric string. */
export function toInteger(value: unknown, field: string): number {
	const n = typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value;
	if (typeof n !== 'number' || !Number.isInteger(n)) {
		throw new InputError(field, `'${field}' must be a whole number, not ${JSON.stringify(value)}`);
	}
	return n;
}

/** A number given as a number or a numeric string. */
export function toNumber(value: unknown, field: string): number {
	const n = typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value;
	if (typeof n !== 'number' || !Number.isFinite(n)) {
		throw new InputError(field, `'${field}' must be a number, not ${JSON.stringify(value)}`);
	}
	return n;
}

/** An identifier: numbers and strings are both accepted; it must not be empty. */
export function toId(value: unknown, field: string): string {
	if (value && typeof value === 'object' && '__rl' in value) value = (value as unknown as { value: unknown }).value;
	const id = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	if (!id) throw new InputError(field, `'${field}' is required: give the record's ID`);
	return id;
}

/** A list of integer ids: `1, 2, 3`, a JSON array, or an array from an expression. */
export function toIdList(value: unknown, field: string): number[] {
	let list: unknown[];
	if (Array.isArray(value)) list = value;
	else if (typeof value === 'number') list = [value];
	else if (typeof value === 'string') {
		const text = value.trim();
		if (text.startsWith('[')) list = toJson(text, field) as unknown[];
		else list = text === '' ? [] : text.split(',');
	} else throw new InputError(field, `'${field}' must be a list of IDs such as 12, 15`);
	if (!Array.isArray(list)) throw new InputError(field, `'${field}' must be a list of IDs such as 12, 15`);
	return list.map((v) => toInteger(v, field));
}

/** A JSON value given as text or already as an object or array. */
export function toJson(value: unknown, field: string): unknown {
	if (typeof value !== 'string') return value;
	let failure = '';
	let parsed: unknown;
	try {
		parsed = JSON.parse(value);
	} catch (error) {
		failure = (error as Error).message;
	}
	if (failure) throw new InputError(field, `'${field}' is not valid JSON: ${failure}`);
	return parsed;
}

/** A comma-separated list of names, or an array. */
export function toNameList(value: unknown): string {
	const list = Array.isArray(value) ? value : String(value ?? '').split(',');
	return list
		.map((v) => String(v).trim())
		.filter(Boolean)
		.join(',');
}

/** true/false given as a boolean, 1/0, or their strings. */
export function toBoolean(value: unknown, field: string): boolean {
	if (typeof value === 'boolean') return value;
	if (value === 'true' || value === '1' || value === 1) return true;
	if (value === 'false' || value === '0' || value === 0 || value === '') return false;
	throw new InputError(field, `'${field}' must be true or false, not ${JSON.stringify(value)}`);
}
