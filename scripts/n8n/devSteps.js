'use strict';
/**
 * The steps of `npm run dev`'s start (dev.js), run without blocking its event loop, so that one progress reporter
 * (progress.js) prints a line at least every 15 s from the first second to the banner: the build, the sandbox
 * compile, `npm pack` and the package's install into n8n's user folder each run as a child process here (their
 * synchronous forms in pack.js, packages.js and sandbox/load.js would hold the ticker). And the file that tells the
 * sandbox commands (`npm run sandbox -- fire ...`) which port `npm run dev`'s sandbox has.
 */
const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');
const { tarballPackageName, PROJECT_DIR } = require('./pack');

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a command to its end, output captured; resolves { stdout }, rejects with the output when it failed. */
function runAsync(cmd, args, { cwd = PROJECT_DIR, env = process.env } = {}) {
	return new Promise((resolve, reject) => {
		const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
		let out = '';
		child.stdout.on('data', (d) => (out += d));
		child.stderr.on('data', (d) => (out += d));
		child.on('error', reject);
		child.on('close', (code) => {
			if (code === 0) resolve({ stdout: out });
			else
				reject(new Error(`${cmd} ${args.join(' ')} failed (exit ${code}):\n${out.slice(-4000)}`));
		});
	});
}

/** `npm run build` (n8n-node build + gulp build:codex). */
const buildProject = () => runAsync(NPM, ['run', 'build']);

/** The sandbox compiled into build/sandbox (`tsc -p sandbox/tsconfig.json`, incremental), then loaded. */
async function loadSandboxAsync() {
	const tsc = path.join(PROJECT_DIR, 'node_modules', 'typescript', 'bin', 'tsc');
	await runAsync(process.execPath, [tsc, '-p', path.join(PROJECT_DIR, 'sandbox', 'tsconfig.json')]);
	return require(path.join(PROJECT_DIR, 'build', 'sandbox', 'index.js'));
}

/** `npm pack` of the built project into `outDir` (emptied first); resolves the tarball's path. */
async function packAsync(outDir) {
	fs.rmSync(outDir, { recursive: true, force: true });
	fs.mkdirSync(outDir, { recursive: true });
	const { stdout } = await runAsync(NPM, ['pack', '--json', '--pack-destination', outDir]);
	const info = JSON.parse(stdout.slice(stdout.indexOf('[')));
	return path.join(outDir, info[0].filename);
}

/**
 * `npm install <tarball>` in n8n's `nodesDir`, with packages.js npmInstallPackage's flags (the way users install a
 * community package by hand).
 */
async function installPackageAsync(nodesDir, tarball) {
	fs.mkdirSync(nodesDir, { recursive: true });
	const pj = path.join(nodesDir, 'package.json');
	if (!fs.existsSync(pj))
		fs.writeFileSync(
			pj,
			JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2),
		);
	await runAsync(
		NPM,
		[
			'install',
			path.resolve(tarball),
			'--ignore-scripts',
			'--omit=dev',
			'--legacy-peer-deps',
			'--no-audit',
			'--no-fund',
			'--loglevel=error',
		],
		{ cwd: nodesDir },
	);
	return path.join(nodesDir, 'node_modules', tarballPackageName(tarball));
}

/**
 * The running `npm run dev`'s addresses, for the sandbox commands: `<cache>/dev-running.json` (sandbox/cliPort.ts
 * reads it). Written when the sandbox listens, updated when n8n is up, removed when `npm run dev` stops.
 */
function runningFile(cacheRoot) {
	return path.join(cacheRoot, 'dev-running.json');
}

function writeRunning(file, info) {
	fs.mkdirSync(path.dirname(file), { recursive: true });
	fs.writeFileSync(file, JSON.stringify({ pid: process.pid, ...info }, null, 2));
}

/** Removes the file if this process wrote it (another `npm run dev` may have taken it over since). */
function removeRunning(file) {
	try {
		if (JSON.parse(fs.readFileSync(file, 'utf8')).pid === process.pid) fs.rmSync(file);
	} catch {
		/* none */
	}
}

module.exports = {
	runAsync,
	buildProject,
	loadSandboxAsync,
	packAsync,
	installPackageAsync,
	runningFile,
	writeRunning,
	removeRunning,
};
