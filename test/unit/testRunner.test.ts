/**
 * `npm test`'s runner (scripts/test.js): the checks side by side, at most as many as asked, each after those it
 * waits for; a failure named, what waits for it not run, the others run to their end; jest started (whenFree) once
 * a core is free with no check waiting.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the runner is plain CommonJS
const runner = require('../../scripts/test.js') as {
	CHECKS: Check[];
	runChecks: (
		checks: Check[],
		jobs: number,
		run: (name: string) => Promise<{ code: number; output: string; ms: number }>,
		print: (s: string) => void,
		whenFree?: () => void,
	) => Promise<string[]>;
	jobsOf: (env: Record<string, string | undefined>, cores: number) => number;
};

interface Check {
	name: string;
	after?: string[];
}

/** A fake `npm run`: each check ends when the test says, with the exit code given; the order of events kept. */
function fakeRun(codes: Record<string, number> = {}) {
	const events: string[] = [];
	const pending = new Map<string, () => void>();
	let running = 0;
	let most = 0;
	const run = (name: string) =>
		new Promise<{ code: number; output: string; ms: number }>((resolve) => {
			events.push(`start ${name}`);
			most = Math.max(most, ++running);
			pending.set(name, () => {
				running--;
				events.push(`end ${name}`);
				resolve({ code: codes[name] ?? 0, output: `${name} said this`, ms: 1500 });
			});
		});
	/** Ends the running check `name` and lets the runner go on. */
	const end = async (name: string) => {
		const finish = pending.get(name);
		if (!finish) throw new Error(`${name} is not running (${events.join(', ')})`);
		pending.delete(name);
		finish();
		await new Promise((r) => setImmediate(r));
	};
	return { run, end, events, most: () => most, running: () => [...pending.keys()] };
}

const CHECKS: Check[] = [
	{ name: 'build' },
	{ name: 'typecheck' },
	{ name: 'lint' },
	{ name: 'format:check' },
	{ name: 'scan', after: ['build'] },
];

