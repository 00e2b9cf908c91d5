/**
 * The pool's decisions (transport/pool.ts): the AIMD window as pure functions, and the pool's queue,
 * cuts, growth, holds and pauses on a clock the test sets.
 */
import { Pool, SLOW_WINDOWS, grown, shrunk, type Window } from '../../nodes/StorePlatform/transport/pool';

const w = (limit: number, ceiling: number, safe: number, answers = 0): Window => ({ limit, ceiling, safe, answers });

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
		expect(answersToGrow(w(4, 16, 8))).toEqual({ answers: 4, win: w(5, 16, 8) });
		expect(answersToGrow(w(1, 16, 8))).toEqual({ answers: 1, win: w(2, 16, 8) });
	});

	it(`grows one per ${SLOW_WINDOWS} windows at or above it`, () => {
		expect(answersToGrow(w(4, 16, 4))).toEqual({ answers: 4 * SLOW_WINDOWS, win: w(5, 16, 4) });
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
