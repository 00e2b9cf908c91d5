/** Switchable faults: error statuses, `status:err` bodies, HTML pages, broken JSON, slow answers, resets, capped pages, capped requests in flight. */
import type { FaultSpec } from './types';

const TYPES: ReadonlyArray<FaultSpec['type']> = [
	'status',
	'statusErr',
	'html',
	'malformed',
	'slow',
	'reset',
];

interface Armed {
	spec: FaultSpec;
	left: number;
	/** Date.now() after which it no longer hits (forMs) */
	until: number;
}

export class Faults {
	private armed: Armed[] = [];
	/** silently cap every list page size to this (a server that ignores a larger limit) */
	pageCap: number | null = null;
	/** fixed delay on every API answer */
	latencyMs: number;
	/**
	 * A store that allows this many API requests in flight: one more is answered at once with 429 and
	 * `Retry-After: capRetryAfter` (seconds), as a rate limiter in front of a shop does. null: no cap.
	 */
	inFlightCap: number | null = null;
	capRetryAfter = 1;

	constructor(private readonly defaultLatency = 0) {
		this.latencyMs = defaultLatency;
	}

	add(f: FaultSpec): void {
		if (!TYPES.includes(f.type))
			throw new Error(`unknown fault type "${String(f.type)}"; one of ${TYPES.join(', ')}`);
		const times = f.times ?? 1;
		if (!(times > 0)) throw new Error('fault times must be > 0 (Infinity allowed)');
		if (f.forMs !== undefined && !(f.forMs > 0)) throw new Error('fault forMs must be > 0');
		this.armed.push({
			spec: { ...f },
			left: times,
			until: f.forMs === undefined ? Infinity : Date.now() + f.forMs,
		});
	}

	/** Clears the armed faults, the page and in-flight caps and the extra latency. */
	clear(): void {
		this.armed = [];
		this.pageCap = null;
		this.inFlightCap = null;
		this.capRetryAfter = 1;
		this.latencyMs = this.defaultLatency;
	}

	list(): FaultSpec[] {
		this.expire();
		return this.armed.map((a) => ({ ...a.spec, times: a.left }));
	}

	private expire(): void {
		const now = Date.now();
		this.armed = this.armed.filter((a) => a.until > now);
	}

	/**
	 * The first armed fault matching this request, consumed by one. `apiDefault` says whether the request is an
	 * API call (a signed /services route), which is what a fault without `match` targets.
	 */
	take(method: string, path: string, apiDefault: boolean): FaultSpec | undefined {
		this.expire();
		const i = this.armed.findIndex((a) => matches(a.spec.match, method, path, apiDefault));
		if (i < 0) return undefined;
		const a = this.armed[i];
		if (--a.left <= 0) this.armed.splice(i, 1);
		return a.spec;
	}
}

function matches(
	match: FaultSpec['match'],
	method: string,
	path: string,
	apiDefault: boolean,
): boolean {
	if (match === undefined) return apiDefault;
	if (typeof match === 'string') return path.startsWith(match);
	match.lastIndex = 0;
	return match.test(`${method} ${path}`);
}

/**
 * A FaultSpec from JSON (admin endpoint): `match` is a path prefix, `regex` (+ `flags`) a regex on "METHOD /path";
 * `times: "Infinity"`, -1 or null is unlimited.
 */
export function faultFromJson(o: Record<string, unknown>): FaultSpec {
	const { regex, flags, ...rest } = o;
	const spec = rest as unknown as FaultSpec;
	const times: unknown = rest.times;
	if (times === 'Infinity' || times === -1 || times === null) spec.times = Infinity;
	if (typeof regex === 'string')
		spec.match = new RegExp(regex, typeof flags === 'string' ? flags : '');
	return spec;
}
