/**
 * The pool's decisions (transport/pool.ts): the AIMD window as pure functions, and the pool's queue,
 * cuts, growth, holds and pauses on a clock the test sets.
 */
import { Pool, SLOW_WINDOWS, grown, shrunk, type Window } from '../../nodes/StorePlatform/api/pool';

const w = (limit: number, ceiling: number, safe: number, answers = 0, proven = 0): Window => ({
	limit,
	ceiling,
	safe,
	answers,
	proven,
});

describe('AIMD window (pure)', () => {
	it('halves on a 429/503 and remembers one below the refused level', () => {
		expect(shrunk(w(16, 16, 16))).toEqual(w(8, 16, 15));
		expect(shrunk(w(5, 16, 7, 3))).toEqual(w(2, 16, 4));
		expect(shrunk(w(3, 16, 8))).toEqual(w(1, 16, 2));
	});

	it('a refused probe above the safe level only steps back to it', () => {
		expect(shrunk(w(5, 16, 4, 17))).toEqual(w(4, 16, 4));
		// and a refusal at the safe level itself is congestion again: halved
		expect(shrunk(w(4, 16, 4))).toEqual(w(2, 16, 3));
	});

	it('a refusal one above the level it grew from steps back to that level, which becomes the safe one', () => {
		// grown from 4 (a full window answered there) to 5, below the remembered 7: the limit lies at 4
		expect(shrunk(w(5, 16, 7, 2, 4))).toEqual(w(4, 16, 4));
		// refused again at 4: no level proven below it any more, halved
		expect(shrunk(w(4, 16, 4))).toEqual(w(2, 16, 3));
		// a level proven further below does not count
		expect(shrunk(w(6, 16, 7, 0, 4))).toEqual(w(3, 16, 5));
	});

	it('never goes below one', () => {
		expect(shrunk(w(1, 16, 1))).toEqual(w(1, 16, 1));
	});

	const answersToGrow = (from: Window) => {
		let win = from;
		let answers = 0;
		while (win.limit === from.limit) {
			win = grown(win);
			answers++;
		}
		return { answers, win };
	};

	it('grows one per window of answers below the remembered level', () => {
		expect(answersToGrow(w(4, 16, 8))).toEqual({ answers: 4, win: w(5, 16, 8, 0, 4) });
		expect(answersToGrow(w(1, 16, 8))).toEqual({ answers: 1, win: w(2, 16, 8, 0, 1) });
	});

	it(`grows one per ${SLOW_WINDOWS} windows at or above it`, () => {
		expect(answersToGrow(w(4, 16, 4))).toEqual({
			answers: 4 * SLOW_WINDOWS,
			win: w(5, 16, 4, 0, 4),
		});
		expect(answersToGrow(w(7, 16, 4)).answers).toBe(7 * SLOW_WINDOWS);
	});

	it('never grows above the ceiling', () => {
		let win = w(15, 16, 15);
		for (let k = 0; k < 10_000; k++) win = grown(win);
		expect(win.limit).toBe(16);
		expect(grown(w(1, 1, 1)).limit).toBe(1);
	});
});

/** A pool on a clock the test moves. */
function poolAt(ceiling: number) {
	let t = 1_000_000;
	const pool = new Pool(ceiling, () => t);
	return { pool, advance: (ms: number) => (t += ms) };
}

/** Starts `n` acquisitions and reports how many got a place so far. */
function contend(pool: Pool, n: number) {
	const started: number[] = [];
	const epochs: number[] = [];
	const all = Array.from({ length: n }, (_, k) =>
		pool.acquire().then((epoch) => {
			started.push(k);
			epochs[k] = epoch;
		}),
	);
	return { started, epochs, all };
}

const flush = async () => {
	for (let k = 0; k < 5; k++) await Promise.resolve();
};

