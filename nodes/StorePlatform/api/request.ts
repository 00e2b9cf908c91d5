import type {
	IAdditionalCredentialOptions,
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, sleep } from 'n8n-workflow';

import { describeFailure, type FailureInput } from './failure';
import type { RequestGate } from './gate';
import { poolOf } from './pool';
import { redactor } from './redact';
import type { FailureClass } from './transient';
import { inBandError } from './unwrap';

export type ShopContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IPollFunctions
	| IWebhookFunctions;

export type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
	query?: Query;
	body?: IDataObject;
	/** Milliseconds before a request is abandoned. */
	timeout?: number;
	/** Named in error descriptions, e.g. "Promotion → Get". */
	operation?: string;
	/** The record the path addresses by ID, e.g. "vendor": a 404 then reads "The vendor was not found". */
	subject?: string;
	/** The item's gate (gate.ts): asked right before each sending, told each answer's status. */
	gate?: RequestGate;
}

export const DEFAULT_TIMEOUT_MS = 60_000;
/** Retries of a 429 or 503 answer. */
export const MAX_RETRIES = 4;
/** Longest wait for one retry, whatever Retry-After asks. */
export const MAX_RETRY_WAIT_MS = 60_000;

const RETRY_STATUSES = new Set([429, 503]);

/** Errors of answers whose body is not JSON (an HTML page, a truncated body), for callers that judge them. */
const NOT_JSON = new WeakSet<object>();

/** Whether an error is that of an answer whose body could not be read as JSON (a 2xx with HTML, truncated JSON). */
export const isUnreadableAnswer = (error: unknown): boolean =>
	typeof error === 'object' && error !== null && NOT_JSON.has(error);

/** The status and kind of each failed request's error, for callers that judge them (transient.ts). */
const FAILURES = new WeakMap<object, FailureClass>();

/** The status and kind of a request's failure; undefined for an error that is no failed request of the shop. */
export const failureOf = (error: unknown): FailureClass | undefined =>
	typeof error === 'object' && error !== null ? FAILURES.get(error) : undefined;

/** A NodeApiError of a failed request's error, to throw again: it keeps the failure's status and kind (failureOf). */
export function failureAgain(ctx: ShopContext, error: unknown): NodeApiError {
	const again = new NodeApiError(ctx.getNode(), error as JsonObject);
	const failure = failureOf(error);
	if (failure) FAILURES.set(again, failure);
	return again;
}

/** The credential type of each node run (context): read once, not for every request. */
const types = new WeakMap<object, string>();

/** The credential chosen by the node's `authentication` parameter. */
export function credentialType(ctx: ShopContext): string {
	let type = types.get(ctx);
	if (type === undefined) types.set(ctx, (type = readCredentialType(ctx)));
	return type;
}

function readCredentialType(ctx: ShopContext): string {
	let auth: unknown;
	try {
		auth = (ctx as IExecuteFunctions).getNodeParameter('authentication', 0, 'accessToken');
	} catch {
		auth = 'accessToken';
	}
	return auth === 'oAuth1' ? 'storePlatformOAuth1Api' : 'storePlatformApi';
}

/** Milliseconds to wait before retry `attempt` (0-based), from Retry-After or a bounded backoff. */
export function retryDelay(retryAfter: unknown, attempt: number, now = Date.now()): number {
	const header = Array.isArray(retryAfter) ? retryAfter[0] : retryAfter;
	if (typeof header === 'string' && header.trim() !== '') {
		const seconds = Number(header.trim());
		const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
		if (Number.isFinite(ms)) return Math.min(Math.max(ms, 0), MAX_RETRY_WAIT_MS);
	}
	return Math.min(1000 * 2 ** attempt, MAX_RETRY_WAIT_MS);
}

interface FullResponse {
	body: unknown;
	headers: Record<string, unknown>;
	statusCode: number;
}

interface Shop {
	url: string;
	redact: (text: string) => string;
	/**
	 * The credential as read once for the run, handed to n8n with every request (`credentialsDecrypted`), so that
	 * n8n signs with it instead of reading and decrypting the credential again for each request.
	 */
	signWith: IAdditionalCredentialOptions;
}

