import type { IDataObject } from 'n8n-workflow';

import { shortHash } from '../../api/hash';
import { shopTimeOf } from './shopTime';

/** Fingerprints of records and the `deliveryKey` of a change. Pure. */

/** JSON with object keys sorted, so that equal records give equal text whatever the shop's key order. */
export function stableJson(value: unknown): string {
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
export function fingerprint(record: IDataObject): string {
	return hashOf(canonical(stampsOf(record)));
}

/**
 * The fingerprint of a whole list's record (snapshot.ts), its stamps to the minute: stamps written without seconds
 * change no record (a save within the minute of the last update is then not seen: docs/poll.md, Limits).
 */
export function minuteFingerprint(record: IDataObject): string {
	return hashOf(canonical(stampsOf(record, true)));
}

/** Fields that carry the shop's stamps (`created_at`, `updated_at`, `activated_on`, ...). */
const STAMP_FIELD = /_(at|on)$/;

/** A record with its stamps in the spec's form: another form of the same instant (shopTime.ts) is the same value. */
function stampsOf(record: IDataObject, toMinute = false): IDataObject {
	let out = record;
	for (const [k, v] of Object.entries(record)) {
		if (!STAMP_FIELD.test(k) || typeof v !== 'string') continue;
		const read = shopTimeOf(v);
		const time = read !== undefined && toMinute ? `${read.slice(0, 16)}:00` : read;
		if (time === undefined || time === v) continue;
		if (out === record) out = { ...record };
		out[k] = time;
	}
	return out;
}

/** The fingerprint of version 1 (ids and numbers as text): read in stored cursors (`sameState`), never made. */
export function legacyFingerprint(record: IDataObject): string {
	return hashOf(numbersAsText(record));
}

const hashOf = (value: unknown) =>
	shortHash(['record/1', stableJson(value)]).slice(0, FINGERPRINT_LENGTH);

/** Marks a fingerprint stored by version 1, in a cursor stored before `fp: 2` (state.ts). */
export const LEGACY_MARK = '~';

/**
 * Whether a record is in the state a stored fingerprint names (`state`: its fingerprint); one marked as version 1's is
 * also compared with the record's version-1 fingerprint.
 */
export function sameState(stored: string | undefined, record: IDataObject, state: string): boolean {
	if (stored === undefined) return false;
	if (stored === state) return true;
	if (!stored.startsWith(LEGACY_MARK)) return false;
	const made = stored.slice(LEGACY_MARK.length);
	return made === state || made === legacyFingerprint(record);
}

function numbersAsText(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(numbersAsText);
	if (value && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value as IDataObject).map(([k, v]) => [k, numbersAsText(v)]),
		);
	}
	return typeof value === 'number' ? String(value) : value;
}

/** A plain decimal: no leading zero (but `0` and `0.5`), no sign but `-`, no exponent, no spaces. */
const DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/** One text per value: numbers and decimal text as their shortest decimal, flags as `1`/`0`. */
function canonical(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(canonical);
	if (value && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value as IDataObject).map(([k, v]) => [k, canonical(v)]),
		);
	}
	if (typeof value === 'boolean') return value ? '1' : '0';
	if (typeof value === 'number') return String(value);
	if (typeof value === 'string' && DECIMAL.test(value)) {
		// digits, not Number(): a long id or code keeps every digit
		const text = value.includes('.') ? value.replace(/\.?0+$/, '') : value;
		return text === '-0' ? '0' : text;
	}
	return value;
}

export type ChangeKind = 'created' | 'updated' | 'deleted';

/** What names one change: the watched list, the record, the kind and the record's state after it. */
export interface ChangeParts {
	resource: string;
	/** The list's parent (product, theme), '' for lists of the shop. */
	scope: string;
	id: string;
	kind: ChangeKind;
	/** The record's fingerprint after the change ('' for a deletion). */
	state: string;
	/** The record's birth (changeKey.ts birthKeyOf), where a creation is keyed without its state. */
	birth?: string;
}

/** The `deliveryKey` of a change by a cursor from before `seq`: equal when the same change is emitted again. */
export function changeKey(parts: ChangeParts): string {
	return shortHash(['poll/1', parts.resource, parts.scope, parts.id, parts.kind, parts.state]);
}
