/**
 * The spec-faithful sandbox store server: every endpoint of the Store Platform Administration REST API in memory,
 * OAuth 1.0 verification of every request, the token flow, webhook deliveries with retries on a controllable clock,
 * and switchable faults. Tests start it in-process; `npm run sandbox` runs cli.ts.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { adminHandler, type Control } from './admin';
import { newTraffic, type App, type Traffic } from './app';
import { ChangeLog, type ChangeEntry } from './changeLog';
import { Faults } from './faults';
import { applyHabits, DEFAULT_HABITS, type ShopHabits } from './habits';
import { Renderer } from './list';
import { resetTurns } from './listHabits';
import { registerOAuthFlow } from './oauth';
import { OAuthState } from './tokens';
import {
	addRecord,
	applySettings,
	changeRecord,
	decideCharge,
	removeRecord,
	restartShop,
	restoreRecord,
	type ChangeOptions,
	type ChargeDecision,
} from './owner';
import { debounced, loadState, saveState } from './persist';
import { apiRouter } from './routes';
import { seedAll, seedResource } from './seed';
import { createHandler, Sleeper } from './server';
import { DEFAULT_SETTINGS, ShopTime, checkSettings, type ShopSettings } from './shopTime';
import { Store, type Rec } from './store';
import type { Delivery, FaultSpec, RecordedRequest, SandboxCredentials } from './types';
import { Clock, WebhookEngine } from './webhooks';

export type { Delivery, FaultSpec, RecordedRequest, SandboxCredentials } from './types';
export type { Traffic } from './app';
export { Store, Table, type Rec } from './store';
export { httpBuildQuery, phpUrlencode } from './http-build-query';
export { webhookHmac, RETRY_DELAYS, RETRY_HORIZON } from './webhooks';
export { SECTIONS } from './events';
export type { ChangeOptions, ChargeDecision } from './owner';
export type { ShopHabits } from './habits';
export type { EmptyListAnswer } from './readHabits';
export type { StampForm } from './shopTime';
export type { ChangeEntry, ChangeKind } from './changeLog';
export type { DateFilters, ShopSettings } from './shopTime';

export interface Sandbox {
	/** base URL, e.g. http://127.0.0.1:43123 (no trailing slash) */
	url: string;
	port: number;
	/** a ready, valid access token set (consumerSecret is also the webhook HMAC key) */
	credentials: SandboxCredentials;
	/** every request received (API, oauth flow; admin excluded), in order */
	requests: RecordedRequest[];
	/** every webhook delivery attempt */
	deliveries: Delivery[];
	faults: {
		add(f: FaultSpec): void;
		clear(): void;
		pageCap: number | null;
		latencyMs: number;
		/** answer 429 + Retry-After: capRetryAfter to an API request beyond this many in flight (null: no cap) */
		inFlightCap: number | null;
		capRetryAfter: number;
	};
	/** API requests in flight now and at most, connections accepted, requests refused by the cap (since reset) */
	traffic: Traffic;
	/** direct access to data, for assertions and seeding */
	store: Store;
	/** add `count` generated records to a resource (node resource names, plus 'product') */
	seed(resource: string, count: number): void;
	/** back to the seed state, faults cleared, requests/deliveries emptied */
	reset(): void;
	/** deliver to every webhook registered for section, now */
	fire(
		section: string,
		data?: Record<string, unknown>,
		opts?: {
			format?: 'form' | 'json';
			objectType?: string;
			objectId?: string | number;
			objectUuid?: string;
		},
	): Promise<Delivery[]>;
	/** the retry schedule runs on this clock; advance() performs due retries and awaits them */
	clock: { now(): number; advance(ms: number): Promise<void> };
	/**
	 * The shop's "now" for created_at/updated_at, in the shop's zone (`YYYY-MM-DD HH:MM:SS`). pin(at) holds it at
	 * `at` (a shop-zone date-time) so several changes land in one shop second; pin(null) returns to the running
	 * clock (wall clock + clock.advance()). reset() unpins.
	 */
	shopTime: { now(): string; pin(at: string | null): void; pinned(): string | null };
	/**
	 * Switches the shop's zone and/or its reading of date filters at run time; returns the settings now in force.
	 * A zone change re-renders the stamps already stored (same instants). reset() restores the start options.
	 */
	settings(next?: Partial<ShopSettings>): ShopSettings;
	/**
	 * Switches real-shop habits on or off (habits.ts: flipForms, idStep, ignoreSinceId, ignorePage, countOffset,
	 * emptyListAnswer, stampForm, deleteDuringPaging, bigIds, bigNewIds, the clock's; listHabits.ts: listOrder,
	 * countLag, fillIdGaps);
	 * returns the habits now in force. All off by default; reset() restores the start options.
	 */
	habits(next?: Partial<ShopHabits>): ShopHabits;
	/**
	 * The true log of changes (changeLog.ts): every record created, updated or deleted by the API or the owner,
	 * with the record after and the shop's time. Off until start() (which takes the present state as its start;
	 * `only`: the resources logged, default all); reset() stops it.
	 */
	changeLog: {
		start(only?: string[]): void;
		stop(): void;
		since(seq?: number): ChangeEntry[];
		/** The entries logged so far, without a write boundary (owner operations and writes have made theirs). */
		logged(): number;
	};
	/** Calls `fn` with each API request before it is answered (null: none); reset() clears it. */
	onRequest(fn: ((request: RecordedRequest) => void) | null): void;
	/** What the shop owner does outside the API. */
	owner: {
		/** accept or decline a pending charge, as on its confirmation page (status, updated_at) */
		decideCharge(id: string | number, decision: ChargeDecision): Rec;
		/**
		 * change fields of any record (node resource name), updated_at set to the shop's now where it has one
		 * (`aheadMs`: a writer's clock that far ahead stamps it in the shop's future)
		 */
		change(
			resource: string,
			id: string | number,
			fields: Record<string, unknown>,
			opts?: ChangeOptions,
		): Rec;
		/** add one generated record (node resource name), stamped with the shop's now, then `fields` */
		add(resource: string, fields?: Record<string, unknown>): Rec;
		/** remove a record (node resource name); a product's variants and a theme's assets then answer 404 */
		remove(resource: string, id: string | number): Rec;
		/** put a removed record back with its old id (its old fields, then `fields`) */
		restore(resource: string, id: string | number, fields?: Record<string, unknown>): Rec;
		/** the database restarts: the next id of each table is the highest that exists + 1 (MySQL before 8) */
		restart(): void;
		/**
		 * owner operations as one write: the change log compares the tables once, at the end (300 records created
		 * in one second cost one comparison, not 300)
		 */
		batch(fn: () => void): void;
	};
	/** when the state was loaded from `stateFile` (its save time), else undefined (seeded) */
	restoredFrom?: string;
	close(): Promise<void>;
}

