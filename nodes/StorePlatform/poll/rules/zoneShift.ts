import type { IDataObject } from 'n8n-workflow';

import { fingerprint, minuteFingerprint } from './fingerprint';
import { secondsBefore, shopTimeOf } from './shopTime';

/**
 * A change of the shop's time zone, told from an edit. Pure. A shop that moves its zone rewrites no record, but every
 * stamp moves by the same whole or half hours, and a whole list would report every record updated. So a changed
 * fingerprint is tried again with every stamp moved back by each half hour up to ±14 h (the shop's own stamps alone
 * too, where a record also holds dates a user entered): a match is no change. An edit moves `updated_at` alone, so it
 * stays an update. Up to 112 fingerprints, only for records whose fingerprint changed.
 */

const STAMP_FIELD = /_(at|on)$/;

/** Seconds every stamp may have moved by: ±30 min, ±1 h, … ±14 h. */
const SHIFTS: number[] = Array.from({ length: 28 }, (_, i) => (i + 1) * 1800).flatMap((s) => [
	s,
	-s,
]);

/** Whether the record, with every stamp moved by the same span, has the fingerprint kept. */
export function onlyZoneMoved(kept: string, record: IDataObject): boolean {
	const stamps = Object.entries(record).filter(
		([k, v]) => STAMP_FIELD.test(k) && shopTimeOf(v) !== undefined,
	);
	// the shop's own stamps move; dates a user entered (a promotion's start_at) may be kept as entered
	const own = stamps.filter(([k]) => SHOP_STAMPS.has(k));
	const sets = own.length > 0 && own.length < stamps.length ? [stamps, own] : [stamps];
	if (stamps.length === 0) return false;
	for (const set of sets)
		for (const shift of SHIFTS) {
			const moved: IDataObject = { ...record };
			for (const [k, v] of set) moved[k] = secondsBefore(shopTimeOf(v) as string, shift);
			if (minuteFingerprint(moved) === kept || fingerprint(moved) === kept) return true;
		}
	return false;
}

/** The stamps the shop writes itself (the spec's record times), as opposed to dates a user enters. */
const SHOP_STAMPS = new Set(['created_at', 'updated_at', 'activated_on']);
