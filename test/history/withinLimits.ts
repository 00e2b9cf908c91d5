/**
 * The history generator's one filter (generator.ts): what docs/poll.md's Limits say the trigger does not promise.
 */
import type { Profile } from './profiles';
import { changeOf, type Change, type History, type Step } from './steps';

/** A ledger list's preload past MAX_LEDGER (12,000, with the seed's few), ten deletions (deleteMany) back below. */
export const PAST_LEDGER = 12_000;

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
	const ties = all.some((s) => s.op === 'order' && s.order === 'createdTies');
	if (ties && all.some((s) => s.op === 'fillIdGaps')) return false;
	// docs/poll.md, Limits: a list whose rows of one second come in another order at each request, and whose count
	// lies: no reading by page number is complete, so its deletions wait
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
	// docs/poll.md, Limits: a repeated poll on a list that ignores `since_id` and answers rows of one second in any order:
	// an audit's two readings that fall equally short of the count agree, and the records both left out come late
	const noSince = all.some((s) => s.op === 'ignoreParam' && s.param === 'since_id');
	if (ties && noSince && h.steps.some((s) => s.op === 'repeat')) return false;
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