describe('Pool', () => {
	it('lets at most the bound in flight, in arrival order, and a released place goes to the next', async () => {
		const { pool } = poolAt(3);
		const c = contend(pool, 5);
		await flush();
		expect(c.started).toEqual([0, 1, 2]);
		pool.release(c.epochs[1], 'answered');
		await flush();
		expect(c.started).toEqual([0, 1, 2, 3]);
		expect(pool.maxActive).toBe(3);
	});

	it('cuts once per window: answers to requests sent before the cut do not cut again', async () => {
		const { pool } = poolAt(16);
		const c = contend(pool, 16);
		await flush();
		for (let k = 0; k < 12; k++) pool.release(c.epochs[k], 'throttled', 0);
		expect(pool.limit).toBe(8);
		const next = await pool.acquire();
		pool.release(next, 'throttled', 0);
		expect(pool.limit).toBe(4);
	});

	it('puts a request sent again (after a 429/503) before the queue', async () => {
		const { pool } = poolAt(1);
		const first = await pool.acquire();
		const order: string[] = [];
		const queued = pool.acquire().then(() => order.push('queued'));
		const retried = pool.acquire(true).then(() => order.push('retried'));
		pool.release(first, 'answered');
		await retried;
		expect(order).toEqual(['retried']);
		pool.release(0, 'answered');
		await queued;
		expect(order).toEqual(['retried', 'queued']);
	});

	it('does not grow while the window is not in full use', async () => {
		const { pool } = poolAt(16);
		const c = contend(pool, 16);
		await flush();
		for (let k = 0; k < 16; k++) pool.release(c.epochs[k], 'throttled', 0);
		expect(pool.limit).toBe(8);
		// one request at a time: the window of 8 is never full
		for (let k = 0; k < 100; k++) pool.release(await pool.acquire(), 'answered');
		expect(pool.limit).toBe(8);
	});

	it('grows back fast below the refused level, then slowly, never before Retry-After', async () => {
		const { pool, advance } = poolAt(8);
		const c = contend(pool, 8);
		await flush();
		c.epochs.forEach((e) => pool.release(e, 'throttled', 1000)); // 8 refused: window 4, safe 7
		expect(pool.limit).toBe(4);
		// steady load: the window is kept full, each answer is replaced by a new request
		const inFlight: number[] = [];
		const fullWindow = async () => {
			for (let k = pool.limit; k > 0; k--) {
				while (inFlight.length < pool.limit) inFlight.push(await pool.acquire());
				pool.release(inFlight.shift() as number, 'answered');
			}
		};
		await fullWindow();
		expect(pool.limit).toBe(4); // Retry-After (1 s) not yet passed
		advance(1000);
		await fullWindow(); // 4 answers in a full window: +1
		expect(pool.limit).toBe(5);
		await fullWindow();
		await fullWindow();
		expect(pool.limit).toBe(7);
		for (let k = 0; k < 5; k++) await fullWindow();
		expect(pool.limit).toBe(7); // slow above the remembered level
		for (let k = 0; k < SLOW_WINDOWS; k++) await fullWindow();
		expect(pool.limit).toBe(8);
	});

	it('at a window of one, a 429/503 holds every new request until its Retry-After', async () => {
		const { pool, advance } = poolAt(1);
		const first = await pool.acquire();
		let started = false;
		const next = pool.acquire().then((e) => {
			started = true;
			return e;
		});
		pool.release(first, 'throttled', 30);
		await flush();
		expect(started).toBe(false);
		advance(30);
		const epoch = await next; // woken by the pool after the wait
		expect(started).toBe(true);
		pool.release(epoch, 'answered');
	});

	it('a failed request (no answer) neither cuts nor grows the window', async () => {
		const { pool } = poolAt(2);
		const a = await pool.acquire();
		const b = await pool.acquire();
		pool.release(a, 'failed');
		pool.release(b, 'failed');
		expect(pool.limit).toBe(2);
	});

	it('a bound below one is one', () => {
		expect(new Pool(0).ceiling).toBe(1);
		expect(new Pool(2.7).ceiling).toBe(2);
	});
});

