// Test runner configuration: every suite under rules/, data/, db/, electron/ and tests/ runs in `npm test`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['rules/**/*.test.ts', 'data/**/*.test.ts', 'db/**/*.test.ts', 'electron/**/*.test.ts', 'scripts/**/*.test.ts', 'renderer/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['node_modules/**', 'out/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
