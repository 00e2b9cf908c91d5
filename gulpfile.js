const { src, dest } = require('gulp');

/** Copies the light and dark SVG icons next to the compiled nodes and credentials. */
function buildIcons() {
	return src('icons/*.svg').pipe(dest('dist/icons'));
}

exports['build:icons'] = buildIcons;