/**
 * The pool against a store that allows `cap` requests in flight (429 + Retry-After beyond), in virtual
 * time: `latency` ms per answer, `cpu` ms of single-threaded work before and after each request.
 */
async function simulate({
	n,
	ceiling,
	cap,
	latency = 50,
	retryAfter = 1000,
	cpu = 2,
}: {
	n: number;
	ceiling: number;
	cap: number;
	latency?: number;
	retryAfter?: number;
	cpu?: number;
}) {
	let now = 0;
	let seq = 0;
	const events: Array<[number, number, () => void]> = [];
	const at = (t: number, fn: () => void) => events.push([t, seq++, fn]);
	const delay = async (ms: number) => await new Promise<void>((resolve) => at(now + ms, resolve));
	const pool = new Pool(ceiling, () => now, delay);
	let cpuFree = 0;
	const work = async (ms: number) => {
		cpuFree = Math.max(cpuFree, now) + ms;
		await new Promise<void>((resolve) => at(cpuFree, resolve));
	};
	let inFlight = 0;
	let busy = 0;
	let last = 0;
	let refused = 0;
	let sent = 0;
	const account = () => {
		busy += Math.min(inFlight, cap) * (now - last);
		last = now;
	};
	const request = async (): Promise<number> => {
		await work(cpu);
		account();
		inFlight++;
		sent++;
		const ok = inFlight <= cap;
		await delay(ok ? latency : 1);
		account();
		inFlight--;
		await work(cpu);
		return ok ? 200 : 429;
	};
	let next = 0;
	let failed = 0;
	const worker = async () => {
		while (next < n) {
			next++;
			for (let attempt = 0; ; attempt++) {
				const epoch = await pool.acquire(attempt > 0);
				if ((await request()) === 200) {
					pool.release(epoch, 'answered');
					break;
				}
				refused++;
				pool.release(epoch, 'throttled', retryAfter);
				if (attempt === 4) {
					failed++;
					break;
				}
				await delay(retryAfter);
			}
		}
	};
	let finished = false;
	void Promise.all(Array.from({ length: ceiling }, worker)).then(() => (finished = true));
	for (;;) {
		for (let k = 0; k < 50; k++) await Promise.resolve();
		if (finished) break;
		if (events.length === 0) throw new Error('the simulation is stuck');
		events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
		const [t, , fn] = events.shift() as [number, number, () => void];
		now = Math.max(now, t);
		fn();
	}
	return { ms: now, refused, failed, sent, busy: busy / (cap * now), maxActive: pool.maxActive };
}

describe('Pool against a store capping requests in flight (virtual time)', () => {
	it('1,000 requests, store allowing 4, bound 16: the cap kept ≥ 88% busy, few refusals, none given up', async () => {
		const r = await simulate({ n: 1000, ceiling: 16, cap: 4 });
		expect(r.failed).toBe(0);
		expect(r.sent).toBe(1000 + r.refused);
		expect(r.refused).toBeLessThan(40);
		// 0.865 when a refusal one above a level just answered in full halved the window (to 2) instead of stepping
		// back to that level
		expect(r.busy).toBeGreaterThan(0.88);
		// the floor is 1,000 × 50 ms / 4 = 12.5 s
		expect(r.ms).toBeLessThan(12_500 / 0.88 + 1000);
	});

	it('a store allowing 1: one at a time after the first refusals, none given up', async () => {
		const r = await simulate({ n: 100, ceiling: 16, cap: 1 });
		expect(r.failed).toBe(0);
		expect(r.refused).toBeLessThan(30);
		expect(r.busy).toBeGreaterThan(0.7);
	});

	it('no cap: the bound is used', async () => {
		const r = await simulate({ n: 1000, ceiling: 16, cap: 1_000_000 });
		expect(r.refused).toBe(0);
		expect(r.maxActive).toBe(16);
	});
});
