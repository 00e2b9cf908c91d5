/**
 * The poll trigger's limits on a shop with real habits (issue 30), through n8n-core's poll machinery against the
 * sandbox, counting the shop's requests of every poll: ids handed out by steps of 3 (20,000 vouchers seeded in the
 * store) keep the deletion of the oldest id; a list that ignores `since_id` or `page` ends each poll within a bound
 * and invents nothing; a count off its list by one invents no deletion or creation, within a bound. Every poll's
 * items are compared and every item is counted (exact lists, each deliveryKey once).
 */
import type { INodeParameters } from 'n8n-workflow';

import {
	planOf,
	quietRequests,
	type PollPlan,
} from '../../nodes/StorePlatform/poll/rules/strategy';
import { TABLES } from '../../nodes/StorePlatform/resources';
import { habitPoller, Script } from './habitPoller';
import { useSandbox } from './setup';

const env = useSandbox();
const planFor = (resource: string) =>
	TABLES.map(planOf).find((p) => p?.table.resource === resource) as PollPlan;
const watch = (parameters: INodeParameters, key?: string) =>
	new Script(habitPoller(env.sandbox, parameters, { key }));

/** Requests a poll of the small lists below may send, whatever the shop's habit (their quiet polls send 1 to 4). */
const SMALL_BOUND = 12;
/** Where the test stops a poll that loops (far above SMALL_BOUND, so a failure shows a poll that would not end). */
const SMALL_CEILING = 200;

describe('ids handed out by steps of 3 (a cluster): 20,000 vouchers', () => {
	test('the deletion of the oldest id and of one in the middle are reported; quiet polls cost the stated requests', async () => {
		env.sandbox.habits({ idStep: 3 });
		env.sandbox.seed('voucher', 20_000);
		const ids = env.sandbox.store.vouchers.rows.map((r) => Number(r.id));
		expect([ids.length, ids[4], ids[ids.length - 1]]).toEqual([20_004, 7, 60_004]);
		const events = ['created', 'deleted'] as const;
		const s = watch({ resource: 'voucher', events: [...events] });
		// one read of the whole list by since_id: 81 pages of 250
		await s.poll([], { activation: true, maxRequests: 90 });
		const quiet = quietRequests(planFor('voucher'), [...events], ids.length);
		await s.poll([], { maxRequests: quiet });
		const middle = ids[10_000];
		env.sandbox.owner.remove('voucher', 1);
		env.sandbox.owner.remove('voucher', middle);
		// two deletions among 20,000 known ids: bisection by counts, one page each (deletions.ts)
		await s.poll(['voucher/deleted 1', `voucher/deleted ${middle}`], { maxRequests: 40 });
		await s.poll([], { maxRequests: quiet });
		const added = `voucher/created ${String(env.sandbox.owner.add('voucher').id)}`;
		await s.poll([added], { maxRequests: quiet + 1 });
		await s.poll([], { maxRequests: quiet });
		// the static data follows the number of records, not the number of gaps (README: the bound)
		const size = JSON.stringify(s.p.poller.staticData()).length;
		if (process.env.HABITS_TRACE) console.log(`static data: ${size} characters`);
		s.check(['voucher/deleted 1', `voucher/deleted ${middle}`, added]);
		expect(size).toBeLessThan(12_000);
	});
});

/** A list made to ignore a parameter, and the changes a poll must then report exactly. */
interface IgnoreCase {
	parameters: INodeParameters;
	key?: string;
	habit: { ignoreSinceId?: string[]; ignorePage?: string[] };
	change(): string[];
}

const IGNORES: Array<[string, IgnoreCase]> = [
	[
		'pages ignore since_id (keyed: creations, update scan, deletions)',
		{
			parameters: { resource: 'page', events: ['created', 'updated', 'deleted'] },
			habit: { ignoreSinceId: ['/services/pages'] },
			change: () => {
				const added = env.sandbox.owner.add('page');
				env.sandbox.owner.change('page', 2, { title: 'Renamed' });
				env.sandbox.owner.remove('page', 3);
				return [`page/created ${String(added.id)}`, 'page/updated 2', 'page/deleted 3'];
			},
		},
	],
	[
		'vouchers ignore since_id (keyed: creations, deletions)',
		{
			parameters: { resource: 'voucher', events: ['created', 'deleted'] },
			habit: { ignoreSinceId: ['/services/vouchers'] },
			change: () => {
				const added = env.sandbox.owner.add('voucher');
				env.sandbox.owner.remove('voucher', 2);
				return [`voucher/created ${String(added.id)}`, 'voucher/deleted 2'];
			},
		},
	],
	[
		'theme scripts ignore page (scan by updated_at, paged by number)',
		{
			parameters: { resource: 'themeScript', events: ['created', 'updated'] },
			habit: { ignorePage: ['/services/theme_scripts'] },
			change: () => {
				const added = env.sandbox.owner.add('themeScript');
				env.sandbox.owner.change('themeScript', 1, { src: 'https://cdn.test/changed.js' });
				return [`themeScript/created ${String(added.id)}`, 'themeScript/updated 1'];
			},
		},
	],
	[
		'abandoned carts ignore page (scan by created_at)',
		{
			parameters: { resource: 'abandonedCart', events: ['created'] },
			key: 'user_key',
			habit: { ignorePage: ['/services/checkout'] },
			change: () => [
				`abandonedCart/created ${String(env.sandbox.owner.add('abandonedCart').user_key)}`,
			],
		},
	],
];

