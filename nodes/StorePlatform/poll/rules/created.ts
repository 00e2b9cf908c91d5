import type { ChangeKind } from './fingerprint';
import type { ScanChange } from './scan';
import { shopTimeOf, timeOf } from './shopTime';

/**
 * What a record a scan reads in a new state is: a creation, an update, or nothing to report. Pure.
 *
 * A record is created once, by its own `created_at`, whatever its id: not accounted for and created at or after `since`
 * (the lookback window's start: every record from there is accounted for), or accounted for at a time before its
 * `created_at` (no later than its stamp): another record under the same id (MySQL before 8 gives the highest id
 * deleted anew after a restart). Anything else is an update; a scan by `created_at` reports creations only (a cart's
 * new e-mail or items is kept silently).
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
