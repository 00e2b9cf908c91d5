import type { IDataObject } from 'n8n-workflow';

import { shortHash } from '../../api/hash';
import { secondsBefore, shopTimeOf } from './shopTime';

/** Fingerprints of records: what tells one state of a record from another. Pure. */

/** JSON with object keys sorted, so that equal records give equal text whatever the shop's key order. */
function stableJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
	if (value && typeof value === 'object') {
		const entries = Object.entries(value as IDataObject)
			.filter(([, v]) => v !== undefined)
			.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
		return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
	}
	return JSON.stringify(value ?? null);
}

/** Characters of a record's fingerprint kept in the static data (48 bits: 1 in 2.8e14 that a change looks equal). */
export const FINGERPRINT_LENGTH = 12;

/**
 * A short hash of a record as the shop sent it, where the spec's two forms of one value count as one: numbers as JSON
 * numbers or as text (`1900`/`"1900"`, `10.5`/`"10.50"`), flags as `true`/`false` or `1`/`0`; text that is not a plain
 * decimal (`"007"`) is a code, kept as it is; stamps in any of their forms (stampsOf). A record with neither flags nor
 * numbers as text keeps its version-1 fingerprint, so its `deliveryKey` holds across the upgrade.
 */
export const fingerprint = (record: IDataObject): string => hashOf(canonical(stampsOf(record)));

/** A whole list's fingerprint, stamps to the minute (a form without seconds is no change: docs/poll.md, Limits). */
export const minuteFingerprint = (record: IDataObject): string =>
	hashOf(canonical(stampsOf(record, true)));

/** Fields that carry the shop's stamps (`created_at`, `updated_at`, `activated_on`, ...). */
const STAMP_FIELD = /_(at|on)$/;

/** A record with its stamps in the spec's form: another form of the same instant (shopTime.ts) is the same value. */
function stampsOf(record: IDataObject, toMinute = false): IDataObject {
	const out = { ...record };
	for (const [k, v] of Object.entries(record)) {
		const time = STAMP_FIELD.test(k) ? shopTimeOf(v) : undefined;
		if (time !== undefined) out[k] = toMinute ? `${time.slice(0, 16)}:00` : time;
	}
	return out;
}

/** The fingerprint of version 1 (ids and numbers as text): read in stored cursors (`sameState`), never made. */
export const legacyFingerprint = (record: IDataObject): string =>
	hashOf(leaves(record, (v) => (typeof v === 'number' ? String(v) : v)));

const hashOf = (value: unknown) =>
	shortHash(['record/1', stableJson(value)]).slice(0, FINGERPRINT_LENGTH);

/** Marks a fingerprint stored by version 1, in a cursor stored before `fp: 2` (state.ts). */
export const LEGACY_MARK = '~';

/** Whether a record is in a stored fingerprint's state (`state`: its own); one marked version 1's is tried as such. */
export function sameState(stored: string | undefined, record: IDataObject, state: string): boolean {
	if (stored === undefined) return false;
	if (stored === state) return true;
	if (!stored.startsWith(LEGACY_MARK)) return false;
	const made = stored.slice(LEGACY_MARK.length);
	return made === state || made === legacyFingerprint(record);
}

/** The value with each of its leaves (neither an array nor an object) replaced by `leaf` of it. */
function leaves(value: unknown, leaf: (v: unknown) => unknown): unknown {
	if (Array.isArray(value)) return value.map((v) => leaves(v, leaf));
	if (value && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value as IDataObject).map(([k, v]) => [k, leaves(v, leaf)]),
		);
	}
	return leaf(value);
}

/** A plain decimal: no leading zero (but `0` and `0.5`), no sign but `-`, no exponent, no spaces. */
const DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/** One text per value: numbers and decimal text as their shortest decimal, flags as `1`/`0`. */
const canonical = (value: unknown) =>
	leaves(value, (v) => {
		if (typeof v === 'boolean') return v ? '1' : '0';
		if (typeof v === 'number') return String(v);
		if (typeof v !== 'string' || !DECIMAL.test(v)) return v;
		// digits, not Number(): a long id or code keeps every digit
		const text = v.includes('.') ? v.replace(/\.?0+$/, '') : v;
		return text === '-0' ? '0' : text;
	});

/**
 * Whether only a change of the shop's zone parted a record from the fingerprint kept: a shop that moves its zone
 * rewrites no record, but every stamp moves by the same whole or half hours. So the record is fingerprinted again with
 * every stamp moved back by each half hour up to ±14 h (the shop's own stamps alone too, where a record also holds
 * dates a user entered): a match is no change. An edit moves `updated_at` alone: still an update. Up to 112
 * fingerprints, only where the fingerprint changed.
 */
export function onlyZoneMoved(kept: string, record: IDataObject): boolean {
	const stamps = Object.entries(record).filter(
		([k, v]) => STAMP_FIELD.test(k) && shopTimeOf(v) !== undefined,
	);
	// the shop's own stamps move; dates a user entered (a promotion's start_at) may be kept as entered
	const own = stamps.filter(([k]) => SHOP_STAMPS.has(k));
	if (stamps.length === 0) return false;
	const sets = own.length > 0 && own.length < stamps.length ? [stamps, own] : [stamps];
	for (const set of sets)
		for (const shift of SHIFTS) {
			const moved: IDataObject = { ...record };
			for (const [k, v] of set) moved[k] = secondsBefore(shopTimeOf(v) as string, shift);
			if (minuteFingerprint(moved) === kept || fingerprint(moved) === kept) return true;
		}
	return false;
}

/** Seconds every stamp may have moved by: ±30 min, ±1 h, … ±14 h. */
const SHIFTS = Array.from({ length: 28 }, (_, i) => (i + 1) * 1800).flatMap((s) => [s, -s]);

/** The stamps the shop writes itself (the spec's record times), as opposed to dates a user enters. */
const SHOP_STAMPS = new Set(['created_at', 'updated_at', 'activated_on']);

export type ChangeKind = 'created' | 'updated' | 'deleted';