export interface SandboxOptions {
	port?: number;
	seed?: boolean;
	credentials?: Partial<SandboxCredentials>;
	latencyMs?: number;
	stringIds?: 'spec' | 'mixed';
	log?: boolean;
	/** the shop's zone for created_at/updated_at and date filters: UTC + minutes (-300, +540 ...); default 0 */
	shopZoneOffsetMinutes?: number;
	/** created/updated min/max: 'strict' (> and <, the spec's "later/earlier than"; default) or 'inclusive' */
	dateFilters?: 'strict' | 'inclusive';
	/** advance the retry clock at wall-clock speed (the shop's time then stays the wall clock's) */
	realtime?: boolean;
	/** real-shop habits on from the start (and after each reset()); default all off */
	habits?: Partial<ShopHabits>;
	/**
	 * keep the shop's state in this file (persist.ts): loaded at start instead of the seed when it exists, written
	 * after each request that may change something and on close (`npm run dev`)
	 */
	stateFile?: string;
}

export const DEFAULT_CREDENTIALS: SandboxCredentials = {
	consumerKey: 'sandbox-api-key',
	consumerSecret: 'sandbox-shared-secret',
	accessToken: 'sandbox-access-token',
	accessTokenSecret: 'sandbox-access-token-secret',
};

export const SHOP_ID = 1001;

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
	const credentials: SandboxCredentials = { ...DEFAULT_CREDENTIALS, ...opts.credentials };
	const seeded = opts.seed !== false;
	const store = new Store();
	const clock = new Clock();
	const faults = new Faults(opts.latencyMs ?? 0);
	let realtimeMs = 0;
	const shopTime = new ShopTime(
		{
			...DEFAULT_SETTINGS,
			...checkSettings({
				shopZoneOffsetMinutes: opts.shopZoneOffsetMinutes,
				dateFilters: opts.dateFilters,
			}),
		},
		// realtime advances follow the wall clock, which the shop's time already reads
		() => clock.offset() - realtimeMs,
	);
	const app: App = {
		store,
		credentials,
		clock,
		shopTime,
		habits: { ...DEFAULT_HABITS },
		faults,
		url: '',
		shopId: SHOP_ID,
		log: opts.log === true,
		requests: [],
		traffic: newTraffic(),
		oauth: new OAuthState(credentials),
		render: new Renderer(opts.stringIds ?? 'spec'),
		hooks: new WebhookEngine(store, () => credentials.consumerSecret, SHOP_ID, clock),
		changeLog: new ChangeLog(
			store,
			() => shopTime.now(),
			() => shopTime.nowWithoutZone(),
		),
		onRequest: null,
	};
	/** Owner operations in a batch (owner.batch): one write boundary at its end. */
	let batching = 0;
	/** An owner operation, then the change log's write boundary. */
	const logged =
		<A extends unknown[], R>(op: (...args: A) => R) =>
		(...args: A): R => {
			const out = op(...args);
			if (batching === 0) app.changeLog.sync();
			return out;
		};
	const router = apiRouter();
	registerOAuthFlow(router);
	const sleeper = new Sleeper();

	// the start habits apply after the seed, whose ids follow one another
	const startHabits = () => applyHabits(app, { ...DEFAULT_HABITS, ...opts.habits });
	const reset = () => {
		app.changeLog.stop();
		app.onRequest = null;
		applyHabits(app, DEFAULT_HABITS);
		store.clear();
		if (seeded) seedAll(store, app.url);
		faults.clear();
		app.requests.length = 0;
		Object.assign(app.traffic, newTraffic(), { inFlight: app.traffic.inFlight });
		app.hooks.reset();
		app.oauth.reset();
		shopTime.reset();
		resetTurns(app);
		app.render = new Renderer(app.render.mode);
		startHabits();
	};
	const control: Control = {
		app,
		fire: (section, data, o) => app.hooks.fire(section, data, o),
		advance: (ms) => app.hooks.advance(ms),
		seed: logged(
			(resource: string, count: number) => void seedResource(store, resource, count, app.url),
		),
		reset,
	};

	const stateFile = opts.stateFile;
	const save = debounced(() => {
		if (stateFile) saveState(app, stateFile);
	});
	const server = createServer(createHandler(app, router, sleeper, adminHandler(control)));
	server.on('connection', () => app.traffic.connections++);
	if (stateFile)
		server.on('request', (req, res) => {
			if (req.method !== 'GET' && req.method !== 'HEAD') res.on('finish', save);
		});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(opts.port ?? 0, '127.0.0.1', () => {
			server.off('error', reject);
			resolve();
		});
	});
	const port = (server.address() as AddressInfo).port;
	app.url = `http://127.0.0.1:${port}`;
	const restoredFrom = stateFile ? loadState(app, stateFile) : undefined;
	if (seeded && !restoredFrom) seedAll(store, app.url);
	// the seed's stamps are the start time: written at once, so that a restart meets the same records
	if (stateFile && !restoredFrom) saveState(app, stateFile);
	startHabits();
	let timer: NodeJS.Timeout | undefined;
	if (opts.realtime) {
		let last = Date.now();
		timer = setInterval(() => {
			const now = Date.now();
			realtimeMs += now - last;
			void control.advance(now - last);
			last = now;
		}, 1000);
	}

	let closed: Promise<void> | null = null;
	return {
		url: app.url,
		port,
		credentials,
		requests: app.requests,
		deliveries: app.hooks.deliveries,
		faults,
		traffic: app.traffic,
		store,
		seed: control.seed,
		reset,
		fire: control.fire,
		clock: { now: () => clock.now(), advance: control.advance },
		shopTime: {
			now: () => shopTime.now(),
			pin: (at) => shopTime.pin(at),
			pinned: () => shopTime.pinned(),
		},
		settings: (next = {}) => ({ ...applySettings(app, next) }),
		habits: (next = {}) => applyHabits(app, next),
		changeLog: {
			start: (only) => app.changeLog.start(only),
			stop: () => app.changeLog.stop(),
			since: (seq) => app.changeLog.since(seq),
			logged: () => app.changeLog.count,
		},
		onRequest: (fn) => void (app.onRequest = fn),
		owner: {
			decideCharge: logged((id: string | number, decision: ChargeDecision) =>
				decideCharge(app, id, decision),
			),
			change: logged(
				(
					resource: string,
					id: string | number,
					fields: Record<string, unknown>,
					o?: ChangeOptions,
				) => changeRecord(app, resource, id, fields, o),
			),
			add: logged((resource: string, fields?: Record<string, unknown>) =>
				addRecord(app, resource, fields),
			),
			remove: logged((resource: string, id: string | number) => removeRecord(app, resource, id)),
			restore: logged((resource: string, id: string | number, fields?: Record<string, unknown>) =>
				restoreRecord(app, resource, id, fields),
			),
			restart: () => restartShop(app),
			batch: (fn) => {
				batching++;
				try {
					fn();
				} finally {
					batching--;
					if (batching === 0) app.changeLog.sync();
				}
			},
		},
		restoredFrom,
		close: () =>
			(closed ??= new Promise<void>((resolve) => {
				clearInterval(timer);
				save.flush();
				sleeper.wakeAll();
				server.close(() => resolve());
				server.closeAllConnections();
			})),
	};
}
