/** Route table: `METHOD /services/things/:id` patterns matched on decoded path segments. */
import type { IncomingHttpHeaders } from 'node:http';
import type { App } from './app';
import type { BodyKind, Query, Reply } from './wire';

export interface Ctx {
	app: App;
	method: string;
	/** decoded path */
	path: string;
	query: Query;
	body: unknown;
	bodyKind: BodyKind;
	/** scheme://host[:port] the client used (from the Host header) */
	baseUrl: string;
	params: Record<string, string>;
	headers: IncomingHttpHeaders;
	/** the path exactly as sent (still percent-encoded), for the OAuth base string */
	rawPath: string;
	/** form parameters of an application/x-www-form-urlencoded body */
	form?: Query;
}

export type Handler = (ctx: Ctx) => Reply | Promise<Reply>;

interface Route {
	method: string;
	parts: string[];
	handler: Handler;
	/** no OAuth signature needed (token flow, charge confirmation page) */
	open: boolean;
}

export type Match =
	| { kind: 'route'; handler: Handler; params: Record<string, string>; open: boolean }
	| { kind: 'method'; allowed: string[] }
	| { kind: 'none' };

export class Router {
	private readonly routes: Route[] = [];

	add(method: string, pattern: string, handler: Handler, open = false): this {
		this.routes.push({ method, parts: pattern.split('/').filter(Boolean), handler, open });
		return this;
	}

	get = (p: string, h: Handler) => this.add('GET', p, h);
	post = (p: string, h: Handler) => this.add('POST', p, h);
	put = (p: string, h: Handler) => this.add('PUT', p, h);
	delete = (p: string, h: Handler) => this.add('DELETE', p, h);

	/** First route whose literal segments and arity match wins (register `/count` before `/:id`). */
	match(method: string, segments: string[]): Match {
		const allowed: string[] = [];
		for (const r of this.routes) {
			const params = matchParts(r.parts, segments);
			if (!params) continue;
			if (r.method === method) return { kind: 'route', handler: r.handler, params, open: r.open };
			allowed.push(r.method);
		}
		return allowed.length ? { kind: 'method', allowed } : { kind: 'none' };
	}
}

function matchParts(parts: string[], segments: string[]): Record<string, string> | null {
	if (parts.length !== segments.length) return null;
	const params: Record<string, string> = {};
	for (let i = 0; i < parts.length; i++) {
		const p = parts[i];
		if (p.startsWith(':')) {
			if (segments[i] === '') return null;
			params[p.slice(1)] = segments[i];
		} else if (p !== segments[i]) return null;
	}
	return params;
}
