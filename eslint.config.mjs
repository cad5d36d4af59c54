import tseslint from 'typescript-eslint';
import jsoncParser from 'jsonc-eslint-parser';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';

const n8nBase = { 'n8n-nodes-base': n8nNodesBase };

export default tseslint.config(
	{ ignores: ['dist/**', 'node_modules/**', 'test/**', 'sandbox/**', 'scripts/**', 'bench/**', 'examples/**', 'gulpfile.js', 'jest.config.js'] },
	{
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		extends: [tseslint.configs.recommended],
		languageOptions: { parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname } },
	},
	{ files: ['**/*.ts', 'package.json'], ...n8nCommunityNodesPlugin.configs.recommended },
	{
		files: ['package.json'],
		languageOptions: { parser: jsoncParser },
		plugins: n8nBase,
		rules: { ...n8nNodesBase.configs.community.rules },
	},
	{
		files: ['credentials/**/*.ts'],
		plugins: n8nBase,
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// Meant for n8n's main repository: it wants a camelCase slug, while -not-http-url wants the https URL community credentials need.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		plugins: n8nBase,
		rules: { ...n8nNodesBase.configs.nodes.rules },
	},
);
