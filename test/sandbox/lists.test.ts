/**
 * The sandbox's lists (limit, page, since_id, date filters, fields) and the states of the spec: application charges, themes.
 */
import { call, useSandbox, DATE, type Answer } from './client';

const sandbox = useSandbox();

describe('lists', () => {
	const ids = (a: Answer, key = 'promotions') => a.json[key].map((r: any) => Number(r.id));

	test('limit (default 50), page, since_id, fields', async () => {
		sandbox().seed('promotion', 116); // 120 in all
		expect(ids(await call(sandbox(), 'GET', '/services/promotions'))).toEqual(
			Array.from({ length: 50 }, (_, i) => i + 1),
		);
		expect(
			ids(await call(sandbox(), 'GET', '/services/promotions', { query: { page: 3 } })),
		).toEqual(Array.from({ length: 20 }, (_, i) => i + 101));
		expect(
			ids(await call(sandbox(), 'GET', '/services/promotions', { query: { limit: 7, page: 2 } })),
		).toEqual([8, 9, 10, 11, 12, 13, 14]);
		// since_id where the spec lists it (vouchers); promotions do not take it, and ignore it
		sandbox().seed('voucher', 116);
		expect(
			ids(
				await call(sandbox(), 'GET', '/services/vouchers', {
					query: { since_id: 115, limit: 100 },
				}),
				'vouchers',
			),
		).toEqual([116, 117, 118, 119, 120]);
		expect(
			ids(await call(sandbox(), 'GET', '/services/promotions', { query: { since_id: 115 } })),
		).toHaveLength(50);
		expect(
			ids(await call(sandbox(), 'GET', '/services/promotions', { query: { page: 9 } })),
		).toEqual([]);
		const fields = await call(sandbox(), 'GET', '/services/promotions', {
			query: { fields: 'id,title', limit: 2 },
		});
		expect(fields.json.promotions).toEqual([
			{ id: 1, title: 'Summer sale' },
			{ id: 2, title: 'Black Friday' },
		]);
		const one = await call(sandbox(), 'GET', '/services/vouchers/1', {
			query: { fields: 'code,items' },
		});
		expect(one.json).toEqual({ code: 'SUMMER10', items: [{ code: 'SUMMER10', used: 1 }] });
		expect(
			(await call(sandbox(), 'GET', '/services/vouchers/count', { query: { since_id: 100 } })).json,
		).toEqual({ count: 20 });
	});

	test('created_at / updated_at filters, count with the same filters, malformed values → 400', async () => {
		// seeded record n is created at 2024-01-01 08:00:00 + n hours, updated 30 minutes later; bounds between
		// seconds, so strict and inclusive readings agree (shopTime.test.ts tests the bound's own second)
		const q = { created_at_min: '2024-01-01 09:59:59', created_at_max: '2024-01-01 12:00:01' };
		expect(ids(await call(sandbox(), 'GET', '/services/pages', { query: q }), 'pages')).toEqual([
			2, 3, 4,
		]);
		expect((await call(sandbox(), 'GET', '/services/pages/count', { query: q })).json).toEqual({
			count: 3,
		});
		expect(
			ids(
				await call(sandbox(), 'GET', '/services/pages', {
					query: { updated_at_max: '2024-01-01 10:30:01' },
				}),
				'pages',
			),
		).toEqual([1, 2]);
		for (const query of [
			{ created_at_min: '2024-01-01' },
			{ updated_at_max: '2024-02-30 10:00:00' },
			{ limit: 'ten' },
			{ page: 0 },
			{ since_id: 'x' },
		] as Array<Record<string, string | number>>) {
			const res = await call(sandbox(), 'GET', '/services/pages', { query });
			expect(res.status).toBe(400);
			expect(res.json.error_msg).toMatch(/created_at_min|updated_at_max|limit|page|since_id/);
		}
	});

	test('endpoint filters', async () => {
		const get = async (path: string, query: Record<string, string | number>, key: string) =>
			ids(await call(sandbox(), 'GET', path, { query }), key);
		expect(await get('/services/promotions', { promotion_type: 1 }, 'promotions')).toEqual([2, 4]);
		expect(await get('/services/vouchers', { code: 'FREESHIP' }, 'vouchers')).toEqual([3]);
		expect(
			(await call(sandbox(), 'GET', '/services/vouchers/count', { query: { discount_on: 3 } }))
				.json,
		).toEqual({ count: 1 });
		expect(await get('/services/pages', { url: 'returns' }, 'pages')).toEqual([3]);
		expect(await get('/services/categories', { parent_id: 0 }, 'categories')).toEqual([1, 2, 5]);
		expect(await get('/services/categories', { product_id: 2 }, 'categories')).toEqual([2, 4]);
		expect(await get('/services/vendors', { product_id: 3 }, 'vendors')).toEqual([3]);
		expect(await get('/services/collections', { product_id: 2 }, 'collections')).toEqual([1, 2]);
		expect(await get('/services/collections', { title: 'Gift ideas' }, 'collections')).toEqual([3]);
		expect(await get('/services/payment', { is_active: 0 }, 'payments')).toEqual([4]);
		expect(await get('/services/statuses', { name: 'Shipped' }, 'statuses')).toEqual([3]);
		expect(await get('/services/statuses', { sku: 'SNK-002' }, 'statuses')).toEqual([2]);
		expect(await get('/services/blogs', { order: 'DESC' }, 'blogs')).toEqual([3, 2, 1]);
		expect(
			(await call(sandbox(), 'GET', '/services/blogs', { query: { order: 'sideways' } })).status,
		).toBe(400);
	});

	test('webhook list: limit is capped at 200; section / site_url filters and count', async () => {
		sandbox().seed('webhook', 250);
		expect(
			(await call(sandbox(), 'GET', '/services/webhooks', { query: { limit: 500 } })).json.webhooks,
		).toHaveLength(200);
		expect(
			(await call(sandbox(), 'GET', '/services/webhooks', { query: { limit: 500, page: 2 } })).json
				.webhooks,
		).toHaveLength(50);
		expect((await call(sandbox(), 'GET', '/services/webhooks/count')).json).toEqual({ count: 250 });
		const section = await call(sandbox(), 'GET', '/services/webhooks/count', {
			query: { section: 'order/create' },
		});
		expect(section.json.count).toBe(
			sandbox().store.webhooks.rows.filter((w) => w.section === 'order/create').length,
		);
		expect(
			ids(
				await call(sandbox(), 'GET', '/services/webhooks', {
					query: { site_url: 'http://127.0.0.1:1/hooks/7' },
				}),
				'webhooks',
			),
		).toEqual([7]);
	});

	// how fast they page is the bench's to measure (npm run bench), not a timed test's
	test('100,000 records page by number, since_id and a limit beyond the list', async () => {
		sandbox().seed('page', 100_000);
		const last = await call(sandbox(), 'GET', '/services/pages', {
			query: { page: 2000, limit: 50, fields: 'id' },
		});
		const since = await call(sandbox(), 'GET', '/services/pages', {
			query: { since_id: 99_990 },
		});
		const big = await call(sandbox(), 'GET', '/services/pages', {
			query: { limit: 100_000, page: 2 },
		});
		expect(ids(last, 'pages')).toEqual(Array.from({ length: 50 }, (_, i) => 99_951 + i));
		expect(ids(since, 'pages')).toHaveLength(14);
		expect(ids(big, 'pages')).toEqual([100_001, 100_002, 100_003, 100_004]);
	});
});

