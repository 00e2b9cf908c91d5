import { shortHash } from '../../api/hash';
import { birthIn, ENTRY_LENGTH, entryOf } from './digest';
import type { Shape } from '../rules/shape';
import type { IDataObject } from 'n8n-workflow';

/**
 * The ledger: every record of a list as the trigger last reported it (or took it at the activation), one entry
 * (digest.ts) per key: what a fast read's finding and the audit's reading are checked against. Pure.
 *
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

/** Keys in the order the text keeps them: decimal keys by value, then the others as text. */
function compareKeys(a: string, b: string): number {
	const [da, db] = [DECIMAL.test(a), DECIMAL.test(b)];
	if (da && db) {
		const [x, y] = [BigInt(a), BigInt(b)];
		return x < y ? -1 : x > y ? 1 : 0;
	}
	if (da !== db) return da ? -1 : 1;
	const [ga, gb] = [DIGESTED.test(a), DIGESTED.test(b)];
	if (ga && gb) return Number(a.slice(1)) - Number(b.slice(1));
	if (ga !== gb) return ga ? -1 : 1;
	return a < b ? -1 : a > b ? 1 : 0;
}

/** The ledger's keys in the order its text keeps them. */
export const keysInOrder = (ledger: Ledger): string[] => [...ledger.keys()].sort(compareKeys);

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
	const entryLength = holdsContent(text) ? ENTRY_LENGTH : 1;
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

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A digest's step in base 64 (below 2^36: exact as a number). */
function toB64(n: number): string {
	let out = '';
	let rest = n;
	do {
		out = B64[rest % 64] + out;
		rest = Math.floor(rest / 64);
	} while (rest > 0);
	return out;
}

const fromB64 = (text: string): number => [...text].reduce((n, c) => n * 64 + B64.indexOf(c), 0);

/** A base-36 step (a step may exceed 2^53 where ids do: read digit by digit). */
function parseInt36(text: string): bigint {
	let n = BigInt(0);
	for (const c of text) n = n * BigInt(36) + BigInt(parseInt(c, 36));
	return n;
}

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
