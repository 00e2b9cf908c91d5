#!/usr/bin/env node
'use strict';
/**
 * `npm run bench`: benchmarks of the package in a real n8n (2.41.1 on Node 24; 1.123.81 when 2.x is unavailable)
 * against the sandbox store server with a fixed latency per request. Prints the tables and writes them to
 * bench/RESULTS.md. No pass/fail exit code for figures: it fails only when a benchmark cannot run.
 *
 *   npm run bench                       everything (~20–25 min on 2 cores)
 *   npm run bench -- --quick            1 repetition, small sizes (a smoke run, ~5 min)
 *   npm run bench -- --only=returnAll,trigger,startup,bulk,queue,poll
 *   npm run bench -- --only=bulk        bulk items (bench/bulk.js); writes only its own section of RESULTS.md
 *   npm run bench -- --only=queue       queue mode (bench/queue.js); writes only its own section of RESULTS.md
 *   npm run bench -- --only=targets     issue 36's targets in rounds beside n8n's nodes (bench/targets.js)
 *   npm run bench -- --only=profile     CPU profiles of the four paths, by phase (bench/profile.js); writes
 *                                       only its own section of RESULTS.md
 *   npm run bench -- --only=poll        the poll trigger in-process (bench/poll.js, ~1.5 min): no n8n install,
 *                                       build or pack; writes only its own section of RESULTS.md
 *   npm run bench -- --no-write         print only
 *   npm run bench -- --write=FILE       write the tables to FILE (default: bench/RESULTS.md for a full run,
 *                                       else print only)
 *
 * Environment: BENCH_N8N_VERSION (2.41.1 | 1.123.81), BENCH_BUDGET_S (default 1500: the trigger benchmark
 * does fewer repetitions when the run would exceed it), BENCH_SETTLE_S (default 2), BENCH_LATENCY_MS (default 20).
 * The sandbox comes from sandbox/ (bench/lib/sandbox.js loads it through sandbox/load.js, which compiles it).
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { log, fmtNum, cpuSnapshot, cpuBetween } = require('./lib/util');
const n8n = require('./lib/n8n');
const { startBenchSandbox } = require('./lib/sandbox');
const returnAll = require('./returnAll');
const trigger = require('./trigger');
const startup = require('./startup');
const queue = require('./queue');
const bulk = require('./bulk');
const poll = require('./poll');
const profile = require('./profile');
const targets = require('./targets');
const { render } = require('./report');

const PROJECT_DIR = path.resolve(__dirname, '..');
const RESULTS = path.join(__dirname, 'RESULTS.md');
const DEFAULT_SECTIONS = [
	'poll',
	'profile',
	'targets',
	'returnAll',
	'startup',
	'bulk',
	'trigger',
	'queue',
];
/** Sections that need no n8n: a run of only these installs, builds and packs nothing. */
const IN_PROCESS = ['poll'];

function parseArgs(argv) {
	const opts = { quick: false, write: undefined, noWrite: false, only: DEFAULT_SECTIONS };
	for (const a of argv) {
		if (a === '--quick') opts.quick = true;
		else if (a === '--no-write') {
			opts.write = false;
			opts.noWrite = true;
		} else if (a.startsWith('--write=')) opts.write = path.resolve(a.slice(8));
		else if (a.startsWith('--only=')) opts.only = a.slice(7).split(',').filter(Boolean);
		else if (a === '--help' || a === '-h') {
			console.log(fs.readFileSync(__filename, 'utf8').split('*/')[0]);
			process.exit(0);
		} else throw new Error(`unknown argument ${a}`);
	}
	if (opts.write === undefined) {
		const full = !opts.quick && DEFAULT_SECTIONS.every((s) => opts.only.includes(s));
		opts.write = full ? RESULTS : false;
	}
	return opts;
}

/** A CPU-bound loop timed three times: how fast this machine is right now (it varies on shared hosts). */
function speedCheck() {
	const times = [];
	for (let k = 0; k < 3; k++) {
		const t = process.hrtime.bigint();
		let acc = 0;
		for (let i = 0; i < 1e8; i++) acc += i % 7;
		times.push(Number(process.hrtime.bigint() - t) / 1e6);
		if (acc < 0) console.log(acc);
	}
	return Math.min(...times);
}