describe("npm test's runner", () => {
	it('is npm test, and runs the checks package.json names, the scanner after the build', () => {
		expect(runner.CHECKS).toEqual(CHECKS);
		const { scripts } = JSON.parse(
			readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8'),
		) as { scripts: Record<string, string> };
		expect(scripts.test).toBe('node scripts/test.js');
		expect(scripts.typecheck).toBe('tsc --noEmit -p tsconfig.dev.json');
		for (const c of CHECKS) expect(scripts[c.name]).toBeDefined();
		expect(scripts['test:unit']).toMatch(/^jest /);
	});

	it('runs two at a time on two jobs, in order, the scanner once the build passed', async () => {
		const f = fakeRun();
		const printed: string[] = [];
		const done = runner.runChecks(CHECKS, 2, f.run, (s) => printed.push(s));
		expect(f.running()).toEqual(['build', 'typecheck']);
		await f.end('typecheck');
		// the scanner waits for the build: the next check in order starts instead
		expect(f.running()).toEqual(['build', 'lint']);
		await f.end('build');
		expect(f.running()).toEqual(['lint', 'format:check']);
		await f.end('format:check');
		expect(f.running()).toEqual(['lint', 'scan']);
		await f.end('lint');
		await f.end('scan');
		expect(await done).toEqual([]);
		expect(f.most()).toBe(2);
		// each check's output whole, under a line that names it and its time
		expect(printed.join('')).toContain('── npm run build: passed in 1.5 s\nbuild said this\n');
	});

	it('runs them one at a time on one job', async () => {
		const f = fakeRun();
		let freed = 0;
		const done = runner.runChecks(
			CHECKS,
			1,
			f.run,
			() => undefined,
			() => freed++,
		);
		for (const c of CHECKS) {
			expect(f.running()).toEqual([c.name]);
			await f.end(c.name);
		}
		expect(await done).toEqual([]);
		expect(f.most()).toBe(1);
		// no core is free before the checks end: jest starts after them
		expect(freed).toBe(0);
	});

	it('calls whenFree once, when no check waits and a core is free: jest beside the last check', async () => {
		const f = fakeRun();
		const freedWith: string[][] = [];
		const done = runner.runChecks(
			CHECKS,
			2,
			f.run,
			() => undefined,
			() => freedWith.push(f.running()),
		);
		await f.end('typecheck');
		await f.end('build');
		await f.end('format:check');
		expect(freedWith).toEqual([]);
		await f.end('lint');
		expect(freedWith).toEqual([['scan']]);
		await f.end('scan');
		expect(await done).toEqual([]);
		expect(freedWith).toHaveLength(1);
	});

	it('does not call whenFree once a check failed (jest would be stopped)', async () => {
		const f = fakeRun({ typecheck: 1 });
		let freed = 0;
		const done = runner.runChecks(
			CHECKS,
			2,
			f.run,
			() => undefined,
			() => freed++,
		);
		await f.end('typecheck');
		await f.end('build');
		await f.end('format:check');
		await f.end('lint');
		await f.end('scan');
		expect(await done).toEqual(['typecheck']);
		expect(freed).toBe(0);
	});

	it('names what failed, runs no scan after a failed build, and lets the others end', async () => {
		const f = fakeRun({ build: 2, lint: 1 });
		const printed: string[] = [];
		const done = runner.runChecks(CHECKS, 2, f.run, (s) => printed.push(s));
		await f.end('build');
		expect(f.running()).toEqual(['typecheck', 'lint']);
		await f.end('lint');
		await f.end('typecheck');
		await f.end('format:check');
		expect(await done).toEqual(['build', 'scan (not run: build failed)', 'lint']);
		expect(f.events).not.toContain('start scan');
		expect(printed.join('')).toContain('── npm run build: FAILED (exit 2) in 1.5 s\n');
	});

	it.each([
		[{}, 2, 2],
		[{}, 1, 1],
		[{}, 0, 1],
		[{ STORE_PLATFORM_TEST_JOBS: '1' }, 2, 1],
		[{ STORE_PLATFORM_TEST_JOBS: '3' }, 2, 3],
		[{ STORE_PLATFORM_TEST_JOBS: 'two' }, 2, 2],
		[{ STORE_PLATFORM_TEST_JOBS: '0' }, 2, 2],
	])('jobs with %j on %i cores: %i', (env, cores, jobs) => {
		expect(runner.jobsOf(env, cores)).toBe(jobs);
	});
});

// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest's sequencer is plain CommonJS
const sequencer = require('../slowFirst.js') as {
	SLOW: string[];
	slowFirst: (tests: Array<{ path: string; context: { config: { rootDir: string } } }>) => Array<{
		path: string;
	}>;
};

describe("jest's order of the test files (test/slowFirst.js)", () => {
	const ROOT = join(__dirname, '..', '..');
	const testOf = (file: string) => ({
		path: join(ROOT, file),
		context: { config: { rootDir: ROOT } },
	});

	it('names files that exist, each once, both halves of the soak first', () => {
		expect(sequencer.SLOW.filter((f) => !existsSync(join(ROOT, f)))).toEqual([]);
		expect(new Set(sequencer.SLOW).size).toBe(sequencer.SLOW.length);
		expect(sequencer.SLOW.slice(0, 2)).toEqual([
			'test/history/checker.test.ts',
			'test/history/checkerTwo.test.ts',
		]);
	});

	it("puts the slow files first, in their order, and keeps jest's order of the others", () => {
		const files = [
			'test/unit/a.test.ts',
			sequencer.SLOW[2],
			'test/unit/b.test.ts',
			sequencer.SLOW[0],
			'test/unit/c.test.ts',
		];
		expect(sequencer.slowFirst(files.map(testOf)).map((t) => t.path)).toEqual(
			[
				sequencer.SLOW[0],
				sequencer.SLOW[2],
				'test/unit/a.test.ts',
				'test/unit/b.test.ts',
				'test/unit/c.test.ts',
			].map((f) => join(ROOT, f)),
		);
	});

	it('is the sequencer jest.config.js names', () => {
		const config = readFileSync(join(ROOT, 'jest.config.js'), 'utf8');
		expect(config).toContain("testSequencer: '<rootDir>/test/slowFirst.js'");
	});
});