/**
 * The shop of each node run: its credential is read once per run (context) and type, not for every request (a
 * read is a database query and a decryption; Return All makes hundreds of requests).
 */
const shops = new WeakMap<object, Map<string, Promise<Shop>>>();

async function shop(ctx: ShopContext, type: string): Promise<Shop> {
	let byType = shops.get(ctx);
	if (!byType) shops.set(ctx, (byType = new Map()));
	let pending = byType.get(type);
	if (!pending) {
		pending = readShop(ctx, type);
		byType.set(type, pending);
		// a failed read is not kept
		pending.catch(() => byType?.delete(type));
	}
	return await pending;
}

/**
 * Starts reading the run's credential before its first request (the item loop checks every item first; the read,
 * a database query and a decryption, goes on meanwhile). A failed read is not kept: the first request reads
 * again and reports it.
 */
export function readShopAhead(ctx: ShopContext): void {
	shop(ctx, credentialType(ctx)).catch(() => undefined);
}

/** The shop's base URL, and a redactor of the credential's secrets for error texts. */
async function readShop(ctx: ShopContext, type: string): Promise<Shop> {
	const credentials = await ctx.getCredentials(type);
	const url = String(credentials.baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '');
	if (!/^https?:\/\/[^/]/i.test(url)) {
		throw new NodeApiError(ctx.getNode(), {} as JsonObject, {
			message: `The credential's Shop Base URL must start with http:// or https://, not '${url}'`,
		});
	}
	const ref = ctx.getNode().credentials?.[type];
	const signWith: IAdditionalCredentialOptions = {
		credentialsDecrypted: { id: ref?.id ?? '', name: ref?.name ?? '', type, data: credentials },
	};
	return { url, redact: redactor(credentials), signWith };
}

/** A short, readable description of a non-JSON body such as an HTML error page. */
function textExcerpt(body: unknown): string {
	const text = typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : '';
	const page = /<body[\s>]/i.test(text) ? text.replace(/<head[\s>][\s\S]*?<\/head>/i, ' ') : text;
	return page
		.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
		.replace(/<[^>]+>/g, ' ')
		.replace(/\s+/g, ' ')
		.trim()
		.slice(0, 300);
}

function parseBody(body: unknown): { ok: true; value: unknown } | { ok: false } {
	if (Buffer.isBuffer(body)) body = body.toString('utf8');
	if (typeof body !== 'string') return { ok: true, value: body };
	if (body.trim() === '') return { ok: true, value: undefined };
	try {
		return { ok: true, value: JSON.parse(body) };
	} catch {
		return { ok: false };
	}
}

/** A NodeApiError with a plain headline; the shop's message, a hint and the request in its description. */
function apiError(
	ctx: ShopContext,
	redact: (text: string) => string,
	input: FailureInput,
): NodeApiError {
	const { message, description } = describeFailure(input);
	const httpCode = input.status ? String(input.status) : undefined;
	const error = new NodeApiError(ctx.getNode(), (httpCode ? { httpCode } : {}) as JsonObject, {
		message: redact(message),
		description: redact(description),
		httpCode,
	});
	// n8n swaps some messages (e.g. ones naming a network code) for generic ones: keep ours
	error.message = redact(message);
	FAILURES.set(error, { status: input.status, kind: input.kind });
	return error;
}

function serverMessage(body: unknown): string | undefined {
	if (!body || typeof body !== 'object') return undefined;
	const b = body as IDataObject;
	for (const key of ['error_msg', 'message', 'error_description', 'error']) {
		const v = b[key];
		if (typeof v === 'string' && v) return v;
		if (v && typeof v === 'object' && typeof (v as IDataObject).message === 'string') {
			return (v as IDataObject).message as string;
		}
	}
	return undefined;
}

/**
 * The one place that talks HTTP: signs through the chosen credential, sends through the node run's
 * pool (transport/pool.ts: the bound on requests in flight, shrunk by 429/503), sends a request the
 * store answered 429/503 again after its Retry-After (and no other request twice), and turns
 * every failure (non-2xx, in-band `status: err`, a body that is not JSON, no connection) into a
 * NodeApiError naming the operation, the HTTP status and the server's message. Never includes the
 * request's headers or credentials in an error.
 */
