'use strict';
/**
 * Runs the leg files with node:test IN THE ORDER GIVEN, `concurrency` at a time: the spec reporter on stdout and
 * TAP into a file; exits 1 when any test failed. run.js starts it (in its own process group):
 *
 *   node test/e2e/legs.js <tap file> <concurrency> <leg file>...
 *
 * `node --test a b c` sorts its files by name, so the longest legs (queue, healing) would start late and the run
 * would end with them alone; node:test's `run({ files })` keeps the order.
 */
const fs = require('fs');
const { PassThrough } = require('stream');
const { run } = require('node:test');
const { spec, tap } = require('node:test/reporters');

const [tapFile, concurrency, ...files] = process.argv.slice(2);
const events = run({ files, concurrency: Number(concurrency) });
let failed = false;
events.on('test:fail', () => (failed = true));
const toSpec = new PassThrough({ objectMode: true });
const toTap = new PassThrough({ objectMode: true });
events.pipe(toSpec);
events.pipe(toTap);
toSpec.compose(new spec()).pipe(process.stdout);
toTap.compose(tap).pipe(fs.createWriteStream(tapFile));
process.on('exit', () => {
	if (failed) process.exitCode = 1;
});
