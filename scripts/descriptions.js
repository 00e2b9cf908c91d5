#!/usr/bin/env node
/**
 * Prints each built node's and credential's description (dist/, after `npm run build`) as JSON, one file per
 * class, into the folder given (default build/descriptions). Two runs compared with `diff -r` show whether a
 * change of the sources changed what n8n's editor receives: a pure move of code must leave every file equal.
 *
 *   npm run build && node scripts/descriptions.js /tmp/before   (then the change, then /tmp/after; diff -r)
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const out = path.resolve(process.argv[2] ?? path.join(root, 'build', 'descriptions'));
const pkg = require(path.join(root, 'package.json'));

/** Functions (loadOptions, authenticate) are printed as their source, so a change of them shows too. */
function render(value) {
	return JSON.stringify(
		value,
		(_key, v) => (typeof v === 'function' ? `[function] ${v.toString()}` : v),
		'\t',
	);
}

fs.mkdirSync(out, { recursive: true });
for (const file of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) {
	const name = path.basename(file, '.js').replace(/\.(node|credentials)$/, '');
	const Class = require(path.join(root, file))[name];
	const instance = new Class();
	const description = instance.description ?? instance;
	const methods = instance.methods ? Object.keys(instance.methods).sort() : undefined;
	fs.writeFileSync(path.join(out, `${name}.json`), `${render({ description, methods })}\n`);
}
console.log(`descriptions: ${out}`);
