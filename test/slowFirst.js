'use strict';
/**
 * Jest's order of the test files, the slowest first (jest.config.js `testSequencer`). Jest orders by the times of
 * the last run it remembers, else (a fresh clone) by file size, which put the history soak's small files last: on
 * 2 cores one worker then ran the soak alone for minutes while the other had nothing left (docs/development.md).
 * The files named here, the slowest measured, start first, in this order; every other file keeps jest's order.
 */
const path = require('path');
const Sequencer = require('@jest/test-sequencer').default;

/** The slowest test files, slowest first (jest-results.json of a fresh clone's `npm test`). */
const SLOW = [
	'test/history/checker.test.ts',
	'test/history/checkerTwo.test.ts',
	'test/unit/poll/ledger/review.test.ts',
	'test/history/issue41.test.ts',
	'test/history/knownFailures.test.ts',
	'test/unit/installer.test.ts',
	'test/unit/poll/backlog.test.ts',
	'test/unit/poll/deletions.test.ts',
	'test/unit/poll/habitsIds.test.ts',
	'test/workflow/bulk.test.ts',
	'test/sandbox/ownerCommands.test.ts',
	'test/reliability/signatures.test.ts',
	'test/workflow/pollReads.test.ts',
	'test/history/limits.test.ts',
];

/** The rank of a file: its place in SLOW, else after them all. */
function rank(file, root) {
	const rel = path.relative(root, file).split(path.sep).join('/');
	const i = SLOW.indexOf(rel);
	return i < 0 ? SLOW.length : i;
}

/** `tests` (jest's Test objects, each with `path` and `context.config.rootDir`) in jest's order, SLOW first. */
function slowFirst(tests) {
	return tests
		.map((t, i) => ({ t, i, r: rank(t.path, t.context.config.rootDir) }))
		.sort((a, b) => a.r - b.r || a.i - b.i)
		.map(({ t }) => t);
}

class SlowFirst extends Sequencer {
	sort(tests) {
		return slowFirst(super.sort(tests));
	}
}

module.exports = SlowFirst;
module.exports.SLOW = SLOW;
module.exports.slowFirst = slowFirst;
