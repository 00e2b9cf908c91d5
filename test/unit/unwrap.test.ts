import {
	inBandError,
	twinOf,
	unwrapCount,
	unwrapOne,
	unwrapRecords,
} from '../../nodes/StorePlatform/api/unwrap';

describe('unwrapRecords', () => {
	const p = { id: 1, title: 'A' };
	it.each([
		['documented key', { promotions: [p] }, 'promotions', [p]],
		['plural twin', { promotion: [p] }, 'promotions', [p]],
		['singular twin', { promotions: p }, 'promotion', [p]],
		['irregular twin', { status: p }, 'statuses', [p]],
		['other single key', { data: [p] }, 'promotions', [p]],
		['no wrapper', [p], 'promotions', [p]],
		['bare record', p, 'promotion', [p]],
		['empty list', { promotions: [] }, 'promotions', []],
		['empty body', '', 'promotions', []],
		['PHP keyed list', { promotions: { '3': p, '7': { id: 7 } } }, 'promotions', [p, { id: 7 }]],
	])('%s', (_name, body, key, expected) => {
		expect(unwrapRecords(body, key)).toEqual(expected);
	});

	it('never unwraps a scalar status result', () => {
		expect(unwrapOne({ status: 'ok' }, 'status')).toEqual({ status: 'ok' });
		expect(unwrapOne({ id: '5' }, 'status')).toEqual({ id: '5' });
	});

	it('takes an array of one as one record', () => {
		expect(unwrapOne({ application_charges: [{ id: '3' }] }, 'application_charges')).toEqual({
			id: '3',
		});
		expect(unwrapOne({ user: [{ id: 2 }] }, 'user')).toEqual({ id: 2 });
	});

	it('knows the twins', () => {
		expect(twinOf('categories')).toBe('category');
		expect(twinOf('status')).toBe('statuses');
		expect(twinOf('theme_scripts')).toBe('theme_script');
		expect(twinOf('cart')).toBe('carts');
	});
});

describe('counts and in-band errors', () => {
	it('reads counts as numbers or strings', () => {
		expect(unwrapCount({ count: 12 })).toBe(12);
		expect(unwrapCount({ count: '12' })).toBe(12);
		expect(unwrapCount({ data: { count: 3 } })).toBe(3);
		expect(unwrapCount(7)).toBe(7);
		expect(unwrapCount({ total: 1, other: 2 })).toBeUndefined();
	});

	it('detects status:err bodies', () => {
		expect(inBandError({ status: 'err', error: 404, error_msg: 'Not found' })).toEqual({
			code: '404',
			message: 'Not found',
		});
		expect(inBandError({ status: 'ok' })).toBeUndefined();
		expect(inBandError({ status: 'error', message: 'Bad token' })).toEqual({
			code: undefined,
			message: 'Bad token',
		});
		expect(inBandError({ id: 3, status: 'error' })).toBeUndefined();
		expect(inBandError({ status: { id: 1 } })).toBeUndefined();
	});
});
