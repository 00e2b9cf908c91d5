/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	// tsconfig.json is the build of the shipped sources (n8n-node build); tests use the whole-tree config
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json' }] },
	testTimeout: 30000,
	// one worker per core: jest's default (cores - 1) runs a 2-core machine's suite in ONE worker (72 s instead of 58 s)
	maxWorkers: '100%',
	// the slowest files first (the history soak in two halves): without it a fresh clone ran the soak last, alone
	testSequencer: '<rootDir>/test/slowFirst.js',
};
