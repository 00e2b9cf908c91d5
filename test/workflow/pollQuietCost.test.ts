/**
 * What a quiet poll costs, measured: each resource's poll trigger through n8n-core's poller against the sandbox,
 * its list holding none, one, a page, and two pages and one records: the requests of the poll after the activation
 * (nothing changed) are those quietRequests() states, which the README's table states too
 * (test/unit/poll/strategy.test.ts). Lists with a parent (variants, theme assets) are measured at the sandbox's
 * seed by pollResources.test.ts.
 */
import {
	planOf,
	quietRequests,
	type PollPlan,
} from '../../nodes/StorePlatform/poll/rules/strategy';
import { TABLES } from '../../nodes/StorePlatform/resources';
import { tableFor } from '../../sandbox/seed';
import { pollStore, useSandbox } from './setup';

const env = useSandbox();
const PLANS = TABLES.map(planOf).filter((p): p is PollPlan => p !== undefined && !p.scope.length);

/** Empties the sandbox's list of the plan's resource, then seeds `n` records into it. */
function holding(plan: PollPlan, n: number): void {
	const { resource } = plan.table;
	const table = tableFor(env.sandbox.store, resource);
	if (!table) throw new Error(`the sandbox has no table of ${resource}`);
	for (const row of [...table.rows]) env.sandbox.owner.remove(resource, String(row[plan.key]));
	if (n) env.sandbox.seed(resource, n);
	expect(table.size).toBe(n);
}

describe.each(PLANS.map((p) => [p.table.resource, p] as const))('%s', (_resource, plan) => {
	const size = plan.pageSize;
	test.each([0, 1, size, 2 * size + 1])(
		'a quiet poll of a list of %i records costs what quietRequests() states',
		async (n) => {
			holding(plan, n);
			const p = pollStore(env.sandbox, { resource: plan.table.resource, events: plan.events });
			expect((await p.tick({ activation: true })).error).toBeUndefined();
			const before = env.sandbox.requests.length;
			const tick = await p.tick();
			expect([tick.error, tick.items]).toEqual([undefined, null]);
			expect(env.sandbox.requests.length - before).toBe(quietRequests(plan, plan.events, n));
		},
	);
});
