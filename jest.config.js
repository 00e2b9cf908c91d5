const os = require('os');

/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	// tsconfig.json is the build of the shipped sources (n8n-node build); tests use the whole-tree config
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json' }] },
	testTimeout: 30000,
	// n8n-workflow's patterns on the editor's engine, not a vm with a 250 ms timeout a loaded CI machine ran past
	setupFiles: ['<rootDir>/test/harness/nativeRegex.ts'],
	// half as many workers again as cores: jest's default (cores - 1) ran a 2-core machine's suite in ONE worker (72 s
	// instead of 58 s); with one per core, a worker asleep (timers of latency and retry tests, child processes: about
	// 50 s asleep in all, test/workflow/pollTrigger 10 s, test/sandbox/faults 8 s, test/unit/installer 10 s) left its
	// core idle; a third worker on 2 cores runs then (docs/development.md, issue 50). Jest reads '150%' as 150
	maxWorkers: Math.floor(1.5 * (os.availableParallelism?.() ?? os.cpus().length)) || 1,
	// the slowest files first (the history soak in two halves): without it a fresh clone ran the soak last, alone
	testSequencer: '<rootDir>/test/slowFirst.js',
};
