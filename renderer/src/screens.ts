/**
 * The screens of the app and their labels (the navigation buttons' accessible names). Plain constants,
 * shared by the app shell and the end-to-end harness (tests/e2e/harness.ts), so the two cannot drift.
 */
export const SCREENS = ['start', 'setup', 'roster', 'leaders', 'turn', 'combat', 'history', 'victory', 'charts'] as const;
export type ScreenName = (typeof SCREENS)[number];

export const SCREEN_LABELS: Record<ScreenName, string> = {
  start: 'Start',
  setup: 'Setup',
  roster: 'Roster',
  leaders: 'Leaders',
  turn: 'Turn',
  combat: 'Combat',
  history: 'History',
  victory: 'Victory',
  charts: 'Charts',
};

/** Screens that need an open game (the player's Charts are his own, kept outside any game). */
export const GAME_SCREENS: readonly ScreenName[] = ['setup', 'roster', 'leaders', 'turn', 'combat', 'history', 'victory'];

/** Alt+<digit> shortcuts, in navigation order (Alt+1 Start ... Alt+9 Charts). */
export function screenForDigit(digit: number): ScreenName | undefined {
  return SCREENS[digit - 1];
}

/**
 * The longest the opening frame the page is served with stays in front of the app (renderer/src/opening-frame.ts),
 * even if the app's first screen never says it is ready.
 */
export const FRAME_AT_MOST_MS = 3000;

/** The element of the message shown when the screens fail (renderer/src/screen-errors.ts). */
export const SCREEN_ERROR_ID = 'screen-error';
