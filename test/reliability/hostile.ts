/**
 * Generated hostile values per field kind, each LABELLED with what the README's input rules say must
 * happen to it: refused, left out (empty), or sent as a stated value. The label comes from how the
 * value was made (a month 13 is refused; digits around spaces are that number), not from the node's
 * code. Seeded by test/prng.ts, so a failing case replays.
 */
import { DateTime, FixedOffsetZone } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import type { Field } from '../../nodes/StorePlatform/endpoint';
import { pick, type Rand } from '../prng';

/** How the expression builds the value from the item: as is, a Luxon DateTime, or a JS Date. */
export type Mode = 'raw' | 'luxon' | 'date';

export type Want = { refuse: true } | { absent: true } | { send: unknown };

export interface Case {
	m: Mode;
	v: unknown;
	want: Want;
	/** What made it, for failure messages and the tally. */
	what: string;
}

const refuse = (what: string, v: unknown, m: Mode = 'raw'): Case => ({
	m,
	v,
	want: { refuse: true },
	what,
});
const send = (what: string, v: unknown, sent: unknown, m: Mode = 'raw'): Case => ({
	m,
	v,
	want: { send: sent },
	what,
});
const absent = (what: string, v: unknown): Case => ({ m: 'raw', v, want: { absent: true }, what });

