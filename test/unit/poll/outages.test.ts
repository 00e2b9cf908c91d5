import type { FailureClass } from '../../../nodes/StorePlatform/api/transient';
import {
	answerOf,
	DEFAULT_REPORT_AFTER_MINUTES,
	durationOf,
	outageReport,
	Outages,
	type OutageVerdict,
} from '../../../nodes/StorePlatform/poll/node/outages';

/**
 * An outage of the shop is one error, not one per poll (outages.ts, issue 49): polls of one node every minute
 * (n8n's clock), each either reading ('ok') or failing with an answer; the verdict of each failed poll.
 */

const MINUTE = 60_000;
const AFTER = DEFAULT_REPORT_AFTER_MINUTES * MINUTE;
const T = Date.UTC(2026, 11, 6, 3, 0, 0);

const http = (status: number): FailureClass => ({ status });
const HTTP_503 = http(503);
const TIMEOUT: FailureClass = { status: 0, kind: 'timeout' };
const REFUSED_CONNECTION: FailureClass = { status: 0, kind: 'unreachable', code: 'ECONNREFUSED' };

type Poll = 'ok' | FailureClass | undefined;

/** `polls[i]` at T + i minutes; the verdicts of the failed ones, in order, and the count of each. */
function run(
	polls: Poll[],
	opts: { cursorStored?: boolean; afterMs?: number; every?: number } = {},
): { verdicts: OutageVerdict[]; shown: number; quiet: number; failedAtOnce: number } {
	const outages = new Outages();
	const verdicts: OutageVerdict[] = [];
	polls.forEach((p, i) => {
		const now = T + i * (opts.every ?? MINUTE);
		if (p === 'ok') outages.answered('wf:node');
		else
			verdicts.push(
				outages.failed('wf:node', {
					failure: p,
					now,
					cursorStored: opts.cursorStored ?? true,
					afterMs: opts.afterMs ?? AFTER,
				}),
			);
	});
	const count = (v: OutageVerdict) => verdicts.filter((x) => x === v).length;
	return { verdicts, shown: count('show'), quiet: count('quiet'), failedAtOnce: count('fail') };
}

const times = <T>(n: number, p: T): T[] => Array.from({ length: n }, () => p);

