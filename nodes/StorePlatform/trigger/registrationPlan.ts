import type { Registration } from './registrations';

/**
 * What should be registered at the shop versus what is: the decision of the registration check, pure.
 *
 * A registration is this workflow's when its URL's path ends like the current URL's: the last three segments
 * `/webhook/<webhookId>/webhook` stay the same under any public address of n8n (WEBHOOK_URL, with or without a
 * path prefix). The editor's test URL (`/webhook-test/<webhookId>/webhook`) ends otherwise, so a check of the
 * production registrations never touches a "Listen for test event" registration, nor the reverse. Every other
 * registration is foreign and never touched. Of this workflow's registrations, those posting to an old
 * URL and those for events no longer chosen are deleted; of several for one event at the current URL the
 * lowest id is kept (so two checks running at once keep the same one) and the others are deleted; every chosen
 * event left without one is created.
 */

export type CreateReason = 'missing' | 'stale-url';

export interface PlannedCreate {
	section: string;
	reason: CreateReason;
	/** The old URL a stale registration of this event pointed at. */
	staleUrl?: string;
}

export type DeleteReason = 'stale-url' | 'double' | 'unselected';

export interface PlannedDelete {
	id: string;
	section: string;
	siteUrl: string;
	reason: DeleteReason;
}

export interface RegistrationPlan {
	create: PlannedCreate[];
	delete: PlannedDelete[];
	/** Registrations of this workflow that stay, by event. */
	keep: Record<string, string>;
	/** How many registrations of the shop were left alone as not this workflow's. */
	foreign: number;
}

export interface Wanted {
	/** The chosen events. */
	events: string[];
	/** The URL the registrations should post to (the production URL; the test URL for a test run). */
	url: string;
}

function pathOf(url: string): string {
	const noQuery = url.split(/[?#]/)[0];
	const m = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/.*)?$/i.exec(noQuery);
	return (m ? (m[1] ?? '/') : noQuery).replace(/\/+$/, '');
}

/** The last three segments of a URL's path (`/webhook/<webhookId>/webhook`), or undefined when it has fewer. */
export function ownPathSuffix(url: string): string | undefined {
	const segments = pathOf(url).split('/').filter(Boolean);
	return segments.length < 3 ? undefined : `/${segments.slice(-3).join('/')}`;
}

/** Whether a registration belongs to this trigger (see the module's comment). */
export function isOwn(r: Registration, url: string, suffix = ownPathSuffix(url)): boolean {
	if (r.siteUrl === url) return true;
	return suffix !== undefined && pathOf(r.siteUrl).endsWith(suffix);
}

/** Numeric ids compare as numbers, others as text. */
function byId(a: Registration, b: Registration): number {
	const x = Number(a.id);
	const y = Number(b.id);
	if (Number.isFinite(x) && Number.isFinite(y) && x !== y) return x - y;
	return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function planRegistrations(existing: Registration[], wanted: Wanted): RegistrationPlan {
	const events = [...new Set(wanted.events)];
	const seen = new Set<string>();
	const own: Registration[] = [];
	const suffix = ownPathSuffix(wanted.url);
	let foreign = 0;
	for (const r of existing) {
		if (seen.has(r.id)) continue; // a list that returned one record twice
		seen.add(r.id);
		if (isOwn(r, wanted.url, suffix)) own.push(r);
		else foreign++;
	}
	own.sort(byId);

	const keep: Record<string, string> = {};
	const del: PlannedDelete[] = [];
	const staleBySection = new Map<string, string>();
	for (const r of own) {
		const base = { id: r.id, section: r.section, siteUrl: r.siteUrl };
		if (r.siteUrl !== wanted.url) {
			del.push({ ...base, reason: 'stale-url' });
			if (!staleBySection.has(r.section)) staleBySection.set(r.section, r.siteUrl);
		} else if (!events.includes(r.section)) del.push({ ...base, reason: 'unselected' });
		else if (keep[r.section] !== undefined) del.push({ ...base, reason: 'double' });
		else keep[r.section] = r.id;
	}

	const create: PlannedCreate[] = events
		.filter((section) => keep[section] === undefined)
		.map((section) => {
			const staleUrl = staleBySection.get(section);
			return staleUrl === undefined
				? { section, reason: 'missing' }
				: { section, reason: 'stale-url', staleUrl };
		});
	return { create, delete: del, keep, foreign };
}

/** Whether the shop's registrations are exactly what is wanted (nothing to create or delete). */
export const isSettled = (plan: RegistrationPlan) =>
	plan.create.length === 0 && plan.delete.length === 0;

/** The warning written to n8n's log for one re-created registration. */
export function recreatedMessage(workflow: string, create: PlannedCreate, url: string): string {
	const why =
		create.reason === 'stale-url'
			? `it pointed at an old URL (${create.staleUrl})`
			: 'it was missing at the shop (deleted there, or dropped after failed deliveries)';
	return `Store Platform Trigger (${workflow}): re-registered the webhook for event ${create.section} at ${url}: ${why}`;
}
