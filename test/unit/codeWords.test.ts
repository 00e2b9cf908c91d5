/**
 * Words of coded fields (api/codeWords.ts): read from the resource tables' options, one companion `<key>_label`
 * beside the raw code, and no word where the spec names no meaning.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	codeOf,
	conditionsOfTable,
	currentEntries,
	withWords,
	wordFor,
	wordsOf,
	wordsOfTable,
	type WordTable,
} from '../../nodes/StorePlatform/api/codeWords';
import { TABLES } from '../../nodes/StorePlatform/resources';

const table = (name: string) => {
	const found = TABLES.find((t) => t.resource === name);
	if (!found) throw new Error(name);
	return found;
};

describe('codeOf: codes as numbers or numeric strings', () => {
	it.each<[unknown, string | undefined]>([
		[2, '2'],
		['2', '2'],
		[' 2 ', '2'],
		[-1, '-1'],
		['-1', '-1'],
		[0, '0'],
		['0', '0'],
		['02', undefined],
		['2.5', undefined],
		[2.5, undefined],
		['', undefined],
		['two', undefined],
		[true, undefined],
		[null, undefined],
		[undefined, undefined],
		[[2], undefined],
	])('%p → %p', (value, code) => expect(codeOf(value)).toBe(code));
});

describe('the words of the resource tables', () => {
	it.each<[string, string, unknown, string | undefined]>([
		['voucher', 'discount_type', 1, 'Price Discount'],
		['voucher', 'discount_type', '2', 'Percent Discount'],
		['voucher', 'discount_type', 3, 'Free Shipping'],
		['voucher', 'discount_type', 5, 'Progressive Discount'],
		['voucher', 'discount_type', 6, 'Price Discount and Free Shipping'],
		['voucher', 'discount_type', '7', 'Percent Discount and Free Shipping'],
		['voucher', 'discount_type', 4, undefined],
		['voucher', 'discount_on', 1, 'All Orders'],
		['voucher', 'discount_on_type', 4, 'Vendor'],
		// "responses also show 0": its meaning is not shown
		['voucher', 'discount_on_type', 0, undefined],
		['voucher', 'progressive_steps_treshold_type', 2, 'Products Count'],
		['voucher', 'progressive_steps_discount_type', '1', 'Amount Off'],
		['voucher', 'quantity', -1, 'Not Set'],
		['voucher', 'quantity', '-1', 'Not Set'],
		['voucher', 'quantity', 100, undefined],
		['voucher', 'activate', 1, undefined],
		// issue 43: the word says what is usable on its own, beside the code in an output
		['voucher', 'available_on_promo', 0, 'Not Usable on Promoted Products'],
		['voucher', 'available_on_promo', '1', 'Usable on Promoted Products'],
		// no meaning in the spec: no word (the fields' descriptions say so)
		['voucher', 'per_client', 1, undefined],
		['page', 'visibility', 1, undefined],
		['page', 'visibility', 0, undefined],
		['blog', 'visibility', 1, undefined],
		['promotion', 'promotion_type', 1, 'Price'],
		['promotion', 'promotion_type', '2', 'Percentage'],
		['promotion', 'promotion_on_type', 3, 'Collection'],
		['promotion', 'activate', 1, undefined],
		['promotion', 'activate', 0, undefined],
		['paymentMethod', 'is_active', '1', 'Active'],
		['orderStatus', 'send_mail', 0, 'No'],
		// text codes are words already: no companion
		['themeScript', 'scope', 'all', undefined],
		['webhook', 'section', 'order/create', undefined],
		['blog', 'order', 'ASC', undefined],
	])('%s %s %p → %p', (resource, key, value, word) => {
		expect(wordFor(wordsOfTable(table(resource)), key, value)).toBe(word);
	});

	it('names a code alike wherever the form of new nodes lists it (form fields and filters agree)', () => {
		const disagreements: string[] = [];
		for (const t of TABLES) {
			const seen: Record<string, string> = {};
			for (const e of currentEntries(t.endpoints)) {
				for (const f of [...(e.body ?? []), ...(e.filters ?? [])]) {
					for (const [value, name] of f.options ?? []) {
						const code = codeOf(value);
						if (code === undefined) continue;
						const at = `${t.resource}.${f.key}=${code}`;
						if (seen[at] !== undefined && seen[at] !== name)
							disagreements.push(`${at}: ${seen[at]} / ${name}`);
						seen[at] ??= name;
					}
				}
			}
		}
		expect(disagreements).toEqual([]);
	});
});

describe('wordsOf and withWords on a table', () => {
	const small: WordTable = {
		endpoints: [
			{
				filters: [
					{
						key: 'kind',
						options: [
							[1, 'One'],
							[2, 'Two'],
							['', 'Any'],
						],
					},
				],
			},
			{
				body: [
					{ key: 'kind', options: [[1, 'Other name']] },
					{ key: 'scope', options: [['all', 'All Pages']] },
					{
						key: 'flag',
						options: [
							['1', 'Yes'],
							['0', 'No'],
						],
					},
				],
			},
		],
		words: { quantity: { '-1': 'Not Set' }, kind: { '1': 'Extra', '9': 'Nine' } },
	};

	it('takes numeric codes of options (the first field listing a code wins) and the extra words', () => {
		expect(wordsOf(small)).toEqual({
			kind: { '1': 'One', '2': 'Two', '9': 'Nine' },
			flag: { '1': 'Yes', '0': 'No' },
			quantity: { '-1': 'Not Set' },
		});
	});

	it.each<[IDataObject, IDataObject]>([
		[
			{ id: 1, kind: 2, name: 'x' },
			{ id: 1, kind: 2, kind_label: 'Two', name: 'x' },
		],
		[
			{ kind: '1', flag: '0' },
			{ kind: '1', kind_label: 'One', flag: '0', flag_label: 'No' },
		],
		[{ kind: 3 }, { kind: 3 }],
		[
			{ quantity: -1, kind: null },
			{ quantity: -1, quantity_label: 'Not Set', kind: null },
		],
		[{ quantity: 5 }, { quantity: 5 }],
		// the shop's own field of that name is kept, never overwritten
		[
			{ kind: 1, kind_label: 'shop' },
			{ kind: 1, kind_label: 'shop' },
		],
		[{ scope: 'all' }, { scope: 'all' }],
	])('%p → %p (companion right after its code)', (record, expected) => {
		const out = withWords(record, wordsOf(small));
		expect(out).toEqual(expected);
		expect(Object.keys(out)).toEqual(Object.keys(expected));
	});
});

describe('a word only where it applies (the form of new nodes shows the field)', () => {
	const voucher = table('voucher');
	const words = wordsOfTable(voucher);
	const conditions = conditionsOfTable(voucher);
	it.each([
		[
			'All Orders: discount_on_type means nothing',
			{ discount_on: 1, discount_on_type: 1 },
			undefined,
		],
		['All Orders as text', { discount_on: '1', discount_on_type: '1' }, undefined],
		['products, categories...: Products', { discount_on: 3, discount_on_type: 1 }, 'Products'],
		['a vendor', { discount_on: '3', discount_on_type: 4 }, 'Vendor'],
		[
			'discount_on not in the record (fields option): the word',
			{ discount_on_type: 2 },
			'Category',
		],
	])('%s', (_, record, word) => {
		expect(withWords(record as IDataObject, words, conditions).discount_on_type_label).toBe(word);
	});

	it('keeps the word of the field the condition reads', () => {
		const out = withWords({ discount_on: 1, discount_on_type: 1 }, words, conditions);
		expect(out.discount_on_label).toBe('All Orders');
	});
});

describe('fields whose codes the API documentation does not explain say so (issue 43)', () => {
	const fieldsOf = (resource: string) =>
		TABLES.find((t) => t.resource === resource)!.endpoints.flatMap((e) => [
			...(e.body ?? []),
			...(e.filters ?? []),
		]);
	it.each([
		['page', 'visibility'],
		['blog', 'visibility'],
	])(
		"%s's %s: no invented meaning, and the description says none is documented",
		(resource, key) => {
			const fields = fieldsOf(resource).filter((f) => f.key === key);
			expect(fields.length).toBeGreaterThan(0);
			for (const f of fields) {
				expect(f.description).toMatch(/does not say what each value means/);
				expect(f.description).not.toMatch(/visible|hidden/);
			}
		},
	);

	it("a voucher's Quantity says -1 is not documented as unlimited; Amount Off says its unit is not documented", () => {
		const quantity = fieldsOf('voucher').filter((f) => f.key === 'quantity');
		expect(
			quantity.some((f) => /does not say whether that means unlimited/.test(f.description ?? '')),
		).toBe(true);
		const amount = fieldsOf('voucher').filter((f) => f.key === 'discount_amount' && f.hint);
		expect(amount.length).toBeGreaterThan(0);
		for (const f of amount) {
			expect(f.hint).toMatch(/does not say which/);
			expect(f.hint!.length).toBeLessThanOrEqual(120);
		}
	});
});
