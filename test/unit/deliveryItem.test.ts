import { deliveryItem } from '../../nodes/StorePlatform/trigger/delivery';

/** The item a delivery becomes (delivery.ts): the shop's data by the trigger's options and typeVersion. */
const headers = {
	'service-section': 'order/create',
	'service-shop-id': '1001',
	'service-order-id': '17',
};
const posted = {
	id: '17',
	total_price: '100.50',
	sku: '00123',
	paid_at: '0000-00-00 00:00:00',
	closed: '0000-00-00',
};

describe('deliveryItem', () => {
	it('typeVersion 3: empty dates become null; numbers stay text without Normalize Numbers', () => {
		const item = deliveryItem(posted, headers, { typeVersion: 3 });
		expect(item).toMatchObject({ id: '17', total_price: '100.50', paid_at: null, closed: null });
		expect(item).toMatchObject({
			event: 'order/create',
			shopId: '1001',
			objectType: 'order',
			objectId: '17',
		});
	});

	it('typeVersion 1 and 2: the data as sent (existing workflows unchanged)', () => {
		for (const typeVersion of [1, 2]) {
			const item = deliveryItem(posted, headers, { typeVersion });
			expect(item.paid_at).toBe('0000-00-00 00:00:00');
			expect(item.closed).toBe('0000-00-00');
		}
	});

	it('Normalize Numbers turns numbers sent as text into numbers; codes stay text', () => {
		const item = deliveryItem(posted, headers, { typeVersion: 3, normaliseNumbers: true });
		expect(item).toMatchObject({ id: 17, total_price: 100.5, sku: '00123', paid_at: null });
		// the delivery's own headers are not the shop's data: as sent
		expect(item.objectId).toBe('17');
	});

	it('the deliveryKey does not depend on the options or the typeVersion', () => {
		const keys = new Set(
			[1, 2, 3].flatMap((typeVersion) =>
				[false, true].map(
					(n) => deliveryItem(posted, headers, { typeVersion, normaliseNumbers: n }).deliveryKey,
				),
			),
		);
		expect(keys.size).toBe(1);
		expect(
			deliveryItem({ ...posted, total_price: '1' }, headers, { typeVersion: 3 }).deliveryKey,
		).not.toBe([...keys][0]);
	});

	it.each([
		['orderStatus/update', { send_mail: '1' }, { send_mail: '1', send_mail_label: 'Yes' }],
		['orderStatus/paid', { send_mail: 0 }, { send_mail: 0, send_mail_label: 'No' }],
		// no table for orders (the spec shows neither their endpoints nor a delivery body): no word
		['order/paid', { status_id: '1', paid: '1' }, { status_id: '1', paid: '1' }],
		['vendor/update', { id: '3' }, { id: '3' }],
	])('typeVersion 4: %s gets the words of its object table only', (event, data, expected) => {
		const meta = { 'service-section': event };
		const item = deliveryItem(data, meta, { typeVersion: 4 });
		const { event: _event, deliveryKey: _key, ...rest } = item;
		expect(rest).toEqual(expected);
		expect(deliveryItem(data, meta, { typeVersion: 3 })).not.toHaveProperty('send_mail_label');
	});
});
