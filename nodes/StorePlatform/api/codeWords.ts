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
	/** Where the form shows the field: other fields' codes (`discount_on_type` only with `discount_on` 3). */
	showWhen?: Record<string, Array<string | number>>;
}

/** Field key → the other fields' codes under which its code means something (from the form's `showWhen`). */
export type WordConditions = Record<string, Record<string, string[]>>;

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

/**
 * Where a field's word applies: a code of a field the form of new nodes shows only under other fields' codes
 * means nothing elsewhere (a voucher for All Orders carries `discount_on_type: 1`, which is not "Products").
 */
export function conditionsOf(table: WordTable): WordConditions {
	const conditions: WordConditions = {};
	for (const e of currentEntries(table.endpoints)) {
		for (const field of e.body ?? []) {
			if (!field.showWhen || conditions[field.key]) continue;
			conditions[field.key] = Object.fromEntries(
				Object.entries(field.showWhen).map(([k, codes]) => [
					k,
					codes.map((c) => codeOf(c) ?? String(c)),
				]),
			);
		}
	}
	return conditions;
}

/** A function of a table, computed once per table (the tables are constants of the module). */
function perTable<T>(compute: (table: WordTable) => T): (table: WordTable) => T {
	const cache = new WeakMap<WordTable, T>();
	return (table) => {
		if (!cache.has(table)) cache.set(table, compute(table));
		return cache.get(table) as T;
	};
}

/** conditionsOf, computed once per table. */
export const conditionsOfTable = perTable(conditionsOf);

/** wordsOf, computed once per table. */
export const wordsOfTable = perTable(wordsOf);

/** The word of a value of a field, or undefined (no word for that code, or not a code). */
export function wordFor(words: CodeWords, key: string, value: unknown): string | undefined {
	const codes = words[key];
	if (!codes) return undefined;
	const code = codeOf(value);
	return code === undefined ? undefined : codes[code];
}

/** Whether the record's other fields are as a field's word needs (a field the record lacks does not object). */
function applies(record: IDataObject, condition: Record<string, string[]> | undefined): boolean {
	if (!condition) return true;
	return Object.entries(condition).every(([key, codes]) => {
		if (!(key in record)) return true;
		const code = codeOf(record[key]) ?? String(record[key]);
		return codes.includes(code);
	});
}

/**
 * The record with `<key>_label` right after each coded field whose code has a word, where the word applies
 * (`conditions`); raw codes stay.
 */
export function withWords(
	record: IDataObject,
	words: CodeWords,
	conditions: WordConditions = {},
): IDataObject {
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(record)) {
		out[key] = value;
		const word = applies(record, conditions[key]) ? wordFor(words, key, value) : undefined;
		if (word !== undefined && !(`${key}${LABEL_SUFFIX}` in record))
			out[`${key}${LABEL_SUFFIX}`] = word;
	}
	return out;
}
