/**
 * The soak of `npm run fuzz` (scripts/fuzz.js sets the environment): FUZZ_RUNS random histories over the resources
 * of FUZZ_RESOURCES (default all), with the switches of FUZZ_SWITCHES ('all', the default: every habit; 'holding':
 * what holds on this branch's trigger; 'none': no habit; a comma list of switch names added to 'none';
 * 'all-x,y': all but x and y), from FUZZ_SEED. Prints the figures: histories, steps, changes checked, polls,
 * failures, histories per second.
 * Two modes: fast-check's (stops at the first failure, shrinks it and prints it as a script with the seed and path
 * to replay), or FUZZ_COUNT=1: every history runs, failures are counted (the failing rate of a switch) and the
 * first is printed unshrunk, then every failure (up to SHOWN_FAILURES) as its first broken promise and its history
 * as JSON; FUZZ_SHRINK=<file> makes each JSON history of a file small (shrink.ts).
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

import { useSandbox } from '../workflow/setup';
import { ALL_ON, HOLDING, historyArb, type Switches } from './generator';
import { withinLimits } from './withinLimits';
import { PROFILES, RESOURCES } from './profiles';
import { historiesIn, shrink } from './shrink';
import { script } from './steps';
import { property, verdict, type SoakFigures } from './verdict';

const env = useSandbox();

const NONE = Object.fromEntries(Object.keys(ALL_ON).map((k) => [k, false])) as unknown as Switches;

function named(names: string[], value: boolean, on: Switches): Switches {
	const out = { ...on } as unknown as Record<string, boolean>;
	for (const name of names) {
		if (!(name in ALL_ON))
			throw new Error(`unknown switch ${name}; switches: ${Object.keys(ALL_ON).join(', ')}`);
		out[name] = value;
	}
	return out as unknown as Switches;
}

function switches(text: string | undefined): Switches {
	if (!text || text === 'all') return ALL_ON;
	if (text === 'holding') return HOLDING;
	if (text === 'none') return NONE;
	if (text.startsWith('all-')) return named(text.slice(4).split(','), false, ALL_ON);
	return named(text.split(','), true, NONE);
}

/**
 * FUZZ_SLOW (`--slow`): `half` (the `slow` switch on: about half the histories on a slow shop, audits in parts),
 * `all` (every history), `none` (no slow shop); unset: as the switches say.
 */
function withSlow(on: Switches, text: string | undefined): { on: Switches; allSlow: boolean } {
	if (text === undefined) return { on, allSlow: false };
	if (!['half', 'all', 'none'].includes(text))
		throw new Error(`--slow must be half, all or none, got ${text}`);
	return { on: { ...on, slow: text === 'half' }, allSlow: text === 'all' };
}

/**
 * FUZZ_COUNT=per-switch: FUZZ_RUNS histories for each switch alone (no other habit), failures counted: what each
 * habit breaks on the trigger under test. FUZZ_WORKER=i/n takes every n-th switch from the i-th (parallel runs).
 */
/** FUZZ_SHRINK=<file>: each history of the file made small (shrink.ts), printed with the promise it breaks. */
async function shrinkAll(file: string): Promise<void> {
	const out: string[] = [];
	for (const [i, history] of historiesIn(readFileSync(file, 'utf8')).entries()) {
		const found = await shrink(env.sandbox, history);
		out.push(
			found
				? `history ${i + 1}: ${found.broken}\n  ${JSON.stringify(found.history)}\n${script(found.history)}`
				: `history ${i + 1}: holds`,
		);
	}
	console.log(out.join('\n'));
}

/** FUZZ_REPLAY=<file>: each JSON history of the file run once, its whole report printed (polls, requests). */
async function replayAll(file: string): Promise<void> {
	const out: string[] = [];
	for (const [i, history] of historiesIn(readFileSync(file, 'utf8')).entries()) {
		const v = await verdict(env.sandbox, history);
		const limits = withinLimits(history, PROFILES[history.resource])
			? ''
			: ' (a Limit: withinLimits)';
		out.push(`history ${i + 1}: ${v.broken.length ? 'FAILS' : 'holds'}${limits}\n${v.report}`);
	}
	console.log(out.join('\n'));
}

/** Failures a counting soak lists (each its first broken promise and its history), beyond the first report. */
const SHOWN_FAILURES = 40;

