/**
 * The input rules of the README's table, kind by kind, as pure functions: what is accepted and sent
 * as what, what is refused (an InputError naming the field). The one table of unit cases of the input rules
 * (test/e2e/inputRules.test.js proves the same rules in real n8n); every input of every endpoint through its rule,
 * with generated cases: test/unit/inputWiring.test.ts.
 */
import { toSpecDateTime } from '../../nodes/StorePlatform/action/dates';
import { fieldValue } from '../../nodes/StorePlatform/action/fields';
import type { Field } from '../../nodes/StorePlatform/endpoint';
import {
	InputError,
	toBoolean,
	toId,
	toIdList,
	toInteger,
	toJson,
	toNameList,
	toNumber,
	toNumericId,
	toOption,
	toRequiredText,
	toText,
	toUrl,
} from '../../nodes/StorePlatform/input/rules';

const refused = (fn: () => unknown, field: string) => {
	expect(fn).toThrow(InputError);
	expect(fn).toThrow(`'${field}'`);
};

describe('text', () => {
	it.each([['Summer sale'], ['a\tb\r\nc'], ['   '], ['😀 ü 中文 \u202e'], ['x'.repeat(100000)]])(
		'sends %j exactly',
		(v) => {
			expect(toText(v, 'Title')).toBe(v);
		},
	);
	it('writes finite numbers in decimal', () => {
		expect(toText(12.5, 'Title')).toBe('12.5');
		expect(toText(-0, 'Title')).toBe('0');
	});
	it.each([
		[{ a: 1 }],
		[[1, 2]],
		[true],
		[NaN],
		[Infinity],
		[1e21],
		[1e-7],
		['a\u0000b'],
		['\u001b[31m'],
		['x\u007f'],
		['\ud800x'],
	])('refuses %p', (v) => {
		refused(() => toText(v, 'Title'), 'Title');
	});
	it('names the shape and trims long values in the message', () => {
		expect(() => toText({ id: 5 }, 'Title')).toThrow(
			`'Title' must be text, not an object {"id":5}`,
		);
		expect(() => toText([1, 2], 'Title')).toThrow(`'Title' must be text, not a list [1,2]`);
		expect(() => toText(`${'x'.repeat(500)}\u0000`, 'Title')).toThrow(/control character U\+0000/);
	});
});

describe('required text', () => {
	it.each([['Summer sale'], [' a '], ['\u200b'], [0]])('takes %j', (v) => {
		expect(toRequiredText(v, 'Title')).toBe(String(v));
	});
	it.each([['   '], ['\t'], ['\r\n '], ['\u00a0\u3000'], ['\ufeff']])(
		'refuses %j: only spaces or line breaks',
		(v) => {
			expect(() => toRequiredText(v, 'Title')).toThrow(
				"'Title' is required: it holds only spaces or line breaks",
			);
		},
	);
	it('refuses what text refuses', () => refused(() => toRequiredText({}, 'Title'), 'Title'));
});

describe('URL', () => {
	it.each([
		'https://example.com/hooks',
		'http://127.0.0.1:8080/x?a=1#f',
		'HTTPS://EXAMPLE.COM',
		'https://bücher.example/',
		'http://[::1]/',
	])('sends %s as given', (v) => {
		expect(toUrl(v, 'Target URL')).toBe(v);
	});
	it.each([
		'javascript:alert(1)',
		'file:///etc/passwd',
		'ftp://example.com/',
		'not a url',
		'https:example.com',
		'//example.com',
		'https://',
		' https://example.com',
		'https://example.com/\n',
		'https://a.example\\@b.example',
		'http://example.com:99999',
		'mailto:a@b.c',
		42,
		{ url: 'https://x' },
	])('refuses %p', (v) => refused(() => toUrl(v, 'Target URL'), 'Target URL'));
});

