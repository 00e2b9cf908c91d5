/** Public data shapes of the sandbox (re-exported by index.ts). */

export interface SandboxCredentials {
	consumerKey: string;
	consumerSecret: string;
	accessToken: string;
	accessTokenSecret: string;
}

export interface RecordedRequest {
	method: string;
	/** decoded path without query */
	path: string;
	/** decoded query parameters */
	query: Record<string, string | string[]>;
	rawQuery: string;
	/** parsed JSON or form object, undefined if none */
	body: unknown;
	headers: Record<string, string | string[] | undefined>;
	authorized: boolean;
	/** HTTP status answered; 0 when the connection was reset */
	status: number;
	/**
	 * How many requests had arrived when this one was answered (its reply sent): a request at an index of `requests`
	 * at or above it arrived after this answer went out. Undefined until answered.
	 */
	answeredAfter?: number;
}

export interface Delivery {
	webhookId: number;
	section: string;
	url: string;
	attempt: number;
	status: number | 'connection-error';
	/** sandbox clock ms */
	at: number;
}

export interface FaultSpec {
	type: 'status' | 'statusErr' | 'html' | 'malformed' | 'slow' | 'reset';
	/** how many matching requests it hits (default 1; Infinity allowed) */
	times?: number;
	/** path prefix (string) or regex on "METHOD /path"; default every /services API request */
	match?: string | RegExp;
	/** for 'status' (429, 500, 503 ...) and 'html' (default 502) */
	status?: number;
	/** seconds, sets Retry-After on 'status' */
	retryAfter?: number;
	/** optional body for 'status' */
	body?: unknown;
	/** for 'statusErr': HTTP 200 with {"status":"err","error":error,"error_msg":message} */
	error?: string;
	message?: string;
	/** for 'slow': delay before answering */
	ms?: number;
	/** wall-clock milliseconds the fault stays armed (e.g. the webhook API answering 503 for 2 minutes) */
	forMs?: number;
}
