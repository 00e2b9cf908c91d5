const { src, dest } = require('gulp');

/**
 * Copies the nodes' codex files (categories, aliases, documentation links) beside their compiled code.
 * `n8n-node build` (npm run build) compiles with tsc and copies the icons (every *.png and *.svg) itself,
 * but not the *.node.json codex files, so this task runs after it.
 */
function buildCodex() {
	return src('nodes/**/*.node.json').pipe(dest('dist/nodes'));
}

exports['build:codex'] = buildCodex;
