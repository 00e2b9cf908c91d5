'use strict';
/**
 * Community package install into an n8n user folder's `.n8n/nodes`: the way users do it by hand
 * (`npm install <tgz>` there), and the way n8n 2.40.7's own installer does it. n8n loads community packages
 * from <N8N_USER_FOLDER>/.n8n/nodes/node_modules at startup of every command.
 */
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { tarballPackageName } = require('./pack');

/** `npm install <tarball>` in `nodesDir` (created with a package.json if missing); returns the package folder. */
function npmInstallPackage(nodesDir, tarball, { npmArgs = [] } = {}) {
	const dir = nodesDir;
	fs.mkdirSync(dir, { recursive: true });
	const pj = path.join(dir, 'package.json');
	if (!fs.existsSync(pj))
		fs.writeFileSync(
			pj,
			JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2),
		);
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	// --legacy-peer-deps: n8n-workflow is a peer dependency and n8n provides its own copy;
	// n8n's community-package installer strips peerDependencies before `npm install`, which
	// this matches. (--omit=peer gives the same tree but npm still resolves the peer's
	// manifests from the registry: 10 s instead of 2 s.) STORE_PLATFORM_E2E_INSTALL=plain
	// installs like a bare `npm install <pkg>` (npm 7+ then also installs n8n-workflow).
	const peers = process.env.STORE_PLATFORM_E2E_INSTALL === 'plain' ? [] : ['--legacy-peer-deps'];
	const args = [
		'install',
		path.resolve(tarball),
		'--ignore-scripts',
		'--omit=dev',
		...peers,
		'--no-audit',
		'--no-fund',
		'--loglevel=error',
		...npmArgs,
	];
	const r = spawnSync(npm, args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
	if (r.status !== 0) throw new Error(`npm ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
	return path.join(dir, 'node_modules', tarballPackageName(tarball));
}

/**
 * Installs a packed tarball the way n8n 2.40.7's community-package installer does (its
 * CommunityPackagesService.downloadPackage, after `npm pack <name>@<version>` from the registry): unpacked
 * into `<nodesDir>/node_modules/<name>` (`tar -xzf --strip-components=1`), devDependencies,
 * peerDependencies and optionalDependencies removed from its package.json, `npm install` inside that folder
 * with n8n's flags, and the name and version recorded in `<nodesDir>/package.json`. Returns the folder.
 */
function n8nStyleInstallPackage(nodesDir, tarball) {
	const name = tarballPackageName(tarball);
	const dir = path.join(nodesDir, 'node_modules', name);
	fs.rmSync(dir, { recursive: true, force: true });
	fs.mkdirSync(dir, { recursive: true });
	const tar = spawnSync('tar', ['-xzf', path.resolve(tarball), '-C', dir, '--strip-components=1'], {
		encoding: 'utf8',
	});
	if (tar.status !== 0) throw new Error(`tar -xzf ${tarball} failed: ${tar.stderr}`);
	const pjPath = path.join(dir, 'package.json');
	const pj = JSON.parse(fs.readFileSync(pjPath, 'utf8'));
	for (const key of ['devDependencies', 'peerDependencies', 'optionalDependencies']) delete pj[key];
	fs.writeFileSync(pjPath, JSON.stringify(pj, null, 2), 'utf8');
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	const args = [
		'install',
		'--audit=false',
		'--fund=false',
		'--bin-links=false',
		'--install-strategy=shallow',
		'--ignore-scripts=true',
		'--package-lock=false',
		'--loglevel=error',
	];
	const r = spawnSync(npm, args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
	if (r.status !== 0)
		throw new Error(`npm ${args.join(' ')} in ${dir} failed:\n${r.stdout}\n${r.stderr}`);
	const nodesPj = path.join(nodesDir, 'package.json');
	const top = fs.existsSync(nodesPj)
		? JSON.parse(fs.readFileSync(nodesPj, 'utf8'))
		: { name: 'installed-nodes', private: true, dependencies: {} };
	top.dependencies = { ...(top.dependencies || {}), [name]: pj.version };
	fs.writeFileSync(nodesPj, JSON.stringify(top, null, 2), 'utf8');
	return dir;
}

module.exports = { npmInstallPackage, n8nStyleInstallPackage };
