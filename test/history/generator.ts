/**
 * The fast-check generator of shop histories (steps.ts): every habit composed with every other, before the
 * activation and between any two polls. Its switches turn habits off (a soak of some only, or `npm test`'s
 * HOLDING); its one filter (withinLimits) drops only what docs/poll.md's Limits say the trigger does not promise.
 */
import fc from 'fast-check';

import type { Profile } from './profiles';
import { changeOf, type Change, type History, type Step } from './steps';

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

/**
 * Whether a history stays within what docs/poll.md's Limits promise. Dropped, and only these:
 * 1. "A repeated poll": a record deleted between the poll repeated and its repeat (the repeat's cursor never
 *    knew a record the first run reported created), and on a list without update times (fingerprints) a record
 *    edited between them (its creation comes twice); a record deleted before the poll repeated and back before
 *    its repeat (restored, or its id handed out again where the shop fills id gaps or restarted its database: its
 *    return is not reported, or comes as an update);
 *    on a list scanned by update time, an edit within the second of a creation the poll read (the stamps cannot
 *    tell it); stamps that lose their seconds between them (a creation's birth reads otherwise); n8n restarted
 *    between them while the count lags or is off its list (the repeat may miss what the run found by the count,
 *    and the process that remembered the run's keys is gone: a later poll reports it under a new key).
 * 2. "A shop clock stepping back up to an hour loses nothing": the shop's clock more than an hour behind the
 *    latest time it showed (steps back and zone moves west, added up).
 * 3. A list that ignores `page`, with a page cap or another order (docs/poll.md: it cannot be read whole).
 * 4. On a list read by its update time, a record trashed before or during the activation and restored after its
 *    read (its creation and last edit may be later than all the activation read: created, and updated).
 * test/history/limits.test.ts shows what the trigger does in these shapes of 1 and in 4.
 * Not generated, so not filtered: page caps below 50, a zone west of UTC−01:00, stamps in the shop's future,
 * ids beyond 2^53 as JSON numbers. A list that ignores `page` longer than a page and a whole list past 5,000 are
 * checked by the model (model.ts promises 8 and 9), not dropped.
 */
