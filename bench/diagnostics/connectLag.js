'use strict';
/**
 * Diagnostic (not part of `npm run bench`), no n8n: the shape of the bulk path in plain Node. A server with a steady
 * 50 ms per answer (a child process), 1,000 PUTs, 16 in flight, a new connection per request (as n8n's helpers make),
 * SPIN ms of busy work after each answer (n8n's own work per request); prints the wall time against the floor and
 * how long each connection took to complete. YIELD=1 gives the event loop a turn after each answer (setImmediate;
 * T=1: a 0 ms timer, as the node's sleep(0)).
 *
 *   SPIN=1.2 node bench/diagnostics/connectLag.js
 *   SPIN=1.2 YIELD=1 T=1 node bench/diagnostics/connectLag.js
 */
const http = require('http');
const { fork } = require('child_process');
const { performance } = require('perf_hooks');
if (process.argv[2] === 'server') {
	const srv = http.createServer((req, res) => {
		req.resume();
		req.on('end', () => setTimeout(() => res.end('{"ok":1}'), 50));
	});
	srv.listen(0, '127.0.0.1', () => process.send(srv.address().port));
} else {
	client();
}

function client() {
	const SPIN = Number(process.env.SPIN ?? 0.7);
	const YIELD = process.env.YIELD === '1';
	const child = fork(__filename, ['server']);
	child.on('message', async (port) => {
		const lags = [];
		let done = 0;
		const N = 1000;
		const t0 = performance.now();
		const one = () =>
			new Promise((resolve) => {
				const s = {};
				const req = http.request(
					{
						host: '127.0.0.1',
						port,
						method: 'PUT',
						path: '/x',
						agent: new http.Agent({ keepAlive: false }),
					},
					(res) => {
						res.resume();
						res.on('end', resolve);
					},
				);
				req.on('socket', (sock) => {
					s.socket = performance.now();
					sock.once('connect', () => lags.push(performance.now() - s.socket));
				});
				req.end('{"a":1}');
			});
		const spin = () => {
			const e = performance.now() + SPIN;
			while (performance.now() < e);
		};
		const worker = async () => {
			while (done < N) {
				done++;
				await one();
				spin();
				if (YIELD) await new Promise((r) => (process.env.T ? setTimeout(r, 0) : setImmediate(r)));
			}
		};
		await Promise.all(Array.from({ length: 16 }, worker));
		const wall = performance.now() - t0;
		lags.sort((a, b) => a - b);
		console.log(
			`spin ${SPIN} yield ${YIELD}: wall ${wall.toFixed(0)} ms = ${(wall / 3125).toFixed(2)}× floor; connect lag p50 ${lags[lags.length >> 1].toFixed(1)} mean ${(lags.reduce((a, b) => a + b) / lags.length).toFixed(1)} ms`,
		);
		child.kill();
	});
}
