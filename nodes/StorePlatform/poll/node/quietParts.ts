import type { PollState } from '../rules/state';

/**
 * The cursor of quiet audit parts, kept in the n8n process where n8n did not save it. Pure (the map is the caller's).
 *
 * n8n saves the static data of a poll that emits only (docs/poll.md); the durable scheduler without durable cursors
 * builds the workflow afresh for each poll, so a quiet part of an audit in parts would be lost and read again: an audit
 * that never completes. So a quiet poll's cursor is kept here with the static data's cursor it read (`from`), and a
 * poll that finds the static data still at `from` goes on from the kept one. Kept only while an audit in parts runs or
 * the static data lags behind one; where n8n keeps quiet polls' data, nothing changes.
 */

export interface QuietPart {
	/** The cursor the static data held (JSON) when the kept cursor's run began. */
	from: string;
	/** The cursor the last quiet poll from it left. */
	next: PollState;
}

const copy = (state: PollState): PollState => JSON.parse(JSON.stringify(state)) as PollState;

/** The cursor a poll goes on from: the kept one where the static data still holds `from`. */
export function resumeFrom(
	kept: QuietPart | undefined,
	stored: PollState | undefined,
): PollState | undefined {
	if (!kept || !stored || JSON.stringify(stored) !== kept.from) return stored;
	return copy(kept.next);
}

/**
 * What to keep after a poll: `stored` the static data's cursor (before resumeFrom), `used` the cursor the poll
 * went on from, `next` the cursor it leaves, `emitted` whether it returned items (n8n then saves `next`).
 */
export function keepQuiet(
	stored: PollState | undefined,
	used: PollState | undefined,
	next: PollState,
	emitted: boolean,
): QuietPart | undefined {
	if (emitted || !stored) return undefined;
	const lagging = used !== stored;
	if (!lagging && !next.audit && !used?.audit) return undefined;
	return { from: JSON.stringify(stored), next: copy(next) };
}
