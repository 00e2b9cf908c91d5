'use strict';
/**
 * Where the CPU of one node's work went, by phase: a V8 .cpuprofile (node --cpu-prof) read sample by sample, each
 * sample given to the phase of the innermost frame of its stack that names one (walking from the leaf to the root):
 *
 * - our package: by module (dist/nodes/StorePlatform/<room>/<module>.js, dist/credentials/<module>.js)
 * - n8n and Node: by function (getNodeParameter: reading parameters; getCredentials/authenticate: signing; JSON
 *   parse: parsing; the request helpers, axios and node:http/net: the request)
 * - a sample with no such frame is n8n's own share (execution engine, run data, task broker, DB, program);
 *   garbage collection is its own row (everybody's allocations), idle is left out of the CPU.
 *
 * The window: from the first to the last sample whose stack holds an `anchor` frame (e.g. our scheduleItems, the
 * HTTP Request node's execute), or the samples between two monotonic times (µs, as process.hrtime gives them and
 * V8 stamps its samples: the same clock on Linux) for a long-running process such as n8n's webhook process.
 */
const fs = require('fs');
const { readProfile } = require('./cpuprofile');

const PHASES = [
	'reading parameters',
	'input rules',
	'signing',
	'the request',
	'parsing',
	'shaping the output',
	"n8n's own share",
	'garbage collection',
];

const OURS = /\/n8n-nodes-store-platform\/dist\/(?:nodes\/StorePlatform\/)?(.+?)\.js$/;

/** Phase of a module of our package (its path below dist/, without .js), and of some of its functions. */
function ourPhase(module, fn) {
	if (/^input\/|^action\/formRules$/.test(module)) return 'input rules';
	if (
		/^credentials\/|^api\/auth$|^api\/hash$|^trigger\/(hmac|secretCache|deliveryKey)$/.test(module)
	)
		return 'signing';
	if (module === 'api/request' && fn === 'parseBody') return 'parsing';
	if (/^trigger\/(form|delivery)$/.test(module)) return 'parsing';
	if (/^api\/(output|unwrap|codeWords)$|^action\/answers$|^trigger\/serialize$/.test(module))
		return 'shaping the output';
	if (/^api\/(request|pool|paginate|failure|redact)$/.test(module)) return 'the request';
	if (/^action\//.test(module)) return 'reading parameters';
	return undefined;
}

/** The phase a call frame names, or undefined (then its caller decides). */
function framePhase(f) {
	const url = f.url || '';
	const fn = f.functionName || '';
	const ours = OURS.exec(url.replace(/^file:\/\//, ''));
	if (ours) return ourPhase(ours[1], fn);
	if (fn === '(garbage collector)') return 'garbage collection';
	if (/^(getNodeParameter|getWorkflowDataProxy|resolveParameterValue)$/.test(fn))
		return 'reading parameters';
	if (
		/^(getCredentials|getDecrypted|authenticate|getCredentialsProperties|preAuthentication)$/.test(
			fn,
		)
	)
		return 'signing';
	if (!url && /^(parse|stringify)$/.test(fn)) return 'parsing';
	if (/body-parser|raw-body|\/qs\/lib|querystring/.test(url)) return 'parsing';
	if (
		/^(httpRequest|httpRequestWithAuthentication|requestWithAuthentication|proxyRequestToAxios|httpRequestWithAuthenticationV2)$/.test(
			fn,
		)
	)
		return 'the request';
	if (/axios|follow-redirects|agent-base|backend-network/.test(url)) return 'the request';
	if (/^node:(_http|http|net|tls|dns|internal\/(http|net|stream_base|dns))/.test(url))
		return 'the request';
	return undefined;
}

/** Reads a profile: nodes by id, each node's phase (innermost naming frame), sample times (µs). */
function load(file) {
	const { prof, nodes, parent, times, inherited } = readProfile(file);
	return { prof, nodes, parent, phase: inherited(framePhase), times };
}

function holds(p, id, anchor) {
	for (let n = id; n !== undefined; n = p.parent.get(n))
		if (anchor(p.nodes.get(n).callFrame)) return true;
	return false;
}

/**
 * Phases of one profile file within the window: { windowMs, cpuMs, ms: {phase: ms}, top: [{fn, ms}] } or
 * undefined when the window holds no sample. `window` is { anchor } or { fromUs, toUs }.
 */
function phases(file, window) {
	const p = load(file);
	const n = p.prof.samples.length;
	let first = -1;
	let last = -1;
	for (let i = 0; i < n; i++) {
		const inside = window.anchor
			? holds(p, p.prof.samples[i], window.anchor)
			: p.times[i] >= window.fromUs && p.times[i] <= window.toUs;
		if (inside) {
			if (first < 0) first = i;
			last = i;
		}
	}
	if (first < 0) return undefined;
	const ms = Object.fromEntries(PHASES.map((k) => [k, 0]));
	const fnUs = new Map();
	let idle = 0;
	for (let i = first; i <= last; i++) {
		const dt = ((p.times[i + 1] ?? p.times[i]) - p.times[i]) / 1000;
		const id = p.prof.samples[i];
		const f = p.nodes.get(id).callFrame;
		if (f.functionName === '(idle)') {
			idle += dt;
			continue;
		}
		ms[p.phase(id) ?? "n8n's own share"] += dt;
		const name = `${f.functionName || '(anonymous)'} ${(f.url || '').replace(/^.*node_modules\//, '')}:${f.lineNumber + 1}`;
		fnUs.set(name, (fnUs.get(name) || 0) + dt);
	}
	const windowMs = (p.times[last] - p.times[first]) / 1000;
	return {
		windowMs,
		idleMs: idle,
		cpuMs: Object.values(ms).reduce((a, b) => a + b, 0),
		ms,
		top: [...fnUs.entries()]
			.sort((a, b) => b[1] - a[1])
			.slice(0, 15)
			.map(([fn, v]) => ({ fn, ms: v })),
	};
}

/** Of the profiles in `dir` (optionally: of process `pid`), the one with the most CPU in the window. */
function phasesIn(dir, window, { pid } = {}) {
	const files = fs
		.readdirSync(dir)
		.filter((f) => f.endsWith('.cpuprofile'))
		.filter((f) => pid === undefined || f.split('.')[3] === String(pid));
	let best;
	for (const f of files) {
		const a = phases(`${dir}/${f}`, window);
		if (a && (!best || a.cpuMs > best.cpuMs)) best = { ...a, file: f };
	}
	return best;
}

/** The profile files in `dir` (their names hold the process id), for a report when none matched. */
const profileFiles = (dir) => fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));

module.exports = { PHASES, phases, phasesIn, profileFiles, framePhase };
