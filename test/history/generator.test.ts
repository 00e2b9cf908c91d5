/**
 * The generator (generator.ts): every step it knows is generated with ALL_ON (grow generated nothing before
 * issue 41), a switch turned off generates none of its steps, and the one filter drops only the Limits' cases.
 */
import fc from 'fast-check';

import { ALL_ON, historyArb } from './generator';
import { withinLimits } from './withinLimits';
import { PROFILES } from './profiles';
import { changeOf, type History, type Step } from './steps';

const profiles = Object.values(PROFILES);
const opsOf = (h: History): string[] =>
	[...(h.before ?? []), ...h.steps].flatMap((s) => [s.op, changeOf(s)?.op ?? s.op]);

test('ALL_ON generates every kind of step, grow and the habits before the activation included', () => {
	const ops = new Set<string>();
	let before = 0;
	for (const h of fc.sample(historyArb(profiles, ALL_ON), { seed: 41, numRuns: 3000 })) {
		for (const op of opsOf(h)) ops.add(op);
		if (h.before?.length) before++;
	}
	const every: Array<Step['op']> = [
		'create',
		'update',
		'delete',
		'restore',
		'reuseId',
		'updateMany',
		'createMany',
		'createNullStamp',
		'poll',
		'repeat',
		'restart',
		'during',
		'tick',
		'emptyAnswer',
		'pageCap',
		'stampForm',
		'bigIds',
		'grow',
		'flipForms',
		'idStep',
		'ignoreParam',
		'countOffset',
		'order',
		'zone',
		'countLag',
		'fillIdGaps',
		'later',
		'getHabit',
		'shape',
		'deleteMany',
	];
	expect(every.filter((op) => !ops.has(op))).toEqual([]);
	expect(before).toBeGreaterThan(100);
});

test("issue 49's switches: a slow shop in about half the histories, lists past the ledger's bound (rare), ties, bulk changes while a poll pages", () => {
	const sample = fc.sample(historyArb(profiles, ALL_ON), { seed: 49, numRuns: 3000 });
	const slow = sample.filter((h) => h.slow).length;
	expect(slow).toBeGreaterThan(1200);
	expect(slow).toBeLessThan(1800);
	const past = sample.filter((h) => h.preload >= 12_000);
	expect(past.length).toBeGreaterThan(0);
	expect(past.length).toBeLessThan(150);
	expect(
		past.every((h) => ['page', 'voucher', 'abandonedCart', 'themeScript'].includes(h.resource)),
	).toBe(true);
	const steps = sample.flatMap((h) => [...(h.before ?? []), ...h.steps]);
	expect(steps.some((s) => s.op === 'order' && s.order === 'createdTies')).toBe(true);
	expect(
		steps.some((s) => s.op === 'during' && s.change.op === 'createMany' && s.change.n === 250),
	).toBe(true);
	const habits = new Set(steps.flatMap((s) => (s.op === 'getHabit' ? [s.habit] : [])));
	expect([...habits].sort()).toEqual(['refuse403', 'refuse500', 'stale', 'trash']);
	// switched off: none of them
	const off = {
		...ALL_ON,
		getHabits: false,
		bulkPaging: false,
		ties: false,
		shape: false,
		ledger: false,
		slow: false,
	};
	for (const h of fc.sample(historyArb(profiles, off), { seed: 49, numRuns: 1000 })) {
		expect(h.slow).toBeFalsy();
		expect(h.preload).toBeLessThanOrEqual(300);
		expect(opsOf(h).filter((op) => ['getHabit', 'shape', 'deleteMany'].includes(op))).toEqual([]);
	}
});

test('a switch off generates none of its steps', () => {
	// (ties: issue 49's order by created_at)
	const off = { ...ALL_ON, grow: false, zone: false, order: false, ties: false, reuseId: false };
	for (const h of fc.sample(historyArb(profiles, off), { seed: 7, numRuns: 1000 }))
		expect(opsOf(h).filter((op) => ['grow', 'zone', 'order', 'reuseId'].includes(op))).toEqual([]);
});

