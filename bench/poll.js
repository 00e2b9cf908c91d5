'use strict';
/**
 * The Store Platform Poll Trigger benchmark (`npm run bench -- --only=poll`): no n8n install, build or pack. The
 * trigger runs in this process through n8n-core's real poller (test/harness/poll.ts, as the workflow tests use it
 * through test/workflow/habitPoller.ts) against the sandbox shop (sandbox/), its habits switched on where a case
 * asks. `tsc -p bench/tsconfig.poll.json` (incremental) first compiles what it needs into build/.
 *
 *   1. every watchable resource on the default seed: activation and quiet-poll requests, static data
 *   2. 10,000 pages: activation, quiet poll, 3 deletions, a backlog of 10,000 updates within a 4 s poll budget
 *   3. known ids (vouchers): consecutive, steps of 3, irregular steps; the oldest id deleted
 *   4. a misbehaving shop (habits): requests per poll, items, invented items, errors over 5 polls
 *   5. MAX_POLL_REQUESTS and the largest activation within it
 *
 * Figures are printed, never asserted. Writes its own section of RESULTS.md (between the poll:begin/poll:end
 * markers), leaving the others as they are. Environment: BENCH_LATENCY_MS (20: the sandbox's latency per request;
 * 0 for part 5), POLL_SLOW_LATENCY_MS (100: the backlog's second run, a slower shop).
 */
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { performance } = require('perf_hooks');
const { log } = require('./lib/util');
const cases = require('./pollCases');
const habits = require('./pollHabits');
const report = require('./pollReport');

const PROJECT_DIR = path.resolve(__dirname, '..');
const BUILD = path.join(PROJECT_DIR, 'build');
const TSCONFIG = path.join(__dirname, 'tsconfig.poll.json');

/** Compiles the harness, the sandbox and the nodes into build/ (incremental); throws with tsc's output. */
function compile() {
	const tsc = path.join(PROJECT_DIR, 'node_modules', 'typescript', 'bin', 'tsc');
	const res = spawnSync(process.execPath, [tsc, '-p', TSCONFIG], {
		cwd: PROJECT_DIR,
		encoding: 'utf8',
	});
	if (res.status !== 0)
		throw new Error(
			`tsc -p bench/tsconfig.poll.json failed:\n${res.stdout}${res.stderr}${res.error || ''}`,
		);
}

/** The compiled modules the benchmark uses. */
function load() {
	const from = (p) => require(path.join(BUILD, p));
	const { habitPoller } = from('test/workflow/habitPoller');
	const { planOf, quietRequests } = from('nodes/StorePlatform/poll/rules/strategy');
	const { MAX_POLL_REQUESTS } = from('nodes/StorePlatform/poll/reads/reader');
	const { MAX_SNAPSHOT } = from('nodes/StorePlatform/poll/rules/snapshot');
	const { OUTLIERS } = from('nodes/StorePlatform/poll/rules/scan');
	const { TABLES } = from('nodes/StorePlatform/resources');
	const { tableFor } = from('sandbox/seed');
	const plans = TABLES.map(planOf).filter(Boolean);
	return {
		sandbox: from('sandbox'),
		habitPoller,
		quietRequests,
		plans,
		planFor: (resource) => plans.find((p) => p.table.resource === resource),
		tableFor,
		MAX_POLL_REQUESTS,
		MAX_SNAPSHOT,
		OUTLIERS,
	};
}

/** Runs the five parts; returns their figures (report.render() makes the tables). */
async function run({ quick = false, latencyMs = 20 } = {}) {
	const t0 = performance.now();
	log('poll: compiling (tsc -p bench/tsconfig.poll.json)');
	compile();
	const compileMs = performance.now() - t0;
	const m = load();
	const sb = await m.sandbox.startSandbox({ latencyMs });
	const out = {
		latencyMs,
		quick,
		compileMs,
		maxPollRequests: m.MAX_POLL_REQUESTS,
		maxSnapshot: m.MAX_SNAPSHOT,
		times: {},
	};
	const part = async (name, fn) => {
		const started = performance.now();
		log(`poll: ${name}`);
		out[name] = await fn();
		out.times[name] = performance.now() - started;
	};
	const pages = quick ? 1000 : 10000;
	const fit = (m.MAX_POLL_REQUESTS - 1) * 250 - 1;
	try {
		await part('resources', () => cases.perResource(m, sb));
		await part('pages', () =>
			cases.pagesAtScale(m, sb, {
				n: pages,
				budgetMs: 4000,
				slowLatencyMs: Number(process.env.POLL_SLOW_LATENCY_MS || 100),
			}),
		);
		await part('knownIds', () =>
			cases.knownIds(
				m,
				sb,
				quick ? { consecutive: 1000, stepped: 2000 } : { consecutive: 10000, stepped: 20000 },
			),
		);
		await part('habits', () => habits.misbehaving(m, sb));
		if (!quick)
			await part('ceiling', () =>
				habits.ceiling(m, sb, {
					vouchers: [fit, fit + 1],
					promotions: [m.MAX_SNAPSHOT, m.MAX_SNAPSHOT + 1],
				}),
			);
	} finally {
		await sb.close();
	}
	out.totalMs = performance.now() - t0;
	return out;
}

module.exports = {
	run,
	render: report.render,
	writeSection: report.writeSection,
	existingSection: report.existingSection,
	spliceSection: report.spliceSection,
};

if (require.main === module) {
	run({ quick: process.argv.includes('--quick') })
		.then((out) => {
			fs.writeFileSync(path.join(BUILD, 'bench-poll.json'), JSON.stringify(out, null, 1));
			console.log(report.render(out, { date: new Date().toISOString(), commit: '?' }));
		})
		.catch((e) => {
			console.error(e);
			process.exit(1);
		});
}
