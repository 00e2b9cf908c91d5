/**
 * The strategy of each resource follows from its list endpoint's filters (resource tables), and the README's
 * table of the poll trigger states exactly those events and quiet-poll requests.
 */
import fs from 'node:fs';
import path from 'node:path';

import {
	planOf,
	quietRequests,
	type PollPlan,
} from '../../../nodes/StorePlatform/poll/rules/strategy';
import { eventName } from '../../../nodes/StorePlatform/poll/node/properties';
import { TABLES } from '../../../nodes/StorePlatform/resources';

const PLANS = TABLES.map(planOf).filter((p): p is PollPlan => p !== undefined);

test.each([
	// resource, strategy, time field of the scan, events
	['page', 'keyed', 'updated_at', 'created,updated,deleted'],
	['voucher', 'keyed', undefined, 'created,deleted'],
	['orderStatus', 'keyed', 'updated_at', 'created,updated'],
	['abandonedCart', 'stamped', 'created_at', 'created'],
	['themeScript', 'stamped', 'updated_at', 'created,updated'],
	['applicationCharge', 'snapshot', undefined, 'created,updated,deleted'],
	['promotion', 'snapshot', undefined, 'created,updated,deleted'],
	['themeAsset', 'snapshot', undefined, 'created,updated,deleted'],
])('%s is watched %s (%s): %s', (resource, strategy, stamp, events) => {
	const plan = PLANS.find((p) => p.table.resource === resource);
	expect([plan?.strategy, plan?.stamp, plan?.events.join(',')]).toEqual([strategy, stamp, events]);
});

test('every resource with a list is offered', () => {
	expect(PLANS.map((p) => p.table.resource).sort()).toEqual(TABLES.map((t) => t.resource).sort());
});

describe("the README's poll trigger table", () => {
	const readme = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'README.md'), 'utf8');
	// the poll trigger's section: from its heading to the next heading of the same level
	const start = readme.indexOf('\n## Poll trigger\n');
	const end = readme.indexOf('\n## ', start + 1);
	const section = readme.slice(start, end);

	test('the README has a poll trigger section followed by another section', () => {
		expect(start).toBeGreaterThanOrEqual(0);
		expect(end).toBeGreaterThan(start);
	});
	const rows = new Map(
		section
			.split('\n')
			.filter((l) => l.startsWith('| ') && !l.startsWith('| Resource') && !l.startsWith('| ---'))
			.map((l) => l.split('|').map((c) => c.trim()))
			.map((cells) => [cells[1], cells] as const),
	);

	test.each(PLANS.map((p) => [p.table.displayName, p] as const))('%s', (name, plan) => {
		const row = rows.get(name);
		expect(row).toBeDefined();
		expect(row?.[2]).toBe(plan.events.map((e) => eventName(plan, e)).join(', '));
		const quiet = row?.[4] ?? '';
		const perPage = /^2 \+ 1 per (\d+) records \(1 if none\)$/.exec(quiet);
		const pair = /^(\d+) \((\d+)¹\)$/.exec(quiet);
		const size = plan.pageSize;
		// the README's figure for a list of n records (¹: while it holds some, fewer than a page)
		const stated = (n: number): number => {
			if (perPage) return n === 0 ? 1 : 2 + Math.floor(n / Number(perPage[1]));
			if (pair) return Number(pair[n > 0 && n < size ? 2 : 1]);
			return Number(quiet);
		};
		if (perPage) expect(Number(perPage[1])).toBe(size);
		for (const n of [0, 1, size - 1, size, size + 1, 2 * size - 1, 2 * size, 5 * size + 3])
			expect([n, quietRequests(plan, plan.events, n)]).toEqual([n, stated(n)]);
	});
});
