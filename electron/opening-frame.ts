/**
 * The opening frame: the first screenful of the screen an open game shows first (the Roster, or the
 * History when the address asks for it with ?screen=history), written into the page the app is served
 * in (index.html) by the desktop app's app:// handler and by the browser bridge. The players see the
 * game the moment the page is parsed, before the app's code has run; the app paints its own screen
 * behind the frame and takes its place once it is ready (renderer/src/main.ts, App.vue).
 *
 * It is a picture, not a second app: inert, hidden from assistive technology, no script, no handler,
 * every text escaped. It is made from one read of each kind the screen's first paint needs (the game's
 * info and the Roster sheet, or the newest page of the log and of the rolls), asked as nobody, so it
 * never shows a side's secret entry (RI-H01); the words of its cells come from the same pure helpers
 * as the screens' (roster-rows.ts, history-lines.ts, format.ts), and an end-to-end test holds its rows
 * to the screen's rows.
 */
import type { DiceRecord, DiceQuery, GameInfo, HistoryEntry, HistoryQuery, RosterSheet, Viewer } from '../contract';
import { LIGHT_TEXT, clockDateText, dieSourceWords, formatTurnId } from '../renderer/src/format';
import { EVENT_KIND_WORDS, HISTORY_FIRST_PAGE, SIDE_TEXT, drmWords, historyLines, recordedAt, type HistoryLine } from '../renderer/src/history-lines';
import { NO_FILTERS, STATUS_LABELS, commandFlags, levelAbbrev, orderSourceWords, rosterRows, unitFlags, type RosterRow } from '../renderer/src/roster-rows';
import { SCREENS, SCREEN_LABELS } from '../renderer/src/screens';

/** The screens that have an opening frame. */
export type FrameScreen = 'roster' | 'history';

/** Rows in a frame when the height of the window is not known: the desktop window's first size shows 29. */
export const DEFAULT_FRAME_ROWS = 32;
/** Where the rows start in the frame (the Turn bar, the navigation, the heading, the table's header), and a row's height. */
const ROWS_TOP_PX = 153;
const ROW_PX = 24;

/** The rows a window `viewportHeight` pixels tall shows (as many as the app's screen shows there), or the default. */
export function frameRowsFor(viewportHeight: number | undefined): number {
  if (viewportHeight === undefined || !Number.isFinite(viewportHeight) || viewportHeight <= 0) return DEFAULT_FRAME_ROWS;
  return Math.min(120, Math.max(4, Math.ceil((viewportHeight - ROWS_TOP_PX) / ROW_PX)));
}

/** What a frame is made from: the game service's queries (db/service.ts, electron/game-backend.ts). */
export interface FrameSource {
  info(): GameInfo;
  rosterSheet(input?: { viewer?: Viewer }): RosterSheet;
  history(input: HistoryQuery): HistoryEntry[];
  diceLog(input: DiceQuery): DiceRecord[];
}

/**
 * The screen a page address opens on, when it has a frame: ?screen=<name> names the first screen (as
 * the app reads it, stores/app.ts firstScreen); without it an open game shows the Roster. Null for the
 * screens without a frame.
 */
