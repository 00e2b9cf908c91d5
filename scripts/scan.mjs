#!/usr/bin/env node
/**
 * n8n's verification scanner (@n8n/scan-community-package), both legs, offline:
 *   1. the source tree, with the file patterns the scanner uses on the attested source checkout;
 *   2. the `npm pack` output unpacked, with the patterns it uses on the published tarball.
 * The scanner's CLI downloads the published package and its provenance from the registry and
 * GitHub; here its library API lints what we would publish, with the scanner's own ESLint
 * config (inline eslint-disable comments ignored). Exit 1 on any error.
 *
 *   node scripts/scan.mjs            both legs (packs the package; run `npm run build` first)
 *   node scripts/scan.mjs --source   the source leg only
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
	analyzePackage,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARBALL_FILE_PATTERNS = ['**/*.js', 'package.json'];

function packTo(dir) {
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	const r = spawnSync(npm, ['pack', '--pack-destination', dir, '--json', '--ignore-scripts'], {
		cwd: root,
		encoding: 'utf8',
	});
	if (r.status !== 0) throw new Error(`npm pack failed: ${r.stderr}`);
	const [{ filename, files }] = JSON.parse(r.stdout);
	const unpacked = path.join(dir, 'package');
	const t = spawnSync('tar', ['-xzf', path.join(dir, path.basename(filename)), '-C', dir], {
		encoding: 'utf8',
	});
	if (t.status !== 0) throw new Error(`tar failed: ${t.stderr}`);
	return { unpacked, files: files.map((f) => f.path) };
}

function count(dir, patterns) {
	// the same selection analyzePackage lints, for the printed summary
	return fs.readdirSync(dir, { recursive: true }).filter((f) => {
		const p = String(f);
		if (p.startsWith('node_modules')) return false;
		if (patterns.includes('package.json') && p === 'package.json') return true;
		return patterns === SOURCE_FILE_PATTERNS
			? /^(nodes|credentials)\/.*\.(js|ts|json)$/.test(p)
			: p.endsWith('.js');
	}).length;
}

async function leg(name, dir, patterns) {
	const t0 = Date.now();
	const result = await analyzePackage(dir, patterns);
	const ms = Date.now() - t0;
	const files = count(dir, patterns);
	if (result.passed) console.log(`scan ${name}: passed, 0 errors (${files} files, ${ms} ms)`);
	else
		console.log(`scan ${name}: FAILED: ${result.message}\n${result.details || result.error || ''}`);
	return result.passed;
}

const onlySource = process.argv.includes('--source');
let ok = await leg('source tree', root, SOURCE_FILE_PATTERNS);
if (!onlySource) {
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-pack-'));
	try {
		const { unpacked, files } = packTo(tmp);
		console.log(
			`scan tarball: ${files.length} files: ${files.filter((f) => !f.startsWith('dist/')).join(', ')} + dist/`,
		);
		ok = (await leg('packed tarball', unpacked, TARBALL_FILE_PATTERNS)) && ok;
	} finally {
		fs.rmSync(tmp, { recursive: true, force: true });
	}
}
process.exit(ok ? 0 : 1);
