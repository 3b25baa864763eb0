// Lint rules for Muster. Besides the TypeScript recommendations, this enforces two house rules:
// the rules engine stays pure (no I/O or UI imports), and no product code calls Math.random.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', 'release/**', 'coverage/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Dice go through the injected roller (GUIDE §6).' }],
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
);
