const { src, dest, parallel } = require('gulp');

/** Copies the light and dark SVG icons next to the compiled nodes and credentials. */
function buildIcons() {
	return src('icons/*.svg').pipe(dest('dist/icons'));
}

/** Copies the nodes' codex files (categories, aliases, documentation links) beside their code. */
function buildCodex() {
	return src('nodes/**/*.node.json').pipe(dest('dist/nodes'));
}

exports['build:icons'] = parallel(buildIcons, buildCodex);
