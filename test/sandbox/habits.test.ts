/**
 * The real-shop habits a test switches on (sandbox.habits(), POST /_sandbox/habits), each off by default, and what
 * the shop owner does outside the API that real shops do (owner.change with a stamp ahead, remove with variants and
 * assets, restore, restart).
 */
import { call, useSandbox } from './client';

const sandbox = useSandbox();

const get = async (path: string, query: Record<string, string | number> = {}) => {
	const res = await call(sandbox(), 'GET', path, { query });
	return { status: res.status, json: res.json };
};
const pageIds = async (query: Record<string, string | number> = {}) =>
	(await get('/services/pages', query)).json.pages.map((p: { id: unknown }) => Number(p.id));

describe('off by default', () => {
	test('habits() reports every habit off; reset() switches them off again', () => {
		const off = {
			flipForms: false,
			idStep: 1,
			ignoreSinceId: [],
			ignorePage: [],
			countOffset: {},
			emptyListAnswer: null,
			deleteDuringPaging: null,
			bigNewIds: false,
			bigIds: false,
			// clock habits (issue 34)
			clockStepBackS: 0,
			stampForm: 'spec',
			nullUpdatedAt: false,
			// list habits (issue 41)
			listOrder: {},
			countLag: [],
			fillIdGaps: false,
			// habits of one record's Get and of the answers' shape (issue 49)
			unknownGetStatus: {},
			trashGet: [],
			staleGet: null,
			answerShape: {},
		};
		expect(sandbox().habits()).toEqual(off);
		sandbox().habits({ flipForms: true, idStep: 3, ignorePage: ['/services/pages'] });
		sandbox().reset();
		expect(sandbox().habits()).toEqual(off);
	});

	test('bad habits are refused, naming the field', () => {
		for (const [bad, field] of [
			[{ flipForms: 'yes' }, /flipForms/],
			[{ idStep: 0 }, /idStep/],
			[{ idStep: 2.5 }, /idStep/],
			[{ ignoreSinceId: 'pages' }, /ignoreSinceId/],
			[{ ignorePage: ['pages'] }, /ignorePage/],
			[{ countOffset: { '/services/pages/count': 'one' } }, /countOffset/],
			[{ bigIds: 1 }, /bigIds/],
			[{ deleteDuringPaging: { resource: 'promotion' } }, /deleteDuringPaging/],
			[{ deleteDuringPaging: { resource: 'promotion', afterRequests: 0 } }, /deleteDuringPaging/],
			[{ sometimes: true }, /unknown habit sometimes/],
			[{ emptyListAnswer: { answer: '[]' } }, /emptyListAnswer/],
			[{ emptyListAnswer: { answer: 'null', times: 0 } }, /emptyListAnswer/],
			[{ emptyListAnswer: { answer: 'null', paths: ['users'] } }, /emptyListAnswer/],
		] as const)
			expect(() => sandbox().habits(bad as never)).toThrow(field);
	});
});

describe('list answers without their list (emptyListAnswer)', () => {
	test.each([
		['empty', ''],
		['{}', '{}'],
		['null', 'null'],
	] as const)(
		'%s: the given number of list answers at the path, then the list again',
		async (answer, body) => {
			sandbox().habits({ emptyListAnswer: { answer, times: 2, paths: ['/services/users'] } });
			const bodies: string[] = [];
			for (let i = 0; i < 3; i++)
				bodies.push((await call(sandbox(), 'GET', '/services/users')).text);
			expect(bodies.slice(0, 2)).toEqual([body, body]);
			expect(JSON.parse(bodies[2]).users.length).toBeGreaterThan(0);
			// another list, and a count, are not touched
			expect((await get('/services/pages/count')).json.count).toBeGreaterThan(0);
			expect(sandbox().habits().emptyListAnswer).toBeNull();
		},
	);

	test('without paths, every list; Infinity until switched off', async () => {
		sandbox().habits({ emptyListAnswer: { answer: '{}', times: Infinity } });
		for (const path of ['/services/pages', '/services/users', '/services/pages'])
			expect((await call(sandbox(), 'GET', path)).text).toBe('{}');
		sandbox().habits({ emptyListAnswer: null });
		expect((await get('/services/pages')).json.pages.length).toBeGreaterThan(0);
	});
});

