/** `/_sandbox/*`: unsigned control endpoints for other processes (end-to-end tests, the CLI). Not recorded. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { nowDate, type App } from './app';
import { badRequest, HttpError, notFound } from './errors';
import { faultFromJson } from './faults';
import { applyHabits } from './habits';
import {
	addRecord,
	applySettings,
	changeRecord,
	decideCharge,
	decideNextCharge,
	removeRecord,
	restartShop,
	restoreRecord,
} from './owner';
import { SEEDABLE } from './seed';
import type { Delivery } from './types';
import type { FireOptions } from './webhooks';
import { json, parseBody, readBody, send, type Reply } from './wire';

export interface Control {
	app: App;
	fire(section: string, data?: Record<string, unknown>, opts?: FireOptions): Promise<Delivery[]>;
	advance(ms: number): Promise<void>;
	seed(resource: string, count: number): void;
	reset(): void;
}

type Body = Record<string, unknown>;

export function adminHandler(control: Control) {
	return async (req: IncomingMessage, res: ServerResponse, rawPath: string): Promise<void> => {
		const raw = await readBody(req);
		// a JSON body is read as JSON whatever its content-type says (curl -d sends a form type)
		const looksJson = /^\s*[{[]/.test(raw.toString('utf8'));
		const parsed = parseBody(
			raw,
			looksJson ? 'application/json' : (req.headers['content-type'] ?? 'application/json'),
		);
		if (parsed.kind === 'invalid-json') {
			send(
				res,
				json(400, {
					error: 'invalid_json',
					error_msg: `request body is not valid JSON: ${parsed.error}`,
				}),
			);
			return;
		}
		const body = (parsed.value && typeof parsed.value === 'object' ? parsed.value : {}) as Body;
		let reply: Reply;
		try {
			reply = await route(
				control,
				(req.method ?? 'GET').toUpperCase(),
				rawPath.replace(/\/+$/, '') || '/_sandbox',
				body,
			);
		} catch (e) {
			reply =
				e instanceof HttpError
					? json(e.status, e.body())
					: json(400, { error: 'bad_request', error_msg: (e as Error).message });
		}
		send(res, reply);
	};
}

async function route(c: Control, method: string, path: string, body: Body): Promise<Reply> {
	const { app } = c;
	const key = `${method} ${path}`;
	switch (key) {
		case 'GET /_sandbox':
		case 'GET /_sandbox/credentials':
			return json(200, {
				url: app.url,
				credentials: app.credentials,
				shopId: app.shopId,
				seedable: SEEDABLE,
			});
		case 'POST /_sandbox/fire': {
			if (typeof body.section !== 'string')
				throw badRequest(
					'fire needs {"section": "order/create", "data"?: {...}, "format"?: "form"|"json"}',
				);
			const data =
				body.data && typeof body.data === 'object'
					? (body.data as Record<string, unknown>)
					: undefined;
			const deliveries = await c.fire(body.section, data, {
				format: body.format === 'json' ? 'json' : 'form',
				objectType: typeof body.objectType === 'string' ? body.objectType : undefined,
				objectId:
					typeof body.objectId === 'string' || typeof body.objectId === 'number'
						? body.objectId
						: undefined,
				objectUuid: typeof body.objectUuid === 'string' ? body.objectUuid : undefined,
			});
			return json(200, { deliveries });
		}
		case 'GET /_sandbox/requests':
			return json(200, { requests: app.requests });
		case 'GET /_sandbox/traffic':
			return json(200, app.traffic);
		case 'DELETE /_sandbox/traffic':
			Object.assign(app.traffic, { maxInFlight: app.traffic.inFlight, connections: 0, capped: 0 });
			return json(200, app.traffic);
		case 'GET /_sandbox/deliveries':
			return json(200, { deliveries: app.hooks.deliveries });
		case 'POST /_sandbox/reset':
			c.reset();
			return json(200, { status: 'ok' });
		case 'GET /_sandbox/faults':
			return json(200, faultState(app));
		case 'POST /_sandbox/faults':
			if (typeof body.type === 'string') app.faults.add(faultFromJson(body));
			if ('pageCap' in body)
				app.faults.pageCap = body.pageCap === null ? null : Number(body.pageCap);
			if ('latencyMs' in body) app.faults.latencyMs = Number(body.latencyMs) || 0;
			if ('inFlightCap' in body)
				app.faults.inFlightCap = body.inFlightCap === null ? null : Number(body.inFlightCap);
			if ('capRetryAfter' in body) app.faults.capRetryAfter = Number(body.capRetryAfter) || 0;
			return json(200, faultState(app));
		case 'DELETE /_sandbox/faults':
			app.faults.clear();
			return json(200, faultState(app));
		case 'GET /_sandbox/webhooks':
			return json(200, {
				webhooks: app.store.webhooks.rows,
				pending: app.hooks.pending(),
				deliveries: app.hooks.deliveries,
			});
		case 'POST /_sandbox/webhooks/remove': {
			// what the shop does on its own: an admin or another app deletes registrations, or the 48 h retry horizon passes
			const removed = app.store.webhooks.rows.filter((w) => matchesWebhook(w, body));
			for (const w of removed) {
				app.store.webhooks.remove(w.id);
				app.hooks.cancel(Number(w.id));
			}
			return json(200, { removed });
		}
		case 'POST /_sandbox/webhooks/add': {
			// a registration made by someone else (another app), unsigned
			if (typeof body.section !== 'string' || typeof body.site_url !== 'string')
				throw badRequest(
					'webhooks/add needs {"section": "order/create", "site_url": "https://..."}',
				);
			const t = app.store.webhooks;
			const stamp = nowDate(app);
			const webhook = t.insert({
				id: t.nextId(),
				section: body.section,
				site_url: body.site_url,
				format: 'json',
				created_at: stamp,
				updated_at: stamp,
			});
			return json(200, { webhook });
		}
		case 'GET /_sandbox/clock':
			return json(200, { now: app.clock.now() });
		case 'POST /_sandbox/clock/advance': {
			const ms = Number(body.ms);
			if (!Number.isFinite(ms) || ms < 0)
				throw badRequest('clock/advance needs {"ms": <non-negative number>}');
			const before = app.hooks.deliveries.length;
			await c.advance(ms);
			return json(200, { now: app.clock.now(), deliveries: app.hooks.deliveries.slice(before) });
		}
		case 'GET /_sandbox/settings':
			return json(200, app.shopTime.settings);
		case 'POST /_sandbox/settings':
			// {"shopZoneOffsetMinutes"?: -300, "dateFilters"?: "strict" | "inclusive"}
			return json(200, applySettings(app, body));
		case 'GET /_sandbox/habits':
			return json(200, app.habits);
		case 'POST /_sandbox/habits':
			// {"flipForms"?: true, "idStep"?: 3, "ignoreSinceId"?: [path], "ignorePage"?: [path], "countOffset"?: {path: n},
			//  "emptyListAnswer"?: {answer, times?, paths?}, "stampForm"?: "isoZ", "deleteDuringPaging"?: {"resource":
			//  "promotion", "afterRequests": 1}, "bigIds"?: true, "bigNewIds"?: true, "listOrder"?: {path: "newest"},
			//  "countLag"?: [countPath], "fillIdGaps"?: true, ... (habits.ts, listHabits.ts)}
			return json(200, applyHabits(app, body));
		case 'POST /_sandbox/restart':
			// the shop's database restarts: auto-increment counters fall back to the highest existing ids
			restartShop(app);
			return json(200, { status: 'ok' });
		case 'POST /_sandbox/restore': {
			// a record restored from the trash with its old id: {"resource": "page", "id": 5, "fields"?: {...}}
			if (
				typeof body.resource !== 'string' ||
				(typeof body.id !== 'string' && typeof body.id !== 'number')
			)
				throw badRequest('restore needs {"resource": "page", "id": 5, "fields"?: {...}}');
			const fields = body.fields && typeof body.fields === 'object' ? body.fields : {};
			return json(200, {
				record: restoreRecord(app, body.resource, body.id, fields as Record<string, unknown>),
			});
		}
		case 'GET /_sandbox/shop-time':
			return json(200, shopTimeState(app));
		case 'POST /_sandbox/shop-time':
			// {"at": "YYYY-MM-DD HH:MM:SS" (the shop's zone) | null}
			if (!('at' in body))
				throw badRequest('shop-time needs {"at": "YYYY-MM-DD HH:MM:SS"} or {"at": null}');
			app.shopTime.pin(body.at === null ? null : (body.at as string));
			return json(200, shopTimeState(app));
		case 'POST /_sandbox/charges/decide': {
			// the shop owner on the confirmation page, without a browser; no id: the next charge (decideNextCharge)
			const noId = body.id === undefined || body.id === null;
			if (
				(!noId && typeof body.id !== 'string' && typeof body.id !== 'number') ||
				(body.decision !== 'accept' && body.decision !== 'decline')
			)
				throw badRequest('charges/decide needs {"id"?: 1, "decision": "accept" | "decline"}');
			if (noId) {
				const next = decideNextCharge(app, body.decision);
				return json(200, { application_charge: next.charge, created: next.created });
			}
			return json(200, {
				application_charge: decideCharge(app, body.id as string | number, body.decision),
				created: false,
			});
		}
		case 'POST /_sandbox/change': {
			// a change made in the shop's admin panel: {"resource": "collection", "id": 1, "fields": {...}, "aheadMs"?: 3600000}
			const fields = body.fields;
			if (
				typeof body.resource !== 'string' ||
				(typeof body.id !== 'string' && typeof body.id !== 'number') ||
				!fields ||
				typeof fields !== 'object' ||
				Array.isArray(fields)
			)
				throw badRequest('change needs {"resource": "collection", "id": 1, "fields": {...}}');
			// "aheadMs": a writer's clock that far ahead of the shop's stamps updated_at in the shop's future
			const aheadMs = body.aheadMs === undefined ? undefined : Number(body.aheadMs);
			return json(200, {
				record: changeRecord(app, body.resource, body.id, fields as Record<string, unknown>, {
					aheadMs,
				}),
			});
		}
		case 'POST /_sandbox/add': {
			// a record added outside the API, stamped now: {"resource": "collection", "fields"?: {...}}
			if (typeof body.resource !== 'string')
				throw badRequest('add needs {"resource": "collection", "fields"?: {...}}');
			const fields = body.fields && typeof body.fields === 'object' ? body.fields : {};
			return json(200, {
				record: addRecord(app, body.resource, fields as Record<string, unknown>),
			});
		}
		case 'POST /_sandbox/remove': {
			if (
				typeof body.resource !== 'string' ||
				(typeof body.id !== 'string' && typeof body.id !== 'number')
			)
				throw badRequest('remove needs {"resource": "collection", "id": 1}');
			return json(200, { record: removeRecord(app, body.resource, body.id) });
		}
		case 'POST /_sandbox/seed': {
			const count = Number(body.count ?? 1);
			if (typeof body.resource !== 'string' || !Number.isInteger(count) || count < 0)
				throw badRequest('seed needs {"resource": "promotion", "count": 10}');
			c.seed(body.resource, count);
			return json(200, { status: 'ok' });
		}
	}
	// public_url of theme assets: /_sandbox/themes/{themeId}/assets/{file}
	const m = /^\/_sandbox\/themes\/([^/]+)\/(assets\/[^/]+)$/.exec(path);
	if (method === 'GET' && m) {
		const asset = app.store.assetsOf(decodeURIComponent(m[1])).get(decodeURIComponent(m[2]));
		if (asset)
			return {
				status: 200,
				headers: { 'content-type': String(asset.content_type) },
				body: String(asset.content),
			};
	}
	throw notFound(`no admin endpoint ${key}`);
}

/** Whether a registration matches the filter of webhooks/remove: site_url (exact), url_contains, section; {} matches all. */
function matchesWebhook(w: Record<string, unknown>, f: Body): boolean {
	if (typeof f.site_url === 'string' && w.site_url !== f.site_url) return false;
	if (typeof f.url_contains === 'string' && !String(w.site_url).includes(f.url_contains))
		return false;
	if (typeof f.section === 'string' && w.section !== f.section) return false;
	return true;
}

function shopTimeState(app: App) {
	return { now: app.shopTime.now(), pinned: app.shopTime.pinned(), ...app.shopTime.settings };
}

function faultState(app: App) {
	return {
		faults: app.faults.list().map((f) => ({
			...f,
			match: f.match instanceof RegExp ? String(f.match) : f.match,
			times: f.times === Infinity ? 'Infinity' : f.times,
		})),
		pageCap: app.faults.pageCap,
		latencyMs: app.faults.latencyMs,
		inFlightCap: app.faults.inFlightCap,
		capRetryAfter: app.faults.capRetryAfter,
	};
}
