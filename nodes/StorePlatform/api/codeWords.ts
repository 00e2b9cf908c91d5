import type { IDataObject } from 'n8n-workflow';

/**
 * Words for coded fields (`discount_type: 2` → `discount_type_label: "Percent Discount"`). Pure.
 *
 * The words come from the resource tables: every field whose options are `[code, name]` pairs with numeric codes
 * (the names the editor shows when the value is picked), plus a table's `words` for output codes no input field
 * lists (a voucher's `quantity: -1`). So one table row names a code both in the form and in the output. Codes
 * the spec gives no meaning (a promotion's `activate`, `discount_on_type: 0`) have no word and get no companion.
 */

/** The companion of a coded field: its key with this suffix (`discount_type` → `discount_type_label`). */
export const LABEL_SUFFIX = '_label';

/** Field key → code (canonical text, `"2"`, `"-1"`) → word. */
export type CodeWords = Record<string, Record<string, string>>;

/** What words are read from: the option lists of a table's fields (structurally, a `Field` of endpoint.ts). */
export interface WordSource {
	key: string;
	options?: Array<[string | number, string, string?]>;
}

/**
 * A table, structurally: its endpoints' body and filter fields (and the typeVersions an endpoint entry is limited
 * to), and words of codes no field lists.
 */
export interface WordTable {
	endpoints: Array<{
		body?: WordSource[];
		filters?: WordSource[];
		versions?: { from?: number; before?: number };
	}>;
	words?: CodeWords;
}

const CODE = /^-?(0|[1-9]\d{0,14})$/;

/** The canonical text of a code sent as a number or a numeric string (`2`, `"2"`, `" 2 "`), else undefined. */
export function codeOf(value: unknown): string | undefined {
	if (typeof value === 'number') return Number.isInteger(value) ? String(value) : undefined;
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	return CODE.test(text) ? String(Number(text)) : undefined;
}

/** The endpoint entries of new nodes: an entry kept only for nodes saved at older typeVersions names no word. */
export const currentEntries = <E extends WordTable['endpoints'][number]>(endpoints: E[]): E[] =>
	endpoints.filter((e) => e.versions?.before === undefined);

/**
 * The words of a table, as the form of new nodes names the codes (words are output by new nodes only): fields
 * listed earlier win when two fields of the same key name a code differently.
 */
export function wordsOf(table: WordTable): CodeWords {
	const words: CodeWords = {};
	const fields = currentEntries(table.endpoints).flatMap((e) => [
		...(e.body ?? []),
		...(e.filters ?? []),
	]);
	for (const field of fields) {
		for (const [value, name] of field.options ?? []) {
			const code = codeOf(value);
			if (code === undefined) continue;
			words[field.key] ??= {};
			words[field.key][code] ??= name;
		}
	}
	for (const [key, codes] of Object.entries(table.words ?? {})) {
		words[key] = { ...codes, ...words[key] };
	}
	return words;
}

const cache = new WeakMap<WordTable, CodeWords>();

/** wordsOf, computed once per table. */
export function wordsOfTable(table: WordTable): CodeWords {
	let words = cache.get(table);
	if (!words) {
		words = wordsOf(table);
		cache.set(table, words);
	}
	return words;
}

/** The word of a value of a field, or undefined (no word for that code, or not a code). */
export function wordFor(words: CodeWords, key: string, value: unknown): string | undefined {
	const codes = words[key];
	if (!codes) return undefined;
	const code = codeOf(value);
	return code === undefined ? undefined : codes[code];
}

/** The record with `<key>_label` right after each coded field whose code has a word; raw codes stay. */
export function withWords(record: IDataObject, words: CodeWords): IDataObject {
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(record)) {
		out[key] = value;
		const word = wordFor(words, key, value);
		if (word !== undefined && !(`${key}${LABEL_SUFFIX}` in record))
			out[`${key}${LABEL_SUFFIX}`] = word;
	}
	return out;
}
