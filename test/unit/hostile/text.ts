/**
 * Hostile text, asset key, URL, name list, timeout and rows values (see ../hostile.ts).
 */
import type { IDataObject } from 'n8n-workflow';

import { pick, type Rand } from '../../prng';
import {
	absent,
	BREAKS,
	type Case,
	CONTROLS,
	int,
	pieces,
	refuse,
	send,
	SURROGATES,
	word,
	wrongShape,
} from './case';

/**
 * Text fields (string, text): any well-formed text without control characters, sent exactly; a `required`
 * text must hold more than white space.
 */
export function textCase(rand: Rand, inQuery: boolean, required = false): Case {
	// pieces can make text of white space only (a space, U+00A0, U+FEFF, a break): a required text refuses it
	const text = (what: string, v: string) =>
		required && v.trim() === '' ? refuse(`${what}, white space only`, v) : send(what, v, v);
	const c = pick(rand, [
		() => text('text', pieces(rand, 12)),
		() =>
			text(
				'text with a tab or line break',
				`${pieces(rand, 4)}${pick(rand, BREAKS)}${pieces(rand, 4)}`,
			),
		() => {
			const v = pick(rand, ['   ', ' ', '\t\n', '\u00a0 \u3000', '\r\n  ']);
			return required ? refuse('white space only', v) : send('white space only', v, v);
		},
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
		() => {
			const v = pick(rand, [1, 30, 3600, '45', ' 60 ']);
			return send('seconds', v, Number(String(v).trim()));
		},
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
