import type { ChangeKind } from './fingerprint';
import type { ScanChange } from './scan';
import { shopTimeOf, timeOf } from './shopTime';

/**
 * What a record a scan reads in a new state is: a creation, an update, or nothing to report. Pure.
 *
 * A record is created once, by its own `created_at`, whatever its id:
 * - one not accounted for whose `created_at` is at or after `since` (the start of the scan's lookback window:
 *   every record read at or after it is accounted for) was created since the scan's last pass (an id handed out
 *   again: the highest id deleted, then given anew after a restart of MySQL before 8; a record created while the
 *   shop's clock stood back, or with `updated_at` null);
 * - one accounted for at a time before its `created_at` (and no later than its own stamp) is another record
 *   under the same id, created since it was read.
 * Any other record is an update; but a scan by `created_at` reports creations only: a record accounted for
 * whose state changed (a cart's e-mail, items or order) is not new, and its new state is kept silently.
 * Stamps are read in any of their forms (shopTime.ts).
 */
export function scannedKind(
	change: Pick<ScanChange, 'record' | 'at'>,
	field: 'updated_at' | 'created_at',
	since: string,
): ChangeKind | undefined {
	const createdAt = shopTimeOf(change.record.created_at);
	const stamp = timeOf(change.record, field);
	const created =
		createdAt !== undefined &&
		(change.at === undefined
			? createdAt >= since
			: createdAt > change.at && stamp !== undefined && createdAt <= stamp);
	if (created) return 'created';
	return field === 'created_at' ? undefined : 'updated';
}
