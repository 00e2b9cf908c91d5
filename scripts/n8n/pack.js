'use strict';
/** `npm run build` + `npm pack` of the project, and reading a tarball's package name. */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const PROJECT_DIR = path.resolve(__dirname, '..', '..');
const PACKAGE_NAME = 'n8n-nodes-store-platform';

/** Runs `npm run build` (optional) and `npm pack` of the project into outDir; returns the tarball path. */
function packProject({ projectDir = PROJECT_DIR, outDir, build = true } = {}) {
	if (!outDir) {
		// a temp folder of our own: removed when this process exits
		outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-platform-pack-'));
		const dir = outDir;
		process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
	}
	fs.mkdirSync(outDir, { recursive: true });
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	if (build) {
		const b = spawnSync(npm, ['run', 'build'], {
			cwd: projectDir,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		if (b.status !== 0) throw new Error(`npm run build failed:\n${b.stdout}\n${b.stderr}`);
	}
	const p = spawnSync(npm, ['pack', '--json', '--pack-destination', outDir], {
		cwd: projectDir,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	if (p.status !== 0) throw new Error(`npm pack failed:\n${p.stdout}\n${p.stderr}`);
	const info = JSON.parse(p.stdout.slice(p.stdout.indexOf('[')));
	const tgz = path.join(outDir, info[0].filename);
	if (!fs.existsSync(tgz)) throw new Error(`npm pack did not produce ${tgz}`);
	return tgz;
}

/** The package name inside an npm tarball (package/package.json). */
function tarballPackageName(tarball) {
	const r = spawnSync('tar', ['-xOzf', tarball, 'package/package.json'], { encoding: 'utf8' });
	if (r.status !== 0) return PACKAGE_NAME;
	return JSON.parse(r.stdout).name;
}

/** The Store Platform Trigger's newest typeVersion in the built package (dist/); 1 when it cannot be read. */
function builtTriggerTypeVersion(projectDir = PROJECT_DIR) {
	try {
		const mod = require(
			path.join(projectDir, 'dist', 'nodes', 'StorePlatform', 'StorePlatformTrigger.node.js'),
		);
		const v = new mod.StorePlatformTrigger().description.version;
		return Array.isArray(v) ? Math.max(...v) : v;
	} catch {
		return 1;
	}
}

module.exports = {
	packProject,
	tarballPackageName,
	PROJECT_DIR,
	PACKAGE_NAME,
	builtTriggerTypeVersion,
};
