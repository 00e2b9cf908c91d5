/**
 * A minimal express-like request/response pair for `WebhookContext`: the request carries what a
 * webhook node reads (`headers`, `body`, `rawBody`, `query`, `params`), the response records what the
 * node writes (`res.status(..).send/json/end`, headers).
 */
import type { Request, Response } from 'express';

export interface WebhookRequestInit {
	/** Default `POST`. */
	method?: string;
	/** Header names are lower-cased, as Node.js does. */
	headers?: Record<string, string | string[] | undefined>;
	/** The parsed body (`getBodyData()`); default `{}`. */
	body?: unknown;
	/** The raw body bytes; default: `body` as sent (a string as is, anything else as JSON). */
	rawBody?: Buffer | string;
	query?: Record<string, unknown>;
	params?: Record<string, string>;
	/** The request path; default `/webhook`. */
	path?: string;
}

export interface RecordedResponse {
	/** `undefined` when the node wrote nothing (n8n then answers for it). */
	statusCode?: number;
	headers: Record<string, string | number | readonly string[]>;
	/** What was passed to `send`/`json`/`end`/`write` (concatenated for `write`). */
	body?: unknown;
	/** Whether the node finished the response (`send`, `json`, `end`, `sendStatus`). */
	ended: boolean;
}

function rawBodyOf(init: WebhookRequestInit): Buffer {
	if (init.rawBody !== undefined) {
		return Buffer.isBuffer(init.rawBody) ? init.rawBody : Buffer.from(init.rawBody, 'utf8');
	}
	if (init.body === undefined) return Buffer.alloc(0);
	return Buffer.from(typeof init.body === 'string' ? init.body : JSON.stringify(init.body), 'utf8');
}

export function createWebhookRequest(init: WebhookRequestInit = {}): Request {
	const headers: Record<string, string | string[]> = {};
	for (const [name, value] of Object.entries(init.headers ?? {})) {
		if (value !== undefined) headers[name.toLowerCase()] = value;
	}
	const header = (name: string) => headers[name.toLowerCase()];
	const path = init.path ?? '/webhook';
	const query = init.query ?? {};
	const search = new URLSearchParams(
		Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]),
	).toString();
	const contentType =
		String(header('content-type') ?? '')
			.split(';')[0]
			.trim() || undefined;
	const req = {
		method: (init.method ?? 'POST').toUpperCase(),
		headers,
		body: init.body ?? {},
		rawBody: rawBodyOf(init),
		query,
		params: init.params ?? {},
		path,
		url: search ? `${path}?${search}` : path,
		originalUrl: search ? `${path}?${search}` : path,
		contentType,
		encoding: 'utf8',
		ip: '127.0.0.1',
		get: header,
		header,
		readRawBody: async () => {},
	};
	return req as unknown as Request;
}

export function createWebhookResponse(): { res: Response; recorded: RecordedResponse } {
	const recorded: RecordedResponse = { headers: {}, ended: false };
	const append = (chunk: unknown) => {
		if (chunk === undefined) return;
		if (recorded.body === undefined) recorded.body = chunk;
		else recorded.body = `${String(recorded.body)}${String(chunk)}`;
	};
	const setHeader = (name: string, value: string | number | readonly string[]) => {
		recorded.headers[name.toLowerCase()] = value;
	};
	const res = {
		get statusCode() {
			return recorded.statusCode ?? 200;
		},
		set statusCode(code: number) {
			recorded.statusCode = code;
		},
		get headersSent() {
			return recorded.ended;
		},
		status(code: number) {
			recorded.statusCode = code;
			return res;
		},
		sendStatus(code: number) {
			recorded.statusCode = code;
			recorded.ended = true;
			return res;
		},
		setHeader(name: string, value: string | number | readonly string[]) {
			setHeader(name, value);
			return res;
		},
		set(name: string | Record<string, string>, value?: string) {
			if (typeof name === 'string') setHeader(name, value ?? '');
			else for (const [k, v] of Object.entries(name)) setHeader(k, v);
			return res;
		},
		header(name: string | Record<string, string>, value?: string) {
			return res.set(name, value);
		},
		getHeader(name: string) {
			return recorded.headers[name.toLowerCase()];
		},
		type(contentType: string) {
			setHeader('content-type', contentType);
			return res;
		},
		writeHead(code: number, headers?: Record<string, string | number | readonly string[]>) {
			recorded.statusCode = code;
			for (const [k, v] of Object.entries(headers ?? {})) setHeader(k, v);
			return res;
		},
		write(chunk: unknown) {
			append(chunk);
			return true;
		},
		send(body?: unknown) {
			recorded.statusCode ??= 200;
			append(body);
			recorded.ended = true;
			return res;
		},
		json(body?: unknown) {
			recorded.statusCode ??= 200;
			if (recorded.headers['content-type'] === undefined)
				setHeader('content-type', 'application/json');
			recorded.body = body;
			recorded.ended = true;
			return res;
		},
		end(chunk?: unknown) {
			recorded.statusCode ??= 200;
			append(chunk);
			recorded.ended = true;
			return res;
		},
		on() {
			return res;
		},
		once() {
			return res;
		},
	};
	return { res: res as unknown as Response, recorded };
}