describe('a cart changes after its creation', () => {
	test('the customer changes its e-mail and items, then places the order: created_at stays', async () => {
		const cart = sandbox().store.abandonedCarts.rows[0];
		const key = String(cart.user_key);
		const created = String(cart.created_at);
		sandbox().owner.change('abandonedCart', key, {
			email: 'new@example.com',
			items: [{ ...cart.items[0], quantity: 5 }],
		});
		sandbox().owner.change('abandonedCart', key, { order_id: '7001' });
		const { json } = await get(`/services/checkout/${key}`);
		expect(json.cart).toMatchObject({
			user_key: key,
			email: 'new@example.com',
			order_id: '7001',
			created_at: created,
		});
		expect(json.cart.items).toHaveLength(1);
		expect(json.cart.updated_at).toBeUndefined();
	});
});

describe('flipping forms (flipForms)', () => {
	test('answers alternate: ids and amounts number / string, a charge test 1 / true / "1"', async () => {
		sandbox().habits({ flipForms: true });
		const answers = [];
		for (let i = 0; i < 6; i++)
			answers.push((await get('/services/application_charges')).json.application_charges);
		const first = answers.map((a) => a[0]);
		const second = answers.map((a) => a[1]);
		expect(first.map((c) => typeof c.id)).toEqual([
			'string',
			'number',
			'string',
			'number',
			'string',
			'number',
		]);
		expect(new Set(first.map((c) => String(c.id)))).toEqual(new Set(['1']));
		expect(new Set(first.map((c) => String(c.price)))).toEqual(new Set(['4900']));
		expect(first.map((c) => c.price)).toEqual(['4900', 4900, '4900', 4900, '4900', 4900]);
		// seeded: charge 1 is a test charge, charge 2 is not
		expect(first.map((c) => c.test)).toEqual([true, '1', 1, true, '1', 1]);
		expect(second.map((c) => c.test)).toEqual([false, '0', 0, false, '0', 0]);
		// the rest of the record is the same
		const { id: _i, price: _p, test: _t, ...rest0 } = first[0];
		const { id: _j, price: _q, test: _u, ...rest1 } = first[1];
		expect(rest1).toEqual(rest0);
	});

	test("nested values flip with their record (a cart's items); counts flip too", async () => {
		sandbox().habits({ flipForms: true });
		const a = (await get('/services/checkout')).json.carts[0];
		const b = (await get('/services/checkout')).json.carts[0];
		expect([typeof a.items[0].price, typeof b.items[0].price]).toEqual(['string', 'number']);
		expect([typeof a.items[0].product_id, typeof b.items[0].product_id]).toEqual([
			'string',
			'number',
		]);
		expect(String(a.items[0].price)).toBe(String(b.items[0].price));
		const c1 = (await get('/services/pages/count')).json.count;
		const c2 = (await get('/services/pages/count')).json.count;
		expect([typeof c1, typeof c2].sort()).toEqual(['number', 'string']);
		expect(String(c1)).toBe(String(c2));
	});

	test('off: every answer in the same form', async () => {
		const a = (await get('/services/application_charges')).json.application_charges;
		const b = (await get('/services/application_charges')).json.application_charges;
		expect(b).toEqual(a);
	});
});

describe('a product deleted with its variants, a theme with its assets', () => {
	test('owner.remove(product): its variants list and count answer 404; restored, they are back', async () => {
		const pid = String(sandbox().store.variants.rows[0].product_id);
		const before = (await get(`/services/variants/${pid}`)).json.variants;
		expect(before).toHaveLength(3);
		sandbox().owner.remove('product', pid);
		expect((await get(`/services/variants/${pid}`)).status).toBe(404);
		expect((await get(`/services/products/${pid}/variants/count`)).status).toBe(404);
		expect((await get(`/services/products/${pid}/variants/${before[0].id}`)).status).toBe(404);
		sandbox().owner.restore('product', pid);
		expect((await get(`/services/variants/${pid}`)).json.variants).toEqual(before);
	});

	test('owner.remove(theme): its assets list answers 404', async () => {
		const theme = sandbox().store.themes.rows[1];
		expect((await get(`/services/themes/${theme.id}/assets`)).json.assets.length).toBeGreaterThan(
			0,
		);
		sandbox().owner.remove('theme', theme.id);
		expect((await get(`/services/themes/${theme.id}/assets`)).status).toBe(404);
	});
});

