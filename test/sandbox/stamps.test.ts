/**
 * Every create stamps created_at (and updated_at where the record has it), every change of a record that has
 * updated_at sets it to the shop's now, through the API, the owner's confirmation page and the owner's helpers.
 * Promotions and vouchers have no updated_at in the spec and get none.
 */
import type { Rec, Sandbox, Table } from '../../sandbox';
import { call, useSandbox } from './client';

const sandbox = useSandbox();

/** the shop's now while each change is made */
const NOW = '2032-07-08 09:10:11';

const put = (path: string, body: unknown) => async (sb: Sandbox) => {
	const res = await call(sb, 'PUT', path, { body });
	expect({ path, status: res.status }).toEqual({ path, status: 200 });
};

const admin = (path: string, body: unknown) => async (sb: Sandbox) => {
	const res = await fetch(sb.url + path, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	expect({ path, status: res.status }).toEqual({ path, status: 200 });
};

const confirm = (decision: string) => async (sb: Sandbox, id: string) => {
	const res = await fetch(`${sb.url}/services/application_charges/${id}/confirm`, {
		method: 'POST',
		body: `decision=${decision}`,
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		redirect: 'manual',
	});
	expect(res.status).toBe(302);
};

/** A pending charge made before the shop's time is pinned (so its created_at differs from NOW). */
const pendingCharge = async (sb: Sandbox): Promise<string> => {
	const res = await call(sb, 'POST', '/services/application_charges', {
		body: {
			application_charge: { name: 'Pro', price: 990, return_url: 'https://app.example.com/r' },
		},
	});
	return String(res.json.application_charges[0].id);
};

interface Change {
	table: (sb: Sandbox) => Table;
	/** the record changed (made before the pin when needed) */
	id: (sb: Sandbox) => string | Promise<string>;
	change: (sb: Sandbox, id: string) => Promise<void> | void;
	/** what else the change must show */
	also?: Partial<Rec>;
}

const inactiveTheme = (sb: Sandbox) => String(sb.store.themes.rows.find((t) => !t.active)!.id);
const firstVariant = (sb: Sandbox) => sb.store.variants.rows[0];

const CHANGES: Record<string, Change> = {
	'page PUT': {
		table: (sb) => sb.store.pages,
		id: () => '1',
		change: put('/services/pages/1', { page: { title: 'Changed' } }),
	},
	'category PUT': {
		table: (sb) => sb.store.categories,
		id: () => '2',
		change: put('/services/categories/2', { category: { title: 'Changed' } }),
	},
	'vendor PUT': {
		table: (sb) => sb.store.vendors,
		id: () => '1',
		change: put('/services/vendors/1', { vendor: { description: 'Changed' } }),
	},
	'blog PUT': {
		table: (sb) => sb.store.blogs,
		id: () => '3',
		change: put('/services/blogs/3', { blog: { meta_title: 'Changed' } }),
	},
	'order status PUT': {
		table: (sb) => sb.store.orderStatuses,
		id: () => '2',
		change: put('/services/statuses/2', { status: { color: 'ff0000' } }),
	},
	'theme activated': {
		table: (sb) => sb.store.themes,
		id: inactiveTheme,
		change: (sb, id) => put(`/services/themes/${id}`, { theme: { active: true } })(sb),
		also: { active: true },
	},
	'theme deactivated by activating another': {
		table: (sb) => sb.store.themes,
		id: (sb) => String(sb.store.activeTheme()!.id),
		change: (sb) => put(`/services/themes/${inactiveTheme(sb)}`, { theme: { active: true } })(sb),
		also: { active: false },
	},
	'theme script PUT': {
		table: (sb) => sb.store.themeScripts,
		id: () => '1',
		change: put('/services/theme_scripts/1', { theme_script: { scope: 'store' } }),
	},
	'variant PUT': {
		table: (sb) => sb.store.variants,
		id: (sb) => String(firstVariant(sb).id),
		change: (sb, id) =>
			put(`/services/products/${firstVariant(sb).product_id}/variants/${id}`, {
				variant: { sku: 'CHANGED-1' },
			})(sb),
	},
	'webhook PUT': {
		table: (sb) => sb.store.webhooks,
		id: (sb) => {
			sb.seed('webhook', 1);
			return '1';
		},
		change: put('/services/webhooks/1', { webhook: { site_url: 'https://hooks.example.com/x' } }),
	},
	'charge accepted on the confirmation page': {
		table: (sb) => sb.store.applicationCharges,
		id: pendingCharge,
		change: confirm('accept'),
		also: { status: 'accepted' },
	},
	'charge declined on the confirmation page': {
		table: (sb) => sb.store.applicationCharges,
		id: pendingCharge,
		change: confirm('decline'),
		also: { status: 'declined' },
	},
	'charge accepted by owner.decideCharge': {
		table: (sb) => sb.store.applicationCharges,
		id: pendingCharge,
		change: (sb, id) => void sb.owner.decideCharge(id, 'accept'),
		also: { status: 'accepted' },
	},
	'charge declined by POST /_sandbox/charges/decide': {
		table: (sb) => sb.store.applicationCharges,
		id: pendingCharge,
		change: (sb, id) => admin('/_sandbox/charges/decide', { id, decision: 'decline' })(sb),
		also: { status: 'declined' },
	},
	'charge activated': {
		table: (sb) => sb.store.applicationCharges,
		id: async (sb) => {
			const id = await pendingCharge(sb);
			sb.owner.decideCharge(id, 'accept');
			return id;
		},
		change: async (sb, id) => {
			const res = await call(sb, 'POST', `/services/application_charges/${id}/activate`);
			expect(res.status).toBe(200);
		},
		also: { activated_on: NOW },
	},
	'collection changed by owner.change': {
		table: (sb) => sb.store.collections,
		id: () => '2',
		change: (sb) => void sb.owner.change('collection', 2, { title: 'Changed' }),
		also: { title: 'Changed' },
	},
	'payment method changed by POST /_sandbox/change': {
		table: (sb) => sb.store.paymentMethods,
		id: () => '3',
		change: admin('/_sandbox/change', {
			resource: 'paymentMethod',
			id: 3,
			fields: { is_active: 0 },
		}),
		also: { is_active: 0 },
	},
};

test.each(Object.entries(CHANGES))('%s: updated_at is the shop now', async (_name, c) => {
	const sb = sandbox();
	const id = await c.id(sb);
	const before = { ...c.table(sb).get(id)! };
	expect(before.updated_at).not.toBe(NOW);
	sb.shopTime.pin(NOW);
	await c.change(sb, id);
	const after = c.table(sb).get(id)!;
	expect(after).toMatchObject({ ...c.also, updated_at: NOW, created_at: before.created_at });
});

test.each([
	['promotion', '/services/promotions/1', { promotion: { promotion_value: 7 } }],
	['voucher', '/services/vouchers/1', { quantity: 7 }],
] as const)('%s update: no updated_at (the spec has none)', async (resource, path, body) => {
	const sb = sandbox();
	sb.shopTime.pin(NOW);
	await put(path, body)(sb);
	const rec = (resource === 'promotion' ? sb.store.promotions : sb.store.vouchers).get(1)!;
	expect(rec).not.toHaveProperty('updated_at');
	expect(rec.created_at).not.toBe(NOW);
	expect(sb.owner.change(resource, 1, { activate: 0 })).not.toHaveProperty('updated_at');
});

const CREATES: Array<[string, string, unknown, (j: any) => Rec, boolean]> = [
	['page', '/services/pages', { page: { title: 'New' } }, (j) => j.page, true],
	['category', '/services/categories', { category: { title: 'New' } }, (j) => j.category, true],
	['vendor', '/services/vendors', { vendor: { title: 'New' } }, (j) => j.vendor, true],
	['blog', '/services/blogs', { blog: { title: 'New' } }, (j) => j.blog, true],
	['order status', '/services/statuses', { status: { name: 'New' } }, (j) => j.status, true],
	[
		'theme script',
		'/services/theme_scripts',
		{ theme_script: { src: 'https://cdn.example.com/n.js' } },
		(j) => j.theme_script,
		true,
	],
	[
		'webhook',
		'/services/webhooks',
		{ webhook: { section: 'order/create', site_url: 'https://hooks.example.com/n' } },
		(j) => j.webhook,
		true,
	],
	[
		'application charge',
		'/services/application_charges',
		{ application_charge: { name: 'N', price: 1, return_url: 'https://app.example.com/r' } },
		(j) => j.application_charges[0],
		true,
	],
	['variant', '/services/products/1/variants', { variant: { sku: 'N-1' } }, (j) => j.variant, true],
	['promotion', '/services/promotions', { promotion: { title: 'New' } }, (j) => j.promotion, false],
	['voucher', '/services/vouchers', { code: 'NEWCODE' }, (j) => j, false],
];

test.each(CREATES)('%s create stamps the shop now', async (_name, path, body, rec, hasUpdated) => {
	const sb = sandbox();
	sb.shopTime.pin(NOW);
	const res = await call(sb, 'POST', path, { body });
	expect(res.status).toBe(200);
	const created = rec(res.json);
	expect(created.created_at).toBe(NOW);
	if (hasUpdated) expect(created.updated_at).toBe(NOW);
	else expect(created).not.toHaveProperty('updated_at');
});

test('a webhook registered by someone else (POST /_sandbox/webhooks/add) is stamped with the shop now', async () => {
	const sb = sandbox();
	sb.settings({ shopZoneOffsetMinutes: 540 });
	sb.shopTime.pin(NOW);
	await admin('/_sandbox/webhooks/add', {
		section: 'order/create',
		site_url: 'https://other.example.com/h',
	})(sb);
	expect(sb.store.webhooks.rows.at(-1)).toMatchObject({ created_at: NOW, updated_at: NOW });
});

describe('records the shop adds and removes outside the API', () => {
	test.each([
		['collection', '/services/collections', 'collections'],
		['paymentMethod', '/services/payment', 'payments'],
		['page', '/services/pages', 'pages'],
	])(
		'%s: owner.add stamps the shop now; the list shows it; owner.remove takes it away',
		async (resource, path, key) => {
			const sb = sandbox();
			sb.shopTime.pin(NOW);
			const rec = sb.owner.add(resource, { title: 'Added' });
			expect(rec).toMatchObject({ created_at: NOW, updated_at: NOW });
			const listed = async () =>
				(await call(sb, 'GET', path, { query: { limit: 250 } })).json[key].map((r: Rec) =>
					String(r.id),
				);
			expect(await listed()).toContain(String(rec.id));
			expect(sb.owner.remove(resource, rec.id)).toBe(rec);
			expect(await listed()).not.toContain(String(rec.id));
		},
	);

	test('POST /_sandbox/add and /_sandbox/remove', async () => {
		const sb = sandbox();
		sb.shopTime.pin(NOW);
		const post = async (path: string, body: unknown) => {
			const res = await fetch(sb.url + path, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(body),
			});
			return { status: res.status, json: (await res.json()) as { record: Rec } };
		};
		const added = await post('/_sandbox/add', { resource: 'collection', fields: { url: 'new' } });
		expect(added.status).toBe(200);
		expect(added.json.record).toMatchObject({ url: 'new', created_at: NOW, updated_at: NOW });
		const id = added.json.record.id;
		expect((await post('/_sandbox/remove', { resource: 'collection', id })).status).toBe(200);
		expect(sb.store.collections.get(id)).toBeUndefined();
		expect((await post('/_sandbox/remove', { resource: 'collection', id })).status).toBe(404);
		expect((await post('/_sandbox/add', { resource: 'nothing' })).status).toBe(400);
	});
});
