/**
 * The fast-check generator of shop histories (steps.ts): every habit composed with every other, before the
 * activation and between any two polls. Its switches turn habits off (a soak of some only, or `npm test`'s
 * HOLDING); its one filter (withinLimits) drops only what docs/poll.md's Limits say the trigger does not promise.
 */
import fc from 'fast-check';

import type { Profile } from './profiles';
import type { Change, History, Step } from './steps';
import { PAST_LEDGER, withinLimits } from './withinLimits';

/** Switches of the generator: each habit can be turned off (soaks of some; `npm test`'s HOLDING). */
export interface Switches {
	/** issue 34 #1: a list answered once with an empty body, {} or null */ emptyAnswer: boolean;
	/** #2: restores and values coming back (A→B→A→B) */ toggles: boolean;
	/** the highest id deleted and handed out again after a restart of the shop's database */ reuseId: boolean;
	/** #3: a poll repeated from the same saved static data (twice too) */ repeat: boolean;
	/** #4: a change while the activation pages (300 records) */ activationChurn: boolean;
	/** #5: the shop's clock steps back an hour */ clockBack: boolean;
	/** #6: stamps in other forms of the same instant */ stampForm: boolean;
	/** #7: ids beyond 2^53, as strings */ bigIds: boolean;
	/** #8: updated_at null */ nullStamp: boolean;
	/** #9: page caps 50, 100, 200 (before the activation too) */ pageCap: boolean;
	/** #10: a whole list growing past 5,000 records */ grow: boolean;
	/** the spec's two forms of values, flipping */ flipForms: boolean;
	/** ids by steps of 2, 3 */ idStep: boolean;
	/** the list ignores since_id or page */ ignoreParam: boolean;
	/** the count off its list */ countOffset: boolean;
	/** issue 41: lists newest first or in a fixed shuffled order */ order: boolean;
	/** issue 41: stamps without seconds */ minutes: boolean;
	/** issue 41: the shop's zone moves by whole hours */ zone: boolean;
	/** issue 41: the count one request late */ countLag: boolean;
	/** issue 41: ids handed out again below the highest */ fillIdGaps: boolean;
	/** issue 41: 300 records created or updated in one second */ many: boolean;
	/** n8n's clock +61 min between polls (the trigger's audit mid-history) */ later: boolean;
	/** habits switched on, and a record trashed, before the activation */ before: boolean;
	/** issue 49: a record's Get answers 403 or 500 where the list lacks it, 200 when trashed, 404 once (a replica) */ getHabits: boolean;
	/** issue 49: bulk changes while a poll pages (250 or 300 records created between two of its pages) */ bulkPaging: boolean;
	/** issue 49: a list by created_at, ties in another order at each request (500 imported in one second) */ ties: boolean;
	/** issue 49: a field added to (null) or dropped from every record the list answers */ shape: boolean;
	/** issue 49: a list read by since_id or by time past the ledger's 12,000 records, and back below (rare) */ ledger: boolean;
	/** issue 49: a slow shop (a small poll budget: audits in parts) in about half the histories */ slow: boolean;
}

export const ALL_ON: Switches = {
	emptyAnswer: true,
	toggles: true,
	reuseId: true,
	repeat: true,
	activationChurn: true,
	clockBack: true,
	stampForm: true,
	bigIds: true,
	nullStamp: true,
	pageCap: true,
	grow: true,
	flipForms: true,
	idStep: true,
	ignoreParam: true,
	countOffset: true,
	order: true,
	minutes: true,
	zone: true,
	countLag: true,
	fillIdGaps: true,
	many: true,
	later: true,
	before: true,
	getHabits: true,
	bulkPaging: true,
	ties: true,
	shape: true,
	ledger: true,
	slow: true,
};

/**
 * The switches of `npm test`'s random seeds: every habit (the filter drops what the Limits say), issue 49's too
 * since its trigger holds them (the soak's figures in docs/history-checker.md).
 */
export const HOLDING: Switches = ALL_ON;

const value = fc.integer({ min: 0, max: 3 });
const pick = fc.nat({ max: 50 });

