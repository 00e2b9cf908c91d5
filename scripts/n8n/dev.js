#!/usr/bin/env node
'use strict';
/**
 * `npm run dev`: runs a real n8n with this package installed the way users
 * install it (npm pack -> npm install into <user folder>/.n8n/nodes).
 *
 *   node scripts/n8n/dev.js [--version=2.40.7|1.123.81] [--port=5678] [--no-build] [--fresh]
 *
 * The user folder is kept between runs (owner, credentials, workflows stay):
 *   <cache>/dev-<version>   (cache: see install.js; --fresh wipes it first)
 * Expects `npm run build` to have run (package.json's dev script does it);
 * pass --build to build here. Ctrl-C stops n8n.
 */
const fs = require('fs');
const path = require('path');
const { cacheRoot, DEFAULT_VERSION } = require('./install');
const { N8nInstance, packProject } = require('./instance');

const argv = process.argv.slice(2);
const opt = (name, def) => {
	const a = argv.find((x) => x.startsWith(`--${name}=`));
	return a ? a.slice(name.length + 3) : def;
};
const version = opt('version', process.env.STORE_PLATFORM_N8N_VERSION || DEFAULT_VERSION);
const port = Number(opt('port', process.env.N8N_PORT || 5678));
const build = argv.includes('--build');

(async () => {
	const folder = path.join(cacheRoot(), `dev-${version}`);
	if (argv.includes('--fresh')) fs.rmSync(folder, { recursive: true, force: true });
	fs.mkdirSync(folder, { recursive: true });
	const tgz = packProject({ build, outDir: path.join(folder, 'pack') });
	const n8n = await N8nInstance.create({ version, folder, keep: true, port });
	await n8n.installPackage(tgz);
	console.log(`[dev] n8n ${version}: starting on ${n8n.baseUrl} (user folder ${folder})`);
	await n8n.start({ timeoutMs: 300000 });
	if (n8n.major < 2) await n8n.login(); // 1.x: sets up the owner on first run
	console.log(`[dev] ready: ${n8n.baseUrl}  sign in: ${n8n.owner.email} / ${n8n.owner.password}`);
	console.log(`[dev] log: ${n8n.logFile}  (Ctrl-C to stop)`);
	let stopping = false;
	const stop = async () => {
		if (stopping) return;
		stopping = true;
		console.log('\n[dev] stopping n8n');
		await n8n.stop();
		process.exit(0);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
	n8n.exited.then(({ code, signal }) => {
		if (!stopping) {
			console.error(`[dev] n8n exited (${code ?? signal}); see ${n8n.logFile}`);
			process.exit(1);
		}
	});
})().catch((e) => {
	console.error(e);
	process.exit(1);
});
