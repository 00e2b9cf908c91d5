/**
 * The voucher forms of new nodes (typeVersion 3, the default) against the sandbox: Create with the fields at the
 * top that the chosen types call for, a maximum that sends its own flag, Other API Keys; Update refusing a field
 * that contradicts another; Get Many with the steps as rows in the query (see ./case.ts).
 */
import { byId } from '../setup';
import { type Case, list, record } from './case';

export const VOUCHER_FORM_CASES: Case[] = [
	{
		name: 'voucher create (typeVersion 3 form): percent off on a vendor, with a maximum',
		params: {
			resource: 'voucher',
			operation: 'create',
			code: 'LEATHER15',
			discountType: 2,
			discountPercent: 15,
			discountOn: 3,
			discountOnType: 4,
			discountSet: '2',
			additionalFields: {
				discountMaximalValue: 3000,
				voucherMultipleUse: 1,
				quantity: 50,
				otherApiKeys: '{"per_client": 1}',
			},
		},
		method: 'POST',
		path: '/services/vouchers',
		body: {
			code: 'LEATHER15',
			discount_type: 2,
			discount_percent: 15,
			discount_on: 3,
			discount_on_type: 4,
			discount_set: 2,
			discount_maximal_value: 3000,
			discount_maximal_value_require: 1,
			voucher_multiple_use: 1,
			quantity: 50,
			per_client: 1,
		},
		check: (out, s) => {
			record({ code: 'LEATHER15' })(out);
			const stored = s.store.vouchers.rows.find((v) => v.code === 'LEATHER15');
			expect(stored).toMatchObject({
				discount_type: 2,
				discount_value: 15,
				discount_on: 3,
				discount_on_type: 4,
				discount_on_value: 2,
				quantity: 50,
			});
		},
	},
	{
		name: 'voucher create (typeVersion 3 form): progressive steps',
		params: {
			resource: 'voucher',
			operation: 'create',
			code: 'AUTUMN5',
			discountType: 5,
			progressiveStepsTresholdType: 1,
			progressiveStepsDiscountType: 2,
			progressiveSteps: {
				step: [
					{ treshold: 100, discount: 5 },
					{ treshold: 200, discount: 10 },
				],
			},
			additionalFields: { quantity: 3, unique: true },
		},
		method: 'POST',
		path: '/services/vouchers',
		// Discount On is at its default (All Orders); Amount Off, shown only for the price types, is not sent
		body: {
			code: 'AUTUMN5',
			discount_type: 5,
			discount_on: 1,
			progressive_steps_treshold_type: 1,
			progressive_steps_discount_type: 2,
			progressive_steps: [
				{ treshold: 100, discount: 5 },
				{ treshold: 200, discount: 10 },
			],
			quantity: 3,
			unique: 1,
		},
		check: (out) => {
			record({ code: 'AUTUMN5' })(out);
		},
	},
	{
		name: 'voucher update (typeVersion 3 form): a minimal order value sends its flag',
		params: {
			resource: 'voucher',
			operation: 'update',
			voucherId: byId(2),
			updateFields: { discountMinimalValue: 2500, applyOnce: 1 },
		},
		method: 'PUT',
		path: '/services/vouchers/2',
		body: { discount_minimal_value: 2500, discount_minimal_value_require: 1, apply_once: 1 },
		check: (out) => expect(String(out[0].id)).toBe('2'),
	},
	{
		name: 'voucher getAll (typeVersion 3 form): the steps filter as rows',
		params: list('voucher', {
			filters: {
				discountType: 5,
				progressiveSteps: { step: [{ treshold: 100, discount: 5 }] },
				startAt: '2026-01-01 00:00:00',
			},
		}),
		method: 'GET',
		path: '/services/vouchers',
		query: {
			discount_type: '5',
			'progressive_steps[0][treshold]': '100',
			'progressive_steps[0][discount]': '5',
			start_at: '2026-01-01 00:00:00',
		},
		check: () => undefined,
	},
];
