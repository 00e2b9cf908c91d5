'use strict';
/**
 * Progress of a long install (n8n into the cache on the first `npm run dev`), as lines a person can follow:
 * what is being done, since when, and how far it got, at least every `everyMs` of silence. Pure: the clock, the
 * printer and the measures are given (unit-tested with a fake clock in test/unit/installProgress.test.ts).
 *
 *   const p = createProgress({ now: Date.now, print: console.log });
 *   p.begin('n8n', 'npm install of n8n 2.41.1', () => '412 registry requests');
 *   setInterval(() => p.tick(), 1000);   // a status line whenever nothing was printed for everyMs
 *   p.output('[n8n-install] npm install ok (288.0s)');   // a line of the install itself (counts as a line)
 *   p.end('n8n');
 *
 * The installer (install.js, native.js) marks each step with a log line `[n8n-install] step: <what>` (stepLine);
 * classifyLine() reads a line of its output: a step, a registry request of npm (`--loglevel=http`), npm chatter to
 * hide, or a line to show.
 */

/**
 * Default gap between status lines: with a tick every second, never more than 15 s without a line, with room for
 * a loaded machine (measured: the status line itself, counting the packages unpacked, took up to 5 s there).
 */
const EVERY_MS = 9_000;
const LOG_PREFIX = '[n8n-install] ';
const STEP_MARK = 'step: ';

/** The log line that starts a step of the installer. */
const stepLine = (what) => `${LOG_PREFIX}${STEP_MARK}${what}`;

/**
 * What one line of the installer's output says:
 *   { kind: 'step', what }          a step starts
 *   { kind: 'fetch', tarball }      npm fetched a package document or (tarball: true) a package tarball
 *   { kind: 'quiet' }               npm chatter (warn, notice, timing) or an empty line
 *   { kind: 'show', line }          anything else: shown as it is (errors included)
 */
function classifyLine(raw) {
	const line = String(raw).trimEnd();
	if (!line.trim()) return { kind: 'quiet' };
	if (line.startsWith(LOG_PREFIX + STEP_MARK))
		return { kind: 'step', what: line.slice(LOG_PREFIX.length + STEP_MARK.length).trim() };
	// npm 10/11: `npm http fetch GET 200 https://registry.npmjs.org/n8n 512ms (cache miss)`,
	//            `npm http cache is-number@https://registry.npmjs.org/is-number/-/is-number-7.0.0.tgz 0ms (cache hit)`
	const http = /^npm http (?:fetch|cache) (?:[A-Z]+ \d+ )?(\S+)/.exec(line);
	if (http) return { kind: 'fetch', tarball: /\.tgz$/.test(http[1]) };
	if (/^npm (?:warn|notice|info|verbose|timing|http)\b/i.test(line)) return { kind: 'quiet' };
	return { kind: 'show', line };
}

const seconds = (ms) => Math.max(0, Math.round(ms / 1000));

/**
 * A progress reporter. `now()` gives milliseconds; `print(line)` writes one line. Tasks run side by side (the
 * n8n install and the sqlite3 build); each has a text (`what`) and an optional `measure()` that says how far it
 * got (called only when a status line is printed).
 */
function createProgress({ now, print, everyMs = EVERY_MS, prefix = '[dev] ' }) {
	const started = now();
	let lastLine = started;
	/** id -> { what, since, measure } */
	const tasks = new Map();
	const emit = (text) => {
		print(text);
		lastLine = now();
	};
	const stamp = () => `${prefix}+${seconds(now() - started)}s`;
	const describe = (task) => {
		const got = task.measure ? String(task.measure() || '') : '';
		return `${task.what} (${seconds(now() - task.since)}s${got ? `; ${got}` : ''})`;
	};
	const end = (id, summary) => {
		const task = tasks.get(id);
		if (!task) return;
		tasks.delete(id);
		emit(
			`${stamp()} done: ${task.what} in ${seconds(now() - task.since)}s${summary ? ` (${summary})` : ''}`,
		);
	};
	return {
		/** Starts task `id` (ending the step it ran before): prints what starts. */
		begin(id, what, measure) {
			end(id);
			tasks.set(id, { what, since: now(), measure });
			emit(`${stamp()} ${what}…`);
		},
		/** Ends task `id`: prints how long it took, with `summary` when given. */
		end,
		/** A line of the install's own output: printed as it is. */
		output(line) {
			emit(line);
		},
		/** A status line when nothing was printed for everyMs and a task runs; returns whether it printed. */
		tick() {
			if (!tasks.size || now() - lastLine < everyMs) return false;
			emit(`${stamp()} still working: ${[...tasks.values()].map(describe).join(' · ')}`);
			return true;
		},
		/** Seconds since the reporter started. */
		elapsed() {
			return seconds(now() - started);
		},
		/** The ids of the tasks running. */
		running() {
			return [...tasks.keys()];
		},
	};
}

module.exports = { createProgress, classifyLine, stepLine, EVERY_MS };