describe('withinLimits drops only what docs/poll.md Limits do not promise', () => {
	const page = PROFILES.page;
	const user = PROFILES.user;
	const h = (steps: Step[]): History => ({ resource: 'page', preload: 0, steps });
	test('a repeat after a deletion since the poll it repeats (n8n restarted between, or a whole list); after an edit on a whole list', () => {
		// in one n8n process the deletion is promised (node/lostRuns.ts), not after a restart, nor on a whole list
		const deleted: Step[] = [{ op: 'poll' }, { op: 'delete', pick: 0 }, { op: 'repeat' }];
		expect(withinLimits(h(deleted), page)).toBe(true);
		expect(
			withinLimits(
				h([{ op: 'poll' }, { op: 'deleteMany', n: 10 }, { op: 'restart' }, { op: 'repeat' }]),
				page,
			),
		).toBe(false);
		expect(withinLimits(h(deleted), user)).toBe(false);
		expect(
			withinLimits(h([{ op: 'delete', pick: 0 }, { op: 'poll' }, { op: 'repeat' }]), page),
		).toBe(true);
		const edit: Step[] = [{ op: 'poll' }, { op: 'update', pick: 0, v: 1 }, { op: 'repeat' }];
		expect(withinLimits(h(edit), page)).toBe(true);
		expect(withinLimits(h(edit), user)).toBe(false);
	});

	test('a poll repeated twice: a creation the first repeat read, edited in its second before the second (soak 50901)', () => {
		const create: Step = { op: 'create', v: 0 };
		const edit: Step = { op: 'update', pick: 0, v: 3 };
		const repeat: Step = { op: 'repeat' };
		expect(withinLimits(h([{ op: 'poll' }, create, repeat, edit, repeat]), page)).toBe(false);
		// edited before the first repeat (both runs read the edit), or in another second: promised
		expect(withinLimits(h([{ op: 'poll' }, create, edit, repeat, repeat]), page)).toBe(true);
		const later: Step[] = [{ op: 'poll' }, create, repeat, { op: 'tick', s: 1 }, edit, repeat];
		expect(withinLimits(h(later), page)).toBe(true);
	});

	test('n8n restarted after a repeat, before the next poll, where a deletion came between the run and the repeat (soak 51101)', () => {
		const v = PROFILES.voucher;
		const run: Step[] = [{ op: 'create', v: 0 }, { op: 'poll' }, { op: 'delete', pick: 10 }];
		const voucher = (steps: Step[]): History => ({ ...h(steps), resource: 'voucher' });
		expect(withinLimits(voucher([...run, { op: 'repeat' }, { op: 'restart' }]), v)).toBe(false);
		expect(withinLimits(voucher([...run, { op: 'repeat' }]), v)).toBe(true);
		const later: Step[] = [...run, { op: 'repeat' }, { op: 'poll' }, { op: 'restart' }];
		expect(withinLimits(voucher(later), v)).toBe(true);
	});

	test('a field dropped on a slow shop after any edit; gaps in ids on a list answered by created_at (soak 51101)', () => {
		const drop: Step[] = [
			{ op: 'update', pick: 17, v: 0 },
			{ op: 'poll' },
			{ op: 'shape', change: 'drop' },
		];
		expect(withinLimits(h(drop), page)).toBe(true);
		expect(withinLimits({ ...h(drop), slow: true }, page)).toBe(false);
		const v = PROFILES.voucher;
		const gaps: History = {
			...h([
				{ op: 'delete', pick: 3 },
				{ op: 'create', v: 0 },
			]),
			resource: 'voucher',
			before: [{ op: 'fillIdGaps' }],
		};
		expect(withinLimits(gaps, v)).toBe(true);
		const ties: Step = { op: 'order', order: 'createdTies' };
		expect(withinLimits({ ...gaps, steps: [...gaps.steps, ties] }, v)).toBe(false);
	});

	test('soak 51301: a restore edited before the repeat; past the bound, gaps; a trash under a lagging count; a replica behind under a repeat', () => {
		const restore: Step[] = [{ op: 'delete', pick: 0 }, { op: 'poll' }, { op: 'restore', pick: 0 }];
		const edit: Step = { op: 'update', pick: 0, v: 1 };
		expect(withinLimits(h([...restore, { op: 'poll' }, edit, { op: 'repeat' }]), page)).toBe(false);
		expect(withinLimits(h([...restore, { op: 'poll' }, { op: 'repeat' }]), page)).toBe(true);
		const v = PROFILES.voucher;
		const vouchers = (extra: Partial<History>): History => ({
			...h([{ op: 'delete', pick: 1 }, { op: 'poll' }]),
			resource: 'voucher',
			...extra,
		});
		expect(withinLimits(vouchers({ preload: 12000 }), v)).toBe(true);
		expect(withinLimits(vouchers({ preload: 12000, before: [{ op: 'fillIdGaps' }] }), v)).toBe(
			false,
		);
		const trash: Step = { op: 'getHabit', habit: 'trash' };
		expect(withinLimits(vouchers({ before: [trash] }), v)).toBe(true);
		expect(withinLimits(vouchers({ before: [trash, { op: 'countLag' }] }), v)).toBe(false);
		// a replica's lagging 404 under a repeat is no Limit (two Gets a poll apart); ties on a list ignoring
		// `since_id` under a repeat are
		const stale: Step = { op: 'getHabit', habit: 'stale' };
		const repeat: Step = { op: 'repeat' };
		const stalely = vouchers({ before: [stale] });
		expect(withinLimits({ ...stalely, steps: [...stalely.steps, repeat] }, v)).toBe(true);
		const ties: Step[] = [
			{ op: 'ignoreParam', param: 'since_id' },
			{ op: 'order', order: 'createdTies' },
		];
		const tied = vouchers({ before: ties });
		expect(withinLimits(tied, v)).toBe(true);
		expect(withinLimits({ ...tied, steps: [...tied.steps, repeat] }, v)).toBe(false);
	});

	test('a repeat on a slow shop with n8n restarted before or after it (soak 50901)', () => {
		const slow = (steps: Step[]): History => ({ ...h(steps), slow: true });
		const run: Step[] = [{ op: 'create', v: 0 }, { op: 'poll' }];
		expect(withinLimits(slow([...run, { op: 'restart' }, { op: 'repeat' }]), page)).toBe(false);
		expect(withinLimits(slow([...run, { op: 'repeat' }, { op: 'restart' }]), page)).toBe(false);
		expect(withinLimits(slow([...run, { op: 'repeat' }]), page)).toBe(true);
		expect(withinLimits(h([...run, { op: 'restart' }, { op: 'repeat' }]), page)).toBe(true);
	});

	test('a repeat of a poll that read a deletion, the record restored before the repeat', () => {
		const del: Step = { op: 'delete', pick: 0 };
		const restore: Step = { op: 'restore', pick: 0 };
		expect(withinLimits(h([del, { op: 'poll' }, restore, { op: 'repeat' }]), user)).toBe(false);
		// restored before the poll the repeat repeats, or no deletion read by it: promised
		expect(withinLimits(h([del, restore, { op: 'poll' }, { op: 'repeat' }]), user)).toBe(true);
		expect(
			withinLimits(h([del, { op: 'poll' }, { op: 'poll' }, restore, { op: 'repeat' }]), user),
		).toBe(true);
		// the deletion made while the activation runs: the first poll reads it
		const during: History = {
			...h([{ op: 'poll' }, restore, { op: 'repeat' }]),
			activation: { n: 2, change: { op: 'delete', pick: 0 } },
		};
		expect(withinLimits(during, user)).toBe(false);
	});

	test('a record trashed before the activation, restored after its read, on a list read by update time', () => {
		const script = PROFILES.themeScript;
		const trashed = (activation: History['activation'], steps: Step[]): History => ({
			resource: 'themeScript',
			preload: 0,
			before: [{ op: 'delete', pick: 0 }],
			activation,
			steps,
		});
		const restore = { op: 'restore' as const, pick: 0 };
		expect(withinLimits(trashed(undefined, [restore]), script)).toBe(false);
		expect(withinLimits(trashed({ n: 2, change: restore }, []), script)).toBe(false);
		expect(withinLimits(trashed(undefined, [{ op: 'poll' }]), script)).toBe(true);
		expect(withinLimits({ ...trashed(undefined, [restore]), resource: 'user' }, user)).toBe(true);
	});

	test('the shop clock more than an hour behind the latest it showed (steps back and zone moves)', () => {
		expect(withinLimits(h([{ op: 'tick', s: -3600 }]), page)).toBe(true);
		expect(
			withinLimits(
				h([
					{ op: 'tick', s: 5 },
					{ op: 'tick', s: -3600 },
				]),
				page,
			),
		).toBe(true);
		expect(
			withinLimits(
				h([
					{ op: 'tick', s: -3600 },
					{ op: 'tick', s: -3600 },
				]),
				page,
			),
		).toBe(false);
		expect(
			withinLimits(
				h([
					{ op: 'zone', hours: 1 },
					{ op: 'tick', s: -3600 },
				]),
				page,
			),
		).toBe(true);
		expect(
			withinLimits(
				h([
					{ op: 'zone', hours: -1 },
					{ op: 'tick', s: -3600 },
				]),
				page,
			),
		).toBe(false);
	});
});
