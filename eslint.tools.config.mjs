// Lint rules for the hand-written files that do not ship: tests, benchmarks, scripts and the configs.
// The shipped sources (nodes/, credentials/, package.json) are linted by n8n's default config,
// eslint.config.mjs, unchanged as `n8n-node new` writes it (package.json "n8n.strict": true).
//
// Used two ways (`npm run lint`):
// - test/, bench/ and scripts/ each hold an eslint.config.mjs that re-exports this file, so `n8n-node lint`
//   (run with ESLINT_FLAGS=unstable_config_lookup_from_file, the default from ESLint 10 on) lints every file
//   with the config nearest to it: n8n's rules for what ships, these for the rest;
// - `eslint -c eslint.tools.config.mjs` for the config files at the root.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{ ignores: ['**/fixtures/**', '**/node_modules/**', '**/dist/**', '**/build/**', '**/*.d.ts'] },
	{
		files: ['**/*.{js,mjs,cjs,ts}'],
		extends: [js.configs.recommended, tseslint.configs.recommended],
		languageOptions: {
			ecmaVersion: 2023,
			globals: { ...globals.node },
		},
		rules: {
			// Unused names are errors, except the deliberate ones: `_`-prefixed arguments of callbacks whose
			// signature is fixed (express handlers, n8n hooks) and rest siblings used to drop a key.
			'@typescript-eslint/no-unused-vars': [
				'error',
				{
					argsIgnorePattern: '^_',
					varsIgnorePattern: '^_',
					ignoreRestSiblings: true,
					caughtErrors: 'none',
				},
			],
		},
	},
	{
		// CommonJS: the scripts and benchmarks are plain Node.js programs loaded with require().
		files: ['**/*.{js,cjs}'],
		languageOptions: { sourceType: 'commonjs' },
		rules: { '@typescript-eslint/no-require-imports': 'off' },
	},
	{
		files: ['**/*.ts'],
		languageOptions: { globals: { ...globals.jest } },
		rules: {
			// The TypeScript files here are tests and the sandbox store (bench/ and scripts/ are JavaScript).
			// They read JSON answers whose shape is what the assertion itself checks (`json.promotions.map((p:
			// any) => p.id)`): a type for each answer would restate the spec, and `unknown` would need a cast per
			// line. The shipped sources keep the rule (n8n's default config).
			'@typescript-eslint/no-explicit-any': 'off',
		},
	},
);
