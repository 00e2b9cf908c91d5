/**
 * The words of a failed request, as n8n's error panel shows them: a plain headline, then the shop's own
 * message, a hint where one helps, and the request (operation, method, path, status) for whoever debugs it.
 * Pure; the caller redacts secrets.
 */

export interface FailureInput {
	/** HTTP status; 0 when no answer came. */
	status: number;
	/** The record the request addressed by ID, e.g. "vendor" (a 404 then means it does not exist). */
	subject?: string;
	/** "Vendor → Get" */
	operation?: string;
	method: string;
	path: string;
	/** What the shop said, or why no answer came. */
	said?: string;
	/** An answered request whose body is not JSON or carries status "err". */
	kind?: 'notJson' | 'inBand' | 'timeout' | 'unreachable';
	/** The credential type in use: a 401 names its own fields. Default: the pasted-token credential. */
	credential?: string;
}

/** What to check after a 401, in the words of each credential's form. */
export const UNAUTHORIZED_HINTS = {
	storePlatformApi:
		"Check the credential's Shared Secret and Access Token Secret, then its API Key and Access Token.",
	storePlatformOAuth1Api:
		"Check the credential's Consumer Key and Consumer Secret, then click Connect again (the shop may have revoked the token).",
} as const;

/** The longest part of the shop's message kept (a 401 can echo a whole OAuth base string). */
export const MAX_SAID = 300;

function headline(input: FailureInput): string {
	const { status, subject, kind } = input;
	if (kind === 'timeout') return 'The shop did not answer in time';
	if (kind === 'unreachable') return 'Could not reach the shop';
	if (kind === 'notJson') return 'The shop sent an answer that could not be read';
	if (kind === 'inBand') return 'The shop refused the request';
	if (status === 401) return 'The shop refused the credentials';
	if (status === 403) return 'The shop refused access';
	if (status === 404)
		return subject ? `The ${subject} was not found` : 'The shop does not know this address';
	if (status === 429) return 'The shop got too many requests';
	if (status === 502 || status === 503 || status === 504)
		return 'The shop is not available right now';
	if (status >= 500) return 'The shop had an internal error';
	return 'The shop refused the request';
}

function hint(input: FailureInput): string | undefined {
	const { status, subject, kind } = input;
	if (kind === 'timeout') return 'Try again later, or raise Timeout in the Options.';
	if (kind === 'unreachable')
		return "Check the credential's Shop Base URL and that the shop is reachable from n8n.";
	if (kind === 'notJson')
		return "Check the credential's Shop Base URL: it must be the shop's own address.";
	if (status === 401) {
		return input.credential === 'storePlatformOAuth1Api'
			? UNAUTHORIZED_HINTS.storePlatformOAuth1Api
			: UNAUTHORIZED_HINTS.storePlatformApi;
	}
	if (status === 403)
		return 'Check that the app is still installed in the shop and may use this part of the API.';
	if (status === 404) {
		return subject
			? `Check the ${subject} ID: it may have been deleted.`
			: "Check the credential's Shop Base URL.";
	}
	if (status === 429)
		return 'The node retried already. Lower Requests in Parallel in the Options, or run it later.';
	if (status >= 500) return 'This is on the shop side: try again later.';
	return undefined;
}

const sentence = (s: string) => (/[.!?…]$/.test(s) ? s : `${s}.`);

/** The headline and the description of a failed request. */
export function describeFailure(input: FailureInput): { message: string; description: string } {
	const parts: string[] = [];
	const said = input.said?.trim();
	if (said) parts.push(sentence(said.length > MAX_SAID ? `${said.slice(0, MAX_SAID)}…` : said));
	const tip = hint(input);
	if (tip) parts.push(tip);
	const status = input.status ? `, HTTP ${input.status}` : '';
	parts.push(
		`(${input.operation ? `${input.operation}: ` : ''}${input.method} ${input.path}${status})`,
	);
	return { message: headline(input), description: parts.join(' ') };
}
