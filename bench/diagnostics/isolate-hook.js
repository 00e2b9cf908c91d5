'use strict';
/**
 * Preloaded into `n8n start` (NODE_OPTIONS=--require) by isolates.js: counts the expression isolates n8n 2.x
 * acquires, by the code that asks for one, and writes the counts to $ISOLATE_COUNT_DIR/isolates-<pid>.json.
 * Diagnostic only: it wraps n8n-workflow's Expression.prototype.acquireIsolate in that process.
 */
const fs = require('fs');
const path = require('path');

const root = process.env.ISOLATE_COUNT_N8N_ROOT;
const outDir = process.env.ISOLATE_COUNT_DIR;
const { Expression } = require(path.join(root, 'node_modules', 'n8n-workflow', 'dist', 'cjs', 'expression.js'));

const counts = {};
const original = Expression.prototype.acquireIsolate;
Expression.prototype.acquireIsolate = async function acquireIsolateCounted() {
	const acquired = await original.call(this);
	if (acquired) {
		// the first frame outside n8n-workflow names the caller
		const frames = new Error().stack.split('\n').slice(2).map((l) => l.trim());
		const caller = frames.find((f) => !/n8n-workflow/.test(f)) ?? frames[0] ?? '?';
		const name = caller.replace(/^at /, '').replace(/ \(.*$/, '');
		counts[name] = (counts[name] ?? 0) + 1;
	}
	return acquired;
};

const write = () => fs.writeFileSync(path.join(outDir, `isolates-${process.pid}.json`), JSON.stringify(counts));
setInterval(write, 500).unref();
process.on('exit', write);