export function withinLimits(h: History, p: Profile): boolean {
	const all = [...(h.before ?? []), ...h.steps];
	// docs/poll.md, Limits: a list that ignores `page` and whose pages the shop caps below 250 (its first page is
	// taken as the whole list where no count says otherwise)
	const ignoresPage = all.some((s) => s.op === 'ignoreParam' && s.param === 'page');
	if (ignoresPage && all.some((s) => s.op === 'pageCap')) return false;
	// docs/poll.md, Limits: a list that ignores `page` and holds more than a page cannot be read whole; answered
	// in another order than by id, `since_id` cannot read past its first page either
	if (ignoresPage && all.some((s) => s.op === 'order')) return false;
	// docs/poll.md, Limits: a record trashed before or during the activation and restored after it, on a list read
	// by its update time (its creation may be later than every record the activation read, and its last edit then
	// comes apart as an update beside its creation)
	const goneAtStart =
		(h.before ?? []).some((s) => changeOf(s)?.op === 'delete') ||
		h.activation?.change.op === 'delete';
	// (restored after the activation's read: in a later step, or while the activation runs)
	const restored =
		h.activation?.change.op === 'restore' || h.steps.some((s) => changeOf(s)?.op === 'restore');
	if (p.kind.includes('updated_at') && goneAtStart && restored) return false;
	// docs/poll.md, Limits: a field the shop drops: an edit made since the last poll before the drop, or after it
	// (until the audit that takes every record afresh, over its parts on a slow shop), is not seen
	// (on a slow shop a poll's budget may not reach an edit: the scan behind its place, so any edit before the drop)
	const dropAt = h.steps.findIndex((s) => s.op === 'shape' && s.change === 'drop');
	if (dropAt >= 0) {
		const lastPoll = h.slow
			? -1
			: h.steps
					.slice(0, dropAt)
					.map((s) => s.op)
					.lastIndexOf('poll');
		// (an id handed out again reads as an edit where the new record is born in the old one's minute: after a
		// restart of its database, or a creation where the shop fills gaps in its ids)
		const gaps = all.some((s) => s.op === 'fillIdGaps');
		const edits = (c?: Change) =>
			c !== undefined &&
			(c.op.startsWith('update') || c.op === 'reuseId' || (gaps && c.op.startsWith('create')));
		if (h.steps.slice(lastPoll + 1).some((s) => edits(changeOf(s)))) return false;
		// (an id handed out again at the top, a restart of its database, is read by no fast read: any before the drop)
		if (h.steps.slice(0, dropAt).some((s) => changeOf(s)?.op === 'reuseId')) return false;
		if (lastPoll < 0 && edits(h.activation?.change)) return false;
	}
	// docs/poll.md, Limits: a shop that fills gaps in its ids and answers by `created_at`: a record given a gap's id
	// sorts after higher ids, so no reading by `since_id` shows it
	const byCreation = all.some((s) => s.op === 'order' && s.order === 'createdTies');
	if (byCreation && all.some((s) => s.op === 'fillIdGaps')) return false;
	// docs/poll.md, Limits: a list whose rows of one second come in another order at each request, and whose count
	// lies: no reading by page number is complete, so its deletions wait
	const ties = all.some((s) => s.op === 'order' && s.order === 'createdTies');
	const countLiesEver = all.some((s) => s.op === 'countOffset' || s.op === 'countLag');
	if (ties && countLiesEver) return false;
	// docs/poll.md, Limits: ... nor is a deletion only a complete reading decides (a trash, a Get answering 403 or
	// 500): after three hours its Get is asked once more, and a record its Get still shows stays known
	const heldGets = all.some((s) => s.op === 'getHabit' && s.habit !== 'stale');
	if (ties && heldGets) return false;
	// docs/poll.md, Limits: on a slow shop (a budget that holds the fast reads and no count search) a deletion is
	// found by a complete audit, and the readings of an audit go over many polls: under rows in another order at
	// each request a deletion waits, and a record every reading left out comes at a later audit
	if (ties && h.slow) return false;
	// docs/poll.md, Limits: without a count (abandoned carts, theme scripts) an audit is read again until two readings in
	// a row show no record none before showed, so a creation every reading left out comes at a later audit
	if (ties && !p.kind.includes('count')) return false;
	// docs/poll.md, Limits: a list past the ledger's bound is watched by its fast reads alone: a deletion its count
	// hides (a count off its list, or one request late) is not seen
	if (h.preload >= PAST_LEDGER && countLiesEver) return false;
	// docs/poll.md, Limits: past the ledger's bound no shape is kept: a field dropped, or stamps a zone change
	// shifted, read as an edit of each record a fast read reads again
	if (h.preload >= PAST_LEDGER && all.some((s) => s.op === 'shape' || s.op === 'zone'))
		return false;
	// docs/poll.md, Limits: past the ledger's bound a deletion is found by the count search, which one poll's
	// budget must hold: on a slow shop it waits; a creation in a gap of the ids leaves the count as it was
	if (h.preload >= PAST_LEDGER && h.slow) return false;
	if (h.preload >= PAST_LEDGER && all.some((s) => s.op === 'fillIdGaps')) return false;
	// docs/poll.md, Limits: a trash is deleted where the count dropped it too: a count that lags may count it still
	const trash = all.some((s) => s.op === 'getHabit' && s.habit === 'trash');
	if (trash && all.some((s) => s.op === 'countLag')) return false;
	// docs/poll.md, Limits: a repeated poll's creations the kept run did not read are asked by Get: a replica behind
	// (a 404 for a record that exists) reports one deleted
	const staleGets = all.some((s) => s.op === 'getHabit' && s.habit === 'stale');
	if (staleGets && h.steps.some((s) => s.op === 'repeat')) return false;
	// docs/poll.md, Limits: past the ledger's bound no audit reads what a shop clock that steps back stamps below the
	// scan's floor: on a busy list it comes once the floor moves an hour past it (poll-scan.md, the narrow pass)
	if (h.preload >= PAST_LEDGER && all.some((s) => s.op === 'tick' && s.s < 0)) return false;
	// docs/poll.md, Limits: a repeated poll starts from a cursor that never knew what the run it repeats emitted;
	// `between`: the changes since the last poll; `seen`: those the last poll read (a repeat reads them again)
	let seen: Change[] = [];
	let between: Change[] = [];
	// the shop's second (one more at each tick) each change of `seen` and `between` was made in
	let second = 0;
	let formsBetween: string[] = [];
	let seenAt: number[] = [];
	let betweenAt: number[] = [];
	// the changes since the last run (a poll or a repeat), and the shop's second of each
	let sinceRun: Change[] = [];
	let sinceRunAt: number[] = [];
	let fillsGaps = (h.before ?? []).some((s) => s.op === 'fillIdGaps');
	// a database restarted (reuseId): from then on the shop hands out ids again from the highest left
	let restarted = false;
	let createdBetween = false;
	// n8n restarted since the last poll (not the shop's database: `restarted`); the count lagging or off its list at
	// some time
	let n8nRestartedSince = false;
	let repeatedSlow = false;
	// a repeat whose promise rests on what this n8n process remembers of the runs (node/lostRuns.ts), until the next poll
	let remembered = false;
	let countLies = false;
	const creates = (c: Change) => c.op.startsWith('create');
	let now = 0;
	let latest = 0;
	let zone = 0;
	// the activation reads like a poll: the change made while it runs is one the first poll reads (a repeat of the
	// first poll starts from the activation's cursor)
	const activation: Step[] = [h.activation ? { op: 'during', ...h.activation } : { op: 'poll' }];
	for (const s of [...(h.before ?? []), ...activation, ...h.steps]) {
		if (s.op === 'zone') {
			now += (s.hours - zone) * 3600;
			zone = s.hours;
		}
		if (s.op === 'tick') {
			now += s.s;
			if (s.s !== 0) second++;
		}
		latest = Math.max(latest, now);
		if (latest - now > 3600) return false;
		if (s.op === 'fillIdGaps') fillsGaps = true;
		if (changeOf(s)?.op === 'reuseId') restarted = true;
		// docs/poll.md, Limits: a change the run reported that its repeat did not read again (a slow shop's budget) comes
		// again under a new key where n8n restarts before the audit reads it (the process forgot the run)
		// (n8n restarted between the run and its repeat too)
		if (s.op === 'restart' && repeatedSlow) return false;
		// (what the process remembers of the runs serves the poll after the repeat: a restart before it forgets it too)
		if (s.op === 'restart' && remembered) return false;
		if (s.op === 'poll' || s.op === 'during') remembered = false;
		if (s.op === 'repeat' && h.slow && n8nRestartedSince) return false;
		if (s.op === 'repeat' && h.slow) repeatedSlow = true;
		if (s.op === 'countLag' || s.op === 'countOffset') countLies = true;
		if (s.op === 'restart') n8nRestartedSince = true;
		if (s.op === 'poll' || s.op === 'during') n8nRestartedSince = false;
		if (s.op === 'grow' || changeOf(s)?.op.startsWith('create')) createdBetween = true;
		if (s.op === 'poll' || s.op === 'during')
			createdBetween = s.op === 'during' && creates(s.change);
		if (s.op === 'poll' || s.op === 'during') formsBetween = [];
		if (s.op === 'stampForm') formsBetween.push(s.form);
		if (s.op === 'shape') formsBetween.push('shape');
		if (s.op === 'poll') [seen, between, seenAt, betweenAt] = [between, [], betweenAt, []];
		if (s.op === 'during')
			[seen, between, seenAt, betweenAt] = [
				[...between, s.change],
				[s.change],
				[...betweenAt, second],
				[second],
			];
		if (s.op === 'poll' || s.op === 'during')
			[sinceRun, sinceRunAt] = s.op === 'during' ? [[s.change], [second]] : [[], []];
		const c = changeOf(s);
		if (c && s.op !== 'during') {
			between.push(c);
			betweenAt.push(second);
			sinceRun.push(c);
			sinceRunAt.push(second);
		}
		if (s.op !== 'repeat') continue;
		// a record the run reported created, deleted before the repeat: its deletion is not reported where n8n
		// restarted between the runs (the process forgot the run: node/lostRuns.ts) or on a whole list; its id
		// handed out again meanwhile, in any case
		const deletedBetween = between.some((c) => c.op === 'delete' || c.op === 'deleteMany');
		// (handed out again: a restart of the shop's database, or a creation after a deletion where it fills gaps)
		const reusedBetween =
			between.some((c) => c.op === 'reuseId') ||
			(fillsGaps && deletedBetween && between.some(creates));
		const deleted =
			reusedBetween || (deletedBetween && (n8nRestartedSince || p.kind.includes('fingerprints')));
		// a record the run reported deleted, back before the repeat (restored, or its id handed out again to a record
		// created where the shop fills gaps in its ids or restarted its database): its return is not reported
		const gone = seen.some((c) => c.op === 'delete' || c.op === 'reuseId');
		const reused = (fillsGaps || restarted) && createdBetween;
		const back = gone && (between.some((c) => c.op === 'restore') || reused);
		const isEdit = (c: Change) => c.op === 'update' || c.op === 'updateMany';
		const edited = p.kind.includes('fingerprints') && between.some(isEdit);
		// on a list scanned by update time, a record the run reported created and edited within its creation's second
		// before the repeat: its stamps cannot tell the edit (the repeat's creation has the run's key)
		// (a reused id's creation too)
		const createdAt = seen.flatMap((c, i) => (creates(c) || c.op === 'reuseId' ? [seenAt[i]] : []));
		// (a restore, with its old stamps, in any second: the edit's stamp cannot tell it from one read before)
		const restoredSeen = seen.some((c) => c.op === 'restore');
		const sameSecond =
			p.kind.includes('updated_at scan') &&
			sinceRun.some((c, i) => isEdit(c) && (restoredSeen || createdAt.includes(sinceRunAt[i])));
		// stamps written without seconds from between the poll and its repeat: a creation's birth (its seconds) reads
		// otherwise, and the repeat's creation gets a key of its own
		// (a field added or dropped between them too: the record's content, and so its key, reads otherwise)
		const noSeconds = formsBetween.includes('minutes') || formsBetween.includes('shape');
		// n8n restarted between the poll and its repeat, the count lying: the run's keys are forgotten with the process
		const forgotten = n8nRestartedSince && countLies;
		if (deleted || back || edited || sameSecond || noSeconds || forgotten) return false;
		remembered = deletedBetween || countLies;
		// a repeat again starts from the same cursor: what this run read, an earlier run from it read too
		[seen, seenAt] = [
			[...seen, ...between],
			[...seenAt, ...betweenAt],
		];
		[sinceRun, sinceRunAt] = [[], []];
	}
	return true;
}

/** Lists the trigger keeps a ledger of (read by `since_id` or by a shop time), MAX_LEDGER records at most. */
const LEDGER_LISTS = new Set(['page', 'voucher', 'abandonedCart', 'themeScript']);
/** A ledger list's preload past MAX_LEDGER (12,000, with the seed's few), ten deletions (deleteMany) back below. */
export const PAST_LEDGER = 12_000;

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
