// Module resolution hooks: the built main bundle's `electron` and `electron-log/main` imports resolve to
// the stand-ins beside this file (which re-export electron/test-support/fake-electron.ts); every other
// import resolves as Node would, from the built bundle's own folder and node_modules.
import { URL } from 'node:url';

const STAND_INS = {
  electron: new URL('./electron.ts', import.meta.url).href,
  'electron-log/main': new URL('./electron-log.ts', import.meta.url).href,
};

export async function resolve(specifier, context, nextResolve) {
  const standIn = STAND_INS[specifier];
  if (standIn !== undefined) return { url: standIn, shortCircuit: true };
  return nextResolve(specifier, context);
}
