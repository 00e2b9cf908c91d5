'use strict';
/**
 * Real-n8n helpers the benchmarks need beyond scripts/n8n/instance.js (which they use and never change):
 * - chooseVersion(): 2.41.1, falling back to 1.123.81 when 2.x cannot be installed or run
 * - importWorkflows(): several workflows in one `n8n import:workflow` (each CLI command costs seconds)
 * - executeMeasured(): `n8n execute --id --rawOutput` in its own process group, with its memory sampled from
 *   /proc/<pid>/status and its peak taken by GNU time when present; the run JSON is parsed from a file
 * - startMeasured()/stopProcess(): `n8n start` timed to the ready line and to /healthz, at 25 ms resolution
 */
const fs = require('fs');
const { stripVTControlCharacters } = require('util');
const path = require('path');
const { spawn, spawnSync } = require('child_process');
const { sleep, log } = require('./util');

const PROJECT_DIR = path.resolve(__dirname, '..', '..');
const harness = () => require(path.join(PROJECT_DIR, 'scripts', 'n8n', 'instance.js'));
const installer = () => require(path.join(PROJECT_DIR, 'scripts', 'n8n', 'install.js'));

const VERSIONS = ['2.41.1', '1.123.81'];

/** Process groups this module started and that still run (ended by killStarted() on an interrupt). */
const started = new Set();
function track(child) {
	started.add(child);
	child.on('exit', () => started.delete(child));
	return child;
}
function killStarted() {
	for (const child of started) {
		try {
			process.kill(-child.pid, 'SIGKILL');
		} catch {
			/* gone */
		}
	}
}

/** The n8n version to run: $BENCH_N8N_VERSION, else 2.41.1, else 1.123.81 (installing it into the cache if needed). */
/** The n8n 1.x version when it is installed already (diagnostics only: never installed for them). */
function installedV1() {
	const v1 = VERSIONS.find((v) => v.startsWith('1.'));
	try {
		return installer().isInstalled(v1) ? v1 : undefined;
	} catch {
		return undefined;
	}
}

function chooseVersion() {
	const wanted = process.env.BENCH_N8N_VERSION ? [process.env.BENCH_N8N_VERSION] : VERSIONS;
	const errors = [];
	for (const v of wanted) {
		try {
			const r = installer().ensureN8n(v);
			const out = spawnSync(r.nodeBin, ['--version'], { encoding: 'utf8' });
			if (out.status !== 0) throw new Error(`${r.nodeBin} does not run`);
			return {
				version: v,
				node: out.stdout.trim(),
				fallbackFrom: errors.length ? errors : undefined,
			};
		} catch (e) {
			errors.push(`${v}: ${String(e.message).split('\n')[0]}`);
			log(`n8n ${v} unavailable: ${String(e.message).split('\n')[0]}`);
		}
	}
	throw new Error(`no n8n version available:\n${errors.join('\n')}`);
}

/** Imports workflows (objects with ids) in one CLI call; falls back to one call each. Returns the ids. */
async function importWorkflows(inst, workflows) {
	const list = workflows.map((wf) => ({
		active: false,
		settings: {},
		connections: {},
		...wf,
		id: wf.id || harness().newId(),
	}));
	if (typeof inst.run === 'function' && typeof inst.writeTemp === 'function') {
		const file = inst.writeTemp('workflows.json', list);
		await inst.run(['import:workflow', `--input=${file}`]);
	} else {
		for (const wf of list) await inst.importWorkflow(wf);
	}
	return list.map((wf) => wf.id);
}

/** Direct children of a process (pids). */
function childrenOf(pid) {
	try {
		return fs
			.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
			.trim()
			.split(/\s+/)
			.filter(Boolean)
			.map(Number);
	} catch {
		const out = [];
		for (const d of fs.readdirSync('/proc')) {
			if (!/^\d+$/.test(d)) continue;
			try {
				const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
				const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
				if (ppid === pid) out.push(Number(d));
			} catch {
				/* gone */
			}
		}
		return out;
	}
}

const TICK_MS =
	1000 / (Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100);

/** CPU time (user + system) of a process in ms, or NaN. */
function cpuMsOf(pid) {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		return (Number(f[11]) + Number(f[12])) * TICK_MS;
	} catch {
		return NaN;
	}
}