// ---- states --------------------------------------------------------------------------------------

describe('application charge states', () => {
	const create = async () =>
		(
			await call(sandbox(), 'POST', '/services/application_charges', {
				body: {
					application_charge: {
						name: 'Pro',
						price: '990',
						return_url: 'https://app.example.com/done?x=1',
						test: 1,
					},
				},
			})
		).json.application_charges[0];

	test('accept at confirmation_url → accepted, redirected; only then activate', async () => {
		const charge = await create();
		expect(charge).toMatchObject({ status: 'pending', price: '990', test: 1 });
		const early = await call(
			sandbox(),
			'POST',
			`/services/application_charges/${charge.id}/activate`,
		);
		expect(early.status).toBe(422);
		expect(early.json).toEqual({
			error: 'charge_not_accepted',
			error_msg: expect.stringContaining('pending'),
		});

		const pageRes = await fetch(charge.confirmation_url);
		const pageHtml = await pageRes.text();
		expect(pageRes.headers.get('content-type')).toContain('text/html');
		expect(pageHtml).toMatch(/value="accept">Accept</);
		expect(pageHtml).toMatch(/value="decline">Decline</);
		const accepted = await fetch(charge.confirmation_url, {
			method: 'POST',
			body: 'decision=accept',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			redirect: 'manual',
		});
		expect(accepted.status).toBe(302);
		expect(accepted.headers.get('location')).toBe('https://app.example.com/done?x=1');
		expect(sandbox().store.applicationCharges.get(charge.id)!.status).toBe('accepted');

		const activated = await call(
			sandbox(),
			'POST',
			`/services/application_charges/${charge.id}/activate`,
		);
		expect(activated.status).toBe(200);
		expect(Array.isArray(activated.json.application_charges)).toBe(false);
		expect(activated.json.application_charges).toMatchObject({
			id: charge.id,
			status: 'accepted',
			activated_on: expect.stringMatching(DATE),
			test: 1,
		});
		expect(
			(await call(sandbox(), 'POST', `/services/application_charges/${charge.id}/activate`)).status,
		).toBe(422);
	});

	test('decline → declined, redirected, never activatable', async () => {
		const charge = await create();
		const declined = await fetch(charge.confirmation_url, {
			method: 'POST',
			body: 'decision=decline',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			redirect: 'manual',
		});
		expect(declined.status).toBe(302);
		expect(
			(await call(sandbox(), 'GET', `/services/application_charges/${charge.id}`)).json
				.application_charges[0].status,
		).toBe('declined');
		expect(
			(await call(sandbox(), 'POST', `/services/application_charges/${charge.id}/activate`)).status,
		).toBe(422);
		const again = await fetch(charge.confirmation_url, {
			method: 'POST',
			body: 'decision=accept',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			redirect: 'manual',
		});
		expect(again.status).toBe(409);
	});
});

