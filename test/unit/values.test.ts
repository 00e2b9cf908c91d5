import { fieldValue } from '../../nodes/StorePlatform/action/fields';
import { toSpecDateTime } from '../../nodes/StorePlatform/action/dates';
import { InputError, toId, toIdList, toInteger, toJson } from '../../nodes/StorePlatform/action/inputRules';

describe('toSpecDateTime', () => {
	it.each([
		['2026-05-01 13:30:00', '2026-05-01 13:30:00'],
		['2026-05-01T13:30:00', '2026-05-01 13:30:00'],
		['2026-05-01T13:30', '2026-05-01 13:30:00'],
		['2026-05-01', '2026-05-01 00:00:00'],
		['2026-05-01T13:30:00.250', '2026-05-01 13:30:00'],
		['2026-05-01T13:30:00Z', '2026-05-01 13:30:00'],
		['2026-05-01T13:30:00+02:00', '2026-05-01 11:30:00'],
		['2026-05-01T00:30:00-01:00', '2026-05-01 01:30:00'],
		['2024-02-29 23:59:59', '2024-02-29 23:59:59'],
	])('%s -> %s (UTC)', (input, expected) => {
		expect(toSpecDateTime(input, 'Start At', 'UTC')).toBe(expected);
	});

	it('converts an instant to the wall clock of the workflow time zone', () => {
		expect(toSpecDateTime('2026-07-01T10:00:00Z', 'Start At', 'Europe/Warsaw')).toBe('2026-07-01 12:00:00');
		expect(toSpecDateTime(new Date(Date.UTC(2026, 0, 15, 23, 0, 0)), 'Start At', 'Europe/Warsaw')).toBe(
			'2026-01-16 00:00:00',
		);
	});

	it('accepts Luxon-like DateTimes', () => {
		expect(toSpecDateTime({ toISO: () => '2026-03-04T05:06:07.000+00:00' }, 'Start At')).toBe('2026-03-04 05:06:07');
	});

	it.each(['tomorrow', '2026-13-01', '2026-02-30 10:00:00', '2026-01-01 24:00:00', '', 12345, null])(
		'rejects %p naming the field',
		(input) => {
			expect(() => toSpecDateTime(input, 'Finish At')).toThrow(InputError);
			expect(() => toSpecDateTime(input, 'Finish At')).toThrow(/'Finish At'/);
		},
	);
});

describe('numbers and ids', () => {
	it('accepts numbers and numeric strings', () => {
		expect(toInteger('42', 'Price')).toBe(42);
		expect(toInteger(42, 'Price')).toBe(42);
		expect(() => toInteger('4.5', 'Price')).toThrow(/'Price' must be a whole number/);
		expect(() => toInteger('abc', 'Price')).toThrow(InputError);
	});

	it('takes ids as numbers, strings or resource locator values', () => {
		expect(toId(12, 'Page')).toBe('12');
		expect(toId(' 12 ', 'Page')).toBe('12');
		expect(toId({ __rl: true, mode: 'list', value: 7 }, 'Page')).toBe('7');
		expect(() => toId('', 'Page')).toThrow(/'Page' is required/);
		expect(() => toId(undefined, 'Page')).toThrow(InputError);
	});

	it('reads id lists in every form a user gives them', () => {
		expect(toIdList('1, 2,3', 'Products')).toEqual([1, 2, 3]);
		expect(toIdList('[4,"5"]', 'Products')).toEqual([4, 5]);
		expect(toIdList([6, '7'], 'Products')).toEqual([6, 7]);
		expect(toIdList(8, 'Products')).toEqual([8]);
		expect(() => toIdList('1, x', 'Products')).toThrow(/'Products'/);
	});

	it('names the field of invalid JSON', () => {
		expect(toJson('{"a":1}', 'Metadata')).toEqual({ a: 1 });
		expect(() => toJson('{a:1}', 'Metadata')).toThrow(/'Metadata' is not valid JSON/);
	});
});

describe('fieldValue', () => {
	it('sends flags as 1/0 and coded options as numbers', () => {
		expect(fieldValue({ key: 'unique', displayName: 'Unique', kind: 'flag' }, true, 'UTC')).toBe(1);
		expect(fieldValue({ key: 'unique', displayName: 'Unique', kind: 'flag' }, 'false', 'UTC')).toBe(0);
		const type = { key: 't', displayName: 'Type', kind: 'options' as const, options: [[1, 'A'], [2, 'B']] as Array<[number, string]> };
		expect(fieldValue(type, '2', 'UTC')).toBe(2);
	});

	it('turns metadata and progressive steps collections into arrays', () => {
		expect(
			fieldValue({ key: 'metadata', displayName: 'Metadata', kind: 'metadata' }, { meta: [{ meta_title: 'T' }] }, 'UTC'),
		).toEqual([{ meta_title: 'T' }]);
		expect(
			fieldValue(
				{ key: 'progressive_steps', displayName: 'Steps', kind: 'progressiveSteps' },
				{ step: [{ treshold: '100', discount: 5 }] },
				'UTC',
			),
		).toEqual([{ treshold: 100, discount: 5 }]);
	});
});

describe('output options', () => {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { normaliseNumbers, simplify } = require('../../nodes/StorePlatform/api/output');

	it('normalises numeric strings but keeps codes and leading zeros', () => {
		expect(
			normaliseNumbers({ id: '12', price: '10.50', sku: '12345', barcode: '590123', order_id: '0012', items: [{ quantity: '2' }] }),
		).toEqual({ id: 12, price: 10.5, sku: '12345', barcode: '590123', order_id: '0012', items: [{ quantity: 2 }] });
	});

	it('simplifies to the listed fields and counts line items', () => {
		expect(simplify({ user_key: 'k', email: 'a@b.c', items: [{}, {}], data: 'x' }, ['user_key', 'email', 'items:count'])).toEqual({
			user_key: 'k',
			email: 'a@b.c',
			items_count: 2,
		});
	});
});
