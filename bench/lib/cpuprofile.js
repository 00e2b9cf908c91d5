'use strict';
/**
 * Reads a V8 .cpuprofile (node --cpu-prof) of an `n8n execute` run and says where the CPU of ONE node's execution
 * went. The window is from the first to the last sample whose stack holds a frame matching `anchor` (e.g. our
 * `fetchList`, or the HTTP Request node's `execute`), so start-up and the printing of the result are left out.
 * `anchor` is a test of a call frame { functionName, url }.
 */
const fs = require('fs');

/** Buckets of self time, first match wins (tested against "functionName url"). */
const BUCKETS = [
	['idle (waiting for the network)', (f) => f.functionName === '(idle)'],
	['garbage collection', (f) => f.functionName === '(garbage collector)'],
	[
		'our package (n8n-nodes-store-platform)',
		(f) => /\/nodes\/node_modules\/n8n-nodes-store-platform\//.test(f.url),
	],
	['JSON.parse / stringify', (f) => /^(parse|stringify)$/.test(f.functionName) && !f.url],
	[
		'credentials: load + decrypt + resolve (n8n)',
		(f) =>
			/credentials-helper|credentials\.js|cipher|Credentials/i.test(`${f.functionName} ${f.url}`),
	],
	[
		'expressions / parameters (n8n-workflow)',
		(f) =>
			/n8n-workflow|expression|tmpl|riot|@n8n\/tournament|esprima|recast|ast-types/i.test(f.url),
	],
	[
		'HTTP client (axios, follow-redirects, agents, backend-network)',
		(f) =>
			/axios|follow-redirects|backend-network|agent-base|proxy-agent|http-proxy|form-data/i.test(
				f.url,
			),
	],
	[
		'node:http / net / tls / zlib (Node internals)',
		(f) =>
			/^node:(_http|http|net|tls|zlib|stream|internal\/(streams|http|net|stream_base))/.test(f.url),
	],
	['n8n-core (execution engine, request helpers)', (f) => /n8n-core/.test(f.url)],
	[
		'n8n CLI / DB (typeorm, sqlite)',
		(f) => /typeorm|sqlite|@n8n\/db|node_modules\/n8n\/|@n8n\//.test(f.url),
	],
	[
		'other node internals',
		(f) => /^node:/.test(f.url) || (!f.url && f.functionName !== '(program)'),
	],
	['(program) / other', () => true],
];

const shortUrl = (url) => (url || '').replace(/^file:\/\//, '').replace(/^.*node_modules\//, '');

/**
 * A profile read from `file`: its nodes by id, each node's parent, each sample's time (µs), and `inherited`, which
 * gives a node's value by `own` of its frame or, where that is undefined, its caller's (memoized).
 */
function readProfile(file) {
	const prof = JSON.parse(fs.readFileSync(file, 'utf8'));
	const nodes = new Map(prof.nodes.map((n) => [n.id, n]));
	const parent = new Map();
	for (const n of prof.nodes) for (const c of n.children || []) parent.set(c, n.id);
	const inherited = (own) => {
		const memo = new Map();
		const value = (id) => {
			if (memo.has(id)) return memo.get(id);
			const v =
				own(nodes.get(id).callFrame) ?? (parent.has(id) ? value(parent.get(id)) : undefined);
			memo.set(id, v);
			return v;
		};
		return value;
	};
	const times = [];
	let t = prof.startTime;
	for (let i = 0; i < prof.samples.length; i++) {
		t += prof.timeDeltas[i] || 0;
		times.push(t);
	}
	return { prof, nodes, parent, times, inherited };
}

function analyse(file, anchor) {
	const { prof, nodes, parent, times, inherited } = readProfile(file);
	const anchoredOrNot = inherited((frame) => (anchor(frame) ? true : undefined));
	const isAnchored = (id) => anchoredOrNot(id) ?? false;
	let first = -1;
	let last = -1;
	for (let i = 0; i < prof.samples.length; i++) {
		if (isAnchored(prof.samples[i])) {
			if (first < 0) first = i;
			last = i;
		}
	}
	if (first < 0) return undefined;
	const selfUs = new Map();
	const fnUs = new Map();
	// inclusive time of a few functions of interest
	const inclusive = {};
	const interest = {
		'getCredentials (n8n)': /^getCredentials$|^getDecrypted$/,
		'authenticate (credential signing)': /^authenticate$/,
		'JSON.parse': /^parse$/,
	};
	for (let i = first; i <= last; i++) {
		const dt = (times[i + 1] ?? times[i]) - times[i];
		const id = prof.samples[i];
		const f = nodes.get(id).callFrame;
		const bucket = BUCKETS.find(([, test]) => test(f))[0];
		selfUs.set(bucket, (selfUs.get(bucket) || 0) + dt);
		const fn = `${f.functionName || '(anonymous)'} ${shortUrl(f.url)}:${f.lineNumber + 1}`;
		fnUs.set(fn, (fnUs.get(fn) || 0) + dt);
		const seen = new Set();
		for (let p = id; p !== undefined; p = parent.get(p)) {
			const cf = nodes.get(p).callFrame;
			for (const [name, re] of Object.entries(interest)) {
				if (!seen.has(name) && re.test(cf.functionName)) {
					seen.add(name);
					inclusive[name] = (inclusive[name] || 0) + dt;
				}
			}
		}
	}
	const windowMs = (times[last] - times[first]) / 1000;
	const buckets = [...selfUs.entries()]
		.map(([name, us]) => ({ name, ms: us / 1000 }))
		.sort((a, b) => b.ms - a.ms);
	return {
		windowMs,
		buckets,
		top: [...fnUs.entries()]
			.sort((a, b) => b[1] - a[1])
			.slice(0, 25)
			.map(([fn, us]) => ({ fn, ms: us / 1000 })),
		inclusiveMs: Object.fromEntries(Object.entries(inclusive).map(([k, v]) => [k, v / 1000])),
	};
}

module.exports = { analyse, readProfile, BUCKETS };
