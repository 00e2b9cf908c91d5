/**
 * Shared pieces of the reliability and security suite: figure printing, a recording HTTP proxy placed
 * between the node and the sandbox (raw request lines, and a hook that can change the store between
 * requests), generic valid parameters for any endpoint row, and a deep string scan of any value.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { paramName } from '../../nodes/StorePlatform/action/fields';
import type { Endpoint, Field, ResourceTable } from '../../nodes/StorePlatform/endpoint';
import type { Sandbox } from '../../sandbox';

/** One line of figures for the README's Reliability table. */
export function figure(line: string): void {
	console.log(`[reliability] ${line}`);
}

export const elapsed = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

// ---------------------------------------------------------------------------------------------
// recording proxy

export interface ProxiedRequest {
	method: string;
	/** The request target exactly as the node sent it (raw path and query). */
	rawUrl: string;
	rawPath: string;
	rawQuery: string;
}

export interface Proxy {
	url: string;
	requests: ProxiedRequest[];
	/** Called before each request is forwarded; may change the sandbox's store. */
	hook?: (req: ProxiedRequest) => void | Promise<void>;
	close(): Promise<void>;
}

/**
 * A transparent HTTP proxy on 127.0.0.1 in front of the sandbox. The Host header is forwarded as the
 * node sent it, so the sandbox verifies the OAuth signature against the URL the node signed.
 */
