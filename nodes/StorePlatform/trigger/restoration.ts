import type { IDataObject } from 'n8n-workflow';

import { shortHash } from './deliveryKey';

/**
 * The "registration/restored" report: when the registration check re-creates registrations of this trigger that
 * had gone missing at the shop, the events between their removal and their re-creation were never delivered.
 * This module decides, pure, which re-created registrations count, and since when they may have missed events.
 *
 * Each check records when it saw each event's registration at the shop ("sightings"), twice: in the memory of
 * the n8n process that ran the check (exact to one check interval), and in the workflow's static data (n8n
 * saves it at activation and when the trigger starts an execution, so after a restart it may be older than the
 * last check before the restart). A restoration whose last sightings this process saw itself is reported with
 * `missingSince`; otherwise (n8n restarted, or another main took over) `missingSince` is null,
 * `missingSinceKnown` false, and `reconcileFrom` gives the last sighting that was saved: the registrations
 * went missing at some time after it.
 */

/** The ISO 8601 time each event's registration was last seen at the shop, by event kind. */
export type Sightings = Record<string, string>;

export const RESTORED_EVENT = 'registration/restored';

export interface RestoredReport extends IDataObject {
	event: typeof RESTORED_EVENT;
	/** The event kinds whose registrations were re-created, sorted. */
	events: string[];
	/** When the registrations were last seen at the shop; null when that is not known (see the module). */
	missingSince: string | null;
	missingSinceKnown: boolean;
	/** From when a reconciliation covers every event possibly missed: `missingSince`, or the last saved sighting. */
	reconcileFrom: string | null;
	restoredAt: string;
	deliveryKey: string;
	/** Says in words what is not known, when `missingSinceKnown` is false. */
	note?: string;
}

export interface RestorationInput {
	/** The events whose registration the check created because none was at the shop (reason "missing"). */
	created: string[];
	/** The registrations this trigger knew of before the check, by event (static data). */
	before?: Record<string, string>;
	/** Sightings recorded by this n8n process. */
	seen?: Sightings;
	/** Sightings read from the workflow's static data. */
	saved?: Sightings;
	/**
	 * When an activation met a shop that could not answer and left the registration to the check (deferral.ts):
	 * every chosen event was then due, so a registration the check creates later is a restoration, and an event
	 * never seen at all may have missed events since this time.
	 */
	deferredSince?: string;
	now: Date;
	/** Names the trigger (workflow id and node id): part of the report's key. */
	scope: string;
}

const earliest = (times: string[]) =>
	times.reduce((a, b) => (Date.parse(b) < Date.parse(a) ? b : a));

/**
 * The report for one check, or undefined when it restored nothing. A created registration counts as restored
 * when this trigger had one for that event before (it knew its id, or had seen it): a registration made for an
 * event chosen anew is not a restoration.
 */
export function restorationReport(input: RestorationInput): RestoredReport | undefined {
	const had = (event: string) =>
		input.deferredSince !== undefined ||
		input.before?.[event] !== undefined ||
		input.seen?.[event] !== undefined ||
		input.saved?.[event] !== undefined;
	const events = [...new Set(input.created)].filter(had).sort();
	if (events.length === 0) return undefined;
	const restoredAt = input.now.toISOString();
	// an event this trigger never had, deferred at its activation: due since then (nothing was promised before)
	const fresh = (e: string) => input.saved?.[e] === undefined && input.before?.[e] === undefined;
	const exact = events.map((e) => input.seen?.[e] ?? (fresh(e) ? input.deferredSince : undefined));
	if (exact.every((t): t is string => t !== undefined)) {
		const missingSince = earliest(exact);
		return {
			event: RESTORED_EVENT,
			events,
			missingSince,
			missingSinceKnown: true,
			reconcileFrom: missingSince,
			restoredAt,
			deliveryKey: shortHash(['restored/1', input.scope, ...events, missingSince]),
		};
	}
	const best = events.map(
		(e) => input.seen?.[e] ?? input.saved?.[e] ?? (fresh(e) ? input.deferredSince : undefined),
	);
	const reconcileFrom = best.every((t): t is string => t !== undefined) ? earliest(best) : null;
	return {
		event: RESTORED_EVENT,
		events,
		missingSince: null,
		missingSinceKnown: false,
		reconcileFrom,
		restoredAt,
		// the same for every process that finds this gap from the same saved state (several mains at a start)
		deliveryKey: shortHash([
			'restored/1',
			input.scope,
			...events,
			`unknown:${reconcileFrom ?? ''}`,
		]),
		note:
			reconcileFrom === null
				? 'n8n restarted since these registrations were last seen and no sighting was saved: when they went missing is not known. Reconcile from the time the workflow was activated.'
				: 'n8n restarted since these registrations were last seen: when they went missing is not known, only that it was after reconcileFrom (the last sighting saved before the restart).',
	};
}

