/**
 * A real HTTP server on 127.0.0.1 (random port) for harness tests: it records every request and
 * answers with what the test's handler returns. Nodes reach it over the network through n8n-core's
 * request helpers, like any remote API.
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
	method: string;
	/** Path and query, as received. */
	url: string;
	path: string;
	query: URLSearchParams;
	headers: IncomingHttpHeaders;
	/** The raw body as text. */
	body: string;
	/** The body parsed as JSON, when it is JSON. */
	json?: unknown;
}

export interface TestResponse {
	/** Default 200. */
	status?: number;
	headers?: Record<string, string>;
	/** An object or array is sent as JSON; a string or Buffer as is. */
	body?: unknown;
}

export type TestHandler = (req: RecordedRequest) => TestResponse | Promise<TestResponse>;

export interface TestServer {
	/** `http://127.0.0.1:<port>` */
	url: string;
	requests: RecordedRequest[];
	/** Replaces the handler (e.g. per test). */
	setHandler(handler: TestHandler): void;
	close(): Promise<void>;
}

export async function startTestServer(
	handler: TestHandler = () => ({ status: 404 }),
): Promise<TestServer> {
	let current = handler;
	const requests: RecordedRequest[] = [];
	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			void (async () => {
				const body = Buffer.concat(chunks).toString('utf8');
				const parsed = new URL(req.url ?? '/', 'http://127.0.0.1');
				let json: unknown;
				try {
					json = body ? JSON.parse(body) : undefined;
				} catch {
					json = undefined;
				}
				const recorded: RecordedRequest = {
					method: req.method ?? 'GET',
					url: req.url ?? '/',
					path: parsed.pathname,
					query: parsed.searchParams,
					headers: req.headers,
					body,
					json,
				};
				requests.push(recorded);
				let answer: TestResponse;
				try {
					answer = await current(recorded);
				} catch (error) {
					answer = { status: 500, body: { message: String(error) } };
				}
				const headers = { ...(answer.headers ?? {}) };
				let payload: string | Buffer = '';
				if (Buffer.isBuffer(answer.body) || typeof answer.body === 'string') {
					payload = answer.body;
				} else if (answer.body !== undefined) {
					payload = JSON.stringify(answer.body);
					headers['content-type'] ??= 'application/json';
				}
				res.writeHead(answer.status ?? 200, headers);
				res.end(payload);
			})();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		requests,
		setHandler(next) {
			current = next;
		},
		async close() {
			server.closeAllConnections();
			await new Promise<void>((resolve, reject) =>
				server.close((e) => (e ? reject(e) : resolve())),
			);
		},
	};
}
