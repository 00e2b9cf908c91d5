import type { FailureInput } from './failure';

/**
 * Whether a failed request is one that passes by itself: the shop could not answer for now. Pure.
 *
 * Transient: no answer at all (connection refused or reset, DNS, timeout), 408, 425, 429 and every 5xx (a shop in
 * maintenance, a proxy in front of it, a rate limiter). The triggers wait for these (the webhook trigger's
 * registration check, the poll trigger's next poll) instead of failing their activation.
 *
 * Lasting: the shop answered and refused (401 and 403: the credential; other 4xx: the request), or answered
 * something that is not its API (a 2xx that is not JSON: a wrong Shop Base URL), or said `status: err`. These
 * need a person, so they fail the activation with their message.
 */
export type FailureClass = Pick<FailureInput, 'status' | 'kind'> & {
	/** The network's code where no answer came (ECONNREFUSED, ENOTFOUND …). */
	code?: string;
};

const TRANSIENT_STATUSES = new Set([408, 425, 429]);

export function isTransientFailure(failure: FailureClass): boolean {
	if (failure.kind === 'timeout' || failure.kind === 'unreachable') return true;
	if (failure.kind === 'notJson' || failure.kind === 'inBand') return false;
	const { status } = failure;
	if (status === 0) return true;
	return TRANSIENT_STATUSES.has(status) || (status >= 500 && status <= 599);
}

/** Whether the shop refused the credential itself (the person must fix it in n8n or in the shop). */
export const isRefusedCredential = (failure: FailureClass): boolean =>
	failure.kind !== 'inBand' && (failure.status === 401 || failure.status === 403);