describe('an id handed out again', () => {
	const createPage = async (title: string) =>
		Number(
			(await call(sandbox(), 'POST', '/services/pages', { body: { page: { title } } })).json.page
				.id,
		);

	test('owner.restart(): the highest id deleted is the next one handed out (MySQL before 8)', async () => {
		const highest = Math.max(...(await pageIds()));
		sandbox().owner.remove('page', highest);
		sandbox().owner.restart();
		expect(await createPage('Reused')).toBe(highest);
		// without a restart, the counter goes on
		sandbox().owner.remove('page', highest);
		expect(await createPage('Next')).toBe(highest + 1);
	});

	test('owner.restore(): a removed record comes back with its old id and fields', async () => {
		const page = { ...sandbox().store.pages.rows[1] };
		sandbox().owner.remove('page', page.id);
		expect(await pageIds()).not.toContain(Number(page.id));
		const back = sandbox().owner.restore('page', page.id);
		expect(back).toEqual(page);
		expect(await pageIds()).toContain(Number(page.id));
		expect(() => sandbox().owner.restore('page', page.id)).toThrow(/exists/);
		expect(() => sandbox().owner.restore('page', 999)).toThrow(/no removed page 999/);
		sandbox().owner.remove('voucher', 2);
		expect(sandbox().owner.restore('voucher', 2, { code: 'BACK' })).toMatchObject({
			id: 2,
			code: 'BACK',
		});
	});

	test('admin routes: POST /_sandbox/restart and /_sandbox/restore', async () => {
		const admin = async (path: string, body: unknown = {}) =>
			await fetch(sandbox().url + path, { method: 'POST', body: JSON.stringify(body) });
		sandbox().owner.remove('page', 4);
		expect((await admin('/_sandbox/restart')).status).toBe(200);
		expect(await createPage('Reused')).toBe(4);
		sandbox().owner.remove('page', 2);
		const restored = await admin('/_sandbox/restore', { resource: 'page', id: 2 });
		expect(restored.status).toBe(200);
		expect(((await restored.json()) as { record: { id: unknown } }).record.id).toBe(2);
		expect((await admin('/_sandbox/restore', { resource: 'page' })).status).toBe(400);
	});
});

describe("a record stamped in the shop's future", () => {
	test('owner.change(..., { aheadMs }) stamps updated_at that far past the shop clock', async () => {
		sandbox().shopTime.pin('2030-05-01 10:00:00');
		const rec = sandbox().owner.change('page', 2, { title: 'Ahead' }, { aheadMs: 3_600_000 });
		expect(rec.updated_at).toBe('2030-05-01 11:00:00');
		expect(await pageIds({ updated_at_min: '2030-05-01 10:30:00' })).toEqual([2]);
		expect(sandbox().owner.change('page', 3, { title: 'Now' }).updated_at).toBe(
			'2030-05-01 10:00:00',
		);
		expect(() => sandbox().owner.change('page', 3, {}, { aheadMs: -1 })).toThrow(/aheadMs/);
	});

	test('POST /_sandbox/change takes aheadMs', async () => {
		sandbox().shopTime.pin('2030-05-01 10:00:00');
		const res = await fetch(`${sandbox().url}/_sandbox/change`, {
			method: 'POST',
			body: JSON.stringify({ resource: 'page', id: 1, fields: { title: 'x' }, aheadMs: 60_000 }),
		});
		expect(((await res.json()) as { record: { updated_at: string } }).record.updated_at).toBe(
			'2030-05-01 10:01:00',
		);
	});
});

describe('gapped ids (idStep)', () => {
	test('ids step by 3 in every table: the API, the owner and the seed', async () => {
		sandbox().habits({ idStep: 3 });
		const highest = Math.max(...(await pageIds()));
		const a = (await call(sandbox(), 'POST', '/services/pages', { body: { page: { title: 'a' } } }))
			.json.page;
		const b = sandbox().owner.add('page');
		sandbox().seed('page', 2);
		expect([
			Number(a.id),
			Number(b.id),
			...sandbox()
				.store.pages.rows.slice(-2)
				.map((r) => Number(r.id)),
		]).toEqual([highest + 3, highest + 6, highest + 9, highest + 12]);
		expect(Number(sandbox().owner.add('voucher').id)).toBe(4 + 3);
	});

	test('20,000 vouchers seed in steps of 3', () => {
		sandbox().habits({ idStep: 3 });
		sandbox().seed('voucher', 20_000);
		const rows = sandbox().store.vouchers.rows;
		expect(rows).toHaveLength(20_004);
		expect(Number(rows[rows.length - 1].id)).toBe(4 + 3 * 20_000);
	});
});

