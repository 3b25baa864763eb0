/**
 * Small text helpers shared by the screens: turn ids as players read them, signed modifiers, side
 * names, file names. Pure functions (no DOM).
 */
import type { Side } from '../../rules/types';
import type { DiceSource } from '../../contract';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "1863-07-01T0740" -> "1 July 1863, 0740" (the time track's own clock notation). Unknown shapes are returned as they are. */
export function formatTurnId(turnId: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{4})$/.exec(turnId);
  if (!m) return turnId;
  const [, year, month, day, time] = m;
  return `${Number(day)} ${MONTHS[Number(month) - 1] ?? month} ${year}, ${time}`;
}

/** +2, 0, −1 (a real minus sign). */
export function signed(value: number): string {
  return value > 0 ? `+${value}` : value < 0 ? `\u2212${Math.abs(value)}` : '0';
}

export function sideName(side: Side): string {
  return side === 'USA' ? 'Union (USA)' : 'Confederate (CSA)';
}

/** "1 unit", "2 units", "0 units": a count with its noun, singular only for one. */
export function counted(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** The last path segment, for showing a game file without its folder. */
export function fileName(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts[parts.length - 1] ?? path;
}

/**
 * A service message as players read it: the names of API functions and fields the service adds in
 * parentheses for programs calling it ("... (determineInitiativeLevels)", "(nothingToEnter)") are left out.
 */
/**
 * The window's title: the open game's name (its file name without .muster), then Muster. The desktop
 * app's main process sets the same (electron/main.ts), so the title bar says it before the page loads.
 */
export function gameTitle(file: string | null): string {
  if (file === null) return 'Muster';
  return `${fileName(file).replace(/\.muster$/i, '')} \u2014 Muster`;
}

export function forPlayers(message: string): string {
  return message.replace(/ \([a-z]+[A-Z][A-Za-z]*\)/g, '');
}

/** A game date ("1863-07-02") as the Turn bar shows it: "Thu, July 2, 1863". */
export function clockDateText(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return d.toLocaleDateString('en-US', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The light of a turn (ClockState.light) in words. */
export const LIGHT_TEXT: Record<string, string> = { day: 'Day', dusk: 'Dusk', night: 'Night', dawn: 'Dawn' };

const DIE_SOURCE_WORDS: Record<DiceSource, string> = { table: 'Table die', app: 'App rolled', joint: 'Rolled jointly by both seats' };

/** Where a die came from, in the players' words: "Table die", "App rolled", "Rolled jointly by both seats" ("table die"… mid-sentence). */
export function dieSourceWords(source: DiceSource, start: 'upper' | 'lower' = 'upper'): string {
  const words = DIE_SOURCE_WORDS[source];
  return start === 'upper' ? words : `${words[0]!.toLowerCase()}${words.slice(1)}`;
}