export async function startProxy(sandbox: Sandbox): Promise<Proxy> {
	const proxy: Proxy = { url: '', requests: [], close: async () => undefined };
	const server: Server = createServer((req: IncomingMessage, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			void (async () => {
				const rawUrl = req.url ?? '/';
				const q = rawUrl.indexOf('?');
				const entry: ProxiedRequest = {
					method: String(req.method),
					rawUrl,
					rawPath: q < 0 ? rawUrl : rawUrl.slice(0, q),
					rawQuery: q < 0 ? '' : rawUrl.slice(q + 1),
				};
				proxy.requests.push(entry);
				await proxy.hook?.(entry);
				const upstream = httpRequest(
					{
						host: '127.0.0.1',
						port: sandbox.port,
						method: req.method,
						path: rawUrl,
						headers: req.headers,
						agent: false,
					},
					(answer) => {
						res.writeHead(answer.statusCode ?? 502, answer.headers);
						answer.pipe(res);
					},
				);
				upstream.on('error', () => res.destroy());
				upstream.end(Buffer.concat(chunks));
			})().catch(() => res.destroy());
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	proxy.close = async () =>
		await new Promise<void>((resolve) => {
			server.close(() => resolve());
			server.closeAllConnections();
		});
	return proxy;
}

/** A port on 127.0.0.1 that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

// ---------------------------------------------------------------------------------------------
// generic valid parameters for any row

/** A valid editor value for a field of the given kind. */
export function validValue(field: Field): unknown {
	if (field.key === 'key') return 'assets/reliability.css';
	if (['site_url', 'return_url', 'src'].includes(field.key))
		return 'https://example.com/reliability';
	switch (field.kind) {
		case 'number':
			return 1;
		case 'options':
			return field.options?.[0]?.[0] ?? '';
		case 'boolean':
		case 'flag':
			return true;
		case 'dateTime':
			return '2026-05-01 10:00:00';
		case 'id':
			return '5';
		case 'ids':
			return '1, 2';
		case 'json':
			return '{}';
		case 'metadata':
			return { meta: [{ meta_title: 't', meta_description: 'd', meta_keywords: 'k' }] };
		case 'progressiveSteps':
			return { step: [{ treshold: 1, discount: 1 }] };
		case 'stringList':
			return 'a,b';
		default:
			return 'reliability';
	}
}

/** Where a field's editor value lives in the node parameters. */
export function fieldGroup(row: Endpoint, field: Field, asFilter: boolean): string | undefined {
	if (asFilter) return 'filters';
	if (field.required || field.top) return undefined;
	return row.operation === 'update' ? 'updateFields' : 'additionalFields';
}

/** Sets a field's value in a parameter set (top level, or inside its collection). */
export function withField(
	params: INodeParameters,
	row: Endpoint,
	field: Field,
	value: unknown,
	asFilter = false,
): INodeParameters {
	const group = fieldGroup(row, field, asFilter);
	const name = paramName(field);
	if (!group) return { ...params, [name]: value as never };
	return {
		...params,
		[group]: { ...((params[group] as IDataObject) ?? {}), [name]: value as never },
	} as INodeParameters;
}

/** Default ids of the path/query params: records that exist in the seeded sandbox. */
export function defaultParamValue(row: Endpoint, name: string): unknown {
	const value = row.resource === 'themeAsset' && name === 'assetKey' ? 'assets/style.css' : '1';
	const param = row.params?.find((p) => p.name === name);
	return param?.locator ? { __rl: true, mode: 'id', value } : value;
}

/** Valid parameters for a row: its ids, its required fields, one update field, a small limit. */
export function baseParams(table: ResourceTable, row: Endpoint): INodeParameters {
	let params: INodeParameters = { resource: table.resource, operation: row.operation };
	for (const p of row.params ?? []) params[p.name] = defaultParamValue(row, p.name) as never;
	for (const f of (row.body ?? []).filter((b) => b.required))
		params = withField(params, row, f, validValue(f));
	if (row.operation === 'update') {
		const first = (row.body ?? []).find((b) => !b.required);
		if (first) params = withField(params, row, first, validValue(first));
	}
	if (row.resource === 'themeAsset' && row.operation === 'create') params.content = 'body{}';
	if (row.answer === 'many') {
		params.returnAll = false;
		params.limit = 2;
	}
	return params;
}

// ---------------------------------------------------------------------------------------------
// scanning for secrets

/**
 * Every string reachable from a value: own properties (enumerable or not, so an Error's message and
 * stack are included), array entries, Map/Set entries, getters left alone; cycles visited once.
 */
export function allStrings(
	value: unknown,
	out: string[] = [],
	seen = new Set<unknown>(),
): string[] {
	if (typeof value === 'string') {
		out.push(value);
		return out;
	}
	if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
		out.push(String(value));
		return out;
	}
	if (
		value === null ||
		value === undefined ||
		(typeof value !== 'object' && typeof value !== 'function')
	)
		return out;
	if (seen.has(value)) return out;
	seen.add(value);
	if (Buffer.isBuffer(value)) {
		out.push(value.toString('utf8'));
		return out;
	}
	if (value instanceof Map) {
		for (const [k, v] of value) {
			allStrings(k, out, seen);
			allStrings(v, out, seen);
		}
		return out;
	}
	if (value instanceof Set) {
		for (const v of value) allStrings(v, out, seen);
		return out;
	}
	if (typeof value === 'function') return out;
	for (const key of Object.getOwnPropertyNames(value)) {
		out.push(key);
		const descriptor = Object.getOwnPropertyDescriptor(value, key);
		if (descriptor && 'value' in descriptor) allStrings(descriptor.value, out, seen);
	}
	return out;
}

/** JSON.stringify that survives cycles (a repeated object becomes "[Circular]"). */
export function safeStringify(value: unknown): string {
	const seen = new WeakSet<object>();
	return (
		JSON.stringify(value, (_key, v: unknown) => {
			if (typeof v === 'bigint') return String(v);
			if (v && typeof v === 'object') {
				if (seen.has(v)) return '[Circular]';
				seen.add(v);
				if (v instanceof Error) {
					const plain: Record<string, unknown> = {};
					for (const k of Object.getOwnPropertyNames(v))
						plain[k] = (v as unknown as Record<string, unknown>)[k];
					return plain;
				}
			}
			return v;
		}) ?? ''
	);
}

/** How many times any of the secrets (as is, or percent/base64 encoded) occurs in the texts. */
export function occurrences(
	texts: string[],
	secrets: string[],
): Array<{ secret: string; where: string }> {
	const forms = [
		...new Set(
			secrets.flatMap((s) => [s, encodeURIComponent(s), Buffer.from(s).toString('base64')]),
		),
	];
	const hits: Array<{ secret: string; where: string }> = [];
	for (const text of texts) {
		for (const form of forms) {
			let at = text.indexOf(form);
			while (at >= 0) {
				hits.push({ secret: form, where: text.slice(Math.max(0, at - 80), at + form.length + 20) });
				at = text.indexOf(form, at + 1);
			}
		}
	}
	return hits;
}
