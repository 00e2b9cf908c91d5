/** HTTP plumbing: query/form parsing, body reading, and the replies the server sends. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest } from './errors';

export type Query = Record<string, string | string[]>;

/** Percent-decodes; `+` becomes a space in form/query context (RFC 5849 3.4.1.3.1 uses form rules). */
export function decodeComponent(s: string, plusAsSpace: boolean): string {
	const t = plusAsSpace ? s.replace(/\+/g, ' ') : s;
	try {
		return decodeURIComponent(t);
	} catch {
		throw badRequest(`malformed percent-encoding in "${s}"`);
	}
}

/** Parses `a=1&b=2&b=3` (application/x-www-form-urlencoded); repeated keys become arrays. */
export function parseUrlEncoded(raw: string): Query {
	const out: Query = {};
	if (!raw) return out;
	for (const pair of raw.split('&')) {
		if (pair === '') continue;
		const eq = pair.indexOf('=');
		const key = decodeComponent(eq < 0 ? pair : pair.slice(0, eq), true);
		const value = eq < 0 ? '' : decodeComponent(pair.slice(eq + 1), true);
		addParam(out, key, value);
	}
	return out;
}

export function addParam(q: Query, key: string, value: string): void {
	const prev = q[key];
	if (prev === undefined) q[key] = value;
	else if (Array.isArray(prev)) prev.push(value);
	else q[key] = [prev, value];
}

export function first(q: Query, key: string): string | undefined {
	const v = q[key];
	return Array.isArray(v) ? v[0] : v;
}

/** RFC 3986 encoding (the one OAuth uses): unreserved characters stay, everything else %XX. */
export function rfc3986(s: string): string {
	return encodeURIComponent(s).replace(
		/[!'()*]/g,
		(c) => '%' + c.charCodeAt(0).toString(16).toUpperCase(),
	);
}

export function readBody(req: IncomingMessage, limit = 20 * 1024 * 1024): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (c: Buffer) => {
			size += c.length;
			if (size > limit) {
				reject(badRequest(`request body larger than ${limit} bytes`, 'body_too_large'));
				req.destroy();
				return;
			}
			chunks.push(c);
		});
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

export type BodyKind = 'none' | 'json' | 'form' | 'text' | 'invalid-json';

export interface ParsedBody {
	kind: BodyKind;
	value: unknown;
	/** the form parameters when kind is 'form' (they take part in the OAuth signature) */
	form?: Query;
	error?: string;
}

export function parseBody(raw: Buffer, contentType: string | undefined): ParsedBody {
	const text = raw.toString('utf8');
	if (text.length === 0) return { kind: 'none', value: undefined };
	const ct = (contentType ?? '').toLowerCase();
	if (ct.startsWith('application/x-www-form-urlencoded')) {
		const form = parseUrlEncoded(text);
		return { kind: 'form', value: form, form };
	}
	const looksJson = /^\s*[[{"]/.test(text) || /^\s*(-?\d|true|false|null)/.test(text);
	if (ct.includes('json') || (ct === '' && looksJson)) {
		try {
			return { kind: 'json', value: JSON.parse(text) };
		} catch (e) {
			return { kind: 'invalid-json', value: undefined, error: (e as Error).message };
		}
	}
	return { kind: 'text', value: text };
}

export interface Reply {
	status: number;
	headers?: Record<string, string>;
	body?: string;
}

export function json(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
	return {
		status,
		headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
		body: JSON.stringify(value),
	};
}

export const ok = (value: unknown): Reply => json(200, value);

export function html(status: number, page: string): Reply {
	return { status, headers: { 'content-type': 'text/html; charset=utf-8' }, body: page };
}

export function formReply(status: number, params: Record<string, string>): Reply {
	const body = Object.entries(params)
		.map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`)
		.join('&');
	return { status, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body };
}

export function redirect(location: string): Reply {
	return {
		status: 302,
		headers: { location, 'content-type': 'text/plain' },
		body: `Redirecting to ${location}`,
	};
}

export function escapeHtml(s: string): string {
	return s.replace(
		/[&<>"']/g,
		(c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
	);
}

export function page(title: string, inner: string): string {
	return (
		`<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
		`<body style="font-family:sans-serif;max-width:40em;margin:2em auto"><h1>${escapeHtml(title)}</h1>${inner}</body></html>`
	);
}

export function send(res: ServerResponse, reply: Reply): void {
	if (res.headersSent || res.destroyed) return;
	const body = reply.body ?? '';
	res.writeHead(reply.status, {
		...reply.headers,
		'content-length': String(Buffer.byteLength(body)),
	});
	res.end(body);
}
