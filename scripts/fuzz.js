#!/usr/bin/env node
/**
 * A longer soak of the poll trigger's history checker (test/history/): random shop histories against the
 * in-process sandbox through n8n-core's poller, then the figures (histories, steps, changes checked, failures).
 *
 *   npm run fuzz -- --runs 500 [--seed 34] [--switches all|holding|none|order,zone|all-grow] [--resources page,user]
 *   npm run fuzz -- --runs 20000 --workers 2 --count   (parallel processes, every failure counted, not shrunk)
 *   npm run fuzz -- --runs 300 --count per-switch --workers 2   (the failing rate of each switch alone)
 *   npm run fuzz -- --seed 41 --path 3:0:1 ...   (replays a failure: the seed and path fast-check printed)
 *   npm run fuzz -- --shrink soak.log   (each JSON history a counting soak printed, made small: test/history/shrink.ts)
 *   npm run fuzz -- --replay soak.log   (each JSON history of the file run once, its whole report printed)
 *   npm run fuzz -- --runs 20000 --workers 2 --count --slow half   (half the histories on a slow shop: audits in
 *     parts; `all`, `none`; unset: as the switches say, `slow` on in `all`)
 *
 * With --workers n, worker i runs runs/n histories from seed + i (per-switch: every n-th switch, one seed).
 * Prints each worker's figures, then the seeds, the totals and the time.
 */
'use strict';
const { spawn } = require('node:child_process');
const path = require('node:path');

const args = process.argv.slice(2);
const env = { ...process.env };
const names = {
	runs: 'FUZZ_RUNS',
	seed: 'FUZZ_SEED',
	switches: 'FUZZ_SWITCHES',
	resources: 'FUZZ_RESOURCES',
	path: 'FUZZ_PATH',
	count: 'FUZZ_COUNT',
	shrink: 'FUZZ_SHRINK',
	replay: 'FUZZ_REPLAY',
	slow: 'FUZZ_SLOW',
	workers: '',
};
let workers = 1;
for (let i = 0; i < args.length; i++) {
	const name = args[i].replace(/^--/, '');
	if (!(name in names)) {
		console.error(
			`unknown option ${args[i]}; options: ${Object.keys(names)
				.map((n) => `--${n}`)
				.join(', ')}`,
		);
		process.exit(2);
	}
	if (name === 'workers') workers = Math.max(1, Number(args[++i]));
	else if (name === 'count' && (args[i + 1] === undefined || args[i + 1].startsWith('--')))
		env.FUZZ_COUNT = '1';
	else env[names[name]] = args[++i];
}
// the file to shrink, from where the command was typed (the soak runs from the package's folder)
if (env.FUZZ_SHRINK) env.FUZZ_SHRINK = path.resolve(env.FUZZ_SHRINK);
if (env.FUZZ_REPLAY) {
	env.FUZZ_REPLAY = path.resolve(env.FUZZ_REPLAY);
	// the report of a replay lists each poll's requests (runner.ts)
	env.FUZZ_REQUESTS = '1';
}
const root = path.join(__dirname, '..');
const jest = require.resolve('jest/bin/jest', { paths: [root] });
const seed = Number(env.FUZZ_SEED ?? Date.now() % 1_000_000);
const runs = Number(env.FUZZ_RUNS ?? 100);
const perSwitch = env.FUZZ_COUNT === 'per-switch';
const started = Date.now();

function worker(i) {
	const own = {
		...env,
		FUZZ_SEED: String(perSwitch ? seed : seed + i),
		FUZZ_RUNS: String(perSwitch ? runs : Math.ceil(runs / workers)),
		FUZZ_WORKER: `${i}/${workers}`,
	};
	const argv = [
		jest,
		'--runInBand',
		'--testTimeout',
		'86400000',
		'--testMatch',
		'**/test/history/soak.fuzz.ts',
		'--verbose=false',
	];
	return new Promise((resolve) => {
		const child = spawn(process.execPath, argv, {
			cwd: root,
			env: own,
			stdio: 'pipe',
		});
		let out = '';
		// one worker shows its output as it comes (and still counts it: the totals below read it)
		const take = (d) => {
			out += d;
			if (workers === 1) process.stdout.write(d);
		};
		child.stdout.on('data', take);
		child.stderr.on('data', take);
		child.on('close', (code) => resolve({ code: code ?? 1, out, seed: own.FUZZ_SEED }));
	});
}

void Promise.all(Array.from({ length: workers }, (_, i) => worker(i))).then((results) => {
	let histories = 0;
	let failures = 0;
	for (const [i, r] of results.entries()) {
		if (workers > 1)
			console.log(`---- worker ${i} (seed ${r.seed}, exit ${r.code}) ----\n${r.out}`);
		histories += Number(/histories (\d+)/.exec(r.out)?.[1] ?? 0);
		failures += Number(/failures (\d+)/.exec(r.out)?.[1] ?? 0);
	}
	const seconds = (Date.now() - started) / 1000;
	console.log(
		`seeds ${results.map((r) => r.seed).join(', ')}; ${perSwitch ? '' : `histories ${histories}, failures ${failures}; `}${seconds.toFixed(0)} s in all (jest's start included)${perSwitch || seconds === 0 ? '' : `, ${(histories / seconds).toFixed(2)} histories/s`}`,
	);
	process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
});
