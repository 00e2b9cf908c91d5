/**
 * The sandbox against the spec: every endpoint answers a signed request with the spec's wrapper; validation.
 */
import { startSandbox } from '../../sandbox';
import { call, useSandbox, DATE } from './client';
import { ROWS } from './endpointRows';

const sandbox = useSandbox();

describe('every endpoint answers a signed request with the spec wrapper', () => {
	test.each(Object.entries(ROWS))('%s', async (_name, row) => {
		const path = typeof row.path === 'function' ? row.path(sandbox()) : row.path;
		const res = await call(sandbox(), row.method, path, row.opts);
		expect({ status: res.status, body: res.json }).toEqual({
			status: 200,
			body: expect.anything(),
		});
		row.check(res.json);
		expect(sandbox().requests[sandbox().requests.length - 1]).toMatchObject({
			method: row.method,
			path,
			authorized: true,
			status: 200,
		});
	});

	test('webhook get, update (full record) and delete ({})', async () => {
		const created = await call(sandbox(), 'POST', '/services/webhooks', {
			body: { webhook: { section: 'order/paid', site_url: 'https://hooks.example.com/p' } },
		});
		const id = created.json.webhook.id;
		expect((await call(sandbox(), 'GET', `/services/webhooks/${id}`)).json.webhook).toMatchObject({
			id,
			section: 'order/paid',
		});
		const updated = await call(sandbox(), 'PUT', `/services/webhooks/${id}`, {
			body: {
				webhook: { id, section: 'order/cancelled', site_url: 'https://hooks.example.com/c' },
			},
		});
		expect(updated.json).toEqual({
			webhook: expect.objectContaining({
				id,
				section: 'order/cancelled',
				site_url: 'https://hooks.example.com/c',
				format: 'json',
			}),
		});
		expect((await call(sandbox(), 'DELETE', `/services/webhooks/${id}`)).json).toEqual({});
		expect((await call(sandbox(), 'GET', `/services/webhooks/${id}`)).status).toBe(404);
	});

	test('no status count endpoint, unknown ids and paths → 404 with a JSON body', async () => {
		for (const path of [
			'/services/statuses/count',
			'/services/promotions/999',
			'/services/products/9/variants/1',
			'/services/products/2/variants/1',
			'/services/nothing',
		]) {
			const res = await call(sandbox(), 'GET', path);
			expect(res.status).toBe(404);
			expect(res.json).toEqual({ error: 'not_found', error_msg: expect.any(String) });
		}
		const wrongMethod = await call(sandbox(), 'GET', '/services/theme_scripts/1');
		expect(wrongMethod.status).toBe(405);
	});

	test('field types: integer ids as numbers, string ids as strings, spec dates', async () => {
		const numeric = ['promotions', 'vouchers', 'pages', 'categories', 'collections', 'blogs'];
		for (const r of numeric)
			expect(typeof (await call(sandbox(), 'GET', `/services/${r}`)).json[r][0].id).toBe('number');
		for (const [path, key] of [
			['vendors', 'vendors'],
			['payment', 'payments'],
			['statuses', 'statuses'],
			['themes', 'themes'],
			['theme_scripts', 'theme_scripts'],
			['variants/1', 'variants'],
		]) {
			expect(typeof (await call(sandbox(), 'GET', `/services/${path}`)).json[key][0].id).toBe(
				'string',
			);
		}
		const promos = (await call(sandbox(), 'GET', '/services/promotions')).json.promotions;
		expect(
			promos.every(
				(p: any) =>
					DATE.test(p.start_at) &&
					(DATE.test(p.finish_at) || p.finish_at === '0000-00-00 00:00:00'),
			),
		).toBe(true);
		expect(promos.some((p: any) => p.finish_at === '0000-00-00 00:00:00')).toBe(true);
	});

	test('stringIds "mixed" renders ids both as numbers and strings', async () => {
		const mixed = await startSandbox({ stringIds: 'mixed' });
		try {
			mixed.seed('promotion', 40);
			const ids = (await call(mixed, 'GET', '/services/promotions')).json.promotions.map(
				(p: any) => p.id,
			);
			expect(ids.some((id: unknown) => typeof id === 'number')).toBe(true);
			expect(ids.some((id: unknown) => typeof id === 'string')).toBe(true);
			expect(ids.map(Number)).toEqual(Array.from({ length: 44 }, (_, i) => i + 1));
		} finally {
			await mixed.close();
		}
	});
});

// ---- validation --------------------------------------------------------------------------------

describe('validation', () => {
	test.each([
		['blog without title', 'POST', '/services/blogs', { blog: { handle: 'x' } }, 422],
		[
			'charge without return_url',
			'POST',
			'/services/application_charges',
			{ application_charge: { name: 'X', price: 1 } },
			422,
		],
		[
			'webhook with unknown section',
			'POST',
			'/services/webhooks',
			{ webhook: { section: 'order/exploded', site_url: 'https://x.example.com' } },
			422,
		],
		[
			'webhook without site_url',
			'POST',
			'/services/webhooks',
			{ webhook: { section: 'order/create' } },
			422,
		],
		[
			'asset outside the allowed folders',
			'POST',
			'/services/themes/1/assets',
			{ asset: { key: 'config/settings.json', content: '{}' } },
			422,
		],
		['body without the wrapper', 'POST', '/services/pages', { title: 'x' }, 400],
		[
			'voucher create wrapped (spec: unwrapped)',
			'POST',
			'/services/vouchers',
			{ voucher: { code: 'X' } },
			400,
		],
		['duplicate voucher code', 'POST', '/services/vouchers', { code: 'SUMMER10' }, 422],
		[
			'malformed date in a body',
			'POST',
			'/services/promotions',
			{ promotion: { title: 'x', start_at: '2024-13-01 00:00:00' } },
			422,
		],
	])('%s → %i', async (_name, method, path, body, status) => {
		const res = await call(sandbox(), method, path, { body });
		expect(res.status).toBe(status);
		expect(res.json).toEqual({ error: expect.any(String), error_msg: expect.any(String) });
	});

	test('bad JSON body → 400', async () => {
		const res = await call(sandbox(), 'POST', '/services/blogs', { body: '{"blog": {"title": ' });
		expect(res.status).toBe(400);
		expect(res.json.error).toBe('invalid_json');
	});
});

// ---- OAuth verification ------------------------------------------------------------------------
