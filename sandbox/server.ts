/** The request pipeline: record → in-flight cap → latency → fault → OAuth check → route → JSON answer. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { App } from './app';
import { badRequest, HttpError, notFound } from './errors';
import { readBigIds } from './habits';
import { recordGet } from './recordHabits';
import { authenticate } from './oauth';
import type { Ctx, Router } from './router';
import type { FaultSpec, RecordedRequest } from './types';
import {
	decodeComponent,
	html,
	json,
	page,
	parseBody,
	parseUrlEncoded,
	readBody,
	send,
	type Reply,
} from './wire';

/** Timers that close() can cut short. */
export class Sleeper {
	private readonly pending = new Set<() => void>();

	sleep(ms: number): Promise<void> {
		if (ms <= 0) return Promise.resolve();
		return new Promise((resolve) => {
			const done = () => {
				clearTimeout(timer);
				this.pending.delete(done);
				resolve();
			};
			const timer = setTimeout(done, ms);
			this.pending.add(done);
		});
	}

	wakeAll(): void {
		for (const done of [...this.pending]) done();
	}
}

export function errorReply(e: unknown): Reply {
	if (e instanceof HttpError) return json(e.status, e.body());
	return json(500, {
		error: 'internal_error',
		error_msg: `sandbox error: ${(e as Error)?.message ?? String(e)}`,
	});
}

function faultReply(f: FaultSpec): Reply {
	switch (f.type) {
		case 'status': {
			const status = f.status ?? 500;
			const headers: Record<string, string> =
				f.retryAfter !== undefined ? { 'retry-after': String(f.retryAfter) } : {};
			const body = f.body ?? {
				error: status === 429 ? 'too_many_requests' : 'server_error',
				error_msg: `sandbox fault: HTTP ${status}`,
			};
			return typeof body === 'string'
				? { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers }, body }
				: json(status, body, headers);
		}
		case 'statusErr':
			return json(200, {
				status: 'err',
				error: f.error ?? 'error',
				error_msg: f.message ?? 'The request could not be processed',
			});
		case 'html': {
			const status = f.status ?? 502;
			return html(
				status,
				page(
					`${status} Bad Gateway`,
					'<p>The upstream server returned an invalid response.</p><hr><p>nginx</p>',
				),
			);
		}
		case 'malformed':
			return {
				status: 200,
				headers: { 'content-type': 'application/json; charset=utf-8' },
				body: '{"status":"ok","data":[{"id":1,"title":"trunc',
			};
		default:
			throw new Error(`fault ${f.type} has no reply`);
	}
}

export function createHandler(
	app: App,
	router: Router,
	sleeper: Sleeper,
	admin: (
		req: IncomingMessage,
		res: ServerResponse,
		rawPath: string,
		rawQuery: string,
	) => Promise<void>,
) {
	return (req: IncomingMessage, res: ServerResponse): void => {
		const rawUrl = req.url ?? '/';
		const qi = rawUrl.indexOf('?');
		const rawPath = qi < 0 ? rawUrl : rawUrl.slice(0, qi);
		const rawQuery = qi < 0 ? '' : rawUrl.slice(qi + 1);
		if (rawPath === '/_sandbox' || rawPath.startsWith('/_sandbox/')) {
			admin(req, res, rawPath, rawQuery).catch((e) => send(res, errorReply(e)));
			return;
		}
		const method = (req.method ?? 'GET').toUpperCase();
		const record: RecordedRequest = {
			method,
			path: rawPath,
			query: {},
			rawQuery,
			body: undefined,
			headers: { ...req.headers },
			authorized: false,
			status: 0,
		};
		app.requests.push(record);
		const traffic = app.traffic;
		const api = rawPath.startsWith('/services/') && !rawPath.startsWith('/services/oauth/');
		if (api) traffic.maxInFlight = Math.max(traffic.maxInFlight, ++traffic.inFlight);
		const cap = app.faults.inFlightCap;
		const capped = api && cap !== null && traffic.inFlight > cap;
		if (capped) traffic.capped++;
		const answer = capped
			? Promise.resolve(
					json(
						429,
						{
							error: 'too_many_requests',
							error_msg: `sandbox: more than ${cap} requests in flight`,
						},
						{ 'retry-after': String(app.faults.capRetryAfter) },
					),
				)
			: handle(app, router, sleeper, req, record, rawPath, rawQuery);
		if (capped) {
			req.resume();
			record.path = decodeComponent(rawPath, false);
			record.query = parseUrlEncoded(rawQuery);
		}
		void answer.then((reply) => {
			if (api) traffic.inFlight--;
			if (reply === null) return;
			record.status = reply.status;
			record.answeredAfter = app.requests.length;
			if (app.log) process.stderr.write(`[sandbox] ${method} ${rawUrl} → ${reply.status}\n`);
			send(res, reply);
		});
	};
}

