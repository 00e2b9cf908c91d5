'use strict';
/**
 * Preloaded into `n8n execute` (NODE_OPTIONS=--require) by timeline.js --inside: stamps each outgoing HTTP request
 * of that process (epoch ms, sub-millisecond): created, socket connected, request written, answer headers read, and
 * writes them to $HTTP_HOOK_FILE at exit. Diagnostic only: it wraps http.request in that process.
 */
const fs = require('fs');
const http = require('http');
const { performance, monitorEventLoopDelay, PerformanceObserver } = require('perf_hooks');

const out = process.env.HTTP_HOOK_FILE;
const now = () => performance.timeOrigin + performance.now();
const stamps = [];
const original = http.request;
http.request = function stampedRequest(...args) {
	const s = { created: now() };
	stamps.push(s);
	const req = original.apply(this, args);
	req.once('socket', (socket) => {
		s.socket = now();
		socket.once('connect', () => (s.connected = now()));
	});
	req.once('finish', () => (s.written = now()));
	req.once('response', (res) => {
		s.response = now();
		res.once('end', () => (s.end = now()));
	});
	return req;
};
// garbage collections: kind and duration
const gcs = [];
new PerformanceObserver((list) => {
	for (const e of list.getEntries())
		gcs.push({ t: performance.timeOrigin + e.startTime, ms: e.duration, kind: e.detail?.kind });
}).observe({ entryTypes: ['gc'] });
// the main thread's use (event loop utilisation) and its longest delay, every 100 ms
const loop = [];
let last = performance.eventLoopUtilization();
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
setInterval(() => {
	const elu = performance.eventLoopUtilization(last);
	last = performance.eventLoopUtilization();
	loop.push({
		t: now(),
		elu: elu.utilization,
		maxDelayMs: delay.max / 1e6,
		meanDelayMs: delay.mean / 1e6,
	});
	delay.reset();
}, 100).unref();
process.on('exit', () => {
	if (out) fs.writeFileSync(out, JSON.stringify({ stamps, loop, gcs }));
});
