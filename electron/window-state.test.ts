// The window opens where the player left it, as long as that place is still on one of the computer's
// screens; a file that is missing or damaged means the default window.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_WINDOW_SIZE, MIN_WINDOW_SIZE, parseWindowState, placeWindow, readWindowState, writeWindowState, type SavedWindowState } from './window-state';

const laptop = { x: 0, y: 0, width: 1366, height: 728 };
const secondMonitor = { x: 1366, y: 0, width: 1920, height: 1050 };
const saved = (over: Partial<SavedWindowState> = {}): SavedWindowState => ({ x: 100, y: 50, width: 1200, height: 700, maximized: false, fullScreen: false, ...over });

describe('placing the window', () => {
  it('without a saved state: the default size, centred (no x and y), no larger than the screen', () => {
    expect(placeWindow(null, [{ x: 0, y: 0, width: 1920, height: 1040 }])).toEqual({ ...DEFAULT_WINDOW_SIZE, maximized: false, fullScreen: false });
    expect(placeWindow(null, [laptop])).toEqual({ width: 1366, height: 728, maximized: false, fullScreen: false });
  });

  it('where it was, when that place is on a screen', () => {
    expect(placeWindow(saved(), [laptop])).toEqual({ x: 100, y: 50, width: 1200, height: 700, maximized: false, fullScreen: false });
    expect(placeWindow(saved({ x: 1500, y: 30 }), [laptop, secondMonitor])).toMatchObject({ x: 1500, y: 30 });
  });

  it('on the second monitor after it was unplugged: centred on the screen there is, its size kept within it', () => {
    const placed = placeWindow(saved({ x: 1500, y: 30, width: 1800, height: 1000 }), [laptop]);
    expect(placed).toEqual({ width: 1366, height: 728, maximized: false, fullScreen: false });
  });

  it('with its title bar off the top of every screen: centred, so it can be grabbed', () => {
    expect(placeWindow(saved({ y: -300 }), [laptop])).not.toHaveProperty('y');
  });

  it('never smaller than the smallest window the screens are laid out for', () => {
    expect(placeWindow(saved({ width: 300, height: 200 }), [laptop])).toMatchObject({ width: MIN_WINDOW_SIZE.width, height: MIN_WINDOW_SIZE.height });
  });

  it('keeps maximized and full screen', () => {
    expect(placeWindow(saved({ maximized: true }), [laptop]).maximized).toBe(true);
    expect(placeWindow(saved({ fullScreen: true }), [laptop]).fullScreen).toBe(true);
  });
});

describe('the window-state file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'muster-window-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is read back as written, through a temporary file renamed over it', () => {
    const file = join(dir, 'sub', 'window-state.json');
    writeWindowState(file, saved({ maximized: true }));
    expect(readWindowState(file)).toEqual(saved({ maximized: true }));
    expect(() => readFileSync(`${file}.tmp`)).toThrow();
  });

  it.each([
    ['missing', null],
    ['not JSON', '{"x": 1'],
    ['a string for a number', '{"x":"10","y":0,"width":800,"height":600}'],
    ['a zero width', '{"x":0,"y":0,"width":0,"height":600}'],
    ['an absurd size', '{"x":0,"y":0,"width":1e12,"height":600}'],
  ])('%s: no saved state', (_what, text) => {
    const file = join(dir, 'window-state.json');
    if (text !== null) writeFileSync(file, text);
    expect(readWindowState(file)).toBeNull();
  });

  it('fractions are rounded and unknown flags are false', () => {
    expect(parseWindowState('{"x":10.4,"y":20.6,"width":1100.2,"height":700.7,"maximized":"yes"}')).toEqual({ x: 10, y: 21, width: 1100, height: 701, maximized: false, fullScreen: false });
  });
});
