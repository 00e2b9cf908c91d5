import { sleep } from 'n8n-workflow';

/**
 * One bounded, adaptive pool of requests per node run (p-limit's queue, TCP's AIMD window): at most
 * `limit` requests in flight. A 429/503 halves the window (once per window of requests: answers to
 * requests sent before the cut do not cut again) and remembers one below the refused level as "safe";
 * a full window of answers grows it by one, quickly up to that level, then slowly (one per SLOW_WINDOWS
 * windows), never above the user's bound and not before the store's Retry-After has passed. A refusal
 * while probing above the safe level only steps back to it (the store's limit has not moved); one just after
 * growing from a level that had a full window answered steps back to that level, which becomes the safe one. At a
 * window of one (not a probe back to it) a 429/503 also holds every new request until its Retry-After: the
 * store asks for a pause. The decisions are the pure functions grown() and shrunk().
 */

/** Requests in flight at most when the node is not told otherwise (measured: see the README's Performance). */
export const DEFAULT_PARALLEL = 16;
/** Windows of answers per step of growth at or above the last refused level. */
export const SLOW_WINDOWS = 20;

export interface Window {
	/** Requests allowed in flight. */
	limit: number;
	/** The user's bound. */
	ceiling: number;
	/** Below this, grow fast (one per window); at or above it, slowly: one below the level last refused. */
	safe: number;
	/** Answers counted towards the next step of growth. */
	answers: number;
	/**
	 * The level the window last grew from: a full window of answers came back there without a refusal (0: none
	 * since the last cut).
	 */
	proven: number;
}

/** The window after an answer that was not a 429/503, when the window was in full use. */
export function grown(w: Window): Window {
	if (w.limit >= w.ceiling) return { ...w, limit: w.ceiling, answers: 0 };
	const answers = w.answers + 1;
	const needed = w.limit < w.safe ? w.limit : w.limit * SLOW_WINDOWS;
	return answers >= needed
		? { ...w, limit: w.limit + 1, answers: 0, proven: w.limit }
		: { ...w, answers };
}

/**
 * The window after a 429/503: back to the safe level when probing above it; back to the level it just grew from
 * when that level had a full window answered (the store's limit lies between the two), which is then the safe
 * level; else halved (multiplicative decrease), remembering the refused level minus one as safe.
 */
export function shrunk(w: Window): Window {
	if (w.limit > w.safe) return { ...w, limit: w.safe, answers: 0, proven: 0 };
	if (w.proven >= 1 && w.proven === w.limit - 1)
		return { ...w, limit: w.proven, safe: w.proven, answers: 0, proven: 0 };
	return {
		...w,
		limit: Math.max(1, Math.floor(w.limit / 2)),
		safe: Math.max(1, w.limit - 1),
		answers: 0,
		proven: 0,
	};
}

export type Outcome = 'answered' | 'throttled' | 'failed';

export class Pool {
	private window: Window;
	private active = 0;
	/** Bumped at every cut: a throttled request sent before the last cut cuts nothing more. */
	private epoch = 0;
	/** No growth before this time (the store's last Retry-After). */
	private holdUntil = 0;
	/** No new request before this time (a 429/503 of a request sent at a window of one). */
	private pausedUntil = 0;
	private waking = false;
	private readonly waiting: Array<(epoch: number) => void> = [];
	/** The most requests ever in flight together (for tests and benchmarks). */
	maxActive = 0;

	constructor(
		ceiling = DEFAULT_PARALLEL,
		private readonly now: () => number = Date.now,
		private readonly wait: (ms: number) => Promise<void> = sleep,
	) {
		const bound = Math.max(1, Math.floor(ceiling));
		this.window = { limit: bound, ceiling: bound, safe: bound, answers: 0, proven: 0 };
	}

	get limit(): number {
		return this.window.limit;
	}

	get ceiling(): number {
		return this.window.ceiling;
	}

	/** Waits for a free place; `first` (a request sent again after a 429/503) goes before the queue. */
	async acquire(first = false): Promise<number> {
		if (this.waiting.length === 0 && this.free()) return this.start();
		const turn = new Promise<number>((resolve) => {
			if (first) this.waiting.unshift(resolve);
			else this.waiting.push(resolve);
		});
		this.pump();
		return await turn;
	}

	/** Gives the place back and tells how the request went; `waitMs` is the Retry-After of a 429/503. */
	release(epoch: number, outcome: Outcome, waitMs = 0): void {
		const full = this.active >= this.limit;
		this.active--;
		const now = this.now();
		if (outcome === 'throttled') {
			if (epoch === this.epoch) {
				// refused even one at a time: the store asks for a pause
				if (this.window.limit === 1) this.pausedUntil = Math.max(this.pausedUntil, now + waitMs);
				this.window = shrunk(this.window);
				this.epoch++;
			}
			this.holdUntil = Math.max(this.holdUntil, now + waitMs);
		} else if (outcome === 'answered' && full && now >= this.holdUntil) {
			this.window = grown(this.window);
		}
		this.pump();
	}

	private free(): boolean {
		return this.active < this.limit && this.now() >= this.pausedUntil;
	}

	private start(): number {
		this.active++;
		this.maxActive = Math.max(this.maxActive, this.active);
		return this.epoch;
	}

	private pump(): void {
		while (this.waiting.length > 0 && this.free())
			(this.waiting.shift() as (epoch: number) => void)(this.start());
		const wait = this.pausedUntil - this.now();
		if (this.waiting.length > 0 && wait > 0 && !this.waking) {
			this.waking = true;
			void this.wait(wait).then(() => {
				this.waking = false;
				this.pump();
			});
		}
	}
}

/** The pool of each node run (context); created on first use with the default bound. */
const pools = new WeakMap<object, Pool>();

export function poolOf(ctx: object): Pool {
	let pool = pools.get(ctx);
	if (!pool) pools.set(ctx, (pool = new Pool()));
	return pool;
}

/** Gives a node run its own pool with the user's bound (before its first request). */
export function usePool(ctx: object, ceiling: number): Pool {
	const pool = new Pool(ceiling);
	pools.set(ctx, pool);
	return pool;
}
