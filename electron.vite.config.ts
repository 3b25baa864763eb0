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
 * What the main process reads at run time besides its code, copied where the bundle looks for it: the
 * modules that read these files find them relative to themselves (new URL(..., import.meta.url)), which
 * once bundled is out/main/. data/scenarios.ts -> out/main/scenarios/, data/history.ts ->
 * out/main/history/ (the Victory screen's history check), electron/help.ts -> out/docs/ (Help's pages).
 * tests/desktop/built-app.test.ts runs the built main bundle and checks that each is found.
 */
export const RUNTIME_FILES = [
  { from: 'data/scenarios', to: 'out/main/scenarios' },
  { from: 'data/history', to: 'out/main/history' },
  { from: 'docs/how-to-play.md', to: 'out/docs/how-to-play.md' },
  { from: 'docs/rules-interpretations.md', to: 'out/docs/rules-interpretations.md' },
] as const;

function copyRuntimeFiles(): Plugin {
  return {
    name: 'muster:copy-runtime-files',
    apply: 'build',
    writeBundle() {
      for (const { from, to } of RUNTIME_FILES) {
        if (!existsSync(resolve(root, from))) throw new Error(`the build needs ${from}, which is missing`);
        cpSync(resolve(root, from), resolve(root, to), { recursive: true });
      }
    },
  };
}

export default defineConfig({
  main: {
    plugins: [copyRuntimeFiles()],
    build: {
      outDir: resolve(root, 'out/main'),
      // better-sqlite3 (a native addon cannot be bundled; its Node-API prebuilds load in Electron as they
      // are) and electron-log stay in node_modules, the app's only dependencies. zod and pure-rand are
      // bundled, so only the parts the app uses are shipped: they are devDependencies, which the packaged
      // app never carries.
      externalizeDeps: { exclude: ['zod', 'pure-rand'] },
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
