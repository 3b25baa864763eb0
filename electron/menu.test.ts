// The menu bar as data: items, shortcuts, what is disabled and why, and the Recent submenu.
import { describe, expect, it } from 'vitest';
import { buildMenuTemplate, flattenMenu, type MenuItemSpec, type MenuState } from './menu';

const base: MenuState = { platform: 'linux', isPackaged: true, hasGame: true, canUndo: true, canRedo: false, recentFiles: [] };
const byId = (items: MenuItemSpec[], id: string) => {
  const item = flattenMenu(items).find((i) => i.id === id);
  if (!item) throw new Error(`no menu item ${id}`);
  return item;
};

describe('the menu bar', () => {
  it('has File, Edit, View, Go and Help on Windows and Linux', () => {
    expect(buildMenuTemplate(base).map((m) => m.label)).toEqual(['&File', '&Edit', '&View', '&Go', '&Help']);
  });

  it('adds the application and Window menus on macOS', () => {
    const roles = buildMenuTemplate({ ...base, platform: 'darwin' }).map((m) => m.role ?? m.label);
    expect(roles).toEqual(['appMenu', '&File', '&Edit', '&View', '&Go', 'windowMenu', '&Help']);
  });

  it('File has New, Open, Open Recent, Save As, Two Seats, Print Roster and both CSV exports', () => {
    const file = buildMenuTemplate(base)[0]!.submenu!.filter((i) => i.id).map((i) => i.id);
    expect(file).toEqual(['new-game', 'open-game', 'open-recent', 'save-as', 'two-seats', 'print-roster', 'export-roster-csv', 'export-log-csv', 'quit']);
  });

  it('Two Seats: Play and Join always; Receive, Send and Shared Folder only with a game played from two seats open, the window carrying them out', () => {
    const seats = (state: typeof base) => byId(buildMenuTemplate(state), 'two-seats').submenu!.filter((i) => i.id);
    expect(seats(base).map((i) => [i.id, i.enabled ?? true, i.disabledReason ?? null])).toEqual([
      ['seats-new', true, null],
      ['seats-join', true, null],
      ['seats-receive', false, 'the open game is played at one laptop'],
      ['seats-send', false, 'the open game is played at one laptop'],
      ['seats-folder', false, 'the open game is played at one laptop'],
    ]);
    expect(seats({ ...base, isSeatGame: true }).every((i) => i.enabled !== false)).toBe(true);
    expect(seats({ ...base, isSeatGame: true }).map((i) => i.command?.kind)).toEqual(['seats-new', 'seats-join', 'seats-receive', 'seats-send', 'seats-folder']);
  });

  it("Undo is Ctrl/Cmd+Z and Redo Ctrl/Cmd+Shift+Z: the game's last entry while no text field has the keyboard", () => {
    const items = buildMenuTemplate(base);
    expect(byId(items, 'undo')).toMatchObject({ label: '&Undo Last Entry', accelerator: 'CmdOrCtrl+Z', command: { kind: 'undo' }, enabled: true });
    expect(byId(items, 'redo')).toMatchObject({ label: '&Redo Entry', accelerator: 'CmdOrCtrl+Shift+Z', command: { kind: 'redo' }, enabled: false });
    expect(byId(items, 'undo').role).toBeUndefined();
  });

  it('in a text field the same keys undo and redo the typing (the edit roles), never the game', () => {
    const items = buildMenuTemplate({ ...base, textFocused: true });
    expect(byId(items, 'undo')).toMatchObject({ role: 'undo', accelerator: 'CmdOrCtrl+Z', label: '&Undo Typing' });
    expect(byId(items, 'redo')).toMatchObject({ role: 'redo', accelerator: 'CmdOrCtrl+Shift+Z', label: '&Redo Typing' });
    expect(byId(items, 'undo').command).toBeUndefined();
    expect(byId(items, 'redo').command).toBeUndefined();
  });

  it('Cut, Copy, Paste and Select All are the edit roles, acting on the focused field, with their shortcuts shown', () => {
    const edit = buildMenuTemplate(base).find((m) => m.id === 'edit')!.submenu!;
    expect(edit.filter((i) => i.role && !['undo', 'redo'].includes(i.role)).map((i) => [i.role, i.accelerator])).toEqual([
      ['cut', 'CmdOrCtrl+X'],
      ['copy', 'CmdOrCtrl+C'],
      ['paste', 'CmdOrCtrl+V'],
      ['selectAll', 'CmdOrCtrl+A'],
    ]);
  });

  it('Go lists the screens with their Alt+1..9 keys, shown in the menu and left to the window to handle', () => {
    const go = buildMenuTemplate(base).find((m) => m.id === 'go')!.submenu!;
    expect(go.map((i) => [i.label, i.accelerator])).toEqual([
      ['Start', 'Alt+1'],
      ['Setup', 'Alt+2'],
      ['Roster', 'Alt+3'],
      ['Leaders', 'Alt+4'],
      ['Turn', 'Alt+5'],
      ['Combat', 'Alt+6'],
      ['History', 'Alt+7'],
      ['Victory', 'Alt+8'],
      ['Charts', 'Alt+9'],
    ]);
    for (const item of go) expect(item.registerAccelerator).toBe(false);
    expect(byId(go, 'go-turn').command).toEqual({ kind: 'go-screen', screen: 'turn' });
    const without = buildMenuTemplate({ ...base, hasGame: false }).find((m) => m.id === 'go')!.submenu!;
    expect(byId(without, 'go-turn')).toMatchObject({ enabled: false, disabledReason: 'no game is open' });
    expect(byId(without, 'go-start').enabled).toBeUndefined();
    expect(byId(without, 'go-charts').enabled).toBeUndefined();
  });

  it('Print and the exports act on the open game: enabled with one, disabled with the reason without', () => {
    const withGame = buildMenuTemplate(base);
    const without = buildMenuTemplate({ ...base, hasGame: false });
    for (const id of ['print-roster', 'export-roster-csv', 'export-log-csv']) {
      expect(byId(withGame, id).enabled).toBe(true);
      expect(byId(without, id).enabled).toBe(false);
      expect(byId(without, id).disabledReason).toMatch(/no game is open/);
    }
  });

  it('Save As, Undo and Redo need an open game', () => {
    const items = buildMenuTemplate({ ...base, hasGame: false, canUndo: true, canRedo: true });
    expect(byId(items, 'save-as').enabled).toBe(false);
    expect(byId(items, 'undo').enabled).toBe(false);
    expect(byId(items, 'redo').enabled).toBe(false);
    expect(byId(items, 'new-game').enabled).toBeUndefined();
  });

  it("Help has Muster's Help (F1), the log file and About", () => {
    const items = buildMenuTemplate(base);
    expect(byId(items, 'muster-help')).toMatchObject({ accelerator: 'F1', command: { kind: 'show-help' } });
    expect(byId(items, 'show-log').command).toEqual({ kind: 'show-log' });
    expect(byId(items, 'about').command).toEqual({ kind: 'about' });
  });

  it('shows the developer tools only in development', () => {
    const roles = (s: MenuState) => flattenMenu(buildMenuTemplate(s)).map((i) => i.role);
    expect(roles(base)).not.toContain('toggleDevTools');
    expect(roles({ ...base, isPackaged: false })).toContain('toggleDevTools');
  });
});

describe('Open Recent', () => {
  it('says so when the list is empty', () => {
    const sub = byId(buildMenuTemplate(base), 'open-recent').submenu!;
    expect(sub).toEqual([{ id: 'recent-none', label: 'No Recent Games', enabled: false }]);
  });

  it('lists each file with its path, numbered, then Clear Recent', () => {
    const recentFiles = [
      { path: '/g/first-day.muster', openedAt: '2025-07-01T00:00:00Z' },
      { path: '/g/little-round-top.muster', openedAt: '2025-06-01T00:00:00Z' },
    ];
    const sub = byId(buildMenuTemplate({ ...base, recentFiles }), 'open-recent').submenu!;
    expect(sub[0]).toMatchObject({ label: '&1 first-day.muster  (/g/first-day.muster)', command: { kind: 'open-recent', path: '/g/first-day.muster' } });
    expect(sub[1]).toMatchObject({ command: { kind: 'open-recent', path: '/g/little-round-top.muster' } });
    expect(sub.at(-1)).toMatchObject({ id: 'recent-clear', command: { kind: 'clear-recent' } });
  });
});
