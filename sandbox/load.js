'use strict';
/**
 * The sandbox for JavaScript tools (`npm run dev`, `npm run sandbox`, the benchmarks, the end-to-end suite):
 * `loadSandbox()` compiles `sandbox/index.ts` and what it imports (`tsc -p sandbox/tsconfig.json`, incremental:
 * about a second when nothing changed) into `build/sandbox/` and returns that module. Jest tests import
 * `sandbox/index.ts` itself.
 */
const path = require('path');
const { spawnSync } = require('child_process');

const PROJECT_DIR = path.resolve(__dirname, '..');
const ENTRY = path.join(PROJECT_DIR, 'build', 'sandbox', 'index.js');
let compiled = false;

/** Compiles the sandbox once per process; throws with tsc's output when it fails. */
function compileSandbox() {
	if (compiled) return ENTRY;
	const tsc = path.join(PROJECT_DIR, 'node_modules', 'typescript', 'bin', 'tsc');
	const res = spawnSync(process.execPath, [tsc, '-p', path.join(__dirname, 'tsconfig.json')], {
		cwd: PROJECT_DIR,
		encoding: 'utf8',
	});
	if (res.status !== 0)
		throw new Error(
			`tsc -p sandbox/tsconfig.json failed:\n${res.stdout}${res.stderr}${res.error || ''}`,
		);
	compiled = true;
	return ENTRY;
}

/** The sandbox module (`startSandbox`, `webhookHmac`, `httpBuildQuery`, ...), compiled first. */
function loadSandbox() {
	return require(compileSandbox());
}

module.exports = { loadSandbox, compileSandbox, SANDBOX_ENTRY: ENTRY };
