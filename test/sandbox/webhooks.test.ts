/**
 * The sandbox's webhook deliveries: signed the PHP way, the spec's retry schedule on the controllable clock.
 */
import { createHmac } from 'node:crypto';
import { call, useSandbox, receiver } from './client';

const sandbox = useSandbox();

// ---- webhook deliveries ------------------------------------------------------------------------

/** The receiver's check: base64 of the hex HMAC-SHA256 of the canonical form, keyed with the shared secret. */
const expectedHmac = (secret: string, canonical: string) =>
	Buffer.from(createHmac('sha256', secret).update(canonical).digest('hex')).toString('base64');

const PAYLOAD = {
	id: 7,
	note: 'a b&c',
	tags: ['x', 'y'],
	paid: true,
	refunded: false,
	gone: null,
	addr: { city: 'Kraków' },
	star: 'a*b~c',
};
/** PHP: http_build_query($PAYLOAD), written out by hand */
const PHP_FORM =
	'id=7&note=a+b%26c&tags%5B0%5D=x&tags%5B1%5D=y&paid=1&refunded=0&addr%5Bcity%5D=Krak%C3%B3w&star=a%2Ab%7Ec';

/** Minutes after the first attempt: gaps of 1, 5, 10, 20, 30, 60, 120, 240 minutes, then 240 until 48 h. */
const SCHEDULE_MINUTES = [
	0, 1, 6, 16, 36, 66, 126, 246, 486, 726, 966, 1206, 1446, 1686, 1926, 2166, 2406, 2646,
];

describe('webhook deliveries', () => {
	test('form delivery: headers, http_build_query body, HMAC', async () => {
		const rx = await receiver();
		try {
			await call(sandbox(), 'POST', '/services/webhooks', {
				body: { webhook: { section: 'order/create', site_url: rx.url } },
			});
			await call(sandbox(), 'POST', '/services/webhooks', {
				body: { webhook: { section: 'order/paid', site_url: rx.url } },
			});
			const deliveries = await sandbox().fire('order/create', PAYLOAD, { objectUuid: 'u-7' });
			expect(deliveries).toEqual([
				{
					webhookId: 1,
					section: 'order/create',
					url: rx.url,
					attempt: 1,
					status: 200,
					at: sandbox().clock.now(),
				},
			]);
			expect(rx.got).toHaveLength(1);
			const { headers, body } = rx.got[0];
			expect(body).toBe(PHP_FORM);
			expect(headers).toMatchObject({
				'content-type': 'application/x-www-form-urlencoded',
				'service-section': 'order/create',
				'service-shop-id': expect.any(String),
				'service-order-id': '7',
				'service-order-uuid': 'u-7',
			});
			expect(headers['service-hmac-sha256']).toBe(
				expectedHmac(sandbox().credentials.consumerSecret, body),
			);
			expect(headers['service-hmac-sha256']).not.toBe(expectedHmac('another secret', body));
		} finally {
			await rx.close();
		}
	});

	test('json delivery: the HMAC is still over the http_build_query form', async () => {
		const rx = await receiver();
		try {
			sandbox().store.webhooks.insert({
				id: 1,
				section: 'orderStatus/paid',
				site_url: rx.url,
				format: 'json',
				created_at: '2024-01-01 00:00:00',
				updated_at: '2024-01-01 00:00:00',
			});
			await sandbox().fire('orderStatus/paid', PAYLOAD, { format: 'json', objectId: 99 });
			const { headers, body } = rx.got[0];
			expect(headers['content-type']).toBe('application/json');
			expect(JSON.parse(body)).toEqual(PAYLOAD);
			expect(headers['service-orderstatus-id']).toBe('99');
			expect(headers['service-hmac-sha256']).toBe(
				expectedHmac(sandbox().credentials.consumerSecret, PHP_FORM),
			);
		} finally {
			await rx.close();
		}
	});

	test('failed deliveries retry at +1m, +5m, +10m, +20m, +30m, +1h, +2h, +4h, then every 4h; a reachable webhook stays', async () => {
		const rx = await receiver(() => 500);
		try {
			await call(sandbox(), 'POST', '/services/webhooks', {
				body: { webhook: { section: 'product/update', site_url: rx.url } },
			});
			const t0 = sandbox().clock.now();
			await sandbox().fire('product/update');
			await sandbox().clock.advance(59_999);
			expect(sandbox().deliveries).toHaveLength(1);
			await sandbox().clock.advance(1);
			expect(sandbox().deliveries).toHaveLength(2);
			await sandbox().clock.advance(48 * 3_600_000);
			const minutes = sandbox().deliveries.map((d) => (d.at - t0) / 60_000);
			expect(minutes).toEqual(SCHEDULE_MINUTES);
			expect(minutes[minutes.length - 1]).toBeLessThanOrEqual(48 * 60);
			expect(sandbox().deliveries.map((d) => d.attempt)).toEqual(minutes.map((_, i) => i + 1));
			expect(sandbox().deliveries.every((d) => d.status === 500)).toBe(true);
			expect(rx.got).toHaveLength(minutes.length);
			expect(sandbox().store.webhooks.size).toBe(1);
			await sandbox().clock.advance(48 * 3_600_000);
			expect(sandbox().deliveries).toHaveLength(minutes.length);
		} finally {
			await rx.close();
		}
	});

	test('a webhook that cannot be reached for 48 hours is removed', async () => {
		const rx = await receiver();
		await rx.close(); // nothing listens there any more
		await call(sandbox(), 'POST', '/services/webhooks', {
			body: { webhook: { section: 'customer/create', site_url: rx.url } },
		});
		const [first] = await sandbox().fire('customer/create', { id: 5, email: 'x@example.com' });
		expect(first.status).toBe('connection-error');
		await sandbox().clock.advance(47 * 3_600_000);
		expect(sandbox().store.webhooks.size).toBe(1);
		await sandbox().clock.advance(3_600_000);
		expect(sandbox().store.webhooks.size).toBe(0);
		expect((await call(sandbox(), 'GET', '/services/webhooks/1')).status).toBe(404);
		expect(sandbox().deliveries.every((d) => d.status === 'connection-error')).toBe(true);
		expect(sandbox().deliveries.map((d) => (d.at - first.at) / 60_000)).toEqual(SCHEDULE_MINUTES);
	});

	test('a delivery that succeeds on retry stops the schedule', async () => {
		const rx = await receiver((n) => (n < 3 ? 503 : 204));
		try {
			await call(sandbox(), 'POST', '/services/webhooks', {
				body: { webhook: { section: 'app/uninstalled', site_url: rx.url } },
			});
			await sandbox().fire('app/uninstalled');
			await sandbox().clock.advance(48 * 3_600_000);
			expect(sandbox().deliveries.map((d) => d.status)).toEqual([503, 503, 204]);
		} finally {
			await rx.close();
		}
	});
});

// ---- faults ----------------------------------------------------------------------------------------
