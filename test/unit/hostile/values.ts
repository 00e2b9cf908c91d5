/**
 * Hostile number, id, id list, option, boolean and date values (see ../hostile.ts).
 */
import { DateTime, FixedOffsetZone } from 'luxon';

import type { Field } from '../../../nodes/StorePlatform/endpoint';
import { pick, type Rand } from '../../prng';
import {
	absent,
	BREAKS,
	type Case,
	CONTROLS,
	int,
	type Mode,
	refuse,
	send,
	SURROGATES,
	word,
	wrongShape,
} from './case';

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
/**
 * Ids: `numeric` for the records whose ids are whole numbers (every id param but a cart's user key and an
 * asset key), where any text but digits is refused, naming the field, with the "From list" hint.
 */
export function idCase(rand: Rand, required: boolean, inPath: boolean, numeric = false): Case {
	const text = (what: string, v: string, sent: string): Case =>
		numeric ? refuse(`${what} (not a whole number)`, v) : send(what, v, sent);
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
			return text('text with reserved characters', id, id);
		},
		() => text('a dot in a word', 'a..b', 'a..b'),
		() =>
			inPath ? refuse('a dot segment', pick(rand, ['.', '..', ' .. '])) : text('dots', '..', '..'),
		() => refuse('a line break or tab inside', `${word(rand)}${pick(rand, BREAKS)}${word(rand)}`),
		() => refuse('a control character inside', `${word(rand)}${pick(rand, CONTROLS)}${word(rand)}`),
		() => refuse('an unpaired surrogate', `1${pick(rand, SURROGATES)}`),
		() => refuse('over 255 characters', '7'.repeat(int(rand, 256, 3000))),
		() => text('255 characters', 'k'.repeat(255), 'k'.repeat(255)),
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