function changeArb(p: Profile, on: Switches): fc.Arbitrary<Change> {
	const arbs: Array<fc.Arbitrary<Change>> = [
		fc.record({ op: fc.constant('create' as const), v: value }),
		fc.record({ op: fc.constant('update' as const), pick, v: value }),
	];
	if (p.deletes) {
		arbs.push(fc.record({ op: fc.constant('delete' as const), pick }));
		if (on.toggles) arbs.push(fc.record({ op: fc.constant('restore' as const), pick }));
		if (on.reuseId && p.key === 'id')
			arbs.push(fc.record({ op: fc.constant('reuseId' as const), v: value }));
	}
	if (on.nullStamp && p.resource === 'themeScript')
		arbs.push(fc.record({ op: fc.constant('createNullStamp' as const), v: value }));
	return fc.oneof(...arbs);
}

/** The shop's habits as steps (switched on between polls, or before the activation). */
function habitArbs(p: Profile, on: Switches): Array<fc.Arbitrary<Step>> {
	const arbs: Array<fc.Arbitrary<Step>> = [];
	const forms = [
		...(on.stampForm ? (['iso-z', 'offset', 'naive-t'] as const) : []),
		...(on.minutes ? (['minutes'] as const) : []),
	];
	if (forms.length > 0)
		arbs.push(
			fc.record({ op: fc.constant('stampForm' as const), form: fc.constantFrom(...forms) }),
		);
	if (on.pageCap)
		arbs.push(
			fc.record({ op: fc.constant('pageCap' as const), cap: fc.constantFrom(50, 100, 200) }),
		);
	if (on.bigIds) arbs.push(fc.constant({ op: 'bigIds' as const }));
	if (on.flipForms)
		arbs.push(fc.record({ op: fc.constant('flipForms' as const), on: fc.boolean() }));
	if (on.idStep)
		arbs.push(
			fc.record({ op: fc.constant('idStep' as const), step: fc.integer({ min: 1, max: 3 }) }),
		);
	if (on.ignoreParam)
		arbs.push(
			fc.record({
				op: fc.constant('ignoreParam' as const),
				param: fc.constantFrom('since_id' as const, 'page' as const),
			}),
		);
	if (on.countOffset)
		arbs.push(fc.record({ op: fc.constant('countOffset' as const), n: fc.constantFrom(-1, 1, 2) }));
	if (on.order)
		arbs.push(
			fc.record({
				op: fc.constant('order' as const),
				order: fc.constantFrom('newest' as const, 'shuffled' as const),
			}),
		);
	if (on.ties) arbs.push(fc.constant({ op: 'order' as const, order: 'createdTies' as const }));
	if (on.getHabits && p.deletes)
		arbs.push(
			fc.record({
				op: fc.constant('getHabit' as const),
				habit: fc.constantFrom(...(['refuse403', 'refuse500', 'trash', 'stale'] as const)),
			}),
		);
	if (on.shape)
		arbs.push(
			fc.record({
				op: fc.constant('shape' as const),
				change: fc.constantFrom('add' as const, 'drop' as const),
			}),
		);
	// whole hours, never west of UTC−01:00 (the Limits: a shop west of it writing `Z` is not covered)
	if (on.zone)
		arbs.push(fc.record({ op: fc.constant('zone' as const), hours: fc.constantFrom(-1, 0, 1, 2) }));
	if (on.countLag) arbs.push(fc.constant({ op: 'countLag' as const }));
	if (on.fillIdGaps && p.key === 'id') arbs.push(fc.constant({ op: 'fillIdGaps' as const }));
	return arbs;
}

