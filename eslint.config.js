const tsParser = require('@typescript-eslint/parser');
const jsoncParser = require('jsonc-eslint-parser');
const n8nNodesBase = require('eslint-plugin-n8n-nodes-base');
const { n8nCommunityNodesPlugin } = require('@n8n/eslint-plugin-community-nodes');

const rulesOf = (name) => n8nNodesBase.configs[name].rules;

module.exports = [
	{ ignores: ['dist/**', 'build/**', 'node_modules/**', 'eslint.config.js', 'gulpfile.js', 'jest.config.js'] },
	{
		files: ['package.json'],
		languageOptions: { parser: jsoncParser },
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: rulesOf('community'),
	},
	{
		files: ['**/*.ts'],
		languageOptions: { parser: tsParser, parserOptions: { sourceType: 'module' } },
	},
	{ files: ['nodes/**/*.ts', 'credentials/**/*.ts'], ...n8nCommunityNodesPlugin.configs.recommended },
	{
		files: ['credentials/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...rulesOf('credentials'),
			// Community credentials link to a full documentation URL, which these n8n-internal rules reject
			// (the community rule credential-documentation-url checks it instead).
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
			// As n8n's scanner: @n8n/community-nodes/credential-password-field checks secrets more accurately
			// (this rule also flags the API key, the public half of the app's key pair).
			'n8n-nodes-base/cred-class-field-type-options-password-missing': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...rulesOf('nodes'),
			// Superseded by @n8n/community-nodes/node-connection-type-literal, which requires NodeConnectionTypes.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
		},
	},
];
