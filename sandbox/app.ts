/** The sandbox's shared state, handed to every route. */
import type { ChangeLog } from './changeLog';
import type { Faults } from './faults';
import type { ShopHabits } from './habits';
import type { Renderer } from './list';
import type { OAuthState } from './tokens';
import type { ShopTime } from './shopTime';
import type { Store } from './store';
import type { RecordedRequest, SandboxCredentials } from './types';
import type { Clock, WebhookEngine } from './webhooks';

export interface App {
	store: Store;
	credentials: SandboxCredentials;
	oauth: OAuthState;
	render: Renderer;
	faults: Faults;
	hooks: WebhookEngine;
	clock: Clock;
	/** the shop's zone, pinned "now" and reading of date filters */
	shopTime: ShopTime;
	/** the real-shop habits switched on (habits.ts) */
	habits: ShopHabits;
	requests: RecordedRequest[];
	/** API requests in flight now, the most seen together, TCP connections accepted (reset by reset()). */
	traffic: Traffic;
	/** http://127.0.0.1:port */
	url: string;
	shopId: number;
	/** the true log of changes (changeLog.ts), off until started */
	changeLog: ChangeLog;
	/** called with each API request before it is answered (a test's change made while a poll pages) */
	onRequest: ((request: RecordedRequest) => void) | null;
	log: boolean;
}

/**
 * "Now" for created_at/updated_at: the wall clock plus whatever the sandbox clock was advanced by, rendered in the
 * shop's zone, or the pinned shop time.
 */
export const nowDate = (app: App): string => app.shopTime.now();

export interface Traffic {
	inFlight: number;
	maxInFlight: number;
	connections: number;
	/** API requests answered 429 by the in-flight cap */
	capped: number;
}

export const newTraffic = (): Traffic => ({
	inFlight: 0,
	maxInFlight: 0,
	connections: 0,
	capped: 0,
});