/** Every descendant of a process (pids). */
function descendantsOf(pid) {
	const out = [];
	for (let queue = [pid]; queue.length; ) {
		const kids = childrenOf(queue.shift());
		out.push(...kids);
		queue.push(...kids);
	}
	return out;
}

/** { rss, hwm } in bytes from /proc/<pid>/status, or undefined. */
function memoryOf(pid) {
	try {
		const s = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
		const kb = (k) => {
			const m = new RegExp(`^${k}:\\s+(\\d+) kB`, 'm').exec(s);
			return m ? Number(m[1]) * 1024 : NaN;
		};
		return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
	} catch {
		return undefined;
	}
}

const GNU_TIME = ['/usr/bin/time'].find((p) => {
	try {
		return spawnSync(p, ['-f', '%M', 'true'], { encoding: 'utf8' }).status === 0;
	} catch {
		return false;
	}
});

/** The run JSON printed by `n8n execute --rawOutput` (one pretty-printed object among log lines). */
function parseRunJson(text) {
	const clean = stripVTControlCharacters(text);
	const start = clean.search(/^\{\s*$/m);
	const end = clean.lastIndexOf('\n}');
	if (start < 0 || end < start) return undefined;
	try {
		return JSON.parse(clean.slice(start, end + 2));
	} catch {
		return undefined;
	}
}

/**
 * `n8n execute --id=<id> --rawOutput`, measured. Returns { ok, error, node: {startTime, executionTime, items,
 * status, output (the node's items, with `keepOutput`)}, cliMs, peakRss (process VmHWM: GNU time's max RSS, else the last sampled VmHWM), nodePeakRss (largest
 * sampled VmRSS while the node ran), rssBeforeNode, samples }.
 */
async function executeMeasured(
	inst,
	id,
	nodeName,
	{ timeoutMs = 600000, sampleMs = 20, env: extraEnv = {}, keepOutput = false } = {},
) {
	const { freePort } = harness();
	const env = inst.env({ N8N_RUNNERS_BROKER_PORT: String(await freePort()), ...extraEnv });
	const outFile = path.join(inst.folder, 'io', `execute-${Date.now()}.out`);
	const timeFile = `${outFile}.time`;
	fs.mkdirSync(path.dirname(outFile), { recursive: true });
	const out = fs.openSync(outFile, 'w');
	const n8nArgs = [
		inst.install.nodeBin,
		inst.install.n8nBin,
		'execute',
		`--id=${id}`,
		'--rawOutput',
	];
	const [cmd, ...args] = GNU_TIME ? [GNU_TIME, '-f', '%M %e', '-o', timeFile, ...n8nArgs] : n8nArgs;
	const started = Date.now();
	const child = track(
		spawn(cmd, args, { cwd: inst.folder, env, stdio: ['ignore', out, out], detached: true }),
	);
	fs.closeSync(out);
	const exited = new Promise((resolve) =>
		child.on('exit', (code, signal) => resolve({ code, signal })),
	);
	let finished = false;
	exited.then(() => (finished = true));
	const timer = setTimeout(() => {
		try {
			process.kill(-child.pid, 'SIGKILL');
		} catch {
			/* gone */
		}
	}, timeoutMs);

	const samples = [];
	let pid = GNU_TIME ? undefined : child.pid;
	let hwm = NaN;
	while (!finished) {
		if (pid === undefined) pid = childrenOf(child.pid)[0];
		if (pid !== undefined) {
			const m = memoryOf(pid);
			if (m) {
				// CPU of the n8n process and of the other processes it started (task runner), for contention
				const others = descendantsOf(pid).reduce((sum, p) => sum + (cpuMsOf(p) || 0), 0);
				samples.push({ t: Date.now(), rss: m.rss, cpu: cpuMsOf(pid), others });
				hwm = m.hwm;
			}
		}
		await Promise.race([exited, sleep(sampleMs)]);
	}
	const { code, signal } = await exited;
	clearTimeout(timer);
	const cliMs = Date.now() - started;
	let peakRss = hwm;
	if (GNU_TIME) {
		try {
			const kb = Number(fs.readFileSync(timeFile, 'utf8').trim().split(/\s+/).slice(-2)[0]);
			if (Number.isFinite(kb) && kb > 0) peakRss = kb * 1024;
		} catch {
			/* keep the sampled value */
		}
	}
	const text = fs.readFileSync(outFile, 'utf8');
	const run = parseRunJson(text);
	fs.rmSync(outFile, { force: true });
	fs.rmSync(timeFile, { force: true });
	const error = run?.data?.resultData?.error;
	const rd = run?.data?.resultData?.runData?.[nodeName]?.[0];
	const node = rd
		? {
				startTime: rd.startTime,
				executionTime: rd.executionTime,
				items: rd.data?.main?.[0]?.length ?? 0,
				status: rd.executionStatus,
			}
		: undefined;
	if (node && keepOutput) node.output = rd.data?.main?.[0] ?? [];
	let nodePeakRss = NaN;
	let rssBeforeNode = NaN;
	let nodeCpuMs = NaN;
	let otherCpuMs = NaN;
	if (node) {
		const end = node.startTime + node.executionTime;
		const inNode = samples.filter((s) => s.t >= node.startTime && s.t <= end + sampleMs);
		nodePeakRss = inNode.length ? Math.max(...inNode.map((s) => s.rss)) : NaN;
		const before = samples.filter((s) => s.t < node.startTime);
		rssBeforeNode = before.length ? before[before.length - 1].rss : NaN;
		// CPU used while the node ran: by the n8n process, and by its other processes (contention)
		const a = before[before.length - 1];
		const b = samples.find((s) => s.t >= end);
		if (a && b) {
			nodeCpuMs = b.cpu - a.cpu;
			otherCpuMs = b.others - a.others;
		}
	}
	const ok = code === 0 && !!run && !error && !!node;
	return {
		ok,
		code: code ?? signal,
		error: error
			? `${error.message ?? ''} ${error.description ?? ''}`.trim()
			: ok
				? undefined
				: text.slice(-3000),
		node,
		cliMs,
		peakRss,
		nodePeakRss,
		rssBeforeNode,
		nodeCpuMs,
		otherCpuMs,
		samples: samples.length,
	};
}

/** Ends a process group: SIGTERM, then SIGKILL after graceMs. */
async function stopProcess(child, exited, graceMs = 20000) {
	const kill = (sig) => {
		try {
			process.kill(-child.pid, sig);
		} catch {
			/* gone */
		}
	};
	if (child.exitCode === null && child.signalCode === null) {
		kill('SIGTERM');
		const t = setTimeout(() => kill('SIGKILL'), graceMs);
		await exited;
		clearTimeout(t);
	}
	kill('SIGKILL');
}

/**
 * `n8n start` of an instance, timed: { readyLineMs (stdout "Editor is now accessible"), healthzMs (first 200 of
 * /healthz after that line), stop() }. Polls every 25 ms; gives up after timeoutMs.
 */
async function startMeasured(inst, { timeoutMs = 180000 } = {}) {
	const started = Date.now();
	const child = track(
		spawn(inst.install.nodeBin, [inst.install.n8nBin, 'start'], {
			cwd: inst.folder,
			env: inst.env(),
			stdio: ['ignore', 'pipe', 'pipe'],
			detached: true,
		}),
	);
	const exited = new Promise((resolve) =>
		child.on('exit', (code, signal) => resolve({ code, signal })),
	);
	let output = '';
	let readyLineMs;
	const onData = (d) => {
		output += d;
		if (readyLineMs === undefined && /Editor is now accessible via/.test(output))
			readyLineMs = Date.now() - started;
	};
	child.stdout.on('data', onData);
	child.stderr.on('data', onData);
	let gone = false;
	exited.then(() => (gone = true));
	const stop = () => stopProcess(child, exited);
	let healthzMs;
	const end = started + timeoutMs;
	while (!gone && Date.now() < end) {
		if (readyLineMs !== undefined) {
			try {
				const r = await fetch(`${inst.baseUrl}/healthz`);
				if (r.ok) {
					healthzMs = Date.now() - started;
					break;
				}
			} catch {
				/* not yet */
			}
		}
		await sleep(25);
	}
	if (healthzMs === undefined) {
		await stop();
		throw new Error(`n8n start not ready (${gone ? 'exited' : 'timeout'})\n${output.slice(-3000)}`);
	}
	return { readyLineMs, healthzMs, stop, output: () => output };
}

module.exports = {
	installedV1,
	chooseVersion,
	importWorkflows,
	executeMeasured,
	startMeasured,
	stopProcess,
	parseRunJson,
	killStarted,
	cpuMsOf,
	memoryOf,
	harness,
	GNU_TIME,
};