describe('lists that ignore a parameter', () => {
	test('ignoreSinceId: the list answers as if since_id were absent; its count and other lists do not', async () => {
		sandbox().habits({ ignoreSinceId: ['/services/pages'] });
		expect(await pageIds({ since_id: 2 })).toEqual([1, 2, 3, 4]);
		expect((await get('/services/pages/count', { since_id: 2 })).json.count).toBe(2);
		const vouchers = (await get('/services/vouchers', { since_id: 2 })).json.vouchers;
		expect(vouchers.map((v: { id: unknown }) => Number(v.id))).toEqual([3, 4]);
	});

	test('ignorePage: every page is the first', async () => {
		sandbox().habits({ ignorePage: ['/services/pages'] });
		expect(await pageIds({ limit: 2, page: 2 })).toEqual([1, 2]);
		expect(await pageIds({ limit: 2, page: 9 })).toEqual([1, 2]);
		expect(await pageIds({ limit: 2, since_id: 2 })).toEqual([3, 4]);
		sandbox().habits({ ignorePage: [] });
		expect(await pageIds({ limit: 2, page: 2 })).toEqual([3, 4]);
	});
});

describe('a count off its list (countOffset)', () => {
	test('the count at that path answers one more or one fewer, never below 0; the list is unchanged', async () => {
		sandbox().habits({ countOffset: { '/services/pages/count': 1 } });
		expect((await get('/services/pages/count')).json.count).toBe(5);
		expect(await pageIds()).toEqual([1, 2, 3, 4]);
		expect((await get('/services/vouchers/count')).json.count).toBe(4);
		sandbox().habits({ countOffset: { '/services/pages/count': -1 } });
		expect((await get('/services/pages/count')).json.count).toBe(3);
		expect((await get('/services/pages/count', { since_id: 4 })).json.count).toBe(0);
		const pid = String(sandbox().store.variants.rows[0].product_id);
		sandbox().habits({ countOffset: { [`/services/products/${pid}/variants/count`]: 1 } });
		expect((await get(`/services/products/${pid}/variants/count`)).json.count).toBe(4);
	});

	test('GET and POST /_sandbox/habits', async () => {
		const post = async (body: unknown) => {
			const res = await fetch(`${sandbox().url}/_sandbox/habits`, {
				method: 'POST',
				body: JSON.stringify(body),
			});
			return { status: res.status, json: (await res.json()) as Record<string, unknown> };
		};
		expect((await post({ countOffset: { '/services/pages/count': 1 } })).json.countOffset).toEqual({
			'/services/pages/count': 1,
		});
		expect((await post({ idStep: 'three' })).status).toBe(400);
		const now = (await (await fetch(`${sandbox().url}/_sandbox/habits`)).json()) as Record<
			string,
			unknown
		>;
		expect(now).toMatchObject({
			flipForms: false,
			idStep: 1,
			countOffset: { '/services/pages/count': 1 },
		});
		expect((await get('/services/pages/count')).json.count).toBe(5);
	});
});

