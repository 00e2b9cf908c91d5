import type { IDataObject } from 'n8n-workflow';

import { shortHash } from '../api/hash';

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
 * A short hash of a record as the shop sent it. An id given as a number or as a string counts alike (the API
 * sends both), so the fingerprint changes only when the record does.
 */
export function fingerprint(record: IDataObject): string {
	return shortHash(['record/1', stableJson(normaliseScalars(record))]).slice(0, FINGERPRINT_LENGTH);
}

function normaliseScalars(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(normaliseScalars);
	if (value && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value as IDataObject).map(([k, v]) => [k, normaliseScalars(v)]),
		);
	}
	return typeof value === 'number' ? String(value) : value;
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
}

/**
 * The `deliveryKey` of a change: equal whenever the same change is emitted again (after a crash, or by a poll
 * that repeats), different for different changes (another record, kind or state).
 */
export function changeKey(parts: ChangeParts): string {
	return shortHash(['poll/1', parts.resource, parts.scope, parts.id, parts.kind, parts.state]);
}
