import type { IDataObject } from 'n8n-workflow';

import { fingerprint } from '../rules/fingerprint';
import { within, type Shape } from '../rules/shape';
import { secondsBetween, shopTimeOf } from '../rules/shopTime';

/**
 * What the ledger keeps of a record: a short digest of its content and the mark of its birth. Pure.
 *
 * - The content leaves out `created_at` and `updated_at` but for the minutes between them (editedOf): a change of the
 *   shop's zone or of its stamps' form changes no content; an edit is seen even where it leaves every value as it was.
 * - The birth is the minute of `created_at`, compared by the quarter hour (sameBirth): unmoved by a change of zone
 *   (+05:30, +05:45) or stamps without seconds, and different 14 times in 15 for another record given the same id (then
 *   a deletion and a creation, not an update).
 */

/** Characters of the content's digest (36 bits in base 64: 1 in 69 billion that an edit leaves it equal). */
export const DIGEST_LENGTH = 6;

/** Base 64 for URLs: the digest's characters, and the birth's minute as one of them. */
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The birth of a record whose `created_at` cannot be read. */
export const NO_BIRTH = '.';

const WITHOUT = new Set(['created_at', 'updated_at']);

/** The content's digest, on the fields of `shape` that have a value (rules/shape.ts). */
export function contentOf(record: IDataObject, shape?: Shape): string {
	return digestOf(within(record, shape), record);
}

/** The content as older entries hold it (null fields counted): read, never made. */
export const contentBefore = (record: IDataObject): string => digestOf(record, record);

function digestOf(fields: IDataObject, record: IDataObject): string {
	const rest: IDataObject = {};
	for (const [k, v] of Object.entries(fields)) if (!WITHOUT.has(k)) rest[k] = v;
	rest[EDITED] = editedOf(record);
	// 9 hex digits of the fingerprint (36 bits) as 6 characters of base 64
	const bits = parseInt(fingerprint(rest).slice(0, 9), 16);
	let out = '';
	for (let i = DIGEST_LENGTH - 1; i >= 0; i--) out += B64[Math.floor(bits / 64 ** i) % 64];
	return out;
}

/** Whether an entry holds the record's content (made on `shape`, or as older entries were); any, where `unread`. */
export const sameContent = (entry: string, record: IDataObject, shape?: Shape): boolean =>
	contentIn(entry) === UNREAD ||
	contentIn(entry) === contentOf(record, shape) ||
	contentIn(entry) === contentBefore(record);

/** The content of an entry whose record a reading that took the list's shape afresh did not show (`unread`). */
const UNREAD = '.'.repeat(DIGEST_LENGTH);

/**
 * The entry of a record that a reading taking every content afresh on a new shape did not show (a page cap moved
 * between its parts): its content, made on the shape before, is compared on none, and taken as the record is next read.
 */
export const unread = (entry: string): string =>
	entry.length === 1 ? entry : `${UNREAD}${birthIn(entry)}`;

/** The name the minutes of editedOf take in the content (no field of the API has it). */
const EDITED = '\u0000edited';

/**
 * Minutes from a record's creation to its last update, as its stamps give them (whole minutes). A change of zone moves
 * both stamps alike; an edit, even one that leaves every value as it was, moves `updated_at` alone. Without a
 * `created_at`, the minute of the hour of `updated_at`.
 */
export function editedOf(record: IDataObject): string {
	const updated = shopTimeOf(record.updated_at);
	if (updated === undefined) return '';
	const created = shopTimeOf(record.created_at);
	if (created === undefined) return updated.slice(14, 16);
	return String(
		Math.round(secondsBetween(created.slice(0, 16) + ':00', updated.slice(0, 16) + ':00') / 60),
	);
}

export function birthOf(record: IDataObject): string {
	const time = shopTimeOf(record.created_at);
	return time === undefined ? NO_BIRTH : B64[Number(time.slice(14, 16))];
}

/** One ledger entry: the content's digest and the birth (one character); the birth alone where `births`. */
export const entryOf = (record: IDataObject, shape?: Shape, births = false): string =>
	births ? birthOf(record) : `${contentOf(record, shape)}${birthOf(record)}`;

/** The birth of an entry: its last character, in either form. */
export const birthIn = (entry: string): string => entry.slice(-1);

/** Minutes every zone's offset is a whole number of (+05:30, +05:45, -03:30): a zone change keeps a birth. */
const ZONE_STEP = 15;

/** Whether two births may be one record's: the same minute within the quarter hour, or one of them unknown. */
export function sameBirth(a: string, b: string): boolean {
	if (a === b || a === NO_BIRTH || b === NO_BIRTH) return true;
	const [x, y] = [B64.indexOf(a), B64.indexOf(b)];
	return x >= 0 && y >= 0 && x % ZONE_STEP === y % ZONE_STEP;
}
export const contentIn = (entry: string): string => entry.slice(0, DIGEST_LENGTH);

/** Characters of one entry. */
export const ENTRY_LENGTH = DIGEST_LENGTH + 1;
