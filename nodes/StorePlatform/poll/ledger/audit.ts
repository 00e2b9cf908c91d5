import type { IDataObject } from 'n8n-workflow';

import { fingerprint } from '../rules/fingerprint';
import type { Change } from '../watch/poller';

/**
 * The audit: a slow read that catches what the fast reads missed. Pure (its read is wholeRead.ts).
 *
 * At most once every AUDIT_EVERY_MS of n8n's clock (the only use of n8n's clock: how long since the last audit,
 * never compared with the shop's times), a poll reads the list whole instead of its fast reads, within the
 * poll's budget (auditParts.ts: an audit one poll cannot hold goes on over the next polls), and compares every
 * record with the ledger (what was reported): a record the ledger lacks is a creation, another content an
 * update, another birth a deletion and a creation (decide.ts says the same of a fast read's findings), a record of
 * the ledger the complete reading lacks a deletion to confirm by the record's own Get (decide.ts). Where the
 * reading was made in one poll, the fast reads' cursor is then taken afresh from it, so a wrong thing they
 * learned (a page size, a count's offset, an order, a floor) lasts at most until the next audit; after an audit
 * in parts it is kept (a reading spread over polls is no one state of the shop). A change a fast read missed
 * comes at the latest one audit later: the worst delay is AUDIT_EVERY_MS plus one Poll Time, plus the polls of
 * an audit in parts.
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
