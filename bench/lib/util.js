'use strict';
/** Small helpers of the benchmarks: statistics, formatting, tables, bounded waits. Plain CommonJS, Node 20. */

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function median(values) {
	const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
	if (!v.length) return NaN;
	const m = v.length >> 1;
	return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

function percentile(values, p) {
	const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
	if (!v.length) return NaN;
	const i = Math.min(v.length - 1, Math.max(0, Math.ceil((p / 100) * v.length) - 1));
	return v[i];
}

/** { median, min, max, n } of the finite values. */
function summary(values) {
	const v = values.filter((x) => Number.isFinite(x));
	return {
		median: median(v),
		min: v.length ? Math.min(...v) : NaN,
		max: v.length ? Math.max(...v) : NaN,
		n: v.length,
	};
}

function fmtNum(x, digits = 0) {
	if (!Number.isFinite(x)) return '–';
	return x.toLocaleString('en-US', {
		minimumFractionDigits: digits,
		maximumFractionDigits: digits,
	});
}

/** "1,234 (1,200–1,300)" or just "1,234" for one run. */
function fmtSummary(s, digits = 0, unit = '') {
	if (!s || !Number.isFinite(s.median)) return '–';
	const m = `${fmtNum(s.median, digits)}${unit}`;
	if (s.n <= 1 || s.min === s.max) return m;
	return `${m} (${fmtNum(s.min, digits)}–${fmtNum(s.max, digits)})`;
}

const fmtMs = (s) => fmtSummary(s, 0, ' ms');
const fmtMB = (bytes) => (Number.isFinite(bytes) ? `${fmtNum(bytes / 1048576, 0)} MB` : '–');

/** A Markdown table (also readable as plain text in a terminal). */
function table(headers, rows) {
	const cells = [headers, ...rows].map((r) => r.map((c) => String(c ?? '')));
	const widths = headers.map((_, i) => Math.max(3, ...cells.map((r) => (r[i] ?? '').length)));
	const line = (r) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
	return [
		line(cells[0]),
		`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
		...cells.slice(1).map(line),
	].join('\n');
}

/** Polls `check` (async, returns a truthy value when done) every `everyMs` until `timeoutMs`; returns its last value. */
async function waitFor(check, { timeoutMs = 30000, everyMs = 100 } = {}) {
	const end = Date.now() + timeoutMs;
	for (;;) {
		const v = await check();
		if (v) return v;
		if (Date.now() > end) return v;
		await sleep(everyMs);
	}
}

function log(...args) {
	process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${args.join(' ')}\n`);
}

module.exports = {
	sleep,
	median,
	percentile,
	summary,
	fmtNum,
	fmtSummary,
	fmtMs,
	fmtMB,
	table,
	waitFor,
	log,
};

/**
 * CPU accounting of the machine, to tell whether something else ran beside the benchmark: system-wide busy and
 * steal time (/proc/stat) and the CPU of this process and its reaped children (/proc/self/stat), in ms.
 */
function cpuSnapshot() {
	const fs = require('fs');
	const tick = 10; // USER_HZ is 100 on Linux
	try {
		const cpu = fs
			.readFileSync('/proc/stat', 'utf8')
			.split('\n')[0]
			.trim()
			.split(/\s+/)
			.slice(1)
			.map(Number);
		const [user, nice, system, idle, iowait, irq, softirq, steal] = cpu;
		const self = fs.readFileSync('/proc/self/stat', 'utf8');
		const f = self
			.slice(self.lastIndexOf(')') + 2)
			.split(' ')
			.map(Number);
		return {
			t: Date.now(),
			busy: (user + nice + system + irq + softirq) * tick,
			steal: (steal || 0) * tick,
			idle: (idle + iowait) * tick,
			mine: (f[11] + f[12] + f[13] + f[14]) * tick,
		};
	} catch {
		return undefined;
	}
}

/** Between two snapshots: { wallMs, busyMs, mineMs, othersMs (busy not accounted to the bench), stealMs }. */
function cpuBetween(a, b) {
	if (!a || !b) return undefined;
	const busy = b.busy - a.busy;
	const mine = b.mine - a.mine;
	return {
		wallMs: b.t - a.t,
		busyMs: busy,
		mineMs: mine,
		othersMs: Math.max(0, busy - mine),
		stealMs: b.steal - a.steal,
	};
}

module.exports.cpuSnapshot = cpuSnapshot;
module.exports.cpuBetween = cpuBetween;
