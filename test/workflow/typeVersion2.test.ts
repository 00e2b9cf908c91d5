/**
 * The action node's typeVersion 2 (new nodes): Simplify is a top-level switch, on by default, and empty dates
 * (0000-00-00 00:00:00) come out as null. typeVersion 1 (saved workflows) keeps Options > Simplify and the dates
 * as the shop sends them. Filters of the options kind start at "Any" and then filter nothing.
 */
import { apiRequests, byId, jsonOf, runStore, useSandbox } from './setup';

const env = useSandbox();

const getVoucher2 = { resource: 'voucher', operation: 'get', voucherId: byId(2) };
const v2 = { typeVersion: 2 };

describe('action node typeVersion 2', () => {
	it('simplifies Get by default and outputs an empty date as null', async () => {
		const result = await runStore(env.sandbox, getVoucher2, v2);
		expect(result.error).toBeUndefined();
		const [record] = jsonOf(result);
		expect(Object.keys(record).sort()).toEqual(
			[
				'activate',
				'code',
				'discount_type',
				'discount_value',
				'finish_at',
				'id',
				'items_count',
				'quantity',
				'quantity_used',
				'start_at',
			].sort(),
		);
		expect(record.finish_at).toBeNull();
		expect(record.start_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
	});

	it('returns the whole record with Simplify off, empty dates still null', async () => {
		const result = await runStore(env.sandbox, { ...getVoucher2, simplify: false }, v2);
		const [record] = jsonOf(result);
		expect(Array.isArray(record.items)).toBe(true);
		expect(record.finish_at).toBeNull();
	});

	it('simplifies Get Many by default', async () => {
		const result = await runStore(
			env.sandbox,
			{ resource: 'voucher', operation: 'getAll', limit: 3 },
			v2,
		);
		expect(jsonOf(result)).toHaveLength(3);
		for (const record of jsonOf(result)) expect(record).not.toHaveProperty('discount_on');
	});
});

describe('action node typeVersion 1 (saved workflows)', () => {
	it('returns the whole record with the empty date as sent', async () => {
		const result = await runStore(env.sandbox, getVoucher2, { typeVersion: 1 });
		const [record] = jsonOf(result);
		expect(Array.isArray(record.items)).toBe(true);
		expect(record.finish_at).toBe('0000-00-00 00:00:00');
	});

	it('still reads Options > Simplify', async () => {
		const result = await runStore(
			env.sandbox,
			{ ...getVoucher2, options: { simplify: true } },
			{ typeVersion: 1 },
		);
		const [record] = jsonOf(result);
		expect(record).toHaveProperty('items_count');
		expect(record).not.toHaveProperty('items');
		expect(record.finish_at).toBe('0000-00-00 00:00:00');
	});
});

describe('filters of the options kind', () => {
	it('"Any" (the default) sends no filter; a chosen value does', async () => {
		const s = env.sandbox;
		await runStore(s, { resource: 'voucher', operation: 'count', filters: { discountType: '' } });
		await runStore(s, { resource: 'voucher', operation: 'count', filters: { discountType: 3 } });
		const [any, chosen] = apiRequests(s);
		expect(any.query).toEqual({});
		expect(chosen.query).toEqual({ discount_type: '3' });
	});
});