describe('number', () => {
	it.each<[unknown, number]>([
		[7, 7],
		['7', 7],
		[' -3.5 ', -3.5],
		['.5', 0.5],
		['5.', 5],
		['+5', 5],
		['007', 7],
		['123456789012345', 123456789012345],
		[-0, 0],
		[Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
	])('%p -> %p', (v, n) => {
		expect(Object.is(toNumber(v, 'Price'), n)).toBe(true);
	});
	it.each([
		'0x10',
		'0b11',
		'0o7',
		'1e3',
		'1E3',
		'1_000',
		'1,5',
		'1 000',
		'',
		'   ',
		'NaN',
		'Infinity',
		'١٢',
		'１２',
		'1234567890123456',
		'99999999999999999999',
		NaN,
		Infinity,
		-Infinity,
		2 ** 53,
		true,
		[1],
		{ n: 1 },
		null,
	])('refuses %p', (v) => {
		refused(() => toNumber(v, 'Price'), 'Price');
	});
});

describe('whole number', () => {
	it('accepts numbers and numeric strings', () => {
		expect(toInteger('42', 'Price')).toBe(42);
		expect(toInteger(42, 'Price')).toBe(42);
		expect(() => toInteger('4.5', 'Price')).toThrow(/'Price' must be a whole number/);
		refused(() => toInteger('abc', 'Price'), 'Price');
	});
});

describe('JSON', () => {
	it('names the field of invalid JSON', () => {
		expect(toJson('{"a":1}', 'Metadata')).toEqual({ a: 1 });
		expect(() => toJson('{a:1}', 'Metadata')).toThrow(/'Metadata' is not valid JSON/);
	});
});

describe('ID', () => {
	it.each<[unknown, string]>([
		[12, '12'],
		[' 12 ', '12'],
		['a/b?c#d', 'a/b?c#d'],
		['\r\n7\t', '7'],
		[{ __rl: true, mode: 'list', value: 7 }, '7'],
		[0, '0'],
	])('%p -> %p', (v, id) => {
		expect(toId(v, 'Page')).toBe(id);
	});
	it.each([
		1.5,
		-1,
		2 ** 53,
		NaN,
		true,
		[1],
		{ id: 1 },
		'a\nb',
		'a\tb',
		'a\u0000',
		'x'.repeat(256),
		'',
		'  ',
		null,
		undefined,
	])('refuses %p', (v) => {
		refused(() => toId(v, 'Page'), 'Page');
	});
	it('says an empty ID is required', () => {
		expect(() => toId('', 'Page')).toThrow(/'Page' is required/);
	});
	it('lists: comma-separated, JSON, lists, one number; entries whole numbers of 1 or more', () => {
		expect(toIdList(' 1, 2 ,3 ', 'Products')).toEqual([1, 2, 3]);
		expect(toIdList('1, 2,3', 'Products')).toEqual([1, 2, 3]);
		expect(toIdList('[4, "5"]', 'Products')).toEqual([4, 5]);
		expect(toIdList('[4,"5"]', 'Products')).toEqual([4, 5]);
		expect(toIdList([6, '7'], 'Products')).toEqual([6, 7]);
		expect(toIdList([6, ' 7'], 'Products')).toEqual([6, 7]);
		expect(toIdList(8, 'Products')).toEqual([8]);
		for (const bad of [
			'1, x',
			'1,,2',
			'1,',
			'0x10',
			'1e3',
			'1.5',
			'+1',
			'0',
			[0],
			[-1],
			[[1]],
			[{ id: 1 }],
			'[1,',
			'{"a":1}',
			true,
			{ a: 1 },
		]) {
			refused(() => toIdList(bad, 'Products'), 'Products');
		}
		expect(() => toIdList('1, two', 'Products')).toThrow(
			`'Products' must be a list of IDs such as 12, 15: entry 2 is "two", not a whole number of 1 or more`,
		);
	});
});

describe('record ID (whole numbers)', () => {
	it.each([
		['12', '12'],
		[' 12 ', '12'],
		[0, '0'],
		[7, '7'],
		['0042', '0042'],
		[{ __rl: true, mode: 'id', value: '5' }, '5'],
	])('takes %j as %j', (v, id) => {
		expect(toNumericId(v, 'Vendor', 'vendor')).toBe(id);
	});
	it.each([['Leatherworks'], ['12a'], ['1 2'], ['+1'], ['-1'], ['1.5'], ['a/b'], ['١٢']])(
		'refuses %j, naming the field and the hint',
		(v) => {
			const hint = ': pick the vendor with "From list" to choose it by name';
			expect(() => toNumericId(v, 'Vendor', 'vendor', hint)).toThrow(InputError);
			expect(() => toNumericId(v, 'Vendor', 'vendor', hint)).toThrow(
				`'Vendor' must be the vendor's ID, a whole number such as 12, not`,
			);
			expect(() => toNumericId(v, 'Vendor', 'vendor', hint)).toThrow(hint);
		},
	);
	it('keeps the ID rule before it (empty, objects)', () => {
		expect(() => toNumericId('  ', 'Vendor', 'vendor')).toThrow("'Vendor' is required");
		refused(() => toNumericId({ id: 1 }, 'Vendor', 'vendor'), 'Vendor');
	});
});

describe('options, switches, names', () => {
	it('takes listed values only; a number and its decimal text are one value', () => {
		expect(toOption('2', 'Type', [1, 2])).toBe(2);
		expect(toOption(1, 'Send Mail', ['1', '0'])).toBe('1');
		expect(toOption(' DESC ', 'Sort', ['ASC', 'DESC'])).toBe('DESC');
		for (const bad of ['desc', 'x', 3, '1.0', true, [1], { v: 1 }])
			refused(() => toOption(bad, 'Sort', ['ASC', 'DESC', 1]), 'Sort');
	});
	it('switches: true/false, 1/0, their text in any case', () => {
		expect([true, 'TRUE', ' true ', 1, '1'].map((v) => toBoolean(v, 'Test'))).toEqual([
			true,
			true,
			true,
			true,
			true,
		]);
		expect([false, 'False', 0, '0'].map((v) => toBoolean(v, 'Test'))).toEqual([
			false,
			false,
			false,
			false,
		]);
		for (const bad of ['yes', 'on', 2, -1, '   ', [true], {}])
			refused(() => toBoolean(bad, 'Test'), 'Test');
	});
	it('name lists', () => {
		expect(toNameList(' id , title ,, ', 'Fields')).toBe('id,title');
		expect(toNameList(['id', ' created_at'], 'Fields')).toBe('id,created_at');
		for (const bad of [['a,b'], ['id', 1], 'id,ti\ntle', 5, { a: 1 }])
			refused(() => toNameList(bad, 'Fields'), 'Fields');
	});
});

describe('date-time', () => {
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
		['2026-05-01T10:00:00+18:00', '2026-04-30 16:00:00'],
		['2026-05-01T10:00:00-1800', '2026-05-02 04:00:00'],
		['2026-05-01 10:00:00 +02:00', '2026-05-01 08:00:00'],
		['2024-02-29T23:59:59.999999999Z', '2024-02-29 23:59:59'],
		['1000-01-01 00:00:00', '1000-01-01 00:00:00'],
		['9999-12-31T23:59:59Z', '9999-12-31 23:59:59'],
	])('%s -> %s (UTC)', (v, want) => {
		expect(toSpecDateTime(v, 'Start At', 'UTC')).toBe(want);
	});
	it('converts an instant to the wall clock of the workflow time zone', () => {
		expect(toSpecDateTime('2026-07-01T10:00:00Z', 'Start At', 'Europe/Warsaw')).toBe(
			'2026-07-01 12:00:00',
		);
		expect(
			toSpecDateTime(new Date(Date.UTC(2026, 0, 15, 23, 0, 0)), 'Start At', 'Europe/Warsaw'),
		).toBe('2026-01-16 00:00:00');
	});
	it('accepts Luxon-like DateTimes', () => {
		expect(toSpecDateTime({ toISO: () => '2026-03-04T05:06:07.000+00:00' }, 'Start At')).toBe(
			'2026-03-04 05:06:07',
		);
	});
	it.each([
		'tomorrow',
		'2026-02-30 10:00:00',
		'2026-01-01 24:00:00',
		'',
		12345,
		null,
		'2026-05-01T10:00:00+99:99',
		'2026-05-01T10:00:00+18:01',
		'2026-05-01T10:00:00+05:60',
		'2026-13-01',
		'2026-02-30',
		'2025-02-29',
		'2100-02-29',
		'2026-05-01 24:00:00',
		'2026-05-01 23:59:60',
		'0999-12-31 10:00:00',
		'9999-12-31T23:00:00-05:00',
		'1000-01-01T00:00:00+01:00',
		'2026-05-01Z',
		'2026-05-01T10',
		'20260501',
		1767225600000,
		true,
		{},
		new Date('nope'),
		{ isValid: false, toISO: () => null, invalidExplanation: 'unparsable' },
	])('refuses %p', (v) => {
		refused(() => toSpecDateTime(v, 'Start At', 'UTC'), 'Start At');
	});
});

