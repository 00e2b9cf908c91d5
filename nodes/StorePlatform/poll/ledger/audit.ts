import type { IDataObject } from 'n8n-workflow';

import { fingerprint } from '../rules/fingerprint';
import type { Change } from '../watch/poller';

/**
 * The audit: a slow read that catches what the fast reads missed. Pure (its read is wholeRead.ts; docs/poll.md,
 * "Nothing learned is trusted").
 *
 * At most once every AUDIT_EVERY_MS of n8n's clock (its only use: never compared with the shop's times), a poll reads
 * the list whole, within its budget (auditParts.ts), and holds every record against the ledger (decide.ts). A reading
 * made in one poll then takes the fast cursor afresh, so a wrong thing the fast reads learned lasts at most until the
 * next audit. Worst delay of a missed change: AUDIT_EVERY_MS plus one Poll Time, plus an audit's parts.
 */

/** How often a list is read whole: hourly. */
export const AUDIT_EVERY_MS = 60 * 60 * 1000;

/** Whether a poll at `now` (n8n's clock, ms) reads the list whole; a clock set back also makes it due. */
export const auditDue = (last: number | undefined, now: number): boolean =>
	last === undefined || now - last >= AUDIT_EVERY_MS || now < last;

/** A whole reading as findings for decide.ts's guard: every record as possibly updated (the guard tells which it is). */
export const asFindings = (records: IDataObject[], key: string): Change[] =>
	records
		.filter((r) => r[key] !== undefined && r[key] !== null)
		.map((r) => ({ kind: 'updated', id: String(r[key]), record: r, state: fingerprint(r) }));
