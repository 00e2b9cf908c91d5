/**
 * The time filter of a scan's pass (scan.ts scanQuery): one second early, so that strict and inclusive filters read
 * the same records, except where MAX_WINDOW raised a wide pass's start: the second below it overflowed the bound
 * and is no longer kept, and an inclusive filter would hand that burst back at every pass (the 1.x e2e quiet poll
 * read 3,437 pages in 16 requests instead of 3).
 */
import {
	LOOKBACK_S,
	scanQuery,
	type ScanState,
} from '../../../nodes/StorePlatform/poll/rules/scan';

const FLOOR = '2030-01-01 12:00:00';
const state = (from: string | undefined): ScanState => ({
	floor: FLOOR,
	seen: {},
	...(from === undefined ? {} : { pass: { at: 0, nextFloor: FLOOR, from } }),
});

describe('the time filter of a pass', () => {
	test('LOOKBACK_S is the hour these cases assume', () => expect(LOOKBACK_S).toBe(3600));

	test.each([
		['a pass from the floor', undefined, '2030-01-01 11:59:59'],
		['a pass from the floor, stated', FLOOR, '2030-01-01 11:59:59'],
		['a wide pass from the hour below the floor', '2030-01-01 11:00:00', '2030-01-01 10:59:59'],
		[
			'a wide pass from further below (a window kept longer)',
			'2030-01-01 10:30:00',
			'2030-01-01 10:29:59',
		],
		['a wide pass whose start MAX_WINDOW raised', '2030-01-01 11:40:07', '2030-01-01 11:40:07'],
	])('%s', (_what, from, asked) => {
		expect(scanQuery(state(from), 'updated_at')).toEqual({ updated_at_min: asked });
	});

	test('no floor yet: no filter', () => {
		expect(scanQuery({ floor: '', seen: {} }, 'updated_at')).toEqual({});
	});
});
