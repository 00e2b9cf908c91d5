/**
 * The output options: Normalize Numbers and Simplify, and shapeRecords, the one function that shapes records for
 * the action node and the triggers. (The input rules are in inputRules.test.ts; words in codeWords.test.ts.)
 */
import type { IDataObject } from 'n8n-workflow';

import {
	idsAsNumbers,
	normaliseNumbers,
	shapeRecords,
	simplifiedKeys,
	simplify,
	type ShapeOptions,
	type ShapeTable,
} from '../../nodes/StorePlatform/api/output';
import { voucher } from '../../nodes/StorePlatform/resources/voucher';

describe('output options', () => {
	it('normalises numeric strings but keeps codes and leading zeros', () => {
		expect(
			normaliseNumbers({
				id: '12',
				price: '10.50',
				sku: '12345',
				barcode: '590123',
				order_id: '0012',
				items: [{ quantity: '2' }],
			}),
		).toEqual({
			id: 12,
			price: 10.5,
			sku: '12345',
			barcode: '590123',
			order_id: '0012',
			items: [{ quantity: 2 }],
		});
	});

	it('simplifies to the listed fields and counts line items', () => {
		expect(
			simplify({ user_key: 'k', email: 'a@b.c', items: [{}, {}], data: 'x' }, [
				'user_key',
				'email',
				'items:count',
			]),
		).toEqual({
			user_key: 'k',
			email: 'a@b.c',
			items_count: 2,
		});
	});
});

describe('Simplify of lists', () => {
	const record = {
		id: 2,
		code: 'W',
		items: [
			{ code: 'W-1', used: 1 },
			{ code: 'W-2', used: 0 },
		],
	};

	it.each<[boolean, IDataObject]>([
		[false, { id: 2, items_count: 2 }],
		[true, { id: 2, items: record.items, items_count: 2 }],
	])('`items:list` with keepLists %p', (keepLists, expected) => {
		expect(simplify(record, ['id', 'items:list'], keepLists)).toEqual(expected);
	});

	it.each<[string[], boolean, string[]]>([
		[['id', 'items:count'], true, ['id', 'items_count']],
		[['id', 'items:list'], false, ['id', 'items_count']],
		[['id', 'items:list'], true, ['id', 'items', 'items_count']],
	])('the output keys of %p (keepLists %p) are %p', (keys, keepLists, out) => {
		expect(simplifiedKeys(keys, keepLists)).toEqual(out);
	});
});

describe('ids as numbers', () => {
	it.each<[IDataObject, IDataObject]>([
		[{ id: '5' }, { id: 5 }],
		[{ id: 5 }, { id: 5 }],
		[{ id: ' 7 ' }, { id: 7 }],
		[{ id: '05' }, { id: '05' }],
		[{ id: 'abc' }, { id: 'abc' }],
		[
			{ id: '5', product_id: '12', deleted: true },
			{ id: 5, product_id: 12, deleted: true },
		],
		// other keys are not ids: a cart's user_key, an order_id, prices stay as sent
		[
			{ user_key: '123', order_id: '9', price: '10' },
			{ user_key: '123', order_id: '9', price: '10' },
		],
		[
			{ key: 'snippets/a.tpl', id: '1' },
			{ key: 'snippets/a.tpl', id: 1 },
		],
	])('%p → %p', (record, expected) => expect(idsAsNumbers(record)).toEqual(expected));
});

describe('shapeRecords: the rules in one order', () => {
	const shop = {
		id: '2',
		code: 'WELCOME',
		discount_type: '2',
		discount_on: 1,
		quantity: '-1',
		activate: 1,
		finish_at: '0000-00-00 00:00:00',
		items: [{ code: 'WELCOME-1', used: 1 }],
	};
	const v3: ShapeOptions = {
		emptyDatesAsNull: true,
		simplify: true,
		words: true,
		idsAsNumbers: true,
		keepLists: true,
	};

	it.each<[string, ShapeTable | string[] | undefined, ShapeOptions, IDataObject]>([
		['nothing chosen', voucher, {}, shop],
		[
			'typeVersion 3 (Simplify on): words after Simplify, the codes kept, id a number',
			voucher,
			v3,
			{
				id: 2,
				code: 'WELCOME',
				discount_type: '2',
				discount_type_label: 'Percent Discount',
				quantity: '-1',
				quantity_label: 'Not Set',
				finish_at: null,
				activate: 1,
				items: shop.items,
				items_count: 1,
			},
		],
		[
			'typeVersion 3 with Normalize Numbers: the words read the raw codes',
			voucher,
			{ ...v3, simplify: false, normaliseNumbers: true },
			{
				id: 2,
				code: 'WELCOME',
				discount_type: 2,
				discount_type_label: 'Percent Discount',
				discount_on: 1,
				discount_on_label: 'All Orders',
				quantity: -1,
				quantity_label: 'Not Set',
				activate: 1,
				finish_at: null,
				items: shop.items,
			},
		],
		[
			'typeVersion 2 (Simplify on): the count only, no words, ids as sent',
			voucher,
			{ emptyDatesAsNull: true, simplify: true },
			{
				id: '2',
				code: 'WELCOME',
				discount_type: '2',
				quantity: '-1',
				finish_at: null,
				activate: 1,
				items_count: 1,
			},
		],
		[
			'only Simplify keys given (no table): no words',
			['id', 'discount_type'],
			{ simplify: true, words: true },
			{ id: '2', discount_type: '2' },
		],
		['no table', undefined, { simplify: true, words: true }, shop],
	])('%s', (_name, table, options, expected) => {
		const [out] = shapeRecords([shop], table, options);
		expect(out).toEqual(expected);
		expect(Object.keys(out)).toEqual(Object.keys(expected));
	});
});