function stepArb(p: Profile, on: Switches): fc.Arbitrary<Step> {
	const change = changeArb(p, on);
	// weights ×10, so that a costly step (grow: 5,000 records) can be rarer than a rare one
	const weighted: Array<fc.WeightedArbitrary<Step>> = [
		{ arbitrary: change, weight: 80 },
		{ arbitrary: fc.constant({ op: 'poll' as const }), weight: 40 },
		{ arbitrary: fc.constant({ op: 'restart' as const }), weight: 10 },
		{
			arbitrary: fc.record({ op: fc.constant('tick' as const), s: fc.constantFrom(0, 1, 5, 61) }),
			weight: 20,
		},
		{
			arbitrary: fc.record({
				op: fc.constant('during' as const),
				n: fc.integer({ min: 1, max: 4 }),
				change,
			}),
			weight: 10,
		},
	];
	const rare = (arbitrary: fc.Arbitrary<Step>, weight = 10) => weighted.push({ arbitrary, weight });
	for (const habit of habitArbs(p, on)) rare(habit);
	if (on.repeat) rare(fc.constant({ op: 'repeat' as const }));
	if (on.emptyAnswer)
		rare(
			fc.record({
				op: fc.constant('emptyAnswer' as const),
				body: fc.constantFrom('' as const, '{}' as const, 'null' as const),
			}),
		);
	if (on.clockBack) rare(fc.constant({ op: 'tick' as const, s: -3600 }));
	if (on.later) rare(fc.constant({ op: 'later' as const }));
	if (on.many)
		rare(
			fc.record({
				op: fc.constantFrom('createMany' as const, 'updateMany' as const),
				n: fc.constant(300),
				v: value,
			}),
			5,
		);
	if (on.grow && p.kind.includes('fingerprints'))
		rare(fc.constant({ op: 'grow' as const, n: 5000 }), 1);
	// 250 (a page) or 300 records created, or a deletion, between two pages of a poll's read (the audit's too)
	if (on.bulkPaging)
		rare(
			fc.record({
				op: fc.constant('during' as const),
				n: fc.integer({ min: 2, max: 3 }),
				change: fc.oneof(
					fc.record({
						op: fc.constant('createMany' as const),
						n: fc.constantFrom(250, 300),
						v: value,
					}),
					...(p.deletes ? [fc.record({ op: fc.constant('delete' as const), pick })] : []),
				),
			}),
			5,
		);
	// a list past the ledger's bound (PAST_LEDGER at the activation) back below it
	if (on.ledger && LEDGER_LISTS.has(p.resource) && p.deletes)
		rare(fc.constant({ op: 'deleteMany' as const, n: 10 }), 5);
	return fc.oneof(...weighted);
}

/** Before the activation: up to three habits, and a record trashed (to be restored after it). */
function beforeArb(p: Profile, on: Switches): fc.Arbitrary<Step[] | undefined> {
	if (!on.before) return fc.constant(undefined);
	const arbs = habitArbs(p, on);
	if (p.deletes) arbs.push(fc.record({ op: fc.constant('delete' as const), pick }));
	// 500 records imported in one second before the activation (ties of created_at)
	if (on.ties) arbs.push(fc.constant({ op: 'createMany' as const, n: 500, v: 0 }));
	if (arbs.length === 0) return fc.constant(undefined);
	return fc.option(fc.array(fc.oneof(...arbs), { minLength: 1, maxLength: 3 }), { nil: undefined });
}

/** Lists the trigger keeps a ledger of (read by `since_id` or by a shop time), MAX_LEDGER records at most. */
const LEDGER_LISTS = new Set(['page', 'voucher', 'abandonedCart', 'themeScript']);

/** Records before the activation: none, 300 (more than a page), or (rare: 1 in 40) past the ledger's bound. */
function preloadArb(p: Profile, on: Switches): fc.Arbitrary<number> {
	const some = on.activationChurn || on.pageCap || on.many || on.bulkPaging;
	const base = some ? fc.constantFrom(0, 0, 0, 300) : fc.constant(0);
	if (!on.ledger || !LEDGER_LISTS.has(p.resource)) return base;
	// (not fc.oneof: its bias towards its first arbitrary would make the rare one rarer still)
	return fc.tuple(base, fc.nat({ max: 9_999 })).map(([n, r]) => (r % 40 === 17 ? PAST_LEDGER : n));
}

/**
 * Random histories of one resource (or of any of `profiles`), with the switches given. A slow shop (History.slow)
 * in about half of them where the `slow` switch is on; in all of them with `allSlow` (`npm run fuzz -- --slow all`).
 */
export function historyArb(
	profiles: Profile[],
	on: Switches,
	maxSteps = 14,
	allSlow = false,
): fc.Arbitrary<History> {
	return fc.oneof(
		...profiles.map((p) =>
			fc
				.record({
					resource: fc.constant(p.resource),
					preload: preloadArb(p, on),
					slow: allSlow ? fc.constant(true) : on.slow ? fc.boolean() : fc.constant(undefined),
					before: beforeArb(p, on),
					activation: on.activationChurn
						? fc.option(
								fc.record({ n: fc.integer({ min: 1, max: 2 }), change: changeArb(p, on) }),
								{ nil: undefined },
							)
						: fc.constant(undefined),
					steps: fc.array(stepArb(p, on), { minLength: 1, maxLength: maxSteps }),
				})
				.filter((h) => withinLimits(h, p)),
		),
	);
}
