// Lint rules for Muster. Besides the TypeScript recommendations, this enforces two house rules:
// the rules engine stays pure (no I/O or UI imports), and no product code calls Math.random.
import js from '@eslint/js';
import pluginVue from 'eslint-plugin-vue';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', '.native-electron/**', 'out/**', 'dist/**', 'release/**', 'coverage/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Dice go through the injected roller: rules/ is pure, no randomness (docs/architecture.md).' }],
    },
  },
  {
    files: ['rules/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          group: ['electron', 'vue', 'pinia', 'better-sqlite3', 'fs', 'node:*', 'path', 'child_process', 'os', 'http', 'https', 'net', '../db/*', '../electron/*', '../renderer/*'],
          message: 'rules/ is pure: no I/O, UI or database imports.',
        }],
      }],
    },
  },
  // The screens: Vue single-file components (TypeScript in <script setup>), and the renderer's layer
  // boundary (docs/architecture.md): values only from vue, pinia, rules/ and the renderer itself; the contract,
  // the service and the shell are imported for their types only.
  ...pluginVue.configs['flat/recommended'].map((config) => ({ ...config, files: ['renderer/**/*.vue'] })),
  {
    files: ['renderer/**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'], sourceType: 'module' } },
    rules: {
      // TypeScript checks names (vue-tsc), as typescript-eslint advises for .ts files.
      'no-undef': 'off',
      // Dense tables read better with several short attributes on a line.
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': ['error', { html: { void: 'always', normal: 'never', component: 'always' } }],
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.vue'],
    ignores: ['renderer/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{
          group: ['electron', 'better-sqlite3', 'node:*', 'fs', 'path', '**/db/*', '**/data/*', '**/electron/*'],
          allowTypeImports: true,
          message: 'renderer/ reaches the game only through window.muster (renderer/src/api.ts); import contract and service types with `import type`.',
        }],
      }],
    },
  },
);
