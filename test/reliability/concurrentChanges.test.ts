/**
 * Return All while the shop changes between page requests. A proxy between node and sandbox changes
 * the store before it forwards each list request after the first (inserts, deletes, or both), so every
 * page is read from a different state of the list.
 *
 * The guarantee transport/paginate.ts documents: for lists that take `since_id`, every record that
 * exists for the whole Return All is returned exactly once, none twice. For lists without `since_id`
 * (promotions) the suite reports what happens and only requires no duplicates.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { apiCredentials, jsonOf, runStore, useSandbox } from '../workflow/setup';
import { figure, startProxy } from './helpers';

const env = useSandbox();

type Mutation = 'insert' | 'delete' | 'both';

const TABLE: Record<
	string,
	'vendors' | 'pages' | 'categories' | 'promotions' | 'collections' | 'orderStatuses'
> = {
	orderStatus: 'orderStatuses',
	vendor: 'vendors',
	page: 'pages',
	category: 'categories',
	collection: 'collections',
	promotion: 'promotions',
};
const PATH: Record<string, string> = {
	orderStatus: '/services/statuses',
	vendor: '/services/vendors',
	page: '/services/pages',
	category: '/services/categories',
	collection: '/services/collections',
	promotion: '/services/promotions',
};

interface Outcome {
	stable: number;
	returned: number;
	missing: string[];
	duplicates: number;
	inserted: number;
	deleted: number;
	insertedReturned: number;
	requests: number;
}

/**
 * 100 records, page cap 10. Before each list request after the first: `insert` adds 2 records, `delete`
 * removes the lowest-id record still there (one already read, which shifts every later page), `both`
 * does one of each (the total stays the same).
 */
async function run(resource: string, mutation: Mutation, s: Sandbox): Promise<Outcome> {
	const table = s.store[TABLE[resource]];
	s.seed(resource, 100 - table.size);
	s.faults.pageCap = 10;
	const initial = table.rows.map((r) => String(r.id));
	const removed = new Set<string>();
	const inserted = new Set<string>();
	const proxy = await startProxy(s);
	let lists = 0;
	proxy.hook = (r) => {
		if (r.method !== 'GET' || r.rawPath !== PATH[resource]) return;
		if (lists++ === 0) return;
		if (mutation !== 'insert') {
			const victim = table.rows.find((x) => !inserted.has(String(x.id)));
			if (victim) {
				removed.add(String(victim.id));
				table.remove(victim.id);
			}
		}
		if (mutation !== 'delete') {
			s.seed(resource, mutation === 'both' ? 1 : 2);
			for (const x of table.rows.slice(-(mutation === 'both' ? 1 : 2))) inserted.add(String(x.id));
		}
	};
	const result = await runStore(
		s,
		{ resource, operation: 'getAll', returnAll: true },
		{ credentials: { ...apiCredentials(s), baseUrl: proxy.url } },
	);
	await proxy.close();
	expect(result.error).toBeUndefined();
	const ids = jsonOf(result).map((r: IDataObject) => String(r.id));
	const counts = new Map<string, number>();
	for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
	const stable = initial.filter((id) => !removed.has(id));
	return {
		stable: stable.length,
		returned: ids.length,
		missing: stable.filter((id) => !counts.has(id)),
		duplicates: [...counts.values()].filter((n) => n > 1).length,
		inserted: inserted.size,
		deleted: removed.size,
		insertedReturned: [...inserted].filter((id) => counts.has(id)).length,
		requests: lists,
	};
}

const report = (resource: string, mutation: Mutation, o: Outcome) =>
	figure(
		`Return All under change, ${resource} (${resource === 'promotion' ? 'no since_id' : 'since_id'}), ${mutation}: ` +
			`${o.stable - o.missing.length}/${o.stable} stable records returned, ${o.missing.length} missing, ${o.duplicates} duplicates, ` +
			`${o.deleted} deleted, ${o.insertedReturned}/${o.inserted} inserted returned, ${o.requests} list requests`,
	);

describe('lists with since_id: every record that exists throughout is returned exactly once', () => {
	it.each([
		['vendor', 'insert'],
		['vendor', 'delete'],
		['page', 'insert'],
		['page', 'delete'],
		['category', 'insert'],
		['category', 'delete'],
		['collection', 'delete'],
	] as Array<[string, Mutation]>)('%s, %s between pages', async (resource, mutation) => {
		const o = await run(resource, mutation, env.sandbox);
		report(resource, mutation, o);
		expect(o.missing).toEqual([]);
		expect(o.duplicates).toBe(0);
	});

	// One delete and one insert per page keep the total equal: only reading by since_id (id ranges with a
	// count, one range for order statuses, which have none) keeps every record in view.
	it.each([['vendor'], ['page'], ['category'], ['orderStatus']])(
		'%s, a delete and an insert between pages (total unchanged)',
		async (resource) => {
			const o = await run(resource, 'both', env.sandbox);
			report(resource, 'both', o);
			expect(o.missing).toEqual([]);
			expect(o.duplicates).toBe(0);
		},
	);
});

describe('a list without since_id (promotions): reported, no duplicates', () => {
	it.each(['insert', 'delete', 'both'] as Mutation[])(
		'promotion, %s between pages',
		async (mutation) => {
			const o = await run('promotion', mutation, env.sandbox);
			report('promotion', mutation, o);
			expect(o.duplicates).toBe(0);
			if (mutation === 'insert') expect(o.missing).toEqual([]);
		},
	);
});