const int = (rand: Rand, lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

// ---- text ------------------------------------------------------------------------------------

const PIECES = [
	'a',
	'Z',
	'0',
	'9',
	' ',
	'-',
	'_',
	'.',
	'/',
	'?',
	'#',
	'&',
	'=',
	'+',
	'%',
	'%2F',
	'%00',
	'..',
	'\\',
	'"',
	"'",
	'<b>',
	'</script>',
	'{{ $json.x }}',
	'={{1}}',
	'[object Object]',
	'é',
	'ß',
	'Ã©',
	'ключ',
	'中文',
	'😀',
	'👍🏽',
	'\u00a0',
	'\u200b',
	'\u202e',
	'\ufeff',
	'e\u0301',
	'Summer sale',
	';',
	',',
	'@',
	'$',
	'`',
	'~',
	'*',
];
const BREAKS = ['\t', '\n', '\r', '\r\n'];
const CONTROLS = ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f'];
const SURROGATES = ['\ud800', '\udfff', '\ud83d'];

export const pieces = (rand: Rand, max: number, from = PIECES) =>
	Array.from({ length: int(rand, 1, max) }, () => pick(rand, from)).join('');

/** An id-safe word: no breaks, no controls, not only spaces. */
const word = (rand: Rand) =>
	`${pick(rand, ['a', 'x', 'é', '😀', 'id', 'Z'])}${pieces(rand, 4)}`.trim() || 'w';

/** Values every kind refuses (except where a kind says otherwise). */
function wrongShape(rand: Rand): Case {
	return pick(rand, [
		() => refuse('an object', { a: pieces(rand, 3) }),
		() => refuse('an empty object', {}),
		() => refuse('a nested object', { value: { deep: [1, 2] } }),
		() => refuse('a list of words', [pieces(rand, 2), pieces(rand, 2)]),
		() => refuse('a list of objects', [{ a: 1 }]),
		() => refuse('NaN', NaN),
		() => refuse('Infinity', pick(rand, [Infinity, -Infinity])),
	])();
}

/** Text fields (string, text): any well-formed text without control characters, sent exactly. */
export function textCase(rand: Rand, inQuery: boolean): Case {
	const c = pick(rand, [
		() => {
			const v = pieces(rand, 12);
			return send('text', v, v);
		},
		() => {
			const v = `${pieces(rand, 4)}${pick(rand, BREAKS)}${pieces(rand, 4)}`;
			return send('text with a tab or line break', v, v);
		},
		() => send('spaces only', '   ', '   '),
		() => {
			const v = pick(rand, [
				'x'.repeat(int(rand, 2000, 20000)),
				'😀'.repeat(int(rand, 300, 3000)),
				'ü '.repeat(int(rand, 500, 5000)),
			]);
			return send('huge text', v, v);
		},
		() =>
			refuse('a control character', `${pieces(rand, 3)}${pick(rand, CONTROLS)}${pieces(rand, 3)}`),
		() => refuse('an unpaired surrogate', `${pieces(rand, 3)}${pick(rand, SURROGATES)}x`),
		() => {
			const n = pick(rand, [0, 7, -3, 12345, 2.5, -0.125, 9007199254740991]);
			return send('a number', n, String(n));
		},
		() => refuse('a number in exponent form', pick(rand, [1e21, -1e25, 1e-7])),
		() => refuse('a boolean', rand() < 0.5),
		() => absent('empty text', ''),
		() => absent('null', null),
		() => wrongShape(rand),
	])();
	if (inQuery && 'send' in c.want && encodeURIComponent(String(c.want.send)).length > 2000) {
		return { ...c, want: { refuse: true }, what: `${c.what} (too long for the address)` };
	}
	return c;
}

/** Theme asset keys: text whose folder is layout, templates, assets or snippets. */
export function assetKeyCase(rand: Rand): Case {
	return pick(rand, [
		() => {
			const v = `${pick(rand, ['layout', 'templates', 'assets', 'snippets'])}/${word(rand).replace(/\//g, '')}x.css`;
			return send('an asset key', v, v);
		},
		() => refuse('another folder', `config/${word(rand)}`),
		() => refuse('no folder', word(rand).replace(/\//g, '')),
		() => refuse('a number', 42),
		() => refuse('a control character', `assets/x${pick(rand, CONTROLS)}.css`),
		() => refuse('an object', { key: 'assets/x.css' }),
	])();
}

// ---- URLs ------------------------------------------------------------------------------------

export function urlCase(rand: Rand): Case {
	return pick(rand, [
		() => {
			const v = `${pick(rand, ['http', 'https', 'HTTPS', 'Http'])}://${pick(rand, ['example.com', 'hooks.example.org:8443', '127.0.0.1:8080', '[::1]', 'bücher.example', 'a.b.c.example'])}${pick(rand, ['', '/', '/hooks/orders', '/p?a=1&b=%20x', '/ü/😀#frag', '/a;b=c'])}`;
			return send('an http(s) URL', v, v);
		},
		() =>
			send(
				'a URL with user info',
				'https://user:pa%20ss@example.com/x',
				'https://user:pa%20ss@example.com/x',
			),
		() =>
			refuse(
				'javascript:',
				pick(rand, ['javascript:alert(1)', 'JavaScript:void(0)', ' javascript:alert(1)']),
			),
		() => refuse('file:', pick(rand, ['file:///etc/passwd', 'file://host/share'])),
		() => refuse('ftp:', 'ftp://example.com/x'),
		() =>
			refuse(
				'other schemes',
				pick(rand, [
					'data:text/html,<b>x</b>',
					'mailto:a@example.com',
					'ws://example.com',
					'gopher://x',
				]),
			),
		() =>
			refuse(
				'not a URL',
				pick(rand, [
					'not a url',
					'example.com/hooks',
					'//example.com/x',
					'https:example.com',
					'http://',
					'https://',
				]),
			),
		() =>
			refuse(
				'spaces or breaks',
				pick(rand, [
					' https://example.com',
					'https://example.com ',
					'https://exa mple.com',
					'https://example.com/\nx',
					'https://example.com/\tx',
				]),
			),
		() =>
			refuse(
				'a backslash',
				pick(rand, ['https://good.example\\@evil.example', 'https:\\\\evil.example']),
			),
		() => refuse('a bad port', 'http://example.com:99999/'),
		() => refuse('a control character', `https://example.com/${pick(rand, CONTROLS)}`),
		() => refuse('a number', 443),
		() => refuse('a boolean', true),
		() => absent('empty', ''),
		() => wrongShape(rand),
	])();
}

// ---- numbers ---------------------------------------------------------------------------------

export function numberCase(rand: Rand): Case {
	return pick(rand, [
		() => {
			const n = pick(
				rand,
				[0, 1, 7, -1, 250, 1000, 99999, 2.5, -0.75, 19.99, 9007199254740991, -9007199254740991],
			);
			return send('a number', n, n);
		},
		() => send('minus zero', -0, 0),
		() => {
			const n = int(rand, -100000, 100000);
			const text = pick(rand, [String(n), ` ${n} `, `${n}\n`, `\t${n}`]);
			return send('whole number as text', text, n);
		},
		() => {
			const [text, n] = pick(rand, [
				['12.50', 12.5],
				['.5', 0.5],
				['5.', 5],
				['+5', 5],
				['-0.0', 0],
				['007', 7],
				['0.1', 0.1],
				['123456789012345', 123456789012345],
				['-12.345', -12.345],
			] as Array<[string, number]>);
			return send('decimal text', text, n);
		},
		() => refuse('hex, binary, octal', pick(rand, ['0x10', '0X1F', '0b11', '0o17', '0x'])),
		() => refuse('exponent text', pick(rand, ['1e3', '1E3', '2.5e-3', '1e'])),
		() => refuse('separators', pick(rand, ['1_000', '1,5', '1 000', '1.000,00', "1'000"])),
		() =>
			refuse(
				'words',
				pick(rand, ['abc', '12abc', 'NaN', 'Infinity', '-Infinity', '--1', '+-1', '5%', '$5']),
			),
		() => refuse('other digits', pick(rand, ['١٢', '１２', '²'])),
		() => refuse('blank', pick(rand, ['   ', '\t', '\n'])),
		() =>
			refuse(
				'more than 15 significant digits',
				pick(rand, ['1234567890123456', '0.12345678901234567', '99999999999999999999']),
			),
		() => refuse('beyond 2^53 - 1', pick(rand, [9007199254740992, -1e20, 1e21])),
		() => refuse('a boolean', rand() < 0.5),
		() => absent('empty', ''),
		() => absent('null', null),
		() => wrongShape(rand),
	])();
}

// ---- ids -------------------------------------------------------------------------------------

/** IDs: whole numbers ≥ 0 or text (spaces around removed); `required` for path/query params. */
export function idCase(rand: Rand, required: boolean, inPath: boolean): Case {
	const c = pick(rand, [
		() => {
			const n = int(rand, 0, 10 ** int(rand, 1, 12));
			return send('a whole number', n, String(n));
		},
		() => {
			const n = int(rand, 1, 99999);
			return send(
				'digits with spaces around',
				pick(rand, [` ${n} `, `${n}\n`, `\r\n${n}\t`]),
				String(n),
			);
		},
		() => {
			const id = `${word(rand)}${pick(rand, ['/', '?', '#', '%2F', '..', '&x=1', ';', ' ', '+', ''])}${word(rand)}`;
			return send('text with reserved characters', id, id);
		},
		() => send('a dot in a word', 'a..b', 'a..b'),
		() =>
			inPath ? refuse('a dot segment', pick(rand, ['.', '..', ' .. '])) : send('dots', '..', '..'),
		() => refuse('a line break or tab inside', `${word(rand)}${pick(rand, BREAKS)}${word(rand)}`),
		() => refuse('a control character inside', `${word(rand)}${pick(rand, CONTROLS)}${word(rand)}`),
		() => refuse('an unpaired surrogate', `1${pick(rand, SURROGATES)}`),
		() => refuse('over 255 characters', '7'.repeat(int(rand, 256, 3000))),
		() => send('255 characters', 'k'.repeat(255), 'k'.repeat(255)),
		() => refuse('a fraction', pick(rand, [1.5, -0.5])),
		() => refuse('a negative number', pick(rand, [-1, -42])),
		() => refuse('beyond 2^53 - 1', 2 ** 53),
		() => refuse('a boolean', rand() < 0.5),
		() => refuse('a list', [1, 2]),
		() => refuse('an object', { id: 1 }),
		() => refuse('NaN', NaN),
		() =>
			required
				? refuse('blank', pick(rand, ['', '   ', null]))
				: absent('blank', pick(rand, ['', '   ', null])),
	])();
	return c;
}

/** How an accepted id is sent in a JSON body: digits (up to 15) as a number, other ids as text. */
export const bodyId = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : id);

export function idListCase(rand: Rand): Case {
	return pick(rand, [
		() => {
			const ids = Array.from({ length: int(rand, 1, 5) }, () => int(rand, 1, 99999));
			const text = ids.join(pick(rand, [',', ', ', ' ,', ' , ']));
			return send('comma-separated ids', pick(rand, [text, ` ${text} `]), ids);
		},
		() => {
			const ids = Array.from({ length: int(rand, 1, 5) }, () => int(rand, 1, 99999));
			return send(
				'a list',
				ids.map((n) => (rand() < 0.5 ? n : ` ${n}`)),
				ids,
			);
		},
		() => {
			const ids = [int(rand, 1, 999), int(rand, 1, 999)];
			return send('JSON text', JSON.stringify(ids), ids);
		},
		() => {
			const n = int(rand, 1, 999);
			return send('one number', n, [n]);
		},
		() => absent('an empty list', pick(rand, [[], '  '])),
		() => refuse('an empty entry', pick(rand, ['1,,2', '1,', ',1', '1, ,2'])),
		() => refuse('hex or exponent', pick(rand, ['0x10', '1e3', '0b11', '[0x10]'])),
		() => refuse('a fraction or sign', pick(rand, ['1.5', '+1', '-1', [1.5], [-1], ['2.0']])),
		() => refuse('zero', pick(rand, ['0', [0], 0])),
		() => refuse('words', pick(rand, ['1, two', ['a'], 'abc'])),
		() => refuse('nested', pick(rand, [[[1]], [{ id: 1 }], '[[1]]', '{"a":1}'])),
		() => refuse('broken JSON', pick(rand, ['[1, 2', '[1,]'])),
		() => refuse('a boolean', true),
		() => refuse('an object', { a: 1 }),
		() => refuse('a control character', `1,\u00002`),
	])();
}

// ---- options, booleans -------------------------------------------------------------------------

export function optionCase(rand: Rand, field: Field): Case {
	const values = (field.options ?? []).map((o) => o[0]);
	const numeric = typeof values[0] === 'number';
	const v = pick(rand, values);
	return pick(rand, [
		() => send('a listed value', v, v),
		() =>
			send(
				'a listed value as text/number',
				numeric ? ` ${v}` : rand() < 0.5 ? v : ` ${String(v)} `,
				v,
			),
		() =>
			numeric || !/^\d+$/.test(String(v))
				? send('a listed value', v, v)
				: send('a listed code as a number', Number(v), v),
		() =>
			refuse('an unlisted value', pick(rand, ['nope', 'ALL ', '999', 99, '1.5', 'order/unknown'])),
		() =>
			refuse(
				'a listed value in another case',
				typeof v === 'string' && v.toUpperCase() !== v ? v.toUpperCase() : 'NOPE',
			),
		() => refuse('a boolean', true),
		() => refuse('a list of listed values', [v]),
		() => refuse('an object', { value: v }),
		() => absent('empty', ''),
	])();
}

export function booleanCase(rand: Rand, flag: boolean): Case {
	const as = (b: boolean) => (flag ? (b ? 1 : 0) : b);
	return pick(rand, [
		() => {
			const b = rand() < 0.5;
			return send('a boolean', b, as(b));
		},
		() => {
			const [v, b] = pick(rand, [
				['true', true],
				['FALSE', false],
				[' True ', true],
				['1', true],
				['0', false],
				[1, true],
				[0, false],
			] as Array<[unknown, boolean]>);
			return send('true/false/1/0', v, as(b));
		},
		() => refuse('other words', pick(rand, ['yes', 'no', 'on', 'off', 'y', 'truee', '   '])),
		() => refuse('other numbers', pick(rand, [2, -1, 0.5, NaN])),
		() => refuse('a list', [true]),
		() => refuse('an object', { value: true }),
		() => absent('empty', ''),
	])();
}

// ---- dates -----------------------------------------------------------------------------------

const p2 = (n: number) => String(n).padStart(2, '0');

/** A date-time case; `tz` is the workflow's time zone the node converts zoned values into. */
export function dateCase(rand: Rand, tz: string): Case {
	const year = rand() < 0.8 ? int(rand, 1970, 2100) : int(rand, 1000, 9999);
	const month = int(rand, 1, 12);
	const day = int(rand, 1, DateTime.local(year, month).daysInMonth ?? 28);
	const [h, mi, s] = [int(rand, 0, 23), int(rand, 0, 59), int(rand, 0, 59)];
	const date = `${year}-${p2(month)}-${p2(day)}`;
	const time = `${p2(h)}:${p2(mi)}:${p2(s)}`;
	const wall = `${date} ${time}`;
	const zoned = (offsetMinutes: number, text: string, m: Mode = 'raw'): Case => {
		const at = DateTime.fromObject(
			{ year, month, day, hour: h, minute: mi, second: s },
			{ zone: FixedOffsetZone.instance(offsetMinutes) },
		);
		const local = at.setZone(tz);
		if (local.year < 1000 || local.year > 9999)
			return refuse('a zoned date beyond year 1000-9999 once converted', text, m);
		return send(
			m === 'raw' ? 'ISO with an offset' : `a ${m === 'luxon' ? 'Luxon DateTime' : 'JS Date'}`,
			text,
			local.toFormat('yyyy-MM-dd HH:mm:ss'),
			m,
		);
	};
	const offset = () => {
		const hours = int(rand, 0, 18);
		const minutes = hours === 18 ? 0 : pick(rand, [0, 30, 45, 15]);
		const sign = rand() < 0.5 ? -1 : 1;
		const text = `${sign < 0 ? '-' : '+'}${p2(hours)}${rand() < 0.7 ? ':' : ''}${p2(minutes)}`;
		return [sign * (hours * 60 + minutes), text] as const;
	};
	return pick(rand, [
		() => send("the spec's form", wall, wall),
		() => send('ISO without a zone', `${date}T${time}`, wall),
		() => send('ISO with fractions', `${date}T${time}.${int(rand, 0, 999999)}`, wall),
		() => send('minutes only', `${date}T${p2(h)}:${p2(mi)}`, `${date} ${p2(h)}:${p2(mi)}:00`),
		() => send('a date alone', date, `${date} 00:00:00`),
		() => send('spaces around', ` ${wall}\n`, wall),
		() => {
			const [minutes, text] = offset();
			return zoned(minutes, `${date}T${time}${text}`);
		},
		() => zoned(0, `${date}T${time}${pick(rand, ['Z', 'z', '.5Z', ' Z'])}`),
		() => {
			const [minutes, text] = offset();
			return zoned(
				minutes,
				`${date}T${time}${text.length === 6 ? text : `${text.slice(0, 3)}:${text.slice(3)}`}`,
				'luxon',
			);
		},
		() => zoned(0, `${date}T${time}Z`, 'date'),
		() =>
			refuse(
				'an impossible offset',
				`${date}T${time}${pick(rand, ['+99:99', '-99:00', '+19:00', '-18:30', '+05:60', '+24:00'])}`,
			),
		() => refuse('month 13 or 0', `${year}-${pick(rand, ['13', '00'])}-01 10:00:00`),
		() =>
			refuse(
				'a day the month lacks',
				pick(rand, [
					'2026-02-30',
					'2025-02-29',
					'2100-02-29',
					'2026-04-31',
					'2026-01-32',
					'2026-01-00',
				]),
			),
		() =>
			refuse(
				'hour 24, minute or second 60',
				`${date} ${pick(rand, ['24:00:00', '23:60:00', '23:59:60', '99:00'])}`,
			),
		() =>
			refuse(
				'a year outside 1000-9999',
				pick(rand, ['0999-12-31 10:00:00', '0000-00-00 00:00:00', '10000-01-01', '-2026-05-01']),
			),
		() =>
			refuse(
				'another format',
				pick(rand, [
					'01/05/2026',
					'2026-5-1',
					'2026/05/01',
					'20260501',
					'2026-05-01T10',
					'2026-W18-5',
					'2026-121',
					'next friday',
					'2026-05-01Z',
					'May 1, 2026',
				]),
			),
		() => refuse('a number (epoch or digits)', pick(rand, [20260501, 1767225600000, 0])),
		() => refuse('an invalid Luxon DateTime', 'not a date', 'luxon'),
		() => refuse('an invalid JS Date', 'not a date', 'date'),
		() => refuse('a boolean', true),
		() => absent('empty', pick(rand, ['', null])),
		() => wrongShape(rand),
	])();
}

// ---- names, rows, timeout ---------------------------------------------------------------------

export function nameListCase(rand: Rand): Case {
	return pick(rand, [
		() => send('names', 'id,title', 'id,title'),
		() =>
			send(
				'names with spaces and empty entries',
				pick(rand, [' id , title ,, ', 'id,,title']),
				'id,title',
			),
		() => send('a list of names', [' id', 'created_at '], 'id,created_at'),
		() => {
			const v = pieces(rand, 6).replace(/,/g, '');
			return v.trim() ? send('unicode names', v, v.trim()) : absent('blank names', v);
		},
		() => absent('only commas', pick(rand, [',', ' , ,'])),
		() => refuse('a name with a comma in a list', ['a,b']),
		() => refuse('a list with a number', ['id', 1]),
		() => refuse('a control character', `id,ti${pick(rand, [...CONTROLS, ...BREAKS])}tle`),
		() =>
			refuse(
				'too long for the address',
				Array.from({ length: 400 }, (_, k) => `field_${k}`).join(','),
			),
		() => refuse('a number', 5),
		() => refuse('an object', { a: 1 }),
	])();
}

export function timeoutCase(rand: Rand): Case {
	return pick(rand, [
		() => send('seconds', pick(rand, [1, 30, 3600, '45', ' 60 ']), 'same request'),
		() => refuse('zero or negative', pick(rand, [0, -1, '-5'])),
		() => refuse('beyond an hour', pick(rand, [3601, 1e9, 2 ** 31])),
		() => refuse('a fraction', pick(rand, [1.5, '0.5'])),
		() => refuse('hex or words', pick(rand, ['0x10', 'abc', '1e3'])),
		() => refuse('a boolean', true),
		() => absent('empty', ''),
	])();
}

const META = ['meta_title', 'meta_description', 'meta_keywords'];

/** Rows for Metadata (JSON) / Progressive Steps (JSON), given by an expression. */
export function rowsCase(rand: Rand, kind: 'metadata' | 'progressiveSteps'): Case {
	const metaRow = () => {
		const keys = META.filter(() => rand() < 0.7);
		if (keys.length === 0) keys.push(pick(rand, META));
		const row = Object.fromEntries(keys.map((k) => [k, pieces(rand, 5).trim() || 'k']));
		return [row, row] as const;
	};
	const stepRow = () => {
		const t = int(rand, 1, 5000);
		const d = pick(rand, [5, 10, 12.5, 0]);
		const given =
			rand() < 0.5 ? { treshold: t, discount: d } : { treshold: String(t), discount: ` ${d} ` };
		return [given, { treshold: t, discount: d }] as const;
	};
	const make: () => readonly [IDataObject, IDataObject] = kind === 'metadata' ? metaRow : stepRow;
	const rows = () => Array.from({ length: int(rand, 1, 3) }, make);
	const item = kind === 'metadata' ? 'meta' : 'step';
	const common: Array<() => Case> = [
		() => {
			const r = rows();
			return send(
				'a list of rows',
				r.map(([g]) => g),
				r.map(([, w]) => w),
			);
		},
		() => {
			const [g, w] = make();
			return send('one row', g, [w]);
		},
		() => {
			const r = rows();
			return send(
				"the editor's shape",
				{ [item]: r.map(([g]) => g) },
				r.map(([, w]) => w),
			);
		},
		() => {
			const r = rows();
			return send(
				'JSON text',
				JSON.stringify(r.map(([g]) => g)),
				r.map(([, w]) => w),
			);
		},
		() => refuse('no rows', pick(rand, [[], {}, '[]', { [item]: [] }])),
		() => refuse('not JSON', pick(rand, ['abc', '[{', 'meta_title=x'])),
		() => refuse('rows that are not objects', pick(rand, [[1, 2], ['x'], [null], [[{}]], '[1]'])),
		() => refuse('a number or boolean', pick(rand, [5, true])),
		() =>
			refuse('an unknown key', [
				{ ...make()[0], [pick(rand, ['metaTitle', 'title', 'threshold', 'x'])]: 'v' },
			]),
	];
	const specific: Array<() => Case> =
		kind === 'metadata'
			? [
					() =>
						refuse(
							'an empty row',
							pick(rand, [[{ meta_title: '' }], [{}], [{ meta_title: '', meta_keywords: '' }]]),
						),
					() => refuse('an object in a cell', [{ meta_title: { a: 1 } }]),
					() => refuse('a list in a cell', [{ meta_keywords: ['a', 'b'] }]),
					() =>
						refuse('a control character in a cell', [{ meta_title: `x${pick(rand, CONTROLS)}` }]),
					() =>
						send(
							'null cells left out',
							[{ meta_title: 'T', meta_description: null }],
							[{ meta_title: 'T' }],
						),
					() => send('numbers in cells as text', [{ meta_title: 2026 }], [{ meta_title: '2026' }]),
				]
			: [
					() =>
						refuse('hex or words in a cell', [
							{ treshold: pick(rand, ['0x10', 'abc', '1e3', '']), discount: 1 },
						]),
					() => refuse('a missing cell', pick(rand, [[{ treshold: 5 }], [{ discount: 5 }]])),
					() => refuse('a default row (0, 0)', [{ treshold: 0, discount: 0 }]),
					() => refuse('a boolean in a cell', [{ treshold: 1, discount: true }]),
				];
	return pick(rand, [...common, ...specific])();
}
