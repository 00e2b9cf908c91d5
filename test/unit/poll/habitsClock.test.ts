/**
 * The shop's clock as the poll trigger meets it (issue 34, items 5, 6 and 8): a clock that steps back an hour
 * (summer time ends on a shop stamping local time), stamps written in another form of the same instant, and a
 * record whose updated_at is null (a theme script never changed). Tables over the shop in memory (fakeShop.ts),
 * through the shipped poll rules.
 */
import type { IDataObject } from 'n8n-workflow';

import type { PollState } from '../../../nodes/StorePlatform/poll/rules/state';
import { quietRequests, type PollPlan } from '../../../nodes/StorePlatform/poll/rules/strategy';
import {
	FakeShop,
	FakeTrigger,
	fakePlan,
	lines,
	secondsBefore,
	type FakeOptions,
} from './fakeShop';

const FILTERS: FakeOptions['filters'][] = ['strict', 'inclusive'];

const keyed = fakePlan({ pageSize: 10 });
const stamped = fakePlan({
	strategy: 'stamped',
	events: ['created', 'updated'],
	count: undefined,
	pageSize: 10,
});
const carts = fakePlan({
	strategy: 'stamped',
	stamp: 'created_at',
	events: ['created'],
	count: undefined,
	pageSize: 10,
});
const PLANS: Array<[string, PollPlan]> = [
	['keyed list, update scan (pages)', keyed],
	['list scanned by updated_at (theme scripts)', stamped],
	['list scanned by created_at (abandoned carts)', carts],
];
/** The same lists with pages of 50: a shop that never fills one. */
const SMALL: Array<[string, PollPlan]> = PLANS.map(([n, p]) => [n, { ...p, pageSize: 50 }]);

/** One change of the shop: an update of record `id` (where the plan reports updates) and a creation. */
function change(shop: FakeShop, plan: PollPlan, id: number, label: string): string[] {
	const want: string[] = [];
	if (plan.events.includes('updated')) {
		shop.update(id, { title: `${label} update` });
		want.push(`updated ${id} ${label} update`);
	}
	const r = shop.create({ title: `${label} new` });
	want.push(`created ${String(r.id)} ${label} new`);
	return want;
}

describe.each(FILTERS)('the shop clock steps back an hour (%s filters)', (filters) => {
	// a shop that stamps local time: 02:59:59 summer time is followed by 02:00:00 winter time
	const hours: Array<[string, string]> = [
		['2026-10-25 02:30:00', 'summer a'],
		['2026-10-25 02:59:50', 'summer b'],
		['2026-10-25 02:00:10', 'repeated a'],
		['2026-10-25 02:20:00', 'repeated b'],
		['2026-10-25 02:59:55', 'repeated c'],
		['2026-10-25 03:00:30', 'after a'],
		['2026-10-25 03:40:00', 'after b'],
		['2026-10-25 04:10:00', 'after c'],
	];

	test.each(SMALL)(
		'%s, few records: each change in the repeated hour comes at the next poll, once',
		async (_n, plan) => {
			const shop = new FakeShop({ filters });
			shop.at('2026-10-25 02:00:00').seed(5, true);
			const trigger = new FakeTrigger(shop, plan);
			await trigger.poll();
			let id = 1;
			for (const [time, label] of hours) {
				shop.at(time);
				const want = change(shop, plan, id++, label);
				expect(lines(await trigger.poll())).toEqual(want.sort());
				expect(await trigger.poll()).toEqual([]);
				// the shop has not filled a page yet: a read ends on an empty page
				expect(trigger.lastRequests).toBe(quietRequests(plan, plan.events, 5));
			}
		},
	);

	test.each(PLANS)(
		'%s, a busy shop (the lookback holds more than a page): every change comes once; quiet polls cost as before',
		async (_n, plan) => {
			const shop = new FakeShop({ filters });
			shop.at('2026-10-25 02:00:00').seed(40, true);
			const trigger = new FakeTrigger(shop, plan);
			await trigger.poll();
			const want: string[] = [];
			const got: string[] = [];
			let id = 1;
			for (const [time, label] of hours) {
				shop.at(time);
				// five updates of seeds and five creations a second apart: within two hours, more than a page (10)
				for (let i = 0; i < 5; i++) {
					shop.at(secondsBefore(time, -i));
					want.push(...change(shop, plan, id++, `${label} ${i}`));
				}
				// the poll after the changes may move the floor further (and read a slice of the window)
				for (let i = 0; i < 2; i++) got.push(...lines(await trigger.poll()));
				expect(await trigger.poll()).toEqual([]);
				expect(trigger.lastRequests).toBe(quietRequests(plan, plan.events, 40));
			}
			// the shop's clock goes on: a later change moves the floor past the repeated hour
			shop.at('2026-10-25 05:30:00');
			want.push(...change(shop, plan, id++, 'much later'));
			for (let i = 0; i < 3; i++) got.push(...lines(await trigger.poll()));
			expect(got.sort()).toEqual(want.sort());
			// the window was read by slices (its records did not fit one page with the floor's)
			expect(shop.requests.some((q) => q[`${plan.stamp ?? ''}_max`] !== undefined)).toBe(true);
			// the static data stays bounded
			expect(JSON.stringify(trigger.stored).length).toBeLessThan(20_000);
		},
	);
});

