/**
 * The habit of flipping forms (habits.ts `flipForms`): the shop's answers alternate between the spec's two forms
 * of one value, from one answer to the next. "Identifiers and numeric values appear sometimes as JSON numbers and
 * sometimes as JSON strings": ids and amounts are numbers in one answer and strings in the next; a charge's `test`
 * is "boolean-like (0/1 or true/false)": 1, then true, then "1" (0, false, "0"). The value never changes, only its
 * form. Nested records (a cart's items, shipping, discounts) flip with their record.
 */
import type { Rec } from './store';

/** Fields that carry ids or numeric values: in 'mixed' mode each is rendered as number or string at random. */
export const NUMERIC = new Set([
	'id',
	'parent',
	'global_parent',
	'pos',
	'sort_order',
	'count',
	'position',
	'price',
	'price_regular',
	'quantity',
	'quantity_used',
	'discount_type',
	'discount_value',
	'discount_on',
	'discount_on_type',
	'discount_on_value',
	'activate',
	'apply_once',
	'per_client',
	'available_on_promo',
	'promotion_type',
	'promotion_value',
	'promotion_on_type',
	'visibility',
	'is_active',
	'is_default',
	'email_template',
	'send_mail',
	'mail_template',
	'size',
	'total_price',
	'total_items_price',
	'total_tax',
	'total_weight',
	'accept_newsletter',
	'add_to_magazine',
	'buy_if_empty',
]);

/** Fields holding an integer, beside any `id` or `*_id`: ids, amounts, codes, 0/1 flags. */
const INTEGER_FIELDS = new Set([...NUMERIC, 'used', 'amount', 'tax', 'weight', 'require_shipping']);

/** Fields the spec calls boolean-like (0/1 or true/false). */
const BOOLEAN_LIKE = new Set(['test']);

const TRUE_FORMS = [1, true, '1'] as const;
const FALSE_FORMS = [0, false, '0'] as const;

const isIntegerField = (key: string) =>
	INTEGER_FIELDS.has(key) || key.endsWith('_id') || key.endsWith('_ids');

/** The integer a value stands for (a number or a string of digits), or undefined. */
function integerOf(v: unknown): number | undefined {
	if (typeof v === 'number') return Number.isSafeInteger(v) ? v : undefined;
	if (typeof v === 'string' && /^-?\d{1,15}$/.test(v)) return Number(v);
	return undefined;
}

/** The truth a boolean-like value stands for, or undefined. */
function truthOf(v: unknown): boolean | undefined {
	if (v === true || v === 1 || v === '1' || v === 'true') return true;
	if (v === false || v === 0 || v === '0' || v === 'false') return false;
	return undefined;
}

/** One value in the form of answer number `turn`: integers as numbers on even turns, strings on odd ones. */
function flipValue(key: string, v: unknown, turn: number): unknown {
	if (Array.isArray(v)) return v.map((x) => flipValue(key, x, turn));
	if (v && typeof v === 'object') return flipForms(v as Rec, turn);
	if (BOOLEAN_LIKE.has(key)) {
		const truth = truthOf(v);
		if (truth !== undefined) return (truth ? TRUE_FORMS : FALSE_FORMS)[turn % 3];
	}
	if (!isIntegerField(key)) return v;
	const n = integerOf(v);
	if (n === undefined) return v;
	return turn % 2 === 0 ? n : String(n);
}

/** A copy of a rendered record with each value in the form of answer number `turn`. */
export function flipForms(rec: Rec, turn: number): Rec {
	const out: Rec = {};
	for (const [k, v] of Object.entries(rec)) out[k] = flipValue(k, v, turn);
	return out;
}

/** What bigIds adds to every stored id: 2^53, so the first record's id is 9007199254740993. */
export const BIG_ID_BASE = BigInt(2) ** BigInt(53);

/** The stored id a query or path gives where bigIds is on (the id less 2^53); any other value as it is. */
export function storedId(value: string): string {
	if (!/^\d{16,}$/.test(value)) return value;
	const n = BigInt(value);
	return n > BIG_ID_BASE ? String(n - BIG_ID_BASE) : value;
}

/** The id an answer shows for a stored id where bigIds is on. */
export function shownId(id: unknown): unknown {
	const n =
		typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : NaN;
	return Number.isSafeInteger(n) && n > 0 ? String(BigInt(n) + BIG_ID_BASE) : id;
}
