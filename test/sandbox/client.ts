/**
 * An independent OAuth 1.0a client (the `oauth-1.0a` package) for the sandbox tests: signs and sends a request
 * the way a shop's API client would, and reads the answer.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import OAuth from 'oauth-1.0a';
import { startSandbox, type Sandbox } from '../../sandbox';

export const enc = (s: string) =>
	encodeURIComponent(s).replace(
		/[!'()*]/g,
		(c) => '%' + c.charCodeAt(0).toString(16).toUpperCase(),
	);
export const hmacSha1 = (base: string, key: string) =>
	createHmac('sha1', key).update(base).digest('base64');

export interface Key {
	key: string;
	secret: string;
}

export interface CallOptions {
	query?: Record<string, string | number>;
	body?: unknown;
	form?: Record<string, string>;
	/** null: no token; default: the sandbox's ready access token */
	token?: Key | null;
	consumer?: Key;
	sign?: boolean;
	/** put the oauth_* parameters in the query string instead of the Authorization header */
	queryAuth?: boolean;
	headers?: Record<string, string>;
}

export interface Answer {
	status: number;
	json: any;
	text: string;
	headers: Headers;
}

export async function call(
	sb: Sandbox,
	method: string,
	path: string,
	o: CallOptions = {},
): Promise<Answer> {
	const consumer = o.consumer ?? {
		key: sb.credentials.consumerKey,
		secret: sb.credentials.consumerSecret,
	};
	const token =
		o.token === undefined
			? { key: sb.credentials.accessToken, secret: sb.credentials.accessTokenSecret }
			: o.token;
	const query = Object.fromEntries(Object.entries(o.query ?? {}).map(([k, v]) => [k, String(v)]));
	const url = sb.url + path;
	const headers: Record<string, string> = { ...o.headers };
	let qs = Object.entries(query)
		.map(([k, v]) => `${enc(k)}=${enc(v)}`)
		.join('&');
	if (o.sign !== false) {
		const signer = new OAuth({ consumer, signature_method: 'HMAC-SHA1', hash_function: hmacSha1 });
		const auth = signer.authorize(
			{ url, method, data: { ...query, ...o.form } },
			token ?? undefined,
		);
		if (o.queryAuth) {
			// oauth-1.0a merges the request data into the object it returns: keep only the oauth_* parameters
			const oauthParams = Object.entries(auth).filter(([k]) => k.startsWith('oauth_'));
			qs = [qs, ...oauthParams.map(([k, v]) => `${enc(k)}=${enc(String(v))}`)]
				.filter(Boolean)
				.join('&');
		} else headers.Authorization = signer.toHeader(auth).Authorization;
	}
	let body: string | undefined;
	if (o.form) {
		body = Object.entries(o.form)
			.map(([k, v]) => `${enc(k)}=${enc(v)}`)
			.join('&');
		headers['content-type'] = 'application/x-www-form-urlencoded';
	} else if (o.body !== undefined) {
		body = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
		headers['content-type'] ??= 'application/json';
	}
	const res = await fetch(url + (qs ? `?${qs}` : ''), {
		method,
		headers,
		body,
		redirect: 'manual',
	});
	const text = await res.text();
	let json: any;
	try {
		json = JSON.parse(text);
	} catch {
		json = undefined;
	}
	return { status: res.status, json, text, headers: res.headers };
}

export const DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

export interface Received {
	headers: IncomingMessage['headers'];
	body: string;
}

/** An HTTP server that records what is posted to it and answers `answer(n)` to the n-th request. */
export async function receiver(
	answer: (n: number) => number = () => 200,
): Promise<{ url: string; got: Received[]; close(): Promise<void> }> {
	const got: Received[] = [];
	const server: Server = createServer((req, res) => {
		let body = '';
		req.setEncoding('utf8');
		req.on('data', (c: string) => (body += c));
		req.on('end', () => {
			got.push({ headers: req.headers, body });
			res.writeHead(answer(got.length)).end('ok');
		});
	});
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
		got,
		close: () =>
			new Promise<void>((r) => {
				server.closeAllConnections();
				server.close(() => r());
			}),
	};
}

/** One sandbox per test file, back to its seed state before each test. */
export function useSandbox(): () => Sandbox {
	let sb: Sandbox;
	beforeAll(async () => {
		sb = await startSandbox();
	});
	afterAll(async () => {
		await sb.close();
	});
	beforeEach(() => sb.reset());
	return () => sb;
}
