/**
 * One case per operation (see ./case.ts) for the resources
 * promotions, vouchers, application charges, abandoned carts, payment methods and order statuses.
 */
import { byId } from '../setup';
import { type Case, countIs, deleted, firstCart, list, manyOf, record } from './case';
import { VOUCHER_FORM_CASES } from './voucherForm';

export const SALES_CASES: Case[] = [
	// promotion
	{
		name: 'promotion getAll',
		params: list('promotion', { filters: { promotionType: 1 } }),
		method: 'GET',
		path: '/services/promotions',
		query: { limit: '2', page: '1', promotion_type: '1' },
		check: (out) => out.forEach((p) => expect(Number(p.promotion_type)).toBe(1)),
	},
	{
		name: 'promotion count',
		params: { resource: 'promotion', operation: 'count' },
		method: 'GET',
		path: '/services/promotions/count',
		check: countIs((s) => s.store.promotions.size),
	},
	{
		name: 'promotion get',
		params: {
			resource: 'promotion',
			operation: 'get',
			promotionId: byId(1),
			options: { fields: 'id,title' },
		},
		method: 'GET',
		path: '/services/promotions/1',
		query: { fields: 'id,title' },
		check: (out) => expect(Object.keys(out[0]).sort()).toEqual(['id', 'title']),
	},
	{
		name: 'promotion create (typeVersion 2 form)',
		typeVersion: 2,
		params: {
			resource: 'promotion',
			operation: 'create',
			title: 'Autumn',
			promotionType: 2,
			promotionValue: 15,
			promotionOnType: 1,
			additionalFields: {
				startAt: '2026-09-01T08:00:00',
				finishAt: '2026-09-30 20:00:00',
				products: '1, 2',
			},
		},
		method: 'POST',
		path: '/services/promotions',
		body: {
			promotion: {
				title: 'Autumn',
				promotion_type: 2,
				promotion_value: 15,
				promotion_on_type: 1,
				start_at: '2026-09-01 08:00:00',
				finish_at: '2026-09-30 20:00:00',
				products: [1, 2],
			},
		},
		check: record({ title: 'Autumn' }),
	},
	{
		name: 'promotion create (typeVersion 3 form): the vendor at the top, shown for Applies To Vendor',
		params: {
			resource: 'promotion',
			operation: 'create',
			title: 'Leather week',
			promotionType: 1,
			promotionValue: 500,
			promotionOnType: 4,
			promotionSet: '2',
			additionalFields: { startAt: '2026-09-01 08:00:00' },
		},
		method: 'POST',
		path: '/services/promotions',
		body: {
			promotion: {
				title: 'Leather week',
				promotion_type: 1,
				promotion_value: 500,
				promotion_on_type: 4,
				promotion_set: 2,
				start_at: '2026-09-01 08:00:00',
			},
		},
		check: (out) => {
			record({ title: 'Leather week' })(out);
			expect(out[0].promotion_on_value).toEqual([2]);
		},
	},
	{
		name: 'promotion update',
		params: {
			resource: 'promotion',
			operation: 'update',
			promotionId: byId(2),
			updateFields: { promotionValue: 30 },
		},
		method: 'PUT',
		path: '/services/promotions/2',
		body: { promotion: { promotion_value: 30 } },
		check: (out, s) => {
			expect(out[0]).toMatchObject({ id: 2, promotion_value: 30, promotion_type: 1 });
			expect(out[0].promotion_type_label).toBe('Price');
			expect(Number(s.store.promotions.get(2)?.promotion_value)).toBe(30);
		},
	},
	{
		name: 'promotion delete',
		params: { resource: 'promotion', operation: 'delete', promotionId: byId(3) },
		method: 'DELETE',
		path: '/services/promotions/3',
		check: (out, s) => {
			deleted({ id: 3 })(out);
			expect(s.store.promotions.get(3)).toBeUndefined();
		},
	},
	// voucher
	{
		name: 'voucher getAll',
		params: list('voucher', { filters: { code: 'WELCOME' } }),
		method: 'GET',
		path: '/services/vouchers',
		query: { code: 'WELCOME' },
		check: (out) => {
			expect(out).toHaveLength(1);
			expect(out[0].code).toBe('WELCOME');
		},
	},
	{
		name: 'voucher count',
		params: { resource: 'voucher', operation: 'count', filters: { discountType: 3 } },
		method: 'GET',
		path: '/services/vouchers/count',
		query: { discount_type: '3' },
		check: countIs(
			(s) => s.store.vouchers.rows.filter((v) => Number(v.discount_type) === 3).length,
		),
	},
	{
		name: 'voucher get',
		params: { resource: 'voucher', operation: 'get', voucherId: byId(1), simplify: false },
		method: 'GET',
		path: '/services/vouchers/1',
		check: (out) => {
			expect(String(out[0].id)).toBe('1');
			expect(Array.isArray(out[0].items)).toBe(true);
		},
	},
	{
		name: 'voucher create (typeVersion 2 form)',
		typeVersion: 2,
		params: {
			resource: 'voucher',
			operation: 'create',
			code: 'AUTUMN5',
			additionalFields: {
				discountType: 5,
				discountOn: 1,
				discountOnType: 1,
				progressiveStepsTresholdType: 1,
				progressiveStepsDiscountType: 2,
				progressiveSteps: {
					step: [
						{ treshold: 100, discount: 5 },
						{ treshold: 200, discount: 10 },
					],
				},
				quantity: 3,
				unique: true,
			},
		},
		method: 'POST',
		path: '/services/vouchers',
		body: {
			code: 'AUTUMN5',
			discount_type: 5,
			discount_on: 1,
			discount_on_type: 1,
			progressive_steps_treshold_type: 1,
			progressive_steps_discount_type: 2,
			progressive_steps: [
				{ treshold: 100, discount: 5 },
				{ treshold: 200, discount: 10 },
			],
			quantity: 3,
			unique: 1,
		},
		check: record({ code: 'AUTUMN5' }),
	},
	...VOUCHER_FORM_CASES,
	{
		name: 'voucher update (typeVersion 2 form)',
		typeVersion: 2,
		params: {
			resource: 'voucher',
			operation: 'update',
			voucherId: byId(2),
			updateFields: { perClient: 1 },
		},
		method: 'PUT',
		path: '/services/vouchers/2',
		body: { per_client: 1 },
		// typeVersion 2: the shop's answer, the id only (Return Full Record off by default)
		check: (out) => expect(out).toEqual([{ id: 2 }]),
	},
	{
		name: 'voucher delete',
		params: { resource: 'voucher', operation: 'delete', voucherId: byId(4) },
		method: 'DELETE',
		path: '/services/vouchers/4',
		check: deleted({ id: 4 }),
	},
	// application charge
	{
		name: 'applicationCharge getAll',
		params: { resource: 'applicationCharge', operation: 'getAll', returnAll: true },
		method: 'GET',
		path: '/services/application_charges',
		check: (out, s) => expect(out).toHaveLength(s.store.applicationCharges.size),
	},
	{
		name: 'applicationCharge count',
		params: { resource: 'applicationCharge', operation: 'count' },
		method: 'GET',
		path: '/services/application_charges/count',
		check: countIs((s) => s.store.applicationCharges.size),
	},
	{
		name: 'applicationCharge get',
		params: { resource: 'applicationCharge', operation: 'get', applicationChargeId: byId(1) },
		method: 'GET',
		path: '/services/application_charges/1',
		check: record({ name: 'Pro plan' }),
	},
	{
		name: 'applicationCharge create',
		params: {
			resource: 'applicationCharge',
			operation: 'create',
			name: 'Gold',
			price: 2500,
			returnUrl: 'https://app.example.com/back',
			additionalFields: { test: true },
		},
		method: 'POST',
		path: '/services/application_charges',
		body: {
			application_charge: {
				name: 'Gold',
				price: 2500,
				return_url: 'https://app.example.com/back',
				test: true,
			},
		},
		check: (out) => {
			expect(out).toHaveLength(1);
			expect(out[0]).toMatchObject({ name: 'Gold', status: 'pending' });
			expect(out[0].confirmation_url).toMatch(/^http/);
		},
	},
	{
		name: 'applicationCharge activate',
		before: (s) =>
			Object.assign(s.store.applicationCharges.get(1) ?? {}, {
				status: 'accepted',
				activated_on: null,
			}),
		params: { resource: 'applicationCharge', operation: 'activate', applicationChargeId: byId(1) },
		method: 'POST',
		path: '/services/application_charges/1/activate',
		check: (out) => {
			expect(out).toHaveLength(1);
			expect(out[0].status).toBe('accepted');
			expect(out[0].activated_on).toBeTruthy();
		},
	},
	{
		name: 'applicationCharge delete',
		params: { resource: 'applicationCharge', operation: 'delete', applicationChargeId: byId(3) },
		method: 'DELETE',
		path: '/services/application_charges/3',
		check: deleted({ id: 3 }),
	},
	// abandoned cart
	{
		name: 'abandonedCart getAll',
		params: list('abandonedCart', { filters: { createdAtMin: '2000-01-01 00:00:00' } }),
		method: 'GET',
		path: '/services/checkout',
		query: { created_at_min: '2000-01-01 00:00:00' },
		check: manyOf(2),
	},
	{
		name: 'abandonedCart count',
		params: { resource: 'abandonedCart', operation: 'count' },
		method: 'GET',
		path: '/services/checkout/count',
		check: countIs((s) => s.store.abandonedCarts.size),
	},
	{
		name: 'abandonedCart get',
		params: { resource: 'abandonedCart', operation: 'get', userKey: '={{ "" }}' },
		method: 'GET',
		path: (s) => `/services/checkout/${firstCart(s).user_key}`,
		check: (out, s) => expect(out[0].user_key).toBe(firstCart(s).user_key),
	},
	// payment method
	{
		name: 'paymentMethod getAll',
		params: list('paymentMethod', { returnAll: true, filters: { isActive: 0 } }),
		method: 'GET',
		path: '/services/payment',
		query: { is_active: '0' },
		check: (out) => out.forEach((p) => expect(Number(p.is_active)).toBe(0)),
	},
	{
		name: 'paymentMethod count',
		params: { resource: 'paymentMethod', operation: 'count', filters: { isActive: 1 } },
		method: 'GET',
		path: '/services/payment/count',
		query: { is_active: '1' },
		check: countIs(
			(s) => s.store.paymentMethods.rows.filter((p) => Number(p.is_active) === 1).length,
		),
	},
	{
		name: 'paymentMethod get',
		params: { resource: 'paymentMethod', operation: 'get', paymentMethodId: byId(3) },
		method: 'GET',
		path: '/services/payment/3',
		check: record({ name: 'PayPal' }),
	},
	// order status
	{
		name: 'orderStatus getAll',
		params: list('orderStatus', { filters: { name: 'Paid' } }),
		method: 'GET',
		path: '/services/statuses',
		query: { name: 'Paid' },
		check: (out) => expect(out.map((s) => s.name)).toEqual(['Paid']),
	},
	{
		name: 'orderStatus count',
		params: { resource: 'orderStatus', operation: 'count' },
		method: 'GET',
		path: '/services/statuses',
		check: countIs((s) => s.store.orderStatuses.size),
	},
	{
		name: 'orderStatus get',
		params: { resource: 'orderStatus', operation: 'get', orderStatusId: byId(2) },
		method: 'GET',
		path: '/services/statuses/2',
		check: record({ name: 'Paid' }),
	},
	{
		name: 'orderStatus create',
		params: {
			resource: 'orderStatus',
			operation: 'create',
			name: 'Packed',
			additionalFields: { color: 'aabbcc', sendMail: '1' },
		},
		method: 'POST',
		path: '/services/statuses',
		body: { status: { name: 'Packed', color: 'aabbcc', send_mail: '1' } },
		check: record({ name: 'Packed' }),
	},
	{
		name: 'orderStatus update',
		params: {
			resource: 'orderStatus',
			operation: 'update',
			orderStatusId: byId(3),
			updateFields: { color: '000000' },
		},
		method: 'PUT',
		path: '/services/statuses/3',
		body: { status: { color: '000000' } },
		check: record({ id: 3, color: '000000' }),
	},
	{
		name: 'orderStatus delete',
		params: { resource: 'orderStatus', operation: 'delete', orderStatusId: byId(5) },
		method: 'DELETE',
		path: '/services/statuses/5',
		check: deleted({ id: 5 }),
	},
];