/**
 * A stamp of the spec's form in another form of the same instant: the shop's zone is UTC+01:00 where the form
 * writes +01:00, UTC where it writes Z.
 */
const FORMS: Record<string, (t: string) => string> = {
	'iso-z': (t) => `${t.replace(' ', 'T')}Z`,
	offset: (t) => `${t.replace(' ', 'T')}+01:00`,
	'naive-t': (t) => t.replace(' ', 'T'),
	fraction: (t) => `${t.replace(' ', 'T')}.250+01:00`,
};
const STAMPS = ['created_at', 'updated_at'];

function spelled(form: (t: string) => string, every: boolean) {
	return (r: IDataObject, answer: number): IDataObject => {
		if (!every && answer % 2 === 0) return r;
		const out = { ...r };
		for (const f of STAMPS) if (typeof out[f] === 'string') out[f] = form(String(out[f]));
		return out;
	};
}

describe.each(FILTERS)('stamps in another form of the same instant (%s filters)', (filters) => {
	describe.each(Object.keys(FORMS))('%s', (formName) => {
		test.each(PLANS)(
			'%s: in every answer, or in every other one: no change invented, each change once',
			async (_n, plan) => {
				for (const every of [true, false]) {
					const shop = new FakeShop({ filters });
					shop.at('2026-11-27 13:00:00').seed(12, true);
					shop.spell = spelled(FORMS[formName], every);
					const trigger = new FakeTrigger(shop, plan);
					await trigger.poll();
					for (let i = 0; i < 3; i++) expect(await trigger.poll()).toEqual([]);
					for (let s = 10; s < 13; s++) {
						shop.at(`2026-11-27 13:00:${s}`);
						const want = change(shop, plan, s - 8, `form ${s}`);
						expect(lines(await trigger.poll())).toEqual(want.sort());
						for (let i = 0; i < 2; i++) expect(await trigger.poll()).toEqual([]);
					}
				}
			},
		);
	});

	test.each(PLANS)(
		'%s: a cursor stored by the version that read no stamp in another form invents nothing after the upgrade',
		async (_n, plan) => {
			const shop = new FakeShop({ filters });
			shop.at('2026-11-27 13:00:00').seed(12, true);
			shop.spell = spelled(FORMS['iso-z'], true);
			const trigger = new FakeTrigger(shop, plan);
			await trigger.poll();
			// what that version stored: no record had a time it could read
			const stored = trigger.stored as PollState;
			stored.scan = { floor: '', seen: {} };
			expect(await trigger.poll()).toEqual([]);
			expect(await trigger.poll()).toEqual([]);
			shop.at('2026-11-27 13:00:10');
			const want = change(shop, plan, 2, 'after the upgrade');
			expect(lines(await trigger.poll())).toEqual(want.sort());
			expect(await trigger.poll()).toEqual([]);
		},
	);

	test('the spec empty date (0000-00-00 00:00:00) is no time: no error, and nothing is invented', async () => {
		const shop = new FakeShop({ filters });
		shop.at('2026-11-27 13:00:00').seed(6, true);
		shop.create({ title: 'empty', updated_at: '0000-00-00 00:00:00' });
		const trigger = new FakeTrigger(shop, stamped);
		await trigger.poll();
		expect(await trigger.poll()).toEqual([]);
		shop.at('2026-11-27 13:00:05');
		shop.update(7, { title: 'dated' });
		expect(lines(await trigger.poll())).toEqual(['updated 7 dated']);
		expect(await trigger.poll()).toEqual([]);
	});
});

describe.each(FILTERS)('a record whose updated_at is null (%s filters)', (filters) => {
	test.each([
		['list scanned by updated_at (theme scripts)', stamped],
		['keyed list, update scan', keyed],
	])('%s: created once (by its created_at or its id), then updated once', async (_n, plan) => {
		const shop = new FakeShop({ filters });
		shop.at('2026-11-27 13:00:00').seed(12, true);
		const trigger = new FakeTrigger(shop, plan);
		await trigger.poll();
		shop.at('2026-11-27 13:00:05');
		const r = shop.create({ title: 'script', updated_at: null });
		expect(lines(await trigger.poll())).toEqual([`created ${String(r.id)} script`]);
		expect(await trigger.poll()).toEqual([]);
		shop.at('2026-11-27 13:00:09');
		shop.update(Number(r.id), { title: 'script, changed' });
		expect(lines(await trigger.poll())).toEqual([`updated ${String(r.id)} script, changed`]);
		expect(await trigger.poll()).toEqual([]);
		expect((trigger.stored as PollState).scan).toBeDefined();
	});

	test('a record with a null updated_at at activation is no creation; its first change is an update', async () => {
		const shop = new FakeShop({ filters });
		shop.at('2026-11-27 13:00:00').seed(12, true);
		shop.create({ title: 'old script', updated_at: null });
		const trigger = new FakeTrigger(shop, stamped);
		await trigger.poll();
		expect(await trigger.poll()).toEqual([]);
		shop.at('2026-11-27 13:00:09');
		shop.update(13, { title: 'old script, changed' });
		expect(lines(await trigger.poll())).toEqual(['updated 13 old script, changed']);
	});
});
