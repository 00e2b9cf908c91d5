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
const { Expression } = require(
	path.join(root, 'node_modules', 'n8n-workflow', 'dist', 'cjs', 'expression.js'),
);

const counts = {};
/** Counts one acquisition under the first stack frame outside n8n's expression code. */
function count(prefix) {
	const frames = new Error().stack
		.split('\n')
		.slice(3)
		.map((l) => l.trim());
	const caller = frames.find((f) => !/n8n-workflow|expression-runtime/.test(f)) ?? frames[0] ?? '?';
	const name = `${prefix}${caller.replace(/^at /, '').replace(/ \(.*$/, '')}`;
	counts[name] = (counts[name] ?? 0) + 1;
}

const lazy = process.env.N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE === 'true';
const original = Expression.prototype.acquireIsolate;
Expression.prototype.acquireIsolate = async function acquireIsolateCounted() {
	const acquired = await original.call(this);
	// with N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true this only opens a scope: the isolates are counted below
	if (acquired && !lazy) count('');
	return acquired;
};
// lazy acquisition: an isolate is taken on the first evaluation that needs one (n8n 2.x's expression runtime)
try {
	const runtime = path.join(
		root,
		'node_modules',
		'@n8n',
		'expression-runtime',
		'dist',
		'cjs',
		'evaluator',
		'expression-evaluator.js',
	);
	const { ExpressionEvaluator } = require(runtime);
	const originalSync = ExpressionEvaluator?.prototype?.acquireBridgeSync;
	if (originalSync) {
		ExpressionEvaluator.prototype.acquireBridgeSync = function acquireBridgeSyncCounted(...args) {
			count('lazy, first evaluation: ');
			return originalSync.apply(this, args);
		};
	}
} catch {
	/* an n8n without the lazy runtime */
}

const write = () =>
	fs.writeFileSync(path.join(outDir, `isolates-${process.pid}.json`), JSON.stringify(counts));
setInterval(write, 500).unref();
process.on('exit', write);
