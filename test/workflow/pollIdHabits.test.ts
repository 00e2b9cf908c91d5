/**
 * Issue 34, items 4 and 7, through n8n-core's poll machinery against the sandbox:
 * - a record deleted while the activation pages through a list read by page number (promotions, webhooks,
 *   payment methods: lists compared whole) invents no creation later: the record the shifted pages hid existed;
 * - ids beyond 2^53, given as strings (habits.ts `bigIds`), are emitted with every digit, each change once.
 */
import type { INodeParameters } from 'n8n-workflow';

import { habitPoller, Script } from './habitPoller';
import { useSandbox } from './setup';

const env = useSandbox();
const watch = (parameters: INodeParameters) => new Script(habitPoller(env.sandbox, parameters));

const rowsOf = (resource: string) => {
	const table = { promotion: 'promotions', webhook: 'webhooks', paymentMethod: 'paymentMethods' }[
		resource
	] as 'promotions';
	return env.sandbox.store[table].rows;
};

describe('a record deleted while the activation pages through a list read by page number', () => {
	test.each(['promotion', 'webhook', 'paymentMethod'])(
		'%s: nothing comes as created later; a real creation and deletion after still come once',
		async (resource) => {
			while (rowsOf(resource).length < 8) env.sandbox.owner.add(resource);
			// pages of 3 records: the activation reads 3 or more pages
			env.sandbox.faults.pageCap = 3;
			const s = watch({ resource, events: ['created', 'updated', 'deleted'] });
			env.sandbox.habits({ deleteDuringPaging: { resource, afterRequests: 1 } });
			await s.poll([], { activation: true });
			await s.poll([]);
			const added = env.sandbox.owner.add(resource);
			const gone = rowsOf(resource)[2];
			env.sandbox.owner.remove(resource, String(gone.id));
			const events = [
				`${resource}/created ${String(added.id)}`,
				`${resource}/deleted ${String(gone.id)}`,
			];
			await s.poll(events);
			await s.poll([]);
			s.check(events);
		},
	);
});

describe('ids beyond 2^53, given as strings', () => {
	const big = (id: unknown) => String(BigInt(String(id)) + BigInt(2) ** BigInt(53));

	test.each([
		['page', ['created', 'updated', 'deleted']],
		['voucher', ['created', 'deleted']],
		['promotion', ['created', 'updated', 'deleted']],
	] as const)('%s: each change once, with every digit of its id', async (resource, events) => {
		env.sandbox.habits({ bigIds: true });
		const s = watch({ resource, events: [...events] });
		await s.poll([], { activation: true });
		await s.poll([]);
		const added = env.sandbox.owner.add(resource);
		const [first, second] = env.sandbox.store[`${resource}s` as 'pages'].rows;
		env.sandbox.owner.remove(resource, String(second.id));
		const want = [`${resource}/created ${big(added.id)}`, `${resource}/deleted ${big(second.id)}`];
		await s.poll(want);
		const more = [`${resource}/created ${big(env.sandbox.owner.add(resource).id)}`];
		if (events.includes('updated' as never)) {
			env.sandbox.owner.change(resource, String(first.id), { title: 'Changed' });
			more.push(`${resource}/updated ${big(first.id)}`);
		}
		await s.poll(more);
		await s.poll([]);
		s.check([...want, ...more]);
	});
});

describe('a record deleted while the activation pages through a list scanned by its time', () => {
	// the records at the scan's floor (its newest second) are read again in later passes: one the first reading
	// missed would come as created
	test.each([
		['themeScript', 'themeScripts', ['created', 'updated']],
		['abandonedCart', 'abandonedCarts', ['created']],
	] as const)(
		'%s, all stamped in one second: nothing comes later',
		async (resource, table, events) => {
			env.sandbox.shopTime.pin('2030-01-01 12:00:00');
			while (env.sandbox.store[table].rows.length < 8) env.sandbox.owner.add(resource);
			for (const r of env.sandbox.store[table].rows) {
				r.created_at = '2030-01-01 12:00:00';
				if ('updated_at' in r) r.updated_at = '2030-01-01 12:00:00';
			}
			env.sandbox.faults.pageCap = 3;
			const key = resource === 'abandonedCart' ? 'user_key' : 'id';
			const s = new Script(habitPoller(env.sandbox, { resource, events: [...events] }, { key }));
			env.sandbox.habits({ deleteDuringPaging: { resource, afterRequests: 1 } });
			await s.poll([], { activation: true });
			await s.poll([]);
			env.sandbox.shopTime.pin('2030-01-01 12:00:05');
			// a cart copied under a new key (the sandbox's generated cart keys follow the count of carts, which the
			// deletion lowered)
			const rows = env.sandbox.store[table].rows;
			const added =
				resource === 'abandonedCart'
					? env.sandbox.store.abandonedCarts.insert({
							...rows[rows.length - 1],
							user_key: 'ffff0000000040008000000000000001',
							created_at: '2030-01-01 12:00:05',
						})
					: env.sandbox.owner.add(resource);
			const created = [`${resource}/created ${String(added[key])}`];
			await s.poll(created);
			await s.poll([]);
			s.check(created);
		},
	);
});
