// Test runner configuration: every suite under rules/, data/, db/, electron/ and tests/ runs in `npm test`.
import { defineConfig } from 'vitest/config';
import { CHANNELS } from './contract';

export default defineConfig({
  // As in the preload's build (electron.vite.config.ts): the channel table derived from the contract.
  define: { __MUSTER_CHANNELS__: JSON.stringify(CHANNELS) },
  test: {
    include: ['rules/**/*.test.ts', 'contract/**/*.test.ts', 'data/**/*.test.ts', 'db/**/*.test.ts', 'electron/**/*.test.ts', 'scripts/**/*.test.ts', 'renderer/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['node_modules/**', 'out/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
