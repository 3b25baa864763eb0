/**
 * What the File menu's exports write: the roster (one line per unit, the roster sheet's columns) and
 * the game log (every event, with its die rolls) as CSV text. Each starts with the game's fingerprint
 * line, so an exported sheet says which state of which game it shows (GameInfo.fingerprint). Pure
 * functions; the app shell saves the text as a download.
 */
import type { DiceRecord, GameInfo, HistoryEntry, RosterUnit } from '../../contract';
import { lossPercent, unitFlags } from './roster-rows';

/** One CSV field: quoted when it holds a comma, quote or line break. */
export function csvField(value: string | number | boolean | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: (string | number | boolean | null)[]): string {
  return values.map(csvField).join(',');
}

/** What an export says about its game: its fingerprint, scenario and length when it was exported. */
export type ExportedGame = Pick<GameInfo, 'fingerprint' | 'scenarioName' | 'eventCount'>;

/** The first line of every export: the game fingerprint, with the scenario and the number of events. */
export function fingerprintLine(game: ExportedGame): string {
  return csvLine(['Muster game fingerprint', game.fingerprint, `${game.scenarioName}, ${game.eventCount} events`]);
}

export function rosterCsv(units: readonly RosterUnit[], game: ExportedGame): string {
  const header = ['id', 'side', 'unit', 'brigade', 'command path', 'arm', 'printed SP', 'SP lost', 'stragglers', 'abandoned guns', 'current SP', 'loss %', 'fatigue', 'status', 'orders', 'orders from', 'weapon', 'flags'];
  const lines = units.map((u) =>
    csvLine([
      u.id,
      u.side,
      u.name,
      u.commandPath[0] ?? '',
      u.commandPath.join(' < '),
      u.arm,
      u.sp,
      u.spLost,
      u.stragglers,
      u.abandonedGuns,
      u.currentSp,
      lossPercent(u.sp, u.currentSp),
      u.fatigue,
      u.status,
      u.effectiveOrder,
      u.orderSource,
      u.weapon,
      unitFlags(u).join('; '),
    ]),
  );
  return `${[fingerprintLine(game), csvLine(header), ...lines].join('\r\n')}\r\n`;
}

/**
 * The log oldest first; each die roll on its own line under its event. A game played from two seats has a
 * seat column after the kind (the seat that wrote the entry, as History gives it); a game at one laptop none.
 */
export function logCsv(entries: readonly HistoryEntry[], dice: ReadonlyMap<number, DiceRecord>, game: ExportedGame): string {
  const seats = entries.some((e) => (e.seat ?? null) !== null);
  const seat = (e: HistoryEntry) => (seats ? [e.seat ?? null] : []);
  const header = ['seq', 'at', 'turn', 'segment', 'phase', 'kind', ...(seats ? ['seat'] : []), 'summary', 'undone', 'die purpose', 'die source', 'die', 'modifiers', 'modified', 'target', 'outcome'];
  const lines: string[] = [];
  for (const e of [...entries].sort((a, b) => a.seq - b.seq)) {
    lines.push(csvLine([e.seq, e.at, e.turnId, e.segment, e.phase, e.kind, ...seat(e), e.summary, e.undone, null, null, null, null, null, null, null]));
    for (const seq of e.diceSeqs) {
      const d = dice.get(seq);
      if (!d) continue;
      const modifiers = d.modifiers.items.map((i) => `${i.label} ${i.value >= 0 ? '+' : ''}${i.value} (${i.rule})`).join('; ');
      lines.push(csvLine([e.seq, d.at, e.turnId, e.segment, e.phase, e.kind, ...seat(e), null, e.undone, d.purpose, d.source, d.roll, modifiers, d.modified, d.target, d.outcome]));
    }
  }
  return `${[fingerprintLine(game), csvLine(header), ...lines].join('\r\n')}\r\n`;
}

/** A file name from the game's: "gettysburg-20240101.muster" -> "gettysburg-20240101-roster.csv". */
export function exportFileName(gameFile: string, what: string): string {
  const base = (gameFile.split(/[\\/]/).pop() ?? 'muster').replace(/\.muster$/i, '');
  return `${base}-${what}.csv`;
}