describe('ids habits (issue 34)', () => {
	test('deleteDuringPaging: after the pages asked for, the first record of that list is removed, once', async () => {
		const before = (await get('/services/promotions', { limit: 2, page: 1 })).json.promotions;
		sandbox().habits({ deleteDuringPaging: { resource: 'promotion', afterRequests: 2 } });
		const ids = async (page: number) =>
			(await get('/services/promotions', { limit: 2, page })).json.promotions.map(
				(p: { id: unknown }) => Number(p.id),
			);
		const first = await ids(1);
		expect(first).toEqual(before.map((p: { id: unknown }) => Number(p.id)));
		const second = await ids(2);
		// the first record is gone now: page 2 begins one record later
		expect(sandbox().store.promotions.get(first[0])).toBeUndefined();
		expect((await ids(1))[0]).toBe(first[1]);
		expect((await ids(2))[0]).toBe(second[1]);
		expect(sandbox().habits().deleteDuringPaging).toBeNull();
		expect(sandbox().store.promotions.get(first[1])).toBeDefined();
	});

	test('bigIds: ids beyond 2^53 as strings; since_id and a path id in that form are read back', async () => {
		const stored = sandbox().store.pages.rows.map((p) => BigInt(String(p.id)));
		sandbox().habits({ bigIds: true });
		const shown = stored.map((id) => String(id + BigInt(2) ** BigInt(53)));
		const all = (await get('/services/pages')).json.pages.map((p: { id: unknown }) => p.id);
		expect(all).toEqual(shown);
		const after = (await get('/services/pages', { since_id: shown[0] })).json.pages;
		expect(after.map((p: { id: unknown }) => p.id)).toEqual(shown.slice(1));
		const count = (await get('/services/pages/count', { since_id: shown[0] })).json.count;
		expect(Number(count)).toBe(shown.length - 1);
		expect((await get(`/services/pages/${shown[1]}`)).json.id).toBe(shown[1]);
	});
});

// ---- clock habits (issue 34 items 5, 6, 8) ----

describe('the shop clock', () => {
	test('bad clock habits are refused, naming the field', () => {
		for (const [bad, field] of [
			[{ clockStepBackS: -1 }, /clockStepBackS/],
			[{ clockStepBackS: 7201 }, /clockStepBackS/],
			[{ stampForm: 'unix' }, /stampForm/],
			[{ nullUpdatedAt: 1 }, /nullUpdatedAt/],
		] as const)
			expect(() => sandbox().habits(bad as never)).toThrow(field);
	});

	test('clockStepBackS: stamps from then on repeat the hour; stamps stored stay', async () => {
		sandbox().shopTime.pin('2030-10-27 03:00:10');
		sandbox().owner.change('page', 1, { title: 'before' });
		sandbox().habits({ clockStepBackS: 3600 });
		expect(sandbox().shopTime.now()).toBe('2030-10-27 02:00:10');
		sandbox().owner.change('page', 2, { title: 'after' });
		const pages = (await get('/services/pages')).json.pages as Array<Record<string, unknown>>;
		expect(pages.find((p) => Number(p.id) === 1)?.updated_at).toBe('2030-10-27 03:00:10');
		expect(pages.find((p) => Number(p.id) === 2)?.updated_at).toBe('2030-10-27 02:00:10');
	});

	test.each([
		['iso-z', 60, '2030-11-27T11:00:10Z'],
		['offset', 60, '2030-11-27T12:00:10+01:00'],
		['offset', -300, '2030-11-27T12:00:10-05:00'],
		['naive-t', 0, '2030-11-27T12:00:10'],
		['minutes', 0, '2030-11-27 12:00'],
	] as const)(
		'stampForm %s (zone %s minutes): %s; filters still take the spec form',
		async (form, zone, want) => {
			sandbox().settings({ shopZoneOffsetMinutes: zone });
			sandbox().shopTime.pin('2030-11-27 12:00:10');
			sandbox().owner.change('page', 1, { title: 'stamped' });
			sandbox().habits({ stampForm: form });
			const { json } = await get('/services/pages', { updated_at_min: '2030-11-27 12:00:09' });
			expect(json.pages.map((p: Record<string, unknown>) => p.updated_at)).toEqual([want]);
		},
	);

	test('nullUpdatedAt: a new theme script has updated_at null until changed; filters read its created_at', async () => {
		sandbox().shopTime.pin('2030-11-27 12:00:10');
		sandbox().habits({ nullUpdatedAt: true });
		const res = await call(sandbox(), 'POST', '/services/theme_scripts', {
			body: { theme_script: { src: 'https://example.com/a.js' } },
		});
		expect(res.json.theme_script.updated_at).toBeNull();
		const found = await get('/services/theme_scripts', { updated_at_min: '2030-11-27 12:00:09' });
		expect(found.json.theme_scripts.map((t: Record<string, unknown>) => t.id)).toEqual([
			res.json.theme_script.id,
		]);
	});
});
