/**
 * The created/updated min/max filters and since_id on every list and count the spec gives them, read strictly
 * (the spec's "later than" / "earlier than", the default) or inclusively; parameters an endpoint's spec line does
 * not list are ignored.
 */
import type { Rec, Sandbox, Table } from '../../sandbox';
import { call, useSandbox } from './client';

const sandbox = useSandbox();

type Param = 'since_id' | 'created' | 'updated';

interface Endpoint {
	list: string;
	count?: string;
	key: string;
	table: (sb: Sandbox) => Table;
	/** the common parameters its spec line lists */
	takes: Param[];
	/** records with an id (carts: user_key) */
	id?: (r: Rec) => string;
	/** make sure there are at least 4 records */
	prepare?: (sb: Sandbox) => void;
}

const ALL: Param[] = ['since_id', 'created', 'updated'];
const ENDPOINTS: Record<string, Endpoint> = {
	pages: {
		list: '/services/pages',
		count: '/services/pages/count',
		key: 'pages',
		table: (sb) => sb.store.pages,
		takes: ALL,
	},
	categories: {
		list: '/services/categories',
		count: '/services/categories/count',
		key: 'categories',
		table: (sb) => sb.store.categories,
		takes: ALL,
	},
	vendors: {
		list: '/services/vendors',
		count: '/services/vendors/count',
		key: 'vendors',
		table: (sb) => sb.store.vendors,
		takes: ALL,
		prepare: (sb) => sb.seed('vendor', 1),
	},
	collections: {
		list: '/services/collections',
		count: '/services/collections/count',
		key: 'collections',
		table: (sb) => sb.store.collections,
		takes: ALL,
		prepare: (sb) => sb.seed('collection', 1),
	},
	'order statuses (no count endpoint)': {
		list: '/services/statuses',
		key: 'statuses',
		table: (sb) => sb.store.orderStatuses,
		takes: ALL,
	},
	'vouchers (since_id only)': {
		list: '/services/vouchers',
		count: '/services/vouchers/count',
		key: 'vouchers',
		table: (sb) => sb.store.vouchers,
		takes: ['since_id'],
	},
	'checkout (created only)': {
		list: '/services/checkout',
		count: '/services/checkout/count',
		key: 'carts',
		table: (sb) => sb.store.abandonedCarts,
		takes: ['created'],
		id: (r) => String(r.user_key),
		prepare: (sb) => sb.seed('abandonedCart', 1),
	},
	'theme scripts (created/updated, no count path of its own)': {
		list: '/services/theme_scripts',
		key: 'theme_scripts',
		table: (sb) => sb.store.themeScripts,
		takes: ['created', 'updated'],
		prepare: (sb) => sb.seed('themeScript', 2),
	},
	'promotions (none)': {
		list: '/services/promotions',
		count: '/services/promotions/count',
		key: 'promotions',
		table: (sb) => sb.store.promotions,
		takes: [],
	},
	'payment methods (none)': {
		list: '/services/payment',
		count: '/services/payment/count',
		key: 'payments',
		table: (sb) => sb.store.paymentMethods,
		takes: [],
	},
	'webhooks (none)': {
		list: '/services/webhooks',
		count: '/services/webhooks/count',
		key: 'webhooks',
		table: (sb) => sb.store.webhooks,
		takes: [],
		prepare: (sb) => sb.seed('webhook', 4),
	},
};

const S = '2030-06-01 12:00:00';
const S1 = '2030-06-01 12:00:01';
const S2 = '2030-06-01 12:00:02';
const U = '2030-06-02 08:00:00';
const U1 = '2030-06-02 08:00:01';
/** created_at of the records in id order: two in one second, one the next, the rest a second later */
const CREATED = [S, S, S1, S2];
/** updated_at: the first and third in one second */
const UPDATED = [U, U1, U, U1];

/** Stamps the first 4 records; returns their ids in list order. */
function stampRecords(sb: Sandbox, e: Endpoint): string[] {
	e.prepare?.(sb);
	const rows = e.table(sb).rows.slice(0, 4);
	expect(rows).toHaveLength(4);
	rows.forEach((r, i) => {
		r.created_at = CREATED[i];
		if ('updated_at' in r) r.updated_at = UPDATED[i];
	});
	const table = e.table(sb);
	for (const r of table.rows.slice(4)) table.remove(r[table.keyField]); // only these four
	return rows.map((r) => (e.id ?? ((x: Rec) => String(x.id)))(r));
}

