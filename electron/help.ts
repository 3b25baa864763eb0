/**
 * Help's pages: how to play with Muster (docs/how-to-play.md), then the rules interpretations
 * (docs/rules-interpretations.md). Both are Markdown files of the project; the build copies them to
 * out/docs/ (electron.vite.config.ts), so from the sources (electron/help.ts) and from the built main
 * bundle (out/main/main.js) alike they are at ../docs/ beside the code that reads them, and the
 * packaged app carries them inside app.asar with the rest of out/.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HelpText } from '../contract';

export const HELP_FILES = { guide: 'how-to-play.md', readings: 'rules-interpretations.md' } as const;

/** The folder holding Help's pages: docs/ of the project, or out/docs/ of the build. */
export function defaultHelpDir(): string {
  return join(dirname(fileURLToPath(import.meta.url)), '..', 'docs');
}

export function readHelp(dir: string = defaultHelpDir()): HelpText {
  return {
    title: 'Muster Help',
    guide: readFileSync(join(dir, HELP_FILES.guide), 'utf8'),
    readings: readFileSync(join(dir, HELP_FILES.readings), 'utf8'),
  };
}
