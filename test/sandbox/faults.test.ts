/**
 * The sandbox's switchable faults and its admin endpoints (/_sandbox).
 */
import { call, useSandbox, receiver } from './client';

const sandbox = useSandbox();

describe('faults', () => {
	test('status with Retry-After, then normal again (times)', async () => {
		sandbox().faults.add({ type: 'status', status: 429, retryAfter: 2, times: 2 });
		const a = await call(sandbox(), 'GET', '/services/pages');
		expect(a.status).toBe(429);
		expect(a.headers.get('retry-after')).toBe('2');
		expect((await call(sandbox(), 'GET', '/services/pages')).status).toBe(429);
		expect((await call(sandbox(), 'GET', '/services/pages')).status).toBe(200);
		expect(sandbox().requests.map((r) => r.status)).toEqual([429, 429, 200]);
	});

	test('match by path prefix and by regex on "METHOD /path"', async () => {
		sandbox().faults.add({
			type: 'status',
			status: 503,
			match: '/services/blogs',
			times: Infinity,
		});
		sandbox().faults.add({ type: 'status', status: 500, match: /^DELETE \/services\/pages\/\d+$/ });
		expect((await call(sandbox(), 'GET', '/services/pages')).status).toBe(200);
		expect((await call(sandbox(), 'GET', '/services/blogs')).status).toBe(503);
		expect((await call(sandbox(), 'GET', '/services/blogs/1')).status).toBe(503);
		expect((await call(sandbox(), 'DELETE', '/services/pages/1')).status).toBe(500);
		expect((await call(sandbox(), 'DELETE', '/services/pages/1')).status).toBe(200);
		sandbox().faults.clear();
		expect((await call(sandbox(), 'GET', '/services/blogs')).status).toBe(200);
	});

	test('statusErr, html, malformed', async () => {
		sandbox().faults.add({ type: 'statusErr', error: 'quota', message: 'Daily quota exceeded' });
		const err = await call(sandbox(), 'GET', '/services/users');
		expect(err.status).toBe(200);
		expect(err.json).toEqual({ status: 'err', error: 'quota', error_msg: 'Daily quota exceeded' });
		sandbox().faults.add({ type: 'html' });
		const page = await call(sandbox(), 'GET', '/services/users');
		expect(page.status).toBe(502);
		expect(page.headers.get('content-type')).toContain('text/html');
		expect(page.text).toContain('<html>');
		sandbox().faults.add({ type: 'malformed' });
		const broken = await call(sandbox(), 'GET', '/services/users');
		expect(broken.status).toBe(200);
		expect(broken.json).toBeUndefined();
		expect(() => JSON.parse(broken.text)).toThrow();
	});

	test('slow, latencyMs, reset', async () => {
		sandbox().faults.add({ type: 'slow', ms: 300 });
		let t = Date.now();
		expect((await call(sandbox(), 'GET', '/services/users')).status).toBe(200);
		expect(Date.now() - t).toBeGreaterThanOrEqual(290);
		sandbox().faults.latencyMs = 150;
		t = Date.now();
		await call(sandbox(), 'GET', '/services/users');
		expect(Date.now() - t).toBeGreaterThanOrEqual(140);
		sandbox().faults.latencyMs = 0;
		sandbox().faults.add({ type: 'reset' });
		await expect(call(sandbox(), 'GET', '/services/users')).rejects.toThrow();
		expect(sandbox().requests[sandbox().requests.length - 1].status).toBe(0);
		expect((await call(sandbox(), 'GET', '/services/users')).status).toBe(200);
	});

	test('forMs: a fault that stays armed for a time (the webhook API down for a while)', async () => {
		sandbox().faults.add({
			type: 'status',
			status: 503,
			match: '/services/webhooks',
			times: Infinity,
			forMs: 2000,
		});
		expect((await call(sandbox(), 'GET', '/services/webhooks')).status).toBe(503);
		expect((await call(sandbox(), 'GET', '/services/pages')).status).toBe(200);
		await new Promise((r) => setTimeout(r, 2100));
		expect((await call(sandbox(), 'GET', '/services/webhooks')).status).toBe(200);
		expect(() => sandbox().faults.add({ type: 'status', status: 503, forMs: 0 })).toThrow(/forMs/);
	});

	test('inFlightCap: beyond N requests in flight, 429 + Retry-After at once; max in flight and connections counted', async () => {
		// 1 s a request: all five arrive while the first three are in flight, however loaded the machine (at 150 ms
		// a loaded CI machine once let the first answer go before the fourth request arrived)
		sandbox().faults.latencyMs = 1000;
		sandbox().faults.inFlightCap = 3;
		sandbox().faults.capRetryAfter = 1;
		const answers = await Promise.all(
			Array.from({ length: 5 }, () => call(sandbox(), 'GET', '/services/users')),
		);
		const statuses = answers.map((a) => a.status).sort();
		expect(statuses).toEqual([200, 200, 200, 429, 429]);
		const refused = answers.filter((a) => a.status === 429);
		expect(refused.every((a) => a.headers.get('retry-after') === '1')).toBe(true);
		expect(refused[0].json.error).toBe('too_many_requests');
		expect(sandbox().traffic).toMatchObject({ inFlight: 0, capped: 2 });
		// a refusal is answered at once, so it may be gone before the last request arrives
		expect(sandbox().traffic.maxInFlight).toBeGreaterThanOrEqual(4);
		expect(
			sandbox()
				.requests.filter((r) => r.status === 429)
				.map((r) => r.path),
		).toEqual(['/services/users', '/services/users']);
		// one at a time: never refused
		for (let k = 0; k < 4; k++)
			expect((await call(sandbox(), 'GET', '/services/users')).status).toBe(200);
		expect(sandbox().traffic.capped).toBe(2);
		sandbox().faults.clear();
		expect(sandbox().faults.inFlightCap).toBeNull();
	});

	test('pageCap silently caps every page', async () => {
		sandbox().seed('page', 46);
		sandbox().faults.pageCap = 20;
		const p1 = await call(sandbox(), 'GET', '/services/pages', { query: { limit: 50 } });
		expect(p1.json.pages).toHaveLength(20);
		const p3 = await call(sandbox(), 'GET', '/services/pages', { query: { limit: 50, page: 3 } });
		expect(p3.json.pages.map((p: any) => p.id)).toEqual([41, 42, 43, 44, 45, 46, 47, 48, 49, 50]);
		expect((await call(sandbox(), 'GET', '/services/pages/count')).json.count).toBe(50);
	});
});

