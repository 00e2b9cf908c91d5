import type { IDataObject } from 'n8n-workflow';

import { shortHash } from '../../api/hash';
import { fingerprint } from '../rules/fingerprint';
import { within, type Shape } from '../rules/shape';
import { secondsBetween, shopTimeOf } from '../rules/shopTime';

/**
 * The ledger: every record of a list as the trigger last reported it (or took it at the activation), one entry per
 * key: what a fast read's finding and the audit's reading are checked against (decide.ts). Pure.
 *
 * An entry is a digest of the record's content (editedOf stands for its stamps) and the mark of its birth (sameBirth).
 * Kept in the cursor as one text, keys sorted, `,` between entries: decimal keys as `entry + step` from the one before
 * in base 36 (about 9 characters a record); text keys as their digest (ledgerKey) after a lone `#`, steps in base 64;
 * text kept whole by an older cursor (`entry + '~' + key`) is read. Births alone (carts, vouchers: no update to
 * compare) after a lone `!`: about 3 characters a record. Past MAX_LEDGER records, none (`over`).
 */

export type Ledger = Map<string, string>;

/** Records a ledger holds at most (about 9 characters each: 108,000 characters of static data). */
export const MAX_LEDGER = 12_000;

/** The cursor's text of a ledger that is past MAX_LEDGER. */
export const OVER = 'over';

/** Characters of the content's digest (36 bits in base 64: 1 in 69 billion that an edit leaves it equal). */
const DIGEST_LENGTH = 6;

/** Base 64 for URLs: the digest's characters, the birth's minute as one of them, digested keys' steps. */
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The birth of a record whose `created_at` cannot be read. */
const NO_BIRTH = '.';

/** The stamps a content leaves out (editedOf stands for them). */
const WITHOUT = new Set(['created_at', 'updated_at']);

/** The content's digest, on the fields of `shape` that have a value (rules/shape.ts). */
export function contentOf(record: IDataObject, shape?: Shape): string {
	return digestOf(within(record, shape), record);
}

/** The content as older entries hold it (null fields counted): read, never made. */
const contentBefore = (record: IDataObject): string => digestOf(record, record);

/** The digest of `fields` but the stamps, with the minutes of editedOf. */
function digestOf(fields: IDataObject, record: IDataObject): string {
	const rest: IDataObject = {};
	for (const [k, v] of Object.entries(fields)) if (!WITHOUT.has(k)) rest[k] = v;
	rest[EDITED] = editedOf(record);
	// 9 hex digits of the fingerprint (36 bits) as 6 characters of base 64
	return toB64(parseInt(fingerprint(rest).slice(0, 9), 16)).padStart(DIGEST_LENGTH, B64[0]);
}

/** Whether an entry holds the record's content (made on `shape`, or as older entries were); any, where `unread`. */
export function sameContent(entry: string, record: IDataObject, shape?: Shape): boolean {
	const content = entry.slice(0, DIGEST_LENGTH);
	return (
		content === UNREAD || content === contentOf(record, shape) || content === contentBefore(record)
	);
}

/** The content of an entry a reading that took every content afresh on a new shape did not show (`unread`). */
const UNREAD = '.'.repeat(DIGEST_LENGTH);

/** Such an entry (a page cap moved between the reading's parts): compared on none, taken when next read. */
export const unread = (entry: string): string =>
	entry.length === 1 ? entry : `${UNREAD}${birthIn(entry)}`;

/** The name the minutes of editedOf take in the content (no field of the API has it). */
const EDITED = '\u0000edited';

/**
 * Minutes from a record's creation to its last update, as its stamps give them: a change of the shop's zone or of its
 * stamps' form moves both stamps alike; an edit, even one that leaves every value as it was, moves `updated_at` alone.
 * Without a `created_at`, the minute of the hour of `updated_at`.
 */
function editedOf(record: IDataObject): string {
	const updated = shopTimeOf(record.updated_at);
	if (updated === undefined) return '';
	const created = shopTimeOf(record.created_at);
	if (created === undefined) return updated.slice(14, 16);
	return String(
		Math.round(secondsBetween(created.slice(0, 16) + ':00', updated.slice(0, 16) + ':00') / 60),
	);
}

/** The birth of a record: the minute of its `created_at`, one character of base 64. */
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

/**
 * Whether two births may be one record's: the same minute within the quarter hour (a zone of +05:30 or +05:45 moves
 * none), or one of them unknown. Another record given the same id differs 14 times in 15.
 */
export function sameBirth(a: string, b: string): boolean {
	if (a === b || a === NO_BIRTH || b === NO_BIRTH) return true;
	const [x, y] = [B64.indexOf(a), B64.indexOf(b)];
	return x >= 0 && y >= 0 && x % ZONE_STEP === y % ZONE_STEP;
}

/** The first part of a ledger's text whose entries are births alone. */
const BIRTHS = '!';

/** Whether a ledger's text holds each record's content (not births alone: made for a list without updates). */
export const holdsContent = (text: string): boolean => !text.startsWith(BIRTHS);