async function perSwitch(runs: number, seed: number, resources: string[]): Promise<void> {
	const [i, n] = (process.env.FUZZ_WORKER ?? '0/1').split('/').map(Number);
	const names = Object.keys(ALL_ON).filter((_, k) => k % n === i);
	const lines: string[] = [];
	for (const name of names) {
		const on = named([name], true, NONE);
		const arb = historyArb(
			resources.map((r) => PROFILES[r]),
			on,
		);
		const started = performance.now();
		let failures = 0;
		const firstBroken: string[] = [];
		for (const history of fc.sample(arb, { seed, numRuns: runs })) {
			const v = await verdict(env.sandbox, history);
			if (v.broken.length === 0) continue;
			failures++;
			if (firstBroken.length < 2) firstBroken.push(v.broken[0].slice(0, 160));
		}
		const s = (performance.now() - started) / 1000;
		lines.push(
			`${name}: ${failures} of ${runs} failed (${((100 * failures) / runs).toFixed(1)} %), ${(runs / s).toFixed(2)} histories/s${firstBroken.map((b) => `\n    e.g. ${b}`).join('')}`,
		);
	}
	console.log([`per switch, seed ${seed}:`, ...lines].join('\n'));
}

test('soak', async () => {
	if (process.env.FUZZ_SHRINK) return await shrinkAll(process.env.FUZZ_SHRINK);
	if (process.env.FUZZ_REPLAY) return await replayAll(process.env.FUZZ_REPLAY);
	if (process.env.FUZZ_COUNT === 'per-switch') {
		const seed = Number(process.env.FUZZ_SEED ?? 41);
		const resources = process.env.FUZZ_RESOURCES?.split(',') ?? RESOURCES;
		return await perSwitch(Number(process.env.FUZZ_RUNS ?? 300), seed, resources);
	}
	const runs = Number(process.env.FUZZ_RUNS ?? 100);
	const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 1_000_000;
	const resources = process.env.FUZZ_RESOURCES ? process.env.FUZZ_RESOURCES.split(',') : RESOURCES;
	const { on, allSlow } = withSlow(switches(process.env.FUZZ_SWITCHES), process.env.FUZZ_SLOW);
	const figures: SoakFigures = { histories: 0, steps: 0, changes: 0, polls: 0 };
	// performance.now: the runner moves n8n's clock (Date.now) forward
	const started = performance.now();
	let failures = 0;
	let failure: string | undefined;
	const lines: string[] = [];
	let slowCount = 0;
	if (process.env.FUZZ_COUNT === '1') {
		const arb = historyArb(
			resources.map((r) => PROFILES[r]),
			on,
			undefined,
			allSlow,
		);
		for (const history of fc.sample(arb, { seed, numRuns: runs })) {
			if (history.slow) slowCount++;
			const v = await verdict(env.sandbox, history);
			figures.histories++;
			figures.steps += history.steps.length;
			figures.changes += v.changes;
			figures.polls += v.polls;
			if (v.broken.length === 0) continue;
			failures++;
			failure ??= v.report;
			// each failure in a line: its first broken promise and the history as JSON (to replay it)
			if (failures <= SHOWN_FAILURES)
				lines.push(`failure ${failures}: ${v.broken[0]}\n  ${JSON.stringify(history)}`);
		}
	} else {
		const details = await fc.check(
			property(env.sandbox, resources, on, figures, undefined, allSlow),
			{
				seed,
				numRuns: runs,
				path: process.env.FUZZ_PATH,
			},
		);
		if (details.failed) {
			failures = 1;
			failure = `${fc.defaultReportMessage(details) ?? 'failed'}\n${String(details.errorInstance)}`;
		}
	}
	const seconds = (performance.now() - started) / 1000;
	const off = Object.entries(on)
		.filter(([, v]) => !v)
		.map(([k]) => k);
	console.log(
		[
			`seed ${seed}, resources ${resources.join(', ')}, switches off: ${off.filter((k) => k !== 'slow').join(', ') || 'none'}; a slow shop in ${allSlow ? 'all' : on.slow ? 'about half' : 'none'} of the histories`,
			`histories ${figures.histories}${process.env.FUZZ_COUNT === '1' ? '' : ' (shrinking included)'}, steps ${figures.steps}, changes checked ${figures.changes}, polls ${figures.polls}`,
			process.env.FUZZ_COUNT === '1'
				? `failures ${failures} of ${figures.histories} (${((100 * failures) / Math.max(1, figures.histories)).toFixed(1)} %); on a slow shop ${slowCount}`
				: `failures ${failures} (fast-check stops at the first and shrinks it)`,
			`${seconds.toFixed(1)} s: ${(figures.histories / seconds).toFixed(2)} histories/s, ${(figures.steps / seconds).toFixed(1)} steps/s`,
			...lines,
		].join('\n'),
	);
	if (failure) throw new Error(failure);
});
