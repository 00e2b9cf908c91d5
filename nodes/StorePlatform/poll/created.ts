import type { ChangeKind } from './fingerprint';
import type { ScanChange } from './scan';
import { isShopTime } from './shopTime';

/**
 * What a record a scan reads in a new state is: a creation, an update, or nothing to report. Pure.
 *
 * A record is created once, by its own `created_at`, whatever its id:
 * - one not accounted for whose `created_at` is at or after the scan's floor was created since the scan's last
 *   pass (an id handed out again: the highest id deleted, then given anew after a restart of MySQL before 8);
 * - one accounted for at a time before its `created_at` (and no later than its own stamp) is another record
 *   under the same id, created since it was read.
 * Any other record is an update; but a scan by `created_at` reports creations only: a record accounted for
 * whose state changed (a cart's e-mail, items or order) is not new, and its new state is kept silently.
 */
export function scannedKind(
	change: ScanChange,
	field: 'updated_at' | 'created_at',
	floor: string,
): ChangeKind | undefined {
	const createdAt = change.record.created_at;
	const stamp = change.record[field];
	const created =
		isShopTime(createdAt) &&
		(change.at === undefined
			? createdAt >= floor
			: createdAt > change.at && isShopTime(stamp) && createdAt <= stamp);
	if (created) return 'created';
	return field === 'created_at' ? undefined : 'updated';
}