async function handle(
	app: App,
	router: Router,
	sleeper: Sleeper,
	req: IncomingMessage,
	record: RecordedRequest,
	rawPath: string,
	rawQuery: string,
): Promise<Reply | null> {
	try {
		const raw = await readBody(req);
		record.path = decodeComponent(rawPath, false);
		record.query = parseUrlEncoded(rawQuery);
		const parsed = parseBody(raw, req.headers['content-type']);
		record.body = parsed.kind === 'invalid-json' ? raw.toString('utf8') : parsed.value;
		const segments = rawPath
			.split('/')
			.filter(Boolean)
			.map((s) => decodeComponent(s, false));
		const match = router.match(record.method, segments);
		const host = req.headers.host ?? app.url.replace(/^https?:\/\//, '');
		const ctx: Ctx = {
			app,
			method: record.method,
			path: record.path,
			query: record.query,
			body: parsed.value,
			bodyKind: parsed.kind,
			baseUrl: `http://${host}`,
			params: match.kind === 'route' ? match.params : {},
			headers: req.headers,
			rawPath,
			form: parsed.form,
		};
		const open = match.kind === 'route' && match.open;
		const isApi = record.path.startsWith('/services/') && !open;
		let authError: unknown = null;
		if (isApi) {
			try {
				authenticate(ctx);
				record.authorized = true;
			} catch (e) {
				authError = e;
			}
		}
		await sleeper.sleep(app.faults.latencyMs);
		const fault = app.faults.take(record.method, record.path, isApi);
		if (fault?.type === 'reset') {
			req.socket.destroy();
			return null;
		}
		if (fault?.type === 'slow') await sleeper.sleep(fault.ms ?? 2000);
		else if (fault) return faultReply(fault);
		if (authError) throw authError;
		// (a change the callback makes through the owner's operations is logged by them: no sync here, which compared
		// the whole watched table at every request, 12,000 records in the history checker's ledger histories)
		if (isApi && app.onRequest) app.onRequest(record);
		ctx.query = readBigIds(app, ctx.query, ctx.params);
		if (parsed.kind === 'invalid-json')
			throw badRequest(`request body is not valid JSON: ${parsed.error}`, 'invalid_json');
		if (match.kind === 'none') throw notFound(`no endpoint ${record.method} ${record.path}`);
		if (match.kind === 'method') {
			return json(
				405,
				{
					error: 'method_not_allowed',
					error_msg: `${record.method} is not allowed on ${record.path}; allowed: ${match.allowed.join(', ')}`,
				},
				{ allow: match.allowed.join(', ') },
			);
		}
		// each answer in its own form where the shop flips them (the handlers render synchronously)
		if (isApi) app.render.answer();
		const params = Object.values(ctx.params);
		const reply = await recordGet(app, record.method, record.path, params[params.length - 1], () =>
			match.handler(ctx),
		);
		if (record.method !== 'GET') app.changeLog.sync();
		return reply;
	} catch (e) {
		if (!(e instanceof HttpError) && app.log)
			process.stderr.write(`[sandbox] error: ${(e as Error)?.stack ?? e}\n`);
		return errorReply(e);
	}
}
