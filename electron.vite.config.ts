/**
 * electron-vite build of the three parts of the desktop app (no Electron binary needed):
 * main (electron/main.ts -> out/main/main.js, ESM), preload (electron/preload.ts ->
 * out/preload/preload.cjs: sandboxed preloads must be CommonJS and self-contained) and the
 * renderer (renderer/index.html -> out/renderer, served from app://muster/).
 */
import { cpSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { CHANNELS } from './contract';

const root = import.meta.dirname;

/**
 * data/scenarios.ts finds the built-in scenarios next to itself (new URL('./scenarios/', import.meta.url));
 * once bundled that is out/main/scenarios/, so the JSON files are copied there.
 */
function copyScenarios(): Plugin {
  return {
    name: 'muster:copy-scenarios',
    apply: 'build',
    writeBundle() {
      const from = resolve(root, 'data/scenarios');
      if (existsSync(from)) cpSync(from, resolve(root, 'out/main/scenarios'), { recursive: true });
    },
  };
}

export default defineConfig({
  main: {
    plugins: [copyScenarios()],
    build: {
      outDir: resolve(root, 'out/main'),
      // electron-log, zod, pure-rand and better-sqlite3 stay in node_modules (a native addon cannot be
      // bundled; better-sqlite3 13's Node-API prebuilds load in Electron as they are).
      externalizeDeps: true,
      sourcemap: true,
      rollupOptions: {
        input: { main: resolve(root, 'electron/main.ts') },
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  },
  preload: {
    // The channel table derived from the contract, so the sandboxed preload needs no zod (electron/preload.ts).
    define: { __MUSTER_CHANNELS__: JSON.stringify(CHANNELS) },
    build: {
      outDir: resolve(root, 'out/preload'),
      // A sandboxed preload can require only 'electron': everything else is bundled in.
      externalizeDeps: false,
      rollupOptions: {
        input: { preload: resolve(root, 'electron/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    base: './',
    plugins: [vue()],
    // The screens are all <script setup>: leave Vue's Options API out of the bundle.
    define: { __VUE_OPTIONS_API__: false },
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      // electron-vite leaves the renderer unminified by default; minified it is under half the size.
      minify: true,
      target: 'chrome140',
      // The CSP allows no inline script: keep Vite from injecting its preload polyfill.
      modulePreload: { polyfill: false },
      rollupOptions: {
        input: { index: resolve(root, 'renderer/index.html') },
      },
    },
  },
});