describe('Outages: a 1-minute poll through outages of the shop', () => {
	it.each([
		['an hour of 503s: exactly one error', [...times(60, HTTP_503), 'ok'], 1, 59],
		['9 minutes of 503s: none', ['ok', ...times(9, HTTP_503), 'ok'], 0, 9],
		['10 minutes of 503s (polls at 0 … 9 min): none', [...times(10, HTTP_503), 'ok'], 0, 10],
		['11 polls (0 … 10 min): one, at the 10th minute', [...times(11, HTTP_503), 'ok'], 1, 10],
		[
			'two one-hour outages, a read between: two errors',
			[...times(60, HTTP_503), 'ok', ...times(60, HTTP_503)],
			2,
			118,
		],
		[
			'two 9-minute outages, one read between: none (each starts afresh)',
			[...times(9, HTTP_503), 'ok', ...times(9, HTTP_503)],
			0,
			18,
		],
		[
			'timeouts, then no connection, then 429: one outage, one error',
			[...times(5, TIMEOUT), ...times(5, REFUSED_CONNECTION), ...times(50, http(429))],
			1,
			59,
		],
		[
			'every 5xx and 408, 425 (20 min of each)',
			[
				...times(20, http(500)),
				...times(20, http(502)),
				...times(20, http(408)),
				...times(20, http(425)),
			],
			1,
			79,
		],
	] as Array<[string, Poll[], number, number]>)('%s', (_name, polls, shown, quiet) => {
		const result = run(polls);
		expect(result.shown).toBe(shown);
		expect(result.quiet).toBe(quiet);
		expect(result.failedAtOnce).toBe(0);
	});

	it('the error comes at the first poll 10 minutes after the first failed one, not before', () => {
		const { verdicts } = run(times(15, HTTP_503));
		expect(verdicts.indexOf('show')).toBe(10);
		// a poll every 7 minutes: the polls at 0, 7 quiet, the one at 14 minutes shows
		expect(run(times(4, HTTP_503), { every: 7 * MINUTE }).verdicts).toEqual([
			'quiet',
			'quiet',
			'show',
			'quiet',
		]);
	});

	it.each([
		['401 (a refused credential)', http(401)],
		['403 (a refused credential)', http(403)],
		['404', http(404)],
		['an answer that is not JSON', { status: 200, kind: 'notJson' } as FailureClass],
		['status "err" in the body', { status: 200, kind: 'inBand' } as FailureClass],
		['an error that is no failed request', undefined],
	])('%s fails at once, at every poll, and is no outage', (_name, failure) => {
		const result = run(times(30, failure as Poll));
		expect(result.failedAtOnce).toBe(30);
		expect(result.shown + result.quiet).toBe(0);
	});

	it('a refused credential during an outage fails at once; the outage goes on (one error in all)', () => {
		const result = run([...times(5, HTTP_503), http(401), ...times(20, HTTP_503)]);
		expect(result.verdicts.slice(0, 6)).toEqual([...times(5, 'quiet'), 'fail']);
		expect(result.shown).toBe(1);
		expect(result.verdicts.indexOf('show')).toBe(6 + 4); // the poll at 10 minutes
	});

	it('no cursor stored (a first activation, the user looking): fails at once, as today', () => {
		const result = run(times(3, HTTP_503), { cursorStored: false });
		expect(result.verdicts).toEqual(['fail', 'fail', 'fail']);
	});

	it('Report Outage After 1 minute: the second failed poll shows', () => {
		expect(run(times(60, HTTP_503), { afterMs: MINUTE }).verdicts.slice(0, 3)).toEqual([
			'quiet',
			'show',
			'quiet',
		]);
	});

	it('outages of nodes are apart: one error each', () => {
		const outages = new Outages();
		const verdicts: Record<string, OutageVerdict[]> = { a: [], b: [] };
		for (let i = 0; i < 60; i++) {
			for (const node of ['a', 'b'])
				verdicts[node].push(
					outages.failed(node, {
						failure: HTTP_503,
						now: T + i * MINUTE,
						cursorStored: true,
						afterMs: AFTER,
					}),
				);
			if (i === 30) outages.answered('a');
		}
		expect(verdicts.a.filter((v) => v === 'show')).toHaveLength(2);
		expect(verdicts.b.filter((v) => v === 'show')).toHaveLength(1);
	});
});

describe('the outage in words', () => {
	it.each([
		[HTTP_503, 'HTTP 503'],
		[http(429), 'HTTP 429'],
		[TIMEOUT, 'timeout'],
		[REFUSED_CONNECTION, 'no connection: ECONNREFUSED'],
		[{ status: 0, kind: 'unreachable' } as FailureClass, 'no connection'],
	])('%j: %s', (failure, words) => {
		expect(answerOf(failure)).toBe(words);
	});

	it.each([
		[0, '0 s'],
		[45_000, '45 s'],
		[10 * MINUTE + 59_000, '10 min'],
		[60 * MINUTE, '1 h'],
		[125 * MINUTE, '2 h 5 min'],
	])('%d ms: %s', (ms, words) => {
		expect(durationOf(ms)).toBe(words);
	});

	it('the error names the latest answer, when the outage began and how long it lasts', () => {
		const outages = new Outages();
		const at = (i: number) => T + 12 * 1000 + i * MINUTE;
		for (let i = 0; i < 10; i++)
			outages.failed('n', { failure: TIMEOUT, now: at(i), cursorStored: true, afterMs: AFTER });
		expect(
			outages.failed('n', { failure: HTTP_503, now: at(10), cursorStored: true, afterMs: AFTER }),
		).toBe('show');
		expect(outageReport(outages.of('n')!, at(10))).toBe(
			'The shop has not answered since 2026-12-06T03:00:12Z (10 min): HTTP 503',
		);
		expect(outages.answered('n')?.polls).toBe(11);
		expect(outages.of('n')).toBeUndefined();
	});
});
