import type { Registration } from './registrations';
import {
	isSettled,
	planRegistrations,
	type PlannedCreate,
	type PlannedDelete,
	type Wanted,
} from './registrationPlan';

/**
 * One check of the shop's registrations: list, decide (registrationPlan.ts), apply. The store's API is passed
 * in, so the same steps serve the trigger's activation (create()), its scheduled check and the tests.
 *
 * Creations go first (a chosen event is never left without a registration while old ones are removed), then
 * deletions. After creating, the list is read once more and any double found then is deleted: another check
 * (another n8n process) or a creation whose answer was lost may have added one. Deletions keep the lowest id,
 * so checks running side by side agree on which one stays. A failing request stops the check; what was done
 * stays done, and the next check starts from what the shop then lists.
 */

export interface RegistrationApi {
	list(): Promise<Registration[]>;
	create(section: string, url: string): Promise<Registration>;
	remove(id: string): Promise<void>;
}

export interface CheckOptions {
	/** Told of each registration created, before the next request. */
	onCreated?: (create: PlannedCreate, registration: Registration) => void;
	/** Whether to stop before the next request (the workflow was deactivated). */
	stopped?: () => boolean;
}

export interface CheckResult {
	created: Array<PlannedCreate & { id: string }>;
	deleted: PlannedDelete[];
	/** Registrations of this workflow at the end, by event (as far as the check knows). */
	registered: Record<string, string>;
	foreign: number;
	/** The request that failed, when one did; the check stopped there. */
	error?: unknown;
	stoppedEarly?: boolean;
}

export async function checkRegistrations(
	api: RegistrationApi,
	wanted: Wanted,
	options: CheckOptions = {},
): Promise<CheckResult> {
	const result: CheckResult = { created: [], deleted: [], registered: {}, foreign: 0 };
	const stop = () => {
		if (!options.stopped?.()) return false;
		result.stoppedEarly = true;
		return true;
	};
	try {
		const plan = planRegistrations(await api.list(), wanted);
		result.foreign = plan.foreign;
		result.registered = { ...plan.keep };
		if (isSettled(plan)) return result;
		for (const create of plan.create) {
			if (stop()) return result;
			const made = await api.create(create.section, wanted.url);
			result.created.push({ ...create, id: made.id });
			result.registered[create.section] = made.id;
			options.onCreated?.(create, made);
		}
		let deletes = plan.delete;
		if (result.created.length > 0) {
			if (stop()) return result;
			const again = planRegistrations(await api.list(), wanted);
			// only doubles and stale ones now: a chosen event still missing waits for the next check
			deletes = again.delete;
			result.registered = { ...again.keep };
			result.foreign = again.foreign;
		}
		for (const del of deletes) {
			if (stop()) return result;
			await api.remove(del.id);
			result.deleted.push(del);
		}
	} catch (error) {
		result.error = error;
	}
	return result;
}
