#!/usr/bin/env node
/**
 * A longer soak of the poll trigger's history checker (test/history/): random shop histories against the
 * in-process sandbox through n8n-core's poller, then the figures (histories, steps, changes checked, failures).
 *
 *   npm run fuzz -- --runs 500 [--seed 34] [--switches holding|all|emptyAnswer,repeat] [--resources page,user]
 *   npm run fuzz -- --seed 41 --path 3:0:1 ...   (replays a failure: the seed and path fast-check printed)
 */
'use strict';
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const args = process.argv.slice(2);
const env = { ...process.env };
const names = {
	runs: 'FUZZ_RUNS',
	seed: 'FUZZ_SEED',
	switches: 'FUZZ_SWITCHES',
	resources: 'FUZZ_RESOURCES',
	path: 'FUZZ_PATH',
};
for (let i = 0; i < args.length; i++) {
	const name = args[i].replace(/^--/, '');
	if (!(name in names)) {
		console.error(
			`unknown option ${args[i]}; options: ${Object.keys(names)
				.map((n) => `--${n}`)
				.join(', ')}`,
		);
		process.exit(2);
	}
	env[names[name]] = args[++i];
}
const root = path.join(__dirname, '..');
const jest = require.resolve('jest/bin/jest', { paths: [root] });
const result = spawnSync(
	process.execPath,
	[
		jest,
		'--runInBand',
		'--testTimeout',
		'86400000',
		'--testMatch',
		'**/test/history/soak.fuzz.ts',
		'--verbose=false',
	],
	{ cwd: root, env, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
