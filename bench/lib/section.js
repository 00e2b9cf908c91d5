'use strict';
/**
 * A benchmark's own section of bench/RESULTS.md, between its begin and end markers: each section is rewritten by
 * its own run and kept by the runs that do not measure it.
 */
const fs = require('fs');

function markedSection(begin, end) {
	/** Replaces this section in a RESULTS.md text (or appends it). */
	function spliceSection(text, section) {
		const a = text.indexOf(begin);
		const b = text.indexOf(end);
		if (a >= 0 && b > a) return text.slice(0, a) + section + text.slice(b + end.length);
		return `${text.replace(/\s*$/, '')}\n\n${section}\n`;
	}

	/** The section as it stands in a RESULTS.md text, if any. */
	function existingSection(text) {
		const a = text.indexOf(begin);
		const b = text.indexOf(end);
		return a >= 0 && b > a ? text.slice(a, b + end.length) : undefined;
	}

	function writeSection(file, section) {
		const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
		fs.writeFileSync(file, spliceSection(text, section));
	}

	return { spliceSection, existingSection, writeSection };
}

module.exports = { markedSection };
