import type { IDataObject } from 'n8n-workflow';

import { deliveryKey, type DeliveryParts } from '../../nodes/StorePlatform/trigger/deliveryKey';
import { deliveryMeta, postedData } from '../../nodes/StorePlatform/trigger/delivery';

const order: DeliveryParts = {
	event: 'order/create',
	shopId: '1001',
	objectType: 'order',
	objectId: '17',
	objectUuid: 'u-17',
	body: {
		id: 17,
		updated_at: '2024-05-01 12:05:00',
		total_price: 4350,
		items: [{ sku: 'TSH-001-S', quantity: 2 }],
	},
};

describe('deliveryKey: equal for resends of one delivery', () => {
	const same: Array<[string, DeliveryParts]> = [
		['the very same delivery again', { ...order, body: { ...order.body } }],
		[
			'ids as numbers instead of strings (JSON vs header text)',
			{ ...order, shopId: 1001, objectId: 17 },
		],
		[
			'the body as a form delivery parses it (every value a string)',
			{
				...order,
				body: {
					id: '17',
					updated_at: '2024-05-01 12:05:00',
					total_price: '4350',
					items: [{ sku: 'TSH-001-S', quantity: '2' }],
				},
			},
		],
		[
			'a null field the store does not sign (http_build_query leaves it out)',
			{ ...order, body: { ...order.body, note: null } },
		],
	];
	it.each(same)('%s', (_name, parts) => {
		expect(deliveryKey(parts)).toBe(deliveryKey(order));
	});

	it('is 32 lowercase hex characters', () => {
		expect(deliveryKey(order)).toMatch(/^[0-9a-f]{32}$/);
	});
});

describe('deliveryKey: different for different deliveries', () => {
	const other: Array<[string, DeliveryParts]> = [
		['another event kind about the same object', { ...order, event: 'order/paid' }],
		['another shop', { ...order, shopId: '1002' }],
		['another object id', { ...order, objectId: '18' }],
		['another object uuid', { ...order, objectUuid: 'u-18' }],
		['another object type', { ...order, objectType: 'checkout' }],
		[
			'a later update of the same object (body changed)',
			{ ...order, body: { ...order.body, updated_at: '2024-05-01 12:06:00' } },
		],
		['one field more in the body', { ...order, body: { ...order.body, paid: true } }],
		[
			'the same fields in another order (signed differently)',
			{
				...order,
				body: {
					total_price: 4350,
					id: 17,
					updated_at: '2024-05-01 12:05:00',
					items: order.body.items,
				},
			},
		],
		['no object headers at all', { event: 'order/create', shopId: '1001', body: order.body }],
	];
	it.each(other)('%s', (_name, parts) => {
		expect(deliveryKey(parts)).not.toBe(deliveryKey(order));
	});

	it('does not confuse parts that run into each other', () => {
		expect(deliveryKey({ event: 'a', shopId: 'bc', body: {} })).not.toBe(
			deliveryKey({ event: 'ab', shopId: 'c', body: {} }),
		);
	});

	it('200 deliveries of one object with distinct bodies give 200 keys', () => {
		const keys = new Set(
			Array.from({ length: 200 }, (_, i) =>
				deliveryKey({ ...order, body: { ...order.body, total_price: i } }),
			),
		);
		expect(keys.size).toBe(200);
	});
});

describe('deliveryKey from what the trigger reads (delivery.ts)', () => {
	const headers: IDataObject = {
		'content-type': 'application/x-www-form-urlencoded',
		'service-section': 'order/create',
		'service-shop-id': '1001',
		'service-order-id': '17',
		'service-order-uuid': 'u-17',
		'service-hmac-sha256': 'c2lnbmF0dXJl',
		'user-agent': 'StorePlatform/1.0',
	};
	const raw = Buffer.from('id=17&items%5B0%5D%5Bsku%5D=TSH-001-S&total_price=4350');
	const keyOf = (h: IDataObject, body: Buffer) => {
		const posted = postedData(h, {}, body);
		return deliveryKey({ ...deliveryMeta(h), body: posted });
	};

	it('ignores the signature and transport headers', () => {
		const resend = {
			...headers,
			'service-hmac-sha256': 'b3RoZXI=',
			'user-agent': 'StorePlatform/1.1',
			'content-length': '58',
		};
		expect(keyOf(resend, raw)).toBe(keyOf(headers, raw));
	});

	it('changes with the body and with the object headers', () => {
		expect(keyOf(headers, Buffer.from('id=17&total_price=4351'))).not.toBe(keyOf(headers, raw));
		expect(keyOf({ ...headers, 'service-order-uuid': 'u-99' }, raw)).not.toBe(keyOf(headers, raw));
	});
});