/**
 * The sightings after a check: every event with a registration at the shop now (kept or just created) was seen
 * now; sightings of events no longer chosen are dropped; the others stay as they were.
 */
export function sightingsAfter(
	previous: Sightings | undefined,
	registered: Record<string, string>,
	events: string[],
	now: Date,
): Sightings {
	const at = now.toISOString();
	const next: Sightings = {};
	for (const event of events) {
		if (registered[event] !== undefined) next[event] = at;
		else if (previous?.[event] !== undefined) next[event] = previous[event];
	}
	return next;
}

/** Whether the trigger reports restorations: the option when set, else on from typeVersion 3 (nodes added anew). */
export function reportsRestorations(typeVersion: number, options: IDataObject): boolean {
	const value = options.reportRestoredRegistrations;
	return typeof value === 'boolean' ? value : typeVersion >= 3;
}

/** n8n's execution deduplication key for a report (one execution per report in the whole cluster, n8n 2.x). */
export const reportExecutionKey = (report: RestoredReport) =>
	`storePlatformTrigger:restored:${report.deliveryKey}`;

/** What the report keeps in the workflow's static data (beside registrationSchedule.ts's fields). */
export interface RestorationStaticData {
	webhookIds?: Record<string, string>;
	/** Sightings, saved with the workflow (see the module's comment). */
	lastSeen?: Sightings;
	/** A report made by create() at n8n's start, for trigger() to send (create() cannot start an execution). */
	pendingRestoration?: RestoredReport;
	/** When an activation deferred the registration to the check, the shop not answering (trigger/deferral.ts). */
	deferredSince?: string;
}

export interface CheckOutcome {
	/** The registrations this trigger knew of before the check, by event. */
	before?: Record<string, string>;
	/** Events whose registration the check created because none was at the shop. */
	created: string[];
	/** The registrations at the shop after the check, by event. */
	registered: Record<string, string>;
	/** The chosen events. */
	events: string[];
}

/**
 * Notes one check of a trigger: returns its report (or undefined) and records the sightings, in this process's
 * memory and in the static data. The sightings of the two are kept apart: a saved sighting never becomes exact.
 */
export function noteCheck(
	memory: ProcessSightings,
	scope: string,
	data: RestorationStaticData,
	check: CheckOutcome,
	now: Date,
): RestoredReport | undefined {
	const seen = memory.get(scope);
	const report = restorationReport({
		created: check.created,
		before: check.before,
		seen,
		saved: data.lastSeen,
		deferredSince: data.deferredSince,
		now,
		scope,
	});
	memory.set(scope, sightingsAfter(seen, check.registered, check.events, now));
	data.lastSeen = sightingsAfter(data.lastSeen, check.registered, check.events, now);
	return report;
}

/** Sightings of this n8n process, by trigger (see the module's comment). */
export class ProcessSightings {
	private readonly byScope = new Map<string, Sightings>();

	get(scope: string): Sightings | undefined {
		return this.byScope.get(scope);
	}

	set(scope: string, sightings: Sightings): void {
		this.byScope.set(scope, sightings);
	}

	forget(scope: string): void {
		this.byScope.delete(scope);
	}
}
