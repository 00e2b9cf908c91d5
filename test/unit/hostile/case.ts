/**
 * The labelled hostile case (refused, left out, or sent as a stated value) and the pieces the
 * catalogue builds its values from (see ../hostile.ts).
 */
import { pick, type Rand } from '../../prng';

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

export const refuse = (what: string, v: unknown, m: Mode = 'raw'): Case => ({
	m,
	v,
	want: { refuse: true },
	what,
});
export const send = (what: string, v: unknown, sent: unknown, m: Mode = 'raw'): Case => ({
	m,
	v,
	want: { send: sent },
	what,
});
export const absent = (what: string, v: unknown): Case => ({
	m: 'raw',
	v,
	want: { absent: true },
	what,
});

export const int = (rand: Rand, lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

// ---- text ------------------------------------------------------------------------------------

export const PIECES = [
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
export const BREAKS = ['\t', '\n', '\r', '\r\n'];
export const CONTROLS = [
	'\u0000',
	'\u0001',
	'\u0008',
	'\u000b',
	'\u000c',
	'\u001b',
	'\u001f',
	'\u007f',
];
export const SURROGATES = ['\ud800', '\udfff', '\ud83d'];

export const pieces = (rand: Rand, max: number, from = PIECES) =>
	Array.from({ length: int(rand, 1, max) }, () => pick(rand, from)).join('');

/** An id-safe word: no breaks, no controls, not only spaces. */
export const word = (rand: Rand) =>
	`${pick(rand, ['a', 'x', 'é', '😀', 'id', 'Z'])}${pieces(rand, 4)}`.trim() || 'w';

/** Values every kind refuses (except where a kind says otherwise). */
export function wrongShape(rand: Rand): Case {
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