/** The rows (by index) a query keeps, from the rule stated in the spec, per reading. */
type Case = [
	string,
	Record<string, string>,
	Param | null,
	{ strict: number[]; inclusive: number[] },
];
const all = [0, 1, 2, 3];
const CASES: Case[] = [
	[
		'created later than the shared second',
		{ created_at_min: S },
		'created',
		{ strict: [2, 3], inclusive: all },
	],
	[
		'created earlier than the next second',
		{ created_at_max: S1 },
		'created',
		{ strict: [0, 1], inclusive: [0, 1, 2] },
	],
	[
		'created within [S, S1]',
		{ created_at_min: S, created_at_max: S1 },
		'created',
		{ strict: [], inclusive: [0, 1, 2] },
	],
	['updated later than U', { updated_at_min: U }, 'updated', { strict: [1, 3], inclusive: all }],
	[
		'updated earlier than U1',
		{ updated_at_max: U1 },
		'updated',
		{ strict: [0, 2], inclusive: all },
	],
];

const ids = (sb: Sandbox, e: Endpoint, q: Record<string, string>) =>
	call(sb, 'GET', e.list, { query: { ...q, limit: 250 } }).then((a) => {
		expect(a.status).toBe(200);
		return (a.json[e.key] as Rec[]).map((r) => (e.id ?? ((x: Rec) => String(x.id)))(r));
	});
const count = (sb: Sandbox, e: Endpoint, q: Record<string, string>) =>
	call(sb, 'GET', e.count!, { query: q }).then((a) => a.json.count as number);

describe.each(Object.entries(ENDPOINTS))('%s', (_name, e) => {
	test.each(CASES)('%s', async (_case, query, param, expected) => {
		for (const reading of ['strict', 'inclusive'] as const) {
			const sb = sandbox();
			sb.reset();
			sb.settings({ dateFilters: reading });
			const rows = stampRecords(sb, e);
			const keep = param && e.takes.includes(param) ? expected[reading] : all;
			const want = keep.map((i) => rows[i]);
			expect({ reading, got: await ids(sb, e, query) }).toEqual({ reading, got: want });
			if (e.count)
				expect({ reading, count: await count(sb, e, query) }).toEqual({
					reading,
					count: want.length,
				});
		}
	});

	test('since_id, alone and with a date filter', async () => {
		const sb = sandbox();
		const rows = stampRecords(sb, e);
		const takesSince = e.takes.includes('since_id');
		const since = { since_id: rows[0] };
		expect(await ids(sb, e, since)).toEqual(takesSince ? rows.slice(1) : rows);
		if (e.count) expect(await count(sb, e, since)).toBe(takesSince ? 3 : 4);
		const both = { ...since, created_at_min: S };
		const byDate = e.takes.includes('created') ? [2, 3] : all;
		const want = byDate.filter((i) => !takesSince || i > 0).map((i) => rows[i]);
		expect(await ids(sb, e, both)).toEqual(want);
		if (e.count) expect(await count(sb, e, both)).toBe(want.length);
		sb.settings({ dateFilters: 'inclusive' });
		// every record was created at S or later: inclusive, the date filter keeps them all
		const inclusive = all.filter((i) => !takesSince || i > 0).map((i) => rows[i]);
		expect(await ids(sb, e, both)).toEqual(inclusive);
	});
});

test('lists answer in ascending id order whatever order records were stamped in', async () => {
	const sb = sandbox();
	const rows = sb.store.pages.rows;
	rows.forEach((r, i) => (r.created_at = `2030-01-0${9 - i} 00:00:00`));
	const listed = (await call(sb, 'GET', '/services/pages')).json.pages.map((p: Rec) =>
		Number(p.id),
	);
	expect(listed).toEqual([...listed].sort((a, b) => a - b));
	expect(listed).toHaveLength(rows.length);
});

test('a malformed date is refused whichever reading is set', async () => {
	for (const reading of ['strict', 'inclusive'] as const) {
		sandbox().settings({ dateFilters: reading });
		const res = await call(sandbox(), 'GET', '/services/pages', {
			query: { updated_at_min: '2030-06-01T12:00:00Z' },
		});
		expect(res.status).toBe(400);
		expect(res.json.error).toBe('invalid_date');
	}
});