// ---- admin endpoints -------------------------------------------------------------------------------

describe('admin endpoints (/_sandbox)', () => {
	const admin = async (method: string, path: string, body?: unknown) => {
		const res = await fetch(`${sandbox().url}/_sandbox${path}`, {
			method,
			body: body === undefined ? undefined : JSON.stringify(body),
			headers: { 'content-type': 'application/json' },
		});
		return { status: res.status, json: (await res.json()) as any };
	};

	test('seed, faults, fire, clock, webhooks, requests, reset', async () => {
		expect((await admin('POST', '/seed', { resource: 'blog', count: 2 })).status).toBe(200);
		expect(sandbox().store.blogs.size).toBe(5);
		expect(
			(
				await admin('POST', '/faults', {
					type: 'status',
					status: 500,
					times: 'Infinity',
					regex: '^GET /services/blogs$',
				})
			).json.faults,
		).toHaveLength(1);
		expect((await call(sandbox(), 'GET', '/services/blogs')).status).toBe(500);
		await admin('DELETE', '/faults');
		expect(
			(await admin('POST', '/faults', { inFlightCap: 2, capRetryAfter: 3 })).json,
		).toMatchObject({ inFlightCap: 2, capRetryAfter: 3 });
		expect((await admin('GET', '/traffic')).json).toMatchObject({
			inFlight: 0,
			maxInFlight: 1,
			capped: 0,
		});
		expect((await admin('DELETE', '/traffic')).json).toMatchObject({
			maxInFlight: 0,
			connections: 0,
			capped: 0,
		});
		await admin('DELETE', '/faults');
		await admin('POST', '/faults', { pageCap: 1 });
		expect((await call(sandbox(), 'GET', '/services/blogs/count')).json.count).toBe(5);
		expect((await call(sandbox(), 'GET', '/services/pages')).json.pages).toHaveLength(1);
		await admin('DELETE', '/faults');

		const rx = await receiver((n) => (n === 1 ? 500 : 200));
		try {
			await call(sandbox(), 'POST', '/services/webhooks', {
				body: { webhook: { section: 'vendor/update', site_url: rx.url } },
			});
			const fired = await admin('POST', '/fire', {
				section: 'vendor/update',
				data: { id: 3, title: 'x y' },
			});
			expect(fired.json.deliveries).toEqual([expect.objectContaining({ status: 500, attempt: 1 })]);
			expect(rx.got[0].body).toBe('id=3&title=x+y');
			expect((await admin('GET', '/webhooks')).json.pending).toHaveLength(1);
			const advanced = await admin('POST', '/clock/advance', { ms: 60_000 });
			expect(advanced.json.deliveries).toEqual([
				expect.objectContaining({ status: 200, attempt: 2 }),
			]);
		} finally {
			await rx.close();
		}
		const recorded = (await admin('GET', '/requests')).json.requests;
		expect(recorded.every((r: any) => r.path.startsWith('/services/'))).toBe(true);
		// registrations removed or added by someone else than the app
		await admin('POST', '/webhooks/add', {
			section: 'order/create',
			site_url: 'https://erp.example/a',
		});
		await admin('POST', '/webhooks/add', {
			section: 'order/paid',
			site_url: 'https://erp.example/a',
		});
		await admin('POST', '/webhooks/add', {
			section: 'order/create',
			site_url: 'https://other.example/b',
		});
		expect((await admin('POST', '/webhooks/add', { section: 'order/create' })).status).toBe(400);
		const removed = await admin('POST', '/webhooks/remove', {
			url_contains: 'erp.example',
			section: 'order/create',
		});
		expect(removed.json.removed.map((w: any) => w.site_url)).toEqual(['https://erp.example/a']);
		expect(
			sandbox()
				.store.webhooks.rows.map((w) => `${w.section} ${w.site_url}`)
				.slice(-2),
		).toEqual(['order/paid https://erp.example/a', 'order/create https://other.example/b']);
		await admin('POST', '/reset');
		expect(sandbox().requests).toHaveLength(0);
		expect(sandbox().store.blogs.size).toBe(3);
		expect(sandbox().store.webhooks.size).toBe(0);
	});
});
