/**
 * Voucher Create of new nodes (typeVersion 3) through n8n-core's engine against the sandbox (issue 31, point 7):
 * where a Discount Type calls for an amount, a percent or steps, a voucher with nothing off is refused before any
 * request, naming the field; Amount Off and Percent Off start empty and n8n's own check of required fields refuses
 * them left so (as the editor marks them), a 0 or less typed in is refused by the node's rule. Nodes saved at typeVersion 2 still send what they sent.
 */
import type { INodeParameters } from 'n8n-workflow';

import { apiRequests, jsonOf, runStore, useSandbox } from './setup';

const env = useSandbox();

const create = (extra: INodeParameters): INodeParameters => ({
	resource: 'voucher',
	operation: 'create',
	code: 'NOTHING',
	...extra,
});

describe('voucher Create (typeVersion 3): no voucher with nothing off', () => {
	it.each([
		['Price Discount, Amount Off left as it was', { discountType: 1 }, "'Amount Off'"],
		['Price Discount and Free Shipping, Amount Off left', { discountType: 6 }, "'Amount Off'"],
		['Price Discount, Amount Off below 0', { discountType: 1, discountAmount: -5 }, "'Amount Off'"],
		['Percent Discount, Percent Off left as it was', { discountType: 2 }, "'Percent Off'"],
		[
			'Percent Discount and Free Shipping, Percent Off 0',
			{ discountType: 7, discountPercent: 0 },
			"'Percent Off'",
		],
		['Percent Discount over 100', { discountType: 2, discountPercent: 150 }, "'Percent Off'"],
		['Progressive Discount without steps', { discountType: 5 }, "'Progressive Steps'"],
	])('%s: refused before any request, naming the field', async (_what, params, field) => {
		const s = env.sandbox;
		const before = s.store.vouchers.size;
		const result = await runStore(s, create(params), { typeVersion: 3 });
		// n8n's own check names an empty required field ("Amount Off"), the node's rule a refused value ('Amount Off')
		expect(result.error?.message).toMatch(new RegExp(`["']${field.slice(1, -1)}["']`));
		expect(result.error?.message).not.toMatch(/has no rows/);
		expect(apiRequests(s)).toHaveLength(0);
		expect(s.store.vouchers.size).toBe(before);
	});

	it.each([
		['Amount Off 5', { discountType: 1, discountAmount: 5 }, { discount_amount: 5 }],
		['Percent Off 100', { discountType: 2, discountPercent: 100 }, { discount_percent: 100 }],
		['Free Shipping (nothing to give)', { discountType: 3 }, { discount_type: 3 }],
		[
			'steps given by their JSON field only',
			{ discountType: 5, progressiveStepsJson: '[{"treshold": 100, "discount": 5}]' },
			{ progressive_steps: [{ treshold: 100, discount: 5 }] },
		],
	])('%s: created', async (_what, params, sent) => {
		const s = env.sandbox;
		const result = await runStore(s, create(params), { typeVersion: 3 });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].code).toBe('NOTHING');
		const [request] = apiRequests(s);
		expect(request.body).toMatchObject(sent);
	});

	it('typeVersion 2 sends an Amount Off of 0 as it always did (saved workflows keep their bodies)', async () => {
		const s = env.sandbox;
		const result = await runStore(
			s,
			create({ additionalFields: { discountType: 1, discountAmount: 0 } }),
			{ typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		const [request] = apiRequests(s);
		expect(request.body).toEqual({ code: 'NOTHING', discount_type: 1, discount_amount: 0 });
	});
});
