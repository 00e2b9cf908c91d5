'use strict';
/**
 * Native modules of an n8n install (sqlite3): rebuilt for the Node that runs n8n with scripts enabled, built once
 * per module version and Node (once for every Node, for a Node-API module) and copied into the other installs.
 * Plain CommonJS, no dependencies, runs on Node 20.
 */
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const {
	cacheRoot,
	log,
	step,
	installArgs,
	npmCliJs,
	runNpm,
	readJson,
	writeJson,
	withLock,
} = require('./cache');

/**
 * The environment of a native rebuild: scripts ENABLED whatever the caller's
 * npm configuration says. `npm run` exports the project's `.npmrc`
 * (`ignore-scripts=true`) to every child as `npm_config_ignore_scripts=true`;
 * inherited by `npm rebuild`, it skips sqlite3's build script and still exits 0.
 * Pure (tested in test/unit/installEnv.test.ts).
 */
function nativeRebuildEnv(nodeDirForGyp) {
	const env = { npm_config_ignore_scripts: 'false', NPM_CONFIG_IGNORE_SCRIPTS: 'false' };
	if (nodeDirForGyp) env.npm_config_nodedir = nodeDirForGyp;
	return env;
}

/** Whether module `name` loads in `dir` with `nodeBin`: { ok, error }. */
function moduleLoads(name, dir, nodeBin) {
	const chk = spawnSync(nodeBin, ['-e', `require(${JSON.stringify(name)})`], {
		cwd: dir,
		encoding: 'utf8',
	});
	return {
		ok: chk.status === 0,
		error: (chk.stderr || '').trim().split('\n').slice(0, 6).join('\n'),
	};
}

/**
 * Rebuilds the native binding of package `name` (sqlite3) for the node that runs n8n. Offline the
 * prebuilt download fails and it compiles from source with node-gyp, which needs the headers of that
 * node (nodedir). Fails loudly when the module does not load afterwards, naming the cause and the fix.
 */
function rebuildNative(name, dir, nodeBin, nodeDirForGyp) {
	const rebuildArgs = [
		'rebuild',
		name,
		'--ignore-scripts=false',
		'--foreground-scripts',
		'--loglevel=error',
	];
	if (nodeDirForGyp) rebuildArgs.push(`--nodedir=${nodeDirForGyp}`);
	const nodeVersion = spawnSync(nodeBin, ['--version'], { encoding: 'utf8' }).stdout.trim();
	step(`compiling ${name} for Node ${nodeVersion} (node-gyp)`);
	const t0 = Date.now();
	runNpm(nodeBin, rebuildArgs, { cwd: dir, env: nativeRebuildEnv(nodeDirForGyp), quiet: true });
	const secs = ((Date.now() - t0) / 1000).toFixed(1);
	const loaded = moduleLoads(name, dir, nodeBin);
	if (!loaded.ok) {
		throw new Error(
			`${name} does not load with ${nodeBin} after \`npm rebuild ${name}\` (${secs}s):\n${loaded.error}\n` +
				'Cause: its native build script did not run or did not finish (an inherited npm_config_ignore_scripts=true ' +
				'turns the rebuild into a silent no-op; a compile needs python3, make and g++).\n' +
				`Fix: install python3, make and g++, then run \`${nodeBin} ${npmCliJs()} ${rebuildArgs.slice(0, 3).join(' ')}` +
				`${nodeDirForGyp ? ` --nodedir=${nodeDirForGyp}` : ''}\` in ${dir}, or delete ${dir} and run \`node scripts/n8n/install.js\` again.`,
		);
	}
	log(`${name} loads with ${nodeBin} (native build ${secs}s)`);
	return Number(secs);
}

/** What a native build leaves that its module loads: copied between installs that need the same build. */
const NATIVE_OUTPUTS = { sqlite3: ['build/Release/node_sqlite3.node'] };

/**
 * Builds module `name` once per (its version, the node version and architecture) and copies the result into
 * every other install that needs the same build. A Node-API module (`binary.napi_versions` in its package.json,
 * as sqlite3 5.1.7 in every supported n8n) is ABI-stable on newer Nodes, so it is built ONCE with the Node that
 * runs this installer (the oldest one the installs use: the system Node, on which n8n 1.x runs) and reused by
 * the Node 24 installs of n8n 2.x; a fresh machine compiles sqlite3 once, not once per Node (the installs run
 * side by side: the others wait for the first's build). Rebuilds for the install's own Node when a copy does
 * not load there. Returns 'built' or 'reused'.
 */
function sharedNativeBuild(name, dir, nodeBin, nodeDirForGyp, outputs = NATIVE_OUTPUTS[name]) {
	const pkgDir = path.join(dir, 'node_modules', name);
	const pkg = readJson(path.join(pkgDir, 'package.json'));
	const napi = Boolean(pkg.binary && pkg.binary.napi_versions);
	const builder = napi
		? { nodeBin: process.execPath, nodeDir: undefined }
		: { nodeBin, nodeDir: nodeDirForGyp };
	const runtime = spawnSync(builder.nodeBin, ['-p', 'process.version + "-" + process.arch'], {
		encoding: 'utf8',
	}).stdout.trim();
	const store = path.join(
		cacheRoot(),
		'native',
		`${name}-${pkg.version}-${napi ? 'napi-' : ''}node${runtime}`,
	);
	const copy = (from, to) => {
		for (const file of outputs) {
			fs.mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
			fs.copyFileSync(path.join(from, file), path.join(to, file));
		}
	};
	step(
		`${name} ${pkg.version}: ${napi ? 'the build shared by every Node' : `a build for ${runtime}`}`,
	);
	return withLock(
		store,
		() => false,
		() => {
			if (outputs.every((file) => fs.existsSync(path.join(store, file)))) {
				copy(store, pkgDir);
				if (moduleLoads(name, dir, nodeBin).ok) {
					log(`${name} ${pkg.version}: reused the build of ${runtime} (${store})`);
					return 'reused';
				}
			}
			rebuildNative(name, dir, builder.nodeBin, builder.nodeDir);
			if (builder.nodeBin !== nodeBin && !moduleLoads(name, dir, nodeBin).ok) {
				// not loadable on the install's Node after all: its own build, not shared
				rebuildNative(name, dir, nodeBin, nodeDirForGyp);
				return 'built';
			}
			copy(pkgDir, store);
			return 'built';
		},
	);
}

/**
 * Builds `name@version` into the shared store AHEAD of the n8n installs (in a small project of its own), so that the
 * compile (sqlite3: about 2 min) runs beside their `npm install` (5-6 min) instead of after it; each install then
 * reuses it (sharedNativeBuild), or builds its own when it resolved another version. Returns 'built' or 'reused'.
 */
function prebuildShared(name, version) {
	const dir = path.join(cacheRoot(), 'native', `src-${name}-${version}-${process.pid}`);
	fs.mkdirSync(dir, { recursive: true });
	try {
		writeJson(path.join(dir, 'package.json'), {
			name: 'store-platform-native-prebuild',
			private: true,
			dependencies: { [name]: version },
		});
		step(`npm install of ${name} ${version} (to compile it beside the n8n install)`);
		runNpm(process.execPath, installArgs(), { cwd: dir });
		return sharedNativeBuild(name, dir, process.execPath, undefined);
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

module.exports = {
	nativeRebuildEnv,
	moduleLoads,
	rebuildNative,
	sharedNativeBuild,
	prebuildShared,
	NATIVE_OUTPUTS,
};
