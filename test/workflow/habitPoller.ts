/**
 * The poll trigger through n8n-core's poller against a sandbox with real-shop habits, for pollHabits*.test.ts:
 * each tick reports what it emitted (as "event id" lines), the error n8n showed, and the API requests it sent.
 * A tick is stopped at a ceiling of requests (the shop then answers 400 to every request until the tick ends), so a
 * poll that would loop ends with a count instead of hanging the suite. Every item of every tick is kept, to count
 * them all at the end (exact lists, each deliveryKey once).
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { type Poller, type PollerOptions } from '../harness';
import { apiRequests, pollStore } from './setup';

/** Requests after which a test stops a poll (far above any poll of the lists these tests build). */
export const CEILING = 2000;

export interface HabitTick {
	/** "event id" of each item, sorted. */
	events: string[];
	items: INodeExecutionData[];
	error?: Error;
	/** API requests the poll sent. */
	requests: number;
	/** Whether the test's ceiling stopped it. */
	stopped: boolean;
}

export interface HabitPoller {
	tick(opts?: { activation?: boolean; ceiling?: number }): Promise<HabitTick>;
	/** "event id" of every item emitted since the start, in order. */
	all: string[];
	/** deliveryKey of every item emitted since the start. */
	keys: string[];
	/** Requests of each tick, in order. */
	requests: number[];
	/** Errors of the ticks, in order (undefined for a tick without one). */
	errors: Array<string | undefined>;
	poller: Poller;
}

const line = (item: INodeExecutionData, key: string) =>
	`${String(item.json.event)} ${String(item.json[key])}`;

export function habitPoller(
	sandbox: Sandbox,
	parameters: INodeParameters,
	opts: Partial<PollerOptions> & { key?: string } = {},
): HabitPoller {
	const key = opts.key ?? 'id';
	const poller = pollStore(sandbox, parameters, opts);
	const out: HabitPoller = { all: [], keys: [], requests: [], errors: [], poller, tick };
	async function tick(tickOpts: { activation?: boolean; ceiling?: number } = {}) {
		const ceiling = tickOpts.ceiling ?? CEILING;
		const from = apiRequests(sandbox).length;
		let stopped = false;
		const guard = setInterval(() => {
			if (stopped || apiRequests(sandbox).length - from <= ceiling) return;
			stopped = true;
			sandbox.faults.add({
				type: 'status',
				status: 400,
				times: Infinity,
				body: { error: 'ceiling', error_msg: `the test stopped a poll at ${ceiling} requests` },
			});
		}, 2);
		let result;
		try {
			result = await poller.tick({ activation: tickOpts.activation });
		} finally {
			clearInterval(guard);
			if (stopped) sandbox.faults.clear();
		}
		const items = result.items ?? [];
		const requests = apiRequests(sandbox).length - from;
		for (const i of items) {
			out.all.push(line(i, key));
			out.keys.push(String(i.json.deliveryKey));
		}
		out.requests.push(requests);
		out.errors.push(result.error?.message);
		return {
			events: items.map((i) => line(i, key)).sort(),
			items,
			error: result.error,
			requests,
			stopped,
		};
	}
	return out;
}

/**
 * A sequence of polls and what each must do, compared as a whole at the end (so a failure shows every poll: what
 * it emitted, the error n8n showed, and its requests where they passed the bound).
 */
export class Script {
	private readonly got: IDataObject[] = [];
	private readonly want: IDataObject[] = [];

	constructor(readonly p: HabitPoller) {}

	/** One poll that must emit exactly `events` ("event id"), without error, within `maxRequests` where given. */
	async poll(
		events: string[],
		opts: { activation?: boolean; maxRequests?: number; ceiling?: number } = {},
	): Promise<HabitTick> {
		const t = await this.p.tick(opts);
		const n = this.got.length;
		const label = opts.activation ? `${n} (activation)` : String(n);
		const over = opts.maxRequests !== undefined && t.requests > opts.maxRequests;
		const got: IDataObject = { poll: label, emitted: t.events };
		if (t.error) got.error = t.error.message;
		if (t.stopped) got.stoppedAtCeiling = true;
		if (over) got.requests = `${t.requests} (bound ${opts.maxRequests})`;
		this.got.push(got);
		this.want.push({ poll: label, emitted: [...events].sort() });
		return t;
	}

	/** Every poll as wanted, and every item since the start exactly `all` (any order), each deliveryKey once. */
	check(all: string[]): void {
		// HABITS_TRACE=1: each poll's items, error and requests on the console (the record of a run before a fix)
		if (process.env.HABITS_TRACE)
			console.log(
				this.got.map((g, i) => `${JSON.stringify(g)} requests=${this.p.requests[i]}`).join('\n'),
			);
		expect(this.got).toEqual(this.want);
		expect([...this.p.all].sort()).toEqual([...all].sort());
		expect(new Set(this.p.keys).size).toBe(this.p.keys.length);
	}
}