/** Versions of the Debian postgres and redis-server the queue section ran on. */
function queueMeta() {
	const first = (cmd, args) => {
		const r = spawnSync(cmd, args, { encoding: 'utf8' });
		return r.status === 0 ? r.stdout.trim().split('\n')[0] : '?';
	};
	const { postgresBinDir, redisServerBin } = require('../scripts/n8n/services');
	const pg = postgresBinDir();
	const redis = redisServerBin();
	return {
		pg: pg
			? first(path.join(pg, 'postgres'), ['--version']).replace(/^postgres \(PostgreSQL\) /, '')
			: '?',
		redis: redis ? (/v=(\S+)/.exec(first(redis, ['--version'])) || [])[1] || '?' : '?',
	};
}

function gitInfo() {
	const run = (args) => spawnSync('git', args, { cwd: PROJECT_DIR, encoding: 'utf8' });
	const rev = run(['rev-parse', '--short', 'HEAD']);
	const st = run(['status', '--porcelain', '--untracked-files=no']);
	return {
		commit: rev.status === 0 ? rev.stdout.trim() : 'unknown',
		dirty: st.status === 0 && st.stdout.trim() !== '',
	};
}

/** The meta of the poll section: date, commit, n8n-core's version. */
function pollMeta(git) {
	return {
		date: new Date().toISOString(),
		commit: `${git.commit}${git.dirty ? ' + changes' : ''}`,
		n8nCore: require('n8n-core/package.json').version,
	};
}

/** `--only=poll`: the poll trigger in this process, nothing of n8n installed, built or packed. */
async function inProcessOnly(opts) {
	const latencyMs = Number(process.env.BENCH_LATENCY_MS || 20);
	const out = await poll.run({ quick: opts.quick, latencyMs });
	const md = poll.render(out, pollMeta(gitInfo()));
	try {
		fs.mkdirSync(path.join(PROJECT_DIR, 'build'), { recursive: true });
		fs.writeFileSync(
			path.join(PROJECT_DIR, 'build', 'bench-poll.json'),
			JSON.stringify(out, null, 1),
		);
	} catch {
		/* optional */
	}
	console.log(md);
	const file = opts.write || (!opts.noWrite && !opts.quick ? RESULTS : undefined);
	if (file) {
		poll.writeSection(file, md);
		log(`written the poll section of ${path.relative(PROJECT_DIR, file)}`);
	}
}

