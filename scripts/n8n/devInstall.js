'use strict';
/**
 * The first `npm run dev`: n8n into the cache, with a progress line at least every 15 s. Two child processes run
 * side by side, as `npm run test:e2e` runs them: `install.js <version>` (Node 24, npm install of n8n, its sqlite3,
 * `n8n --version`) and `install.js native` (sqlite3 compiled beside the npm install; the n8n install then reuses
 * it). Their output is read line by line (progress.js classifyLine): steps become the progress lines' tasks, npm's
 * registry requests (`--loglevel=http`) are counted, not shown; what else they print is shown as it is.
 */
const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');
const { cacheRoot } = require('./cache');
const { createProgress, classifyLine } = require('./progress');

const INSTALLER = path.join(__dirname, 'install.js');

/**
 * The packages in `dir`/node_modules so far (scoped ones counted one by one), and how many of them are unpacked
 * (their package.json written): npm creates the folders first, then fills them. { folders, unpacked }.
 */
function countPackages(dir) {
	const nm = path.join(dir, 'node_modules');
	const count = { folders: 0, unpacked: 0 };
	const list = (d) => {
		try {
			return fs.readdirSync(d);
		} catch {
			return [];
		}
	};
	for (const name of list(nm)) {
		if (name.startsWith('.')) continue;
		const folders = name.startsWith('@')
			? list(path.join(nm, name)).map((n) => path.join(nm, name, n))
			: [path.join(nm, name)];
		for (const folder of folders) {
			count.folders++;
			if (fs.existsSync(path.join(folder, 'package.json'))) count.unpacked++;
		}
	}
	return count;
}

/**
 * Runs `install.js <arg>` as task `id` of `progress`; `folder` is the install folder whose packages are counted
 * during an npm install. Resolves { ok, code, tail } (the last lines shown, for the error).
 */
function runInstaller(progress, id, arg, folder) {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, [INSTALLER, arg], {
			env: { ...process.env, STORE_PLATFORM_INSTALL_LOG: 'http' },
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		const counts = { requests: 0, tarballs: 0 };
		const tail = [];
		const measure = (what) => () => {
			const parts = [];
			if (counts.requests)
				parts.push(`${counts.requests} registry requests, ${counts.tarballs} package tarballs`);
			if (/^npm install/.test(what) && folder) {
				const n = countPackages(folder);
				if (n.folders) parts.push(`${n.unpacked} of ${n.folders} packages unpacked`);
			}
			return parts.join(', ');
		};
		const onLine = (line) => {
			const c = classifyLine(line);
			if (c.kind === 'step') {
				counts.requests = 0;
				counts.tarballs = 0;
				progress.begin(id, c.what, measure(c.what));
			} else if (c.kind === 'fetch') {
				counts.requests++;
				if (c.tarball) counts.tarballs++;
			} else if (c.kind === 'show' && !c.line.startsWith('{"')) {
				// (a JSON line is install.js's result, said better by the step's "done" line)
				tail.push(c.line);
				if (tail.length > 40) tail.shift();
				progress.output(c.line);
			}
		};
		for (const stream of [child.stdout, child.stderr]) {
			let buf = '';
			stream.setEncoding('utf8');
			stream.on('data', (d) => {
				buf += d;
				let i;
				while ((i = buf.indexOf('\n')) >= 0) {
					onLine(buf.slice(0, i));
					buf = buf.slice(i + 1);
				}
			});
			stream.on('end', () => buf && onLine(buf));
		}
		child.on('error', (e) => {
			tail.push(String(e));
			resolve({ ok: false, code: null, tail });
		});
		child.on('close', (code) => {
			progress.end(id, code === 0 ? '' : `failed, exit ${code}`);
			resolve({ ok: code === 0, code, tail });
		});
	});
}

/**
 * Installs n8n `version` (and sqlite3 beside it) with progress lines printed by `print` (a line at least every
 * 15 s), or as tasks of the given `progress` reporter (progress.js; its owner ticks it). Resolves { seconds };
 * rejects naming the exit code and the last lines when the n8n install failed.
 */
async function installWithProgress(
	version,
	{ print = console.log, now = Date.now, progress } = {},
) {
	// dev.js passes its own reporter (one ticker for the whole start); alone, this one ticks for itself
	const own = !progress;
	if (own) progress = createProgress({ now, print });
	const timer = own ? setInterval(() => progress.tick(), 1000) : undefined;
	const started = now();
	try {
		const [n8n] = await Promise.all([
			runInstaller(progress, 'n8n', version, path.join(cacheRoot(), `n8n-${version}`)),
			// a failed prebuild costs nothing: the n8n install then compiles sqlite3 itself
			runInstaller(progress, 'sqlite3', 'native'),
		]);
		if (!n8n.ok)
			throw new Error(
				`installing n8n ${version} failed (exit ${n8n.code}); its last lines:\n${n8n.tail.join('\n')}`,
			);
		return { seconds: Math.round((now() - started) / 1000) };
	} finally {
		clearInterval(timer);
	}
}

module.exports = { installWithProgress, countPackages };