export function frameScreenOf(address: string): FrameScreen | null {
  let screen: string | null;
  try {
    screen = new URL(address, 'app://muster/').searchParams.get('screen');
  } catch {
    return null;
  }
  if (screen === null || screen === '' || screen === 'roster') return 'roster';
  return screen === 'history' ? 'history' : null;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML text or attribute value: nothing in it can open a tag or close an attribute. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A table cell of `html` (escaped by the caller: its text goes through escapeHtml), with its class and title if any. */
function td(html: string | number, options: { cls?: string; title?: string } = {}): string {
  const cls = options.cls ? ` class="${escapeHtml(options.cls)}"` : '';
  const title = options.title ? ` title="${escapeHtml(options.title)}"` : '';
  return `<td${cls}${title}>${html}</td>`;
}

const strong = (text: string | number) => `<strong>${escapeHtml(text)}</strong>`;
const muted = (cls: string, text: string) => `<span class="${cls}">${escapeHtml(text)}</span>`;

/** The Turn bar's first two lines and the navigation, as the app shell shows them (App.vue, TurnBar.vue). */
function chrome(info: GameInfo, screen: FrameScreen): string {
  const c = info.clock;
  const light = LIGHT_TEXT[c.light] ?? c.light;
  const turn = [
    '<div class="of-turn">',
    `<div class="of-turn-line"><span class="of-clock"><span>${escapeHtml(clockDateText(c.date))}</span> <strong class="of-time">${escapeHtml(c.time)}</strong>`,
    ` <span class="of-light of-light-${escapeHtml(c.light)}">${escapeHtml(light)}</span> <span class="of-turn-count">turn ${c.turnIndex + 1} of ${c.turnCount}</span></span>`,
    `<span><span class="of-segment">${escapeHtml(`${c.segment}. ${c.segmentName}`)}</span><span class="of-sep"> › </span>${escapeHtml(`${c.phase}. ${c.phaseName}`)}</span></div>`,
    `<p class="of-now"><strong>Now:</strong> ${escapeHtml(c.whatHappens)}</p>`,
    '</div>',
  ].join('');
  const screens = SCREENS.map((s) => `<span${s === screen ? ' class="of-active"' : ''}>${escapeHtml(SCREEN_LABELS[s])}</span>`).join('');
  const topbar = `<div class="of-topbar"><span class="of-brand">Muster</span><span class="of-screens">${screens}</span><span class="of-game">${escapeHtml(info.scenarioName)}</span><span class="of-fingerprint">${escapeHtml(info.fingerprint)}</span></div>`;
  return turn + topbar;
}

const ROSTER_COLUMNS = ['w-name', 'w-arm', 'w-n', 'w-n', 'w-n', 'w-n2', 'w-n2', 'w-n2', 'w-status', 'w-orders', 'w-weapon', ''];
const ROSTER_HEADERS: [string, string][] = [
  ['Command / unit', ''],
  ['Arm', ''],
  ['SP', 'num'],
  ['Lost', 'num'],
  ['Strag.', 'num'],
  ['Current', 'num'],
  ['Loss %', 'num'],
  ['Fatigue', 'num'],
  ['Status', ''],
  ['Orders', ''],
  ['Weapon', ''],
  ['Flags', ''],
];

/** One Roster row as RosterView.vue draws it (the same cells, classes and words). */
function rosterRowHtml(row: RosterRow, nameOf: (id: string) => string | undefined): string {
  const loss = (percent: number) => td(percent ? `${percent}%` : '', { cls: percent >= 50 ? 'num heavy' : 'num' });
  const depth = `col-name depth-${Math.min(row.depth, 6)}`;
  if (row.kind === 'command') {
    const n = row.node;
    const t = n.totals;
    const leader = n.leaderName ? `<span class="leader"> (${escapeHtml(n.leaderName)})</span>` : '';
    const source = orderSourceWords(n.orderSource, false, nameOf);
    const cells = [
      td(`${muted('fold', '▾')}${muted('level', levelAbbrev(n.level))}${strong(n.name)}${leader}`, { cls: depth }),
      td(''),
      td(t.sp, { cls: 'num' }),
      td(t.spLost || '', { cls: 'num' }),
      td(t.stragglers || '', { cls: 'num' }),
      td(strong(t.currentSp), { cls: 'num' }),
      loss(row.lossPercent),
      td('', { cls: 'num' }),
      td(n.ineffective ? 'Ineffective' : ''),
      td(`${strong(n.effectiveOrder)}<span class="source">${escapeHtml(n.ownOrder ? '' : ` ${source}`)}</span>`, { title: source }),
      td(''),
      td(escapeHtml(commandFlags(n)), { cls: 'flags' }),
    ];
    return `<tr class="command-row level-${escapeHtml(n.level)} side-row-${escapeHtml(n.side)}">${cells.join('')}</tr>`;
  }
  const u = row.unit;
  const own = u.orderSource === 'unit' ? (u.orderExpires ? 'CI' : 'own') : '';
  const cells = [
    td(escapeHtml(u.name), { cls: depth }),
    td(escapeHtml(u.arm)),
    td(u.sp, { cls: 'num' }),
    td(u.spLost || '', { cls: 'num' }),
    td(u.stragglers || '', { cls: 'num' }),
    td(strong(u.currentSp), { cls: 'num' }),
    loss(row.lossPercent),
    td(u.fatigue, { cls: 'num' }),
    td(escapeHtml(STATUS_LABELS[u.status] ?? u.status)),
    td(`${strong(u.effectiveOrder)}<span class="source"> ${escapeHtml(own)}</span>`, { title: orderSourceWords(u.orderSource, u.orderExpires, nameOf) }),
    td(escapeHtml(u.weapon ?? '')),
    td(escapeHtml(unitFlags(u).join(', ')), { cls: 'flags' }),
  ];
  const cls = `unit-row status-${u.status}${u.onMap ? '' : ' offmap'}`;
  return `<tr class="${escapeHtml(cls)}" data-unit-id="${escapeHtml(u.id)}">${cells.join('')}</tr>`;
}

function rosterTable(sheet: RosterSheet, count: number): string {
  // A whole sheet (asked without `since`): the tree is there.
  const tree = sheet.tree ?? [];
  const names = new Map<string, string>();
  const walk = (nodes: typeof tree) => {
    for (const n of nodes) {
      names.set(n.id, n.name);
      walk(n.children);
    }
  };
  walk(tree);
  const rows = rosterRows(tree, sheet.units, NO_FILTERS, new Set()).slice(0, count);
  const cols = ROSTER_COLUMNS.map((c) => (c ? `<col class="${c}">` : '<col>')).join('');
  const head = ROSTER_HEADERS.map(([text, cls]) => `<th${cls ? ` class="${cls}"` : ''}>${escapeHtml(text)}</th>`).join('');
  const body = rows.map((row) => rosterRowHtml(row, (id) => names.get(id))).join('');
  return `<div class="of-heading"><strong>Roster</strong></div><div class="of-grid"><table class="data roster-grid"><colgroup>${cols}</colgroup><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

/** One History line as HistoryView.vue draws it (with its Seat cell in a game played from two seats). */
function historyLineHtml(line: HistoryLine, twoSeats: boolean): string {
  const e = line.entry;
  const seatCell = twoSeats ? [line.kind === 'event' ? td(escapeHtml(e.seat ? `${e.seat} seat` : ''), { cls: 'seat' }) : td('')] : [];
  // Vue drops the whitespace between elements on separate template lines: so does the frame.
  const undone = e.undone ? 'undone' : '';
  if (line.kind === 'event') {
    const summary = e.undone ? `<s>${escapeHtml(e.summary)}</s><span class="undone-label">undone</span>` : escapeHtml(e.summary);
    const cells = [
      td(e.seq, { cls: 'num seq' }),
      td(escapeHtml(formatTurnId(e.turnId)), { cls: 'turn', title: `${e.segment} · ${e.phase}` }),
      td(escapeHtml(SIDE_TEXT[e.side]), { cls: `side side-${e.side}` }),
      ...seatCell,
      td(summary, { cls: 'summary', title: e.summary }),
      td(escapeHtml(EVENT_KIND_WORDS[e.kind] ?? e.kind), { cls: 'kind' }),
      td(escapeHtml(recordedAt(e.at)), { cls: 'at' }),
    ];
    return `<tr${undone ? ' class="undone"' : ''} data-undone="${e.undone}" data-seq="${e.seq}" data-kind="${escapeHtml(e.kind)}">${cells.join('')}</tr>`;
  }
  if (line.kind === 'note') {
    const cells = [td(''), td(''), td(''), ...seatCell, td(`<span class="note-label">flag</span>${escapeHtml(line.text)}`, { cls: 'note-line', title: e.note ?? '' }), td('note', { cls: 'kind' }), td('')];
    return `<tr class="die${undone ? ' undone' : ''}" data-undone="${e.undone}" data-note-of="${e.seq}">${cells.join('')}</tr>`;
  }
  const d = line.die;
  const drm = d.modifiers.items.length > 0 ? `<span class="drm">${escapeHtml(`${drmWords(d)} = ${d.modified}`)}</span>` : '';
  const target = d.target ? `<span class="target">vs ${escapeHtml(d.target)}</span>` : '';
  const die = [
    `<span class="purpose">${escapeHtml(d.purpose)}:</span>`,
    `<span class="roll die-${escapeHtml(d.source)}">${escapeHtml(dieSourceWords(d.source, 'lower'))} ${strong(d.roll)}</span>`,
    drm,
    target,
    `<span class="outcome">→ ${escapeHtml(d.outcome)}</span>`,
  ].join('');
  const cells = [td(''), td(''), td(''), ...seatCell, td(die, { cls: 'die-line', title: drmWords(d) }), td('die', { cls: 'kind' }), td(escapeHtml(recordedAt(d.at)), { cls: 'at' })];
  return `<tr class="die${undone ? ' undone' : ''}" data-undone="${e.undone}" data-die-seq="${d.seq}">${cells.join('')}</tr>`;
}

function historyTable(entries: readonly HistoryEntry[], dice: readonly DiceRecord[], count: number): string {
  const bySeq = new Map(dice.map((d) => [d.seq, d]));
  const lines = historyLines(entries, (entry) => entry.diceSeqs.map((seq) => bySeq.get(seq)).filter((d): d is DiceRecord => d !== undefined)).slice(0, count);
  // A game played from two seats: the Seat column, as HistoryView.vue has it then.
  const twoSeats = entries.some((e) => (e.seat ?? null) !== null);
  const cols = ['col-seq', 'col-turn', 'col-side', ...(twoSeats ? ['col-seat'] : []), '', 'col-kind', 'col-at'].map((c) => (c ? `<col class="${c}">` : '<col>')).join('');
  const head = ['#', 'Turn', 'Side', ...(twoSeats ? ['Seat'] : []), 'What happened', 'Kind', 'At'].map((h, i) => `<th${i === 0 ? ' class="num"' : ''}>${escapeHtml(h)}</th>`).join('');
  return `<div class="of-heading"><strong>History</strong></div><div class="of-grid"><table class="data events"><colgroup>${cols}</colgroup><thead><tr>${head}</tr></thead><tbody>${lines.map((l) => historyLineHtml(l, twoSeats)).join('')}</tbody></table></div>`;
}

/** The frame of `screen` for the open game, with `rows` rows, as HTML to put before the app's root element. */
export function openingFrameHtml(source: FrameSource, screen: FrameScreen, rows = DEFAULT_FRAME_ROWS): string {
  const info = source.info();
  const table =
    screen === 'roster'
      ? rosterTable(source.rosterSheet({}), rows)
      : historyTable(source.history({ includeUndone: true, withChanges: false, limit: Math.max(rows, HISTORY_FIRST_PAGE) }), source.diceLog({ limit: Math.max(rows, HISTORY_FIRST_PAGE) }), rows);
  return `<div id="opening-frame" class="opening-frame" data-screen="${screen}" inert aria-hidden="true">${chrome(info, screen)}${table}</div>`;
}

/** The app's root element in the built index.html, before which the frame goes. */
const APP_ROOT = '<div id="app"></div>';

/** How the page is asked for: the window's height when known (frameRowsFor), and where to say a frame could not be made. */
export interface FrameRequest {
  viewportHeight?: number;
  onError?: (error: unknown) => void;
}

/**
 * index.html with the frame of the screen `address` opens on, when a game is open and that screen has
 * one; unchanged otherwise (or when the frame cannot be made: the app then simply paints it itself).
 */
export function withOpeningFrame(indexHtml: string, address: string, source: FrameSource | null, request: FrameRequest = {}): string {
  const screen = frameScreenOf(address);
  if (source === null || screen === null || !indexHtml.includes(APP_ROOT)) return indexHtml;
  let frame: string;
  try {
    frame = openingFrameHtml(source, screen, frameRowsFor(request.viewportHeight));
  } catch (e) {
    request.onError?.(e);
    return indexHtml;
  }
  return indexHtml.replace(APP_ROOT, () => `${frame}${APP_ROOT}`);
}