const DECIMAL = /^(0|[1-9]\d{0,30})$/;
const DIGESTED = /^#\d{1,12}$/;

/**
 * The key a record has in the ledger: its id as decimal text; a text key's digest, `#` and 34 bits in decimal. Two of
 * 12,000 keys share a digest in about 1 list of 240; the newer creation is still reported unless both births match, so
 * about 1 list in 3,600 loses one creation. A digested key cannot be asked by Get (decide.ts: readings alone).
 */
export const ledgerKey = (key: string): string =>
	DECIMAL.test(key)
		? key
		: `#${Math.floor(parseInt(shortHash(['ledger/key', key]).slice(0, 9), 16) / 4)}`;

/** Whether a ledger key is a text key's digest. */
export const isDigested = (key: string): boolean => DIGESTED.test(key);

const rankOf = (key: string): number => (DECIMAL.test(key) ? 0 : DIGESTED.test(key) ? 1 : 2);

/** Keys in the order the text keeps them: decimal keys by value, then digested ones by value, then the others. */
function compareKeys(a: string, b: string): number {
	const [ra, rb] = [rankOf(a), rankOf(b)];
	if (ra !== rb) return ra - rb;
	if (ra === 1) return Number(a.slice(1)) - Number(b.slice(1));
	const [x, y] = ra === 0 ? [BigInt(a), BigInt(b)] : [a, b];
	return x < y ? -1 : x > y ? 1 : 0;
}

/** The ledger's keys in the order its text keeps them. */
export const keysInOrder = (ledger: Ledger): string[] => [...ledger.keys()].sort(compareKeys);

/** The cursor's text of a ledger (OVER past MAX_LEDGER). */
export function encodeLedger(ledger: Ledger): string {
	if (ledger.size > MAX_LEDGER) return OVER;
	const keys = keysInOrder(ledger);
	let previous = BigInt(0);
	let digest = 0;
	const parts: string[] = [];
	if (keys.length > 0 && keys.every((k) => (ledger.get(k) as string).length === 1))
		parts.push(BIRTHS);
	for (const key of keys) {
		const entry = ledger.get(key) as string;
		if (DECIMAL.test(key)) {
			const id = BigInt(key);
			parts.push(`${entry}${(id - previous).toString(36)}`);
			previous = id;
		} else if (DIGESTED.test(key)) {
			// the digested keys follow a lone `#`, each `entry + step` in base 64
			if (digest === 0) parts.push('#');
			const n = Number(key.slice(1));
			parts.push(`${entry}${toB64(n - digest)}`);
			digest = n;
		} else parts.push(`${entry}~${encodeURIComponent(key)}`);
	}
	return parts.join(',');
}

/** The ledger of a cursor's text; undefined where there is none or it is past its bound. `births`: births alone. */
export function decodeLedger(text: unknown, births = false): Ledger | undefined {
	if (typeof text !== 'string' || text === OVER) return undefined;
	const ledger: Ledger = new Map();
	if (text === '') return ledger;
	const entryLength = holdsContent(text) ? DIGEST_LENGTH + 1 : 1;
	let previous = BigInt(0);
	let digest: number | undefined;
	for (const part of text.split(',')) {
		if (part === BIRTHS) continue;
		if (part === '#') {
			digest = 0;
			continue;
		}
		const entry = part.slice(0, entryLength);
		const rest = part.slice(entryLength);
		if (rest.startsWith('~')) ledger.set(ledgerKey(decodeURIComponent(rest.slice(1))), entry);
		else if (digest !== undefined) {
			digest += fromB64(rest);
			ledger.set(`#${digest}`, entry);
		} else {
			previous += BigInt(parseInt36(rest));
			ledger.set(previous.toString(), entry);
		}
	}
	if (births) for (const [key, entry] of ledger) ledger.set(key, birthIn(entry));
	return ledger;
}

/** A number below 2^36 (exact as a number) in base 64: a digest's step, a content's digest. */
const toB64 = (n: number): string => (n < 64 ? B64[n] : toB64(Math.floor(n / 64)) + B64[n % 64]);

const fromB64 = (text: string): number => [...text].reduce((n, c) => n * 64 + B64.indexOf(c), 0);

/** A base-36 step (a step may exceed 2^53 where ids do: read digit by digit). */
const parseInt36 = (text: string): bigint =>
	[...text].reduce((n, c) => n * BigInt(36) + BigInt(parseInt(c, 36)), BigInt(0));

/** The ledger of a list's records, by `key` (births alone where `births`); undefined past MAX_LEDGER. */
export function ledgerOf(
	records: IDataObject[],
	key: string,
	shape?: Shape,
	births = false,
): Ledger | undefined {
	if (records.length > MAX_LEDGER) return undefined;
	const ledger: Ledger = new Map();
	for (const r of records) {
		const k = r[key];
		if (k === undefined || k === null) continue;
		ledger.set(ledgerKey(String(k)), entryOf(r, shape, births));
	}
	return ledger;
}
