/**
 * The output options: Normalize Numbers and Simplify. (The input rules are in inputRules.test.ts.)
 */
import { normaliseNumbers, simplify } from '../../nodes/StorePlatform/api/output';

describe('output options', () => {
	it('normalises numeric strings but keeps codes and leading zeros', () => {
		expect(
			normaliseNumbers({
				id: '12',
				price: '10.50',
				sku: '12345',
				barcode: '590123',
				order_id: '0012',
				items: [{ quantity: '2' }],
			}),
		).toEqual({
			id: 12,
			price: 10.5,
			sku: '12345',
			barcode: '590123',
			order_id: '0012',
			items: [{ quantity: 2 }],
		});
	});

	it('simplifies to the listed fields and counts line items', () => {
		expect(
			simplify({ user_key: 'k', email: 'a@b.c', items: [{}, {}], data: 'x' }, [
				'user_key',
				'email',
				'items:count',
			]),
		).toEqual({
			user_key: 'k',
			email: 'a@b.c',
			items_count: 2,
		});
	});
});