describe.each(IGNORES)('a list that ignores a parameter: %s', (_name, c) => {
	test(`every poll ends within ${SMALL_BOUND} requests and emits exactly the changes`, async () => {
		env.sandbox.habits(c.habit);
		const s = watch(c.parameters, c.key);
		const bound = { maxRequests: SMALL_BOUND, ceiling: SMALL_CEILING };
		await s.poll([], { activation: true, ...bound });
		await s.poll([], bound);
		const changes = c.change();
		await s.poll(changes, bound);
		for (let i = 0; i < 2; i++) await s.poll([], bound);
		s.check(changes);
	});
});

describe('a list longer than a page that ignores page: 600 promotions (fingerprinted, with a count)', () => {
	test('nothing invented (no record of a later page is created or deleted), at most one error, bounded polls', async () => {
		env.sandbox.seed('promotion', 596);
		env.sandbox.habits({ ignorePage: ['/services/promotions'] });
		const p = habitPoller(env.sandbox, {
			resource: 'promotion',
			events: ['created', 'updated', 'deleted'],
		});
		await p.tick({ activation: true, ceiling: SMALL_CEILING });
		await p.tick({ ceiling: SMALL_CEILING });
		env.sandbox.owner.change('promotion', 2, { promotion_value: 4321 });
		env.sandbox.owner.remove('promotion', 3);
		for (let i = 0; i < 4; i++) await p.tick({ ceiling: SMALL_CEILING });
		if (process.env.HABITS_TRACE)
			console.log(JSON.stringify({ all: p.all, errors: p.errors, requests: p.requests }));
		const real = new Set(['promotion/updated 2', 'promotion/deleted 3']);
		expect({
			invented: p.all.filter((e) => !real.has(e)),
			repeated: p.all.filter((e, i) => p.all.indexOf(e) !== i),
			pollsWithAnError: p.errors.filter(Boolean).length <= 1 ? 'at most one' : p.errors,
			requestsPerPoll: p.requests.every((n) => n <= SMALL_BOUND) ? 'bounded' : p.requests,
		}).toEqual({
			invented: [],
			repeated: [],
			pollsWithAnError: 'at most one',
			requestsPerPoll: 'bounded',
		});
		expect(new Set(p.keys).size).toBe(p.keys.length);
	});
});

/** A resource whose count is made to disagree with its list, and the changes it must report. */
const COUNTED: Array<[string, INodeParameters, string, (offset: number) => string[]]> = [
	[
		'pages (keyed, deletions by count)',
		{ resource: 'page', events: ['created', 'updated', 'deleted'] },
		'/services/pages/count',
		(offset) => {
			const added = env.sandbox.owner.add('page');
			env.sandbox.owner.change('page', 2, { title: 'Renamed' });
			// a count one above its list cannot show a deletion: only a count below is given one to find
			if (offset < 0) env.sandbox.owner.remove('page', 3);
			return [
				`page/created ${String(added.id)}`,
				'page/updated 2',
				...(offset < 0 ? ['page/deleted 3'] : []),
			];
		},
	],
	[
		'vouchers (keyed, deletions by count)',
		{ resource: 'voucher', events: ['created', 'deleted'] },
		'/services/vouchers/count',
		(offset) => {
			const added = env.sandbox.owner.add('voucher');
			if (offset < 0) env.sandbox.owner.remove('voucher', 3);
			return [`voucher/created ${String(added.id)}`, ...(offset < 0 ? ['voucher/deleted 3'] : [])];
		},
	],
	[
		'600 promotions (fingerprinted, pages planned by the count)',
		{ resource: 'promotion', events: ['created', 'updated', 'deleted'] },
		'/services/promotions/count',
		() => {
			env.sandbox.owner.change('promotion', 2, { promotion_value: 4321 });
			env.sandbox.owner.remove('promotion', 300);
			const added = env.sandbox.owner.add('promotion');
			return [
				'promotion/updated 2',
				'promotion/deleted 300',
				`promotion/created ${String(added.id)}`,
			];
		},
	],
];

describe.each(COUNTED.flatMap((c) => [1, -1].map((offset) => [...c, offset] as const)))(
	'a count off its list: %s',
	(_name, parameters, path, change, offset) => {
		test(`count ${offset > 0 ? 'one above' : 'one below'} its list: nothing invented, each poll within ${SMALL_BOUND} requests`, async () => {
			if (parameters.resource === 'promotion') env.sandbox.seed('promotion', 596);
			env.sandbox.habits({ countOffset: { [path]: offset } });
			const s = watch(parameters);
			await s.poll([], { activation: true, maxRequests: SMALL_BOUND });
			for (let i = 0; i < 2; i++) await s.poll([], { maxRequests: SMALL_BOUND });
			const changes = change(offset);
			await s.poll(changes, { maxRequests: SMALL_BOUND });
			for (let i = 0; i < 2; i++) await s.poll([], { maxRequests: SMALL_BOUND });
			s.check(changes);
		});
	},
);
