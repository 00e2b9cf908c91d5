/**
 * The shop's clock as its API shows it: the spec's `YYYY-MM-DD HH:MM:SS` with no zone, rendered in the shop's own
 * zone (UTC + offset minutes), optionally pinned to one second. And the shop's reading of the "later than" /
 * "earlier than" date filters: strict (the spec's wording) or inclusive.
 */
import { formatDate, isSpecDate, parseDate } from './dates';
import { badRequest } from './errors';

export type DateFilters = 'strict' | 'inclusive';

export interface ShopSettings {
	/** the shop's zone: UTC + this many minutes (e.g. -300, +540); default 0 */
	shopZoneOffsetMinutes: number;
	/** created/updated min/max: 'strict' compares with > and <, 'inclusive' with >= and <= */
	dateFilters: DateFilters;
}

export const DEFAULT_SETTINGS: ShopSettings = { shopZoneOffsetMinutes: 0, dateFilters: 'strict' };

/** Offsets real zones use: UTC-12:00 to UTC+14:00. */
const MAX_OFFSET = 14 * 60;
const MIN_OFFSET = -12 * 60;

/** Validates a partial settings object (from options, the admin route or the CLI); throws 400 on a wrong value. */
export function checkSettings(input: Record<string, unknown>): Partial<ShopSettings> {
	const out: Partial<ShopSettings> = {};
	const zone = input.shopZoneOffsetMinutes;
	if (zone !== undefined) {
		const n = typeof zone === 'string' && zone.trim() !== '' ? Number(zone) : zone;
		if (typeof n !== 'number' || !Number.isInteger(n) || n < MIN_OFFSET || n > MAX_OFFSET)
			throw badRequest(
				`shopZoneOffsetMinutes must be an integer from ${MIN_OFFSET} to ${MAX_OFFSET}, got ${JSON.stringify(zone)}`,
			);
		out.shopZoneOffsetMinutes = n;
	}
	const filters = input.dateFilters;
	if (filters !== undefined) {
		if (filters !== 'strict' && filters !== 'inclusive')
			throw badRequest(
				`dateFilters must be "strict" or "inclusive", got ${JSON.stringify(filters)}`,
			);
		out.dateFilters = filters;
	}
	return out;
}

/** The fields that carry the shop's own stamps (re-rendered when the zone changes). */
export const STAMP_FIELDS = ['created_at', 'updated_at', 'activated_on'] as const;

export class ShopTime {
	settings: ShopSettings;
	/** the pinned instant (UTC ms), or null for the running clock */
	private pinnedMs: number | null = null;

	constructor(
		private readonly initial: ShopSettings,
		/** ms to add to the wall clock (the sandbox clock's advance) */
		private readonly clockOffset: () => number,
	) {
		this.settings = { ...initial };
	}

	get offsetMs(): number {
		return this.settings.shopZoneOffsetMinutes * 60_000;
	}

	/**
	 * Seconds the shop's wall clock stands behind its zone's time (habits.ts `clockStepBackS`: the end of summer
	 * time on a shop that stamps local time; the stamps already stored stay as they are).
	 */
	stepBackS = 0;

	/** The shop's "now" as it renders it. */
	now(): string {
		const utc = this.pinnedMs ?? Date.now() + this.clockOffset();
		return formatDate(utc + this.offsetMs - this.stepBackS * 1000);
	}

	/** The shop's "now" without its zone (UTC, its clock's steps back kept): see changeLog.ts `wall`. */
	nowWithoutZone(): string {
		const utc = this.pinnedMs ?? Date.now() + this.clockOffset();
		return formatDate(utc - this.stepBackS * 1000);
	}

	/** Pins "now" to `at`, a date-time in the shop's zone; null returns to the running clock. */
	pin(at: string | null): void {
		if (at === null) {
			this.pinnedMs = null;
			return;
		}
		if (!isSpecDate(at))
			throw badRequest(
				`shop time must be "YYYY-MM-DD HH:MM:SS" or null, got ${JSON.stringify(at)}`,
			);
		this.pinnedMs = parseDate(at) - this.offsetMs;
	}

	/** The pinned time in the shop's zone, or null. */
	pinned(): string | null {
		return this.pinnedMs === null ? null : formatDate(this.pinnedMs + this.offsetMs);
	}

	/**
	 * Applies settings; returns the change of zone in ms (stamps already stored are shifted by it, so the shop's
	 * history stays the same instants rendered in the new zone).
	 */
	apply(next: Partial<ShopSettings>): number {
		const before = this.offsetMs;
		this.settings = { ...this.settings, ...next };
		return this.offsetMs - before;
	}

	reset(): void {
		this.settings = { ...this.initial };
		this.pinnedMs = null;
		this.stepBackS = 0;
	}

	/** Strict or inclusive comparison of a record's date with a filter value (both in the shop's zone). */
	later(recordDate: string, bound: string): boolean {
		return this.settings.dateFilters === 'strict' ? recordDate > bound : recordDate >= bound;
	}

	earlier(recordDate: string, bound: string): boolean {
		return this.settings.dateFilters === 'strict' ? recordDate < bound : recordDate <= bound;
	}
}

// ---- clock habits (issue 34 items 5 and 6: habits.ts `clockStepBackS`, `stampForm`) ----

/** How an answer writes the shop's stamps: the spec's form, or another form of the same instant. */
export type StampForm = 'spec' | 'iso-z' | 'offset' | 'naive-t' | 'minutes';

export const STAMP_FORMS: readonly StampForm[] = ['spec', 'iso-z', 'offset', 'naive-t', 'minutes'];

const pad2 = (n: number) => String(n).padStart(2, '0');

/** `+01:00`, `-05:00`, `+00:00` for an offset in minutes. */
function offsetText(minutes: number): string {
	const a = Math.abs(minutes);
	return `${minutes < 0 ? '-' : '+'}${pad2(Math.floor(a / 60))}:${pad2(a % 60)}`;
}

/**
 * A stored stamp (the spec's form, in the shop's zone) written in another form of the same instant:
 * `iso-z` the instant in UTC (`2026-11-27T12:00:10Z`), `offset` the shop's wall clock with its zone's offset
 * (`2026-11-27T13:00:10+01:00`), `naive-t` the shop's wall clock with a `T` and no offset, `minutes` the spec's
 * form without its seconds (`2026-11-27 13:00`: issue 41). The empty date and anything not a date stay as they are.
 */
export function stampIn(form: StampForm, stamp: unknown, zoneOffsetMinutes: number): unknown {
	if (form === 'spec' || !isSpecDate(stamp)) return stamp;
	if (form === 'minutes') return stamp.slice(0, 16);
	const local = stamp.replace(' ', 'T');
	if (form === 'naive-t') return local;
	if (form === 'offset') return `${local}${offsetText(zoneOffsetMinutes)}`;
	return `${formatDate(parseDate(stamp) - zoneOffsetMinutes * 60_000).replace(' ', 'T')}Z`;
}
