import { pollKeyed } from './keyed';
import type { ShopReader } from '../reads/reader';
import { pollStamped } from './scanned';
import { baseline } from './start';
import type { PollState, Tracker } from '../rules/state';
import { pollSnapshot } from './whole';
import type { PollOutcome } from './changes';

export type { Change, PollOutcome } from './changes';
export { baseline } from './start';

/**
 * One poll of the fast reads: from no cursor, the start (start.ts); else the way the list is watched
 * (strategy.ts): by `since_id` (keyed.ts), by a time (scanned.ts), or whole (whole.ts). The ledger's checks
 * (ledger/verify.ts) stand above it.
 */

export async function runPoll(
	reader: ShopReader,
	watch: string,
	trackers: Tracker[],
	stored: PollState | undefined,
): Promise<PollOutcome> {
	const { plan } = reader;
	if (stored?.full) reader.limits.full = stored.full;
	const outcome = !stored
		? await baseline(reader, watch, trackers)
		: plan.strategy === 'keyed'
			? await pollKeyed(reader, stored)
			: plan.strategy === 'stamped'
				? await pollStamped(reader, stored)
				: await pollSnapshot(reader, stored);
	outcome.state.full = reader.limits.full;
	return outcome;
}