describe('themes', () => {
	test('exactly one active theme', async () => {
		const active = async () =>
			(await call(sandbox(), 'GET', '/services/themes')).json.themes
				.filter((t: any) => t.active)
				.map((t: any) => t.id);
		expect(await active()).toEqual(['1']);
		await call(sandbox(), 'PUT', '/services/themes/2', { body: { theme: { active: true } } });
		expect(await active()).toEqual(['2']);
		const off = await call(sandbox(), 'PUT', '/services/themes/2', {
			body: { theme: { active: false } },
		});
		expect(off.status).toBe(422);
		await call(sandbox(), 'PUT', '/services/themes/1', { body: { theme: { active: true } } });
		expect(await active()).toEqual(['1']);
	});

	test('asset create-or-update keeps one asset per key', async () => {
		const post = (content: string) =>
			call(sandbox(), 'POST', '/services/themes/2/assets', {
				body: { asset: { key: 'assets/extra.css', content } },
			});
		await post('a{}');
		const second = await post('b{color:red}');
		expect(second.json.asset).toMatchObject({ size: 12, content: 'b{color:red}' });
		const keys = (await call(sandbox(), 'GET', '/services/themes/2/assets')).json.assets.map(
			(a: any) => a.key,
		);
		expect(keys.filter((k: string) => k === 'assets/extra.css')).toHaveLength(1);
		expect(await (await fetch(second.json.asset.public_url)).text()).toBe('b{color:red}');
	});
});

// ---- the token flow ------------------------------------------------------------------------------
