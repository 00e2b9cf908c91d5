/**
 * PHP's urlencode() by encodeURIComponent (trigger/hmac.ts, the hot part of verifying and keying a delivery) gives
 * the bytes of the byte-by-byte reference for every string: ASCII, multi-byte, astral and lone surrogates.
 */
import { phpUrlencode, phpUrlencodeBytes } from '../../nodes/StorePlatform/trigger/hmac';
import { prng } from '../prng';

describe('phpUrlencode', () => {
	it.each([
		['', ''],
		['a b', 'a+b'],
		["!'()*~-_.", '%21%27%28%29%2A%7E-_.'],
		['Kraków & ring', 'Krak%C3%B3w+%26+ring'],
		['%20', '%2520'],
		['\ud800', '%EF%BF%BD'],
	])('%j → %s', (input, expected) => {
		expect(phpUrlencode(input)).toBe(expected);
		expect(phpUrlencodeBytes(input)).toBe(expected);
	});

	it('equals the byte-by-byte reference on 20,000 random strings', () => {
		const rand = prng(36);
		const pool = [
			...Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)),
			'ó',
			'ß',
			'€',
			'中',
			'😀',
			'\ud83d',
			'\ude00',
			'\u00a0',
			'\u2028',
			'\ufeff',
		];
		for (let k = 0; k < 20000; k++) {
			const length = Math.floor(rand() * 12);
			let s = '';
			for (let j = 0; j < length; j++) s += pool[Math.floor(rand() * pool.length)];
			expect(phpUrlencode(s)).toBe(phpUrlencodeBytes(s));
		}
	});
});
