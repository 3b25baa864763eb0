/**
 * The screen an open game shows first (stores/app.ts firstScreen): the Roster, or the game screen the
 * address names as ?screen=<name>, which the opening frame served with the page follows too
 * (electron/opening-frame.ts).
 */
import { describe, expect, it } from 'vitest';
import { firstScreen } from './app';

describe('the first screen of an open game', () => {
  it.each([
    ['', 'roster'],
    ['?screen=history', 'history'],
    ['?screen=combat&x=1', 'combat'],
    ['?screen=victory', 'victory'],
    ['?screen=start', 'roster'],
    ['?screen=charts', 'roster'],
    ['?screen=%3Cimg%3E', 'roster'],
  ] as const)('address "%s": %s', (search, screen) => {
    expect(firstScreen(search)).toBe(screen);
  });
});