export async function apiRequest(
	this: ShopContext,
	method: IHttpRequestMethods,
	path: string,
	options: RequestOptions = {},
): Promise<unknown> {
	const type = credentialType(this);
	const { url: base, redact, signWith } = await shop(this, type);
	const url = base + path;
	const request0 = {
		operation: options.operation,
		subject: options.subject,
		method,
		path,
		credential: type,
	};
	const qs: IDataObject = {};
	for (const [k, v] of Object.entries(options.query ?? {}))
		if (v !== undefined && v !== '') qs[k] = v;

	const pool = poolOf(this);
	/** A failed request's error; its item's gate is told first (gate.ts). */
	const failure = (input: FailureInput) => {
		options.gate?.failed();
		return apiError(this, redact, input);
	};
	for (let attempt = 0; ; attempt++) {
		const request: IHttpRequestOptions = {
			method,
			url,
			qs,
			headers: { Accept: 'application/json' },
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
		};
		if (options.body !== undefined) request.body = options.body;
		let response: FullResponse;
		const epoch = await pool.acquire(attempt > 0);
		const held = options.gate?.admit(attempt);
		if (held) {
			pool.release(epoch, 'failed');
			throw held;
		}
		try {
			response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				type,
				request,
				signWith,
			)) as FullResponse;
		} catch (error) {
			pool.release(epoch, 'failed');
			options.gate?.answered(0);
			options.gate?.failed();
			// A thrown error is a network failure (HTTP statuses are answered, not thrown). A new error is
			// built from its code alone: the original carries the request, signed headers included.
			const cause = (error as { cause?: { code?: string } }).cause;
			const code = cause?.code ?? (error as { code?: string }).code ?? '';
			const seconds = Math.round((options.timeout ?? DEFAULT_TIMEOUT_MS) / 1000);
			const timedOut = /ECONNABORTED|ETIMEDOUT|timeout/i.test(
				`${code} ${(error as Error).message}`,
			);
			const kind = timedOut ? 'timeout' : 'unreachable';
			const failed = apiError(this, redact, {
				...request0,
				status: 0,
				kind,
				said: timedOut
					? `No answer within ${seconds} s`
					: `Connection failed (${code || (error as Error).message})`,
			});
			// the network's code, for callers that name it (poll/node/outages.ts)
			if (/^[A-Z_]+$/.test(code)) FAILURES.set(failed, { status: 0, kind, code });
			throw failed;
		}
		const status = response.statusCode;
		options.gate?.answered(status);
		if (RETRY_STATUSES.has(status)) {
			const wait = retryDelay(response.headers?.['retry-after'], attempt);
			pool.release(epoch, 'throttled', wait);
			if (attempt < MAX_RETRIES) {
				// not waited for when it would not be sent again (the run stopped)
				const heldAgain = options.gate?.admit(attempt + 1);
				if (heldAgain) throw heldAgain;
				await sleep(wait);
				continue;
			}
		} else {
			pool.release(epoch, 'answered');
		}
		const parsed = parseBody(response.body);
		if (status < 200 || status >= 300) {
			const body = parsed.ok ? parsed.value : undefined;
			const said =
				serverMessage(body) ??
				(status === 429 ? 'Still refused after retrying' : textExcerpt(response.body) || undefined);
			throw failure({ ...request0, status, said });
		}
		if (!parsed.ok) {
			const excerpt = textExcerpt(response.body);
			const error = apiError(this, redact, {
				...request0,
				status,
				kind: 'notJson',
				said: `The answer is not valid JSON${excerpt ? `: ${excerpt}` : ''}`,
			});
			NOT_JSON.add(error);
			options.gate?.failed();
			throw error;
		}
		const err = inBandError(parsed.value);
		if (err) {
			const said = err.code ? `${err.message} (error code: ${err.code})` : err.message;
			throw failure({ ...request0, status, kind: 'inBand', said });
		}
		return parsed.value;
	}
}
