/**
 * The window's size and place, remembered between sessions (window-state.json in the user-data folder).
 * Pure placement (which saved place still fits the screens the computer has now) and a tolerant file:
 * a missing, unreadable or malformed file means "the default window", never an error.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export const WINDOW_STATE_NAME = 'window-state.json';
export const DEFAULT_WINDOW_SIZE = { width: 1366, height: 860 } as const;
export const MIN_WINDOW_SIZE = { width: 1024, height: 640 } as const;
/** How much of the window's top must be on some screen for the saved place to be used (it can be grabbed). */
const MIN_VISIBLE = { width: 120, height: 40 } as const;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SavedWindowState extends Rect {
  maximized: boolean;
  fullScreen: boolean;
}

/** Where and how big the window opens: x and y are left out when the window is to be centred. */
export interface WindowPlacement {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
  fullScreen: boolean;
}

const isWhole = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && Math.abs(n) < 100_000;

export function parseWindowState(text: string): SavedWindowState | null {
  try {
    const v = JSON.parse(text) as Record<string, unknown>;
    if (!isWhole(v.x) || !isWhole(v.y) || !isWhole(v.width) || !isWhole(v.height)) return null;
    if (v.width <= 0 || v.height <= 0) return null;
    return {
      x: Math.round(v.x),
      y: Math.round(v.y),
      width: Math.round(v.width),
      height: Math.round(v.height),
      maximized: v.maximized === true,
      fullScreen: v.fullScreen === true,
    };
  } catch {
    return null;
  }
}

export function readWindowState(file: string): SavedWindowState | null {
  try {
    return parseWindowState(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Written whole to a temporary file and renamed over the old one, so a crash never leaves half a file. */
export function writeWindowState(file: string, state: SavedWindowState): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(state)}\n`);
  renameSync(temporary, file);
}

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)),
  };
}

/**
 * The placement for the saved state on the screens the computer has now: the saved place when the window's
 * title bar would be on a screen (enough of it to grab), its size no larger than that screen's work area; a
 * centred window of the saved (or default) size otherwise, as when a second monitor was unplugged.
 */
export function placeWindow(saved: SavedWindowState | null, workAreas: readonly Rect[]): WindowPlacement {
  const largest = workAreas.reduce<Rect | null>((best, a) => (best === null || a.width * a.height > best.width * best.height ? a : best), null);
  const fit = (size: { width: number; height: number }, area: Rect | null) => ({
    width: Math.max(MIN_WINDOW_SIZE.width, area ? Math.min(size.width, area.width) : size.width),
    height: Math.max(MIN_WINDOW_SIZE.height, area ? Math.min(size.height, area.height) : size.height),
  });
  if (saved === null) return { ...fit(DEFAULT_WINDOW_SIZE, largest), maximized: false, fullScreen: false };
  const titleBar: Rect = { x: saved.x, y: saved.y, width: saved.width, height: MIN_VISIBLE.height };
  const home = workAreas.find((area) => {
    const seen = overlap(titleBar, area);
    return seen.width >= Math.min(MIN_VISIBLE.width, saved.width) && seen.height >= MIN_VISIBLE.height;
  });
  const state = { maximized: saved.maximized, fullScreen: saved.fullScreen };
  if (home === undefined) return { ...fit(saved, largest), ...state };
  return { x: saved.x, y: saved.y, ...fit(saved, home), ...state };
}