async function main() {
	const opts = parseArgs(process.argv.slice(2));
	if (opts.only.every((s) => IN_PROCESS.includes(s))) return await inProcessOnly(opts);
	let t0 = Date.now();
	const budgetMs = Number(process.env.BENCH_BUDGET_S || 1500) * 1000;
	const latencyMs = Number(process.env.BENCH_LATENCY_MS || 20);
	const speedStart = speedCheck();

	log('n8n: choosing the version');
	const chosen = n8n.chooseVersion();
	log(`n8n ${chosen.version} on Node ${chosen.node}`);
	// the budget counts from here: a first install of n8n into the cache (minutes) is not part of the benchmark
	t0 = Date.now();
	const cpu0 = cpuSnapshot();
	const load = [];
	log('building and packing the package');
	const { packProject } = n8n.harness();
	const tarball = packProject({ build: true });
	const pkg = JSON.parse(fs.readFileSync(path.join(PROJECT_DIR, 'package.json'), 'utf8'));

	const sb = await startBenchSandbox({ latencyMs });
	const ctx = {
		version: chosen.version,
		sb,
		tarball,
		latencyMs,
		quick: opts.quick,
		instances: [],
		remainingMs: () => budgetMs - (Date.now() - t0),
		reserveMs: 0,
	};
	const parts = { errors: [] };
	const cleanup = async () => {
		for (const inst of ctx.instances) {
			try {
				await inst.stop();
			} catch {
				/* already stopped */
			}
			try {
				inst.cleanup();
			} catch {
				/* gone */
			}
		}
		ctx.instances.length = 0;
	};
	const onSignal = () => {
		n8n.killStarted();
		for (const inst of ctx.instances) if (inst.proc) process.kill(-inst.proc.pid, 'SIGKILL');
		process.exit(130);
	};
	process.on('SIGINT', onSignal);
	process.on('SIGTERM', onSignal);

	const section = async (name, fn) => {
		if (!opts.only.includes(name)) return undefined;
		const started = Date.now();
		const c0 = cpuSnapshot();
		try {
			return await fn();
		} catch (e) {
			parts.errors.push(
				`${name}: ${String(e.stack || e)
					.split('\n')
					.slice(0, 6)
					.join(' ')}`,
			);
			log(`${name} FAILED: ${e.stack || e}`);
			return undefined;
		} finally {
			await cleanup();
			const c = cpuBetween(c0, cpuSnapshot());
			if (c) load.push({ name, ...c });
			log(
				`${name}: ${((Date.now() - started) / 1000).toFixed(0)} s${c ? `, other processes on the machine used ${(c.othersMs / 1000).toFixed(0)} s of CPU` : ''}`,
			);
		}
	};

	try {
		const pl = await section('poll', async () => await poll.run({ quick: opts.quick, latencyMs }));
		if (pl) parts.poll = pl;
		const tg = await section('targets', async () => await targets.run(ctx));
		if (tg) parts.targets = tg;
		const pr = await section('profile', async () => await profile.run(ctx));
		if (pr) parts.profile = pr;
		const ra = await section('returnAll', async () => {
			const out = await returnAll.run(ctx);
			return { ...out, ...returnAll.summarise(out) };
		});
		if (ra) parts.returnAll = ra;
		const st = await section('startup', async () => startup.summarise(await startup.run(ctx)));
		if (st) parts.startup = st;
		const bk = await section('bulk', async () => await bulk.run(ctx));
		if (bk) parts.bulk = bk;
		// the lazy-acquire runs (~8 min) must still fit after the trigger repetitions (diagnostics: what time is left)
		ctx.reserveMs = 540000;
		const tr = await section('trigger', async () => {
			const raw = await trigger.run(ctx);
			return { raw, summary: trigger.summarise(raw) };
		});
		if (tr) parts.trigger = tr;
		const qu = await section('queue', async () => queue.summarise(await queue.run(ctx)));
		if (qu) parts.queue = qu;
	} finally {
		await cleanup();
		await sb.sandbox.close();
	}

	const speedEnd = speedCheck();
	const goals = [];
	if (parts.returnAll) {
		for (const c of parts.returnAll.cmp) {
			goals.push({
				goal: `Return All 10k ${c.table}: ours ≤ 0.5× HTTP Request node`,
				value: `${c.ratio.toFixed(2)}×`,
				ok: c.oursOk && c.httpOk ? c.ratio <= 0.5 : undefined,
			});
		}
		for (const s of parts.returnAll.scale) {
			const r = s.rows[2];
			if (r.runs.length)
				goals.push({
					goal: `Return All ${s.table}: 100k ≤ 11× the 10k time`,
					value: `${r.vs10k.toFixed(1)}×`,
					ok: r.ok ? r.vs10k <= 11 : undefined,
				});
		}
	}
	if (parts.trigger) {
		const m = parts.trigger.summary.main;
		goals.push({
			goal: 'Trigger: ≥ 0.95× the Webhook node (n8n defaults; reported)',
			value: `${m.ratio.toFixed(2)}× (${m.ours.rate.median.toFixed(1)} vs ${m.webhook.rate.median.toFixed(1)} deliveries/s)`,
			ok: m.ratio >= 0.95,
		});
		const lz = parts.trigger.summary.lazy;
		if (lz) {
			goals.push({
				goal: 'Trigger: ≥ 0.95× the Webhook node with N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true',
				value: `${lz.ratio.toFixed(2)}× (${lz.ours.rate.median.toFixed(1)} vs ${lz.webhook.rate.median.toFixed(1)} deliveries/s)`,
				ok: lz.ratio >= 0.95,
			});
		}
		for (const d of parts.trigger.summary.diagnostics) {
			goals.push({
				goal: `Trigger: ≥ 0.95× the Webhook node, ${d.short} (diagnostic)`,
				value: `${d.ratio.toFixed(2)}× (${d.ours.rate.median.toFixed(1)} vs ${d.webhook.rate.median.toFixed(1)} deliveries/s)`,
				ok: d.ratio >= 0.95,
			});
		}
		goals.push({
			goal: 'Trigger: 0 lost',
			value: `${m.ours.lost} lost of ${m.ours.sent}`,
			ok: m.ours.lost === 0,
		});
	}
	parts.goals = goals;

	const git = gitInfo();
	const meta = {
		date: new Date().toISOString(),
		cpus: os.cpus().length,
		cpuModel: os.cpus()[0]?.model ?? 'unknown',
		nproc: spawnSync('nproc', { encoding: 'utf8' }).stdout.trim(),
		memMB: os.totalmem() / 1048576,
		os: `${os.type()} ${os.release()}`,
		driverNode: process.versions.node,
		n8nVersion: chosen.version,
		n8nNode: chosen.node.replace(/^v/, ''),
		fallback: chosen.fallbackFrom,
		pkgName: pkg.name,
		pkgVersion: pkg.version,
		...git,
		latencyMs,
		speed: `1e8-iteration loop: ${fmtNum(speedStart)} ms at the start, ${fmtNum(speedEnd)} ms at the end`,
		load: [...load, { name: 'whole run', ...cpuBetween(cpu0, cpuSnapshot()) }],
		totalS: (Date.now() - t0) / 1000,
		quick: opts.quick,
	};
	let md = render(meta, parts);
	// bench/bulk.js writes its own section of RESULTS.md (kept by a run without it)
	const bulkSection = parts.bulk
		? bulk.render(parts.bulk, {
				date: meta.date,
				version: meta.n8nVersion,
				commit: `${meta.commit}${meta.dirty ? ' + changes' : ''}`,
				quick: opts.quick,
			})
		: undefined;
	const previous = fs.existsSync(RESULTS)
		? bulk.existingSection(fs.readFileSync(RESULTS, 'utf8'))
		: undefined;
	if (bulkSection || previous) md = bulk.spliceSection(md, bulkSection ?? previous);
	// queue mode: its own block (bench/queue.js), carried over from the file when this run did not measure it
	const queueMd = parts.queue
		? queue.render(parts.queue, { ...meta, ...queueMeta() })
		: queue.existingSection(RESULTS);
	if (queueMd) md = `${md.replace(/\s*$/, '')}\n\n${queueMd}\n`;
	// the poll trigger (bench/poll.js): its own section, kept likewise (after queue mode)
	const pollSection = parts.poll ? poll.render(parts.poll, pollMeta(git)) : undefined;
	const previousPoll = fs.existsSync(RESULTS)
		? poll.existingSection(fs.readFileSync(RESULTS, 'utf8'))
		: undefined;
	if (pollSection || previousPoll) md = poll.spliceSection(md, pollSection ?? previousPoll);
	// where each millisecond goes (bench/profile.js): its own block, carried over likewise
	const profileSection = parts.profile
		? profile.render(parts.profile, {
				date: meta.date,
				version: meta.n8nVersion,
				commit: `${meta.commit}${meta.dirty ? ' + changes' : ''}`,
			})
		: undefined;
	const targetsSection = parts.targets
		? targets.render(parts.targets, {
				date: meta.date,
				version: meta.n8nVersion,
				commit: `${meta.commit}${meta.dirty ? ' + changes' : ''}`,
			})
		: undefined;
	if (targetsSection) md = `${md.replace(/\s*$/, '')}\n\n${targetsSection}\n`;
	if (profileSection) md = `${md.replace(/\s*$/, '')}\n\n${profileSection}\n`;
	// the raw figures, for a closer look (build/ is not versioned)
	try {
		fs.mkdirSync(path.join(PROJECT_DIR, 'build'), { recursive: true });
		fs.writeFileSync(
			path.join(PROJECT_DIR, 'build', 'bench-results.json'),
			JSON.stringify({ meta, parts }, null, 1),
		);
	} catch {
		/* optional */
	}
	console.log(md);
	if (opts.write) {
		fs.writeFileSync(opts.write, md);
		log(`written ${path.relative(PROJECT_DIR, opts.write)}`);
	} else if (
		(bulkSection || parts.queue || pollSection || parts.profile || targetsSection) &&
		!opts.noWrite &&
		!opts.quick
	) {
		if (targetsSection) {
			targets.writeSection(RESULTS, targetsSection);
			log(`written the targets section of ${path.relative(PROJECT_DIR, RESULTS)}`);
		}
		if (parts.profile) {
			profile.writeSection(RESULTS, profileSection);
			log(`written the profile section of ${path.relative(PROJECT_DIR, RESULTS)}`);
		}
		if (pollSection) {
			poll.writeSection(RESULTS, pollSection);
			log(`written the poll section of ${path.relative(PROJECT_DIR, RESULTS)}`);
		}
		if (bulkSection) {
			bulk.writeSection(RESULTS, bulkSection);
			log(`written the bulk section of ${path.relative(PROJECT_DIR, RESULTS)}`);
		}
		if (parts.queue) {
			queue.writeSection(RESULTS, queue.render(parts.queue, { ...meta, ...queueMeta() }));
			log(`written the queue-mode section of ${path.relative(PROJECT_DIR, RESULTS)}`);
		}
	}
	fs.rmSync(path.dirname(tarball), { recursive: true, force: true });
	if (parts.errors.length) process.exitCode = 1;
}

main().catch((e) => {
	console.error(e);
	n8n.killStarted();
	process.exit(1);
});