describe('flags and coded options', () => {
	it('sends flags as 1/0 and coded options as numbers', () => {
		expect(fieldValue({ key: 'unique', displayName: 'Unique', kind: 'flag' }, true, 'UTC')).toBe(1);
		expect(fieldValue({ key: 'unique', displayName: 'Unique', kind: 'flag' }, 'false', 'UTC')).toBe(
			0,
		);
		const type = {
			key: 't',
			displayName: 'Type',
			kind: 'options' as const,
			options: [
				[1, 'A'],
				[2, 'B'],
			] as Array<[number, string]>,
		};
		expect(fieldValue(type, '2', 'UTC')).toBe(2);
	});
});

describe('rows', () => {
	const metadata: Field = { key: 'metadata', displayName: 'Metadata', kind: 'metadata' };
	const json: Field = {
		...metadata,
		name: 'metadataJson',
		displayName: 'Metadata (JSON)',
		rowsAsJson: true,
	};
	it('turns the editor shape of Metadata into a list of rows', () => {
		expect(fieldValue(metadata, { meta: [{ meta_title: 'T' }] }, 'UTC')).toEqual([
			{ meta_title: 'T' },
		]);
	});
	it('accepts a list of rows, one row, the editor shape, JSON text', () => {
		const row = { meta_title: 'T', meta_keywords: 'a, b' };
		for (const v of [[row], row, { meta: [row] }, JSON.stringify([row])])
			expect(fieldValue(json, v, 'UTC')).toEqual([row]);
		expect(fieldValue(json, [{ meta_title: 2026, meta_description: null }], 'UTC')).toEqual([
			{ meta_title: '2026' },
		]);
	});
	it('refuses no rows (with the hint on the editor field), unknown keys, wrong cells, empty rows', () => {
		expect(() => fieldValue(metadata, {}, 'UTC')).toThrow(
			"'Metadata' has no rows: add a row or remove the field. To give the rows by an expression, use 'Metadata (JSON)'",
		);
		expect(() => fieldValue(json, [], 'UTC')).toThrow(
			"'Metadata (JSON)' has no rows: add a row or remove the field.",
		);
		expect(() => fieldValue(json, [{ metaTitle: 'x' }], 'UTC')).toThrow(
			"row 1 has an unknown key 'metaTitle'",
		);
		expect(() => fieldValue(json, [{ meta_title: 'x' }, { meta_title: ['a'] }], 'UTC')).toThrow(
			"'Metadata (JSON)' row 2: 'Meta Title' must be text, not a list",
		);
		expect(() => fieldValue(json, [{ meta_title: '', meta_description: '' }], 'UTC')).toThrow(
			"'Metadata (JSON)' row 1 is empty",
		);
		expect(() => fieldValue(json, 42, 'UTC')).toThrow("'Metadata (JSON)' must be rows");
	});
	it('progressive steps: numbers by the number rule, both cells, not the default row', () => {
		const steps: Field = {
			key: 'progressive_steps',
			displayName: 'Progressive Steps',
			kind: 'progressiveSteps',
		};
		expect(fieldValue(steps, { step: [{ treshold: '100', discount: ' 2.5 ' }] }, 'UTC')).toEqual([
			{ treshold: 100, discount: 2.5 },
		]);
		expect(fieldValue(steps, { step: [{ treshold: '100', discount: 5 }] }, 'UTC')).toEqual([
			{ treshold: 100, discount: 5 },
		]);
		expect(() => fieldValue(steps, { step: [{ treshold: 0, discount: 0 }] }, 'UTC')).toThrow(
			'row 1 is empty',
		);
		expect(() => fieldValue(steps, [{ treshold: 5 }], 'UTC')).toThrow("row 1 has no 'Discount'");
		expect(() => fieldValue(steps, [{ threshold: 5, discount: 1 }], 'UTC')).toThrow(
			"the API spells it 'treshold'",
		);
	});
});
