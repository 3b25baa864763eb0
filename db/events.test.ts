/**
 * The event log itself: append-only in the schema, before/after values for every changed field, undo and
 * redo by pointer (each touches only the head event's row and the game row, whatever the log's length),
 * and verification that the log explains the state.
 */
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { ChangeSet, eventSide, undoPointers } from './events';
import type { Side } from '../rules/types';
import { GameService } from './service';
import { newGame, tempDir } from '../tests/fixtures/game';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe('the event log', () => {
  it('is append-only: no event row is deleted, and only its undo bookkeeping may change', () => {
    const g = newGame(tmp.dir);
    g.recordLoss({ unitId: '2-wi', sp: 1 });
    expect(() => g.db.exec('DELETE FROM events')).toThrow(/append-only/);
    expect(() => g.db.exec("UPDATE events SET payload = '{}'")).toThrow(/append-only/);
    expect(() => g.db.exec("UPDATE events SET kind = 'fatigue'")).toThrow(/append-only/);
    g.close();
  });

  it('stores the before and after of every changed field, with the clock at the time', () => {
    const g = newGame(tmp.dir);
    g.setStatus({ unitId: '1-tn', status: 'shattered' });
    const [e] = g.history();
    expect(e).toMatchObject({ turnId: '1863-07-01T0740', segment: 'I', phase: 'A', kind: 'status' });
    expect(e!.changes).toEqual([
      { table: 'units', key: '1-tn', field: 'status', before: 'ordered', after: 'shattered' },
      { table: 'units', key: '1-tn', field: 'own_order', before: null, after: 'HOLD' },
      { table: 'game', key: '1', field: 'started', before: 0, after: 1 },
    ]);
    g.close();
  });

  it('undo and redo follow pointers: undoing at the end of a long log touches one event row', () => {
    const g = newGame(tmp.dir);
    for (let i = 0; i < 300; i += 1) g.setFatigue({ unitId: '24-mi', level: (i % 4) + 1 });
    g.db.exec('CREATE TEMP TABLE touched (seq INTEGER)');
    g.db.exec('CREATE TEMP TRIGGER watch AFTER UPDATE ON main.events BEGIN INSERT INTO touched VALUES (NEW.seq); END');
    g.undo();
    g.redo();
    g.undo();
    expect((g.db.prepare('SELECT seq FROM touched').all() as { seq: number }[]).map((r) => r.seq)).toEqual([300, 300, 300]);
    // Undo walks back through prev_head; a new change then drops the redo chain without touching it.
    g.db.exec('DELETE FROM touched');
    g.setFatigue({ unitId: '24-mi', level: 0 });
    expect(g.db.prepare('SELECT count(*) AS n FROM touched').get()).toEqual({ n: 0 });
    // The new event is the head by being the last one applied; the redo chain is gone.
    expect(undoPointers(g.db)).toEqual({ head_seq: 301, redo_seq: null });
    expect(g.db.prepare('SELECT prev_head FROM events WHERE seq = 301').get()).toEqual({ prev_head: 299 });
    expect(g.verify().ok).toBe(true);
    g.close();
  });

  it('a change writes its event and its state, and no pointer: the head is the last event not undone', () => {
    const g = newGame(tmp.dir);
    g.db.exec('CREATE TEMP TABLE game_writes (redo_seq INTEGER)');
    g.db.exec('CREATE TEMP TRIGGER watch_game AFTER UPDATE ON main.game BEGIN INSERT INTO game_writes VALUES (NEW.redo_seq); END');
    const writes = () => (g.db.prepare('SELECT redo_seq FROM game_writes').all() as { redo_seq: number | null }[]).map((r) => r.redo_seq);
    g.recordLoss({ unitId: '2-wi', sp: 1 });
    g.recordLoss({ unitId: '2-wi', sp: 1 });
    g.setFatigue({ unitId: '24-mi', level: 2 });
    // RI-S01's first change starts the game (a state change of the game row); after that, none.
    expect(writes()).toEqual([null]);
    expect(undoPointers(g.db)).toEqual({ head_seq: 3, redo_seq: null });
    g.undo();
    g.undo();
    expect(undoPointers(g.db)).toEqual({ head_seq: 1, redo_seq: 2 });
    g.redo();
    expect(undoPointers(g.db)).toEqual({ head_seq: 2, redo_seq: 3 });
    // A new change after an undo drops the redo chain: the one time it writes the game row.
    g.setFatigue({ unitId: '24-mi', level: 1 });
    expect(writes()).toEqual([null, 3, 2, 3, null]);
    expect(undoPointers(g.db)).toEqual({ head_seq: 4, redo_seq: null });
    expect(g.info()).toMatchObject({ canUndo: true, canRedo: false });
    expect(g.verify().ok).toBe(true);
    g.close();
  });

  it('state changed behind the log\'s back: refused on opening (the last event left another value), and verify says where', () => {
    const g = newGame(tmp.dir);
    g.recordLoss({ unitId: '2-wi', sp: 2 });
    g.close();
    const db = new Database(g.file);
    db.exec("UPDATE units SET sp_lost = 3 WHERE id = '2-wi'");
    db.close();
    expect(() => GameService.open(g.file)).toThrow(expect.objectContaining({ code: 'CORRUPT', message: expect.stringContaining("the game's state does not agree with the event undo would take back (event 1): units 2-wi sp_lost is 3, the log says 2") }));
    const again = GameService.open(g.file, { damaged: 'read-only' });
    const report = again.verify();
    expect(report.ok).toBe(false);
    expect(report.events).toMatchObject({ ok: true, problems: [] });
    expect(report.state.problems).toEqual(['units 2-wi: sp_lost is 3, the log says 2']);
    // Nothing can be recorded in it, undo included.
    expect(() => again.undo()).toThrow(expect.objectContaining({ code: 'CORRUPT', field: 'file' }));
    again.close();
  });

  it('a change, an undo and a redo return the event exactly as the history then reads it back', () => {
    const g = newGame(tmp.dir);
    const loss = g.recordLoss({ unitId: '2-wi', sp: 2 });
    expect(loss.event).toEqual(g.history({ limit: 1 })[0]);
    const casualty = g.leaderCasualty({ leaderId: 'reynolds', roll: 2 });
    expect(casualty.event).toEqual(g.history({ limit: 1 })[0]);
    expect(casualty.dice).toEqual(g.diceLog({ limit: 1 }));
    expect(casualty.event.diceSeqs).toEqual([casualty.dice[0]!.seq]);
    const undone = g.undo();
    expect(undone).toEqual({ event: g.history({ limit: 1 })[0], canUndo: true, canRedo: true });
    expect(undone.event.undone).toBe(true);
    const redone = g.redo();
    expect(redone).toEqual({ event: g.history({ limit: 1 })[0], canUndo: true, canRedo: false });
    g.undo();
    expect(g.undo()).toEqual({ event: g.history({ limit: 2 })[1], canUndo: false, canRedo: true });
    g.close();
  });

  it('gives each entry the side it concerns: its rows\' side, both, or the game as a whole', () => {
    const sideOf = new Map<string, Side>([
      ['units:csa-26th-north-carolina', 'CSA'],
      ['leaders:usa-gamble', 'USA'],
      ['commands:usa-cavalry-1-gamble', 'USA'],
    ]);
    expect(eventSide([{ table: 'units', key: 'csa-26th-north-carolina' }], '26th North Carolina loses 2 SP', sideOf)).toBe('CSA');
    expect(eventSide([{ table: 'leaders', key: 'usa-gamble' }, { table: 'game', key: 1 }], 'Gamble is hit', sideOf)).toBe('USA');
    expect(eventSide([{ table: 'units', key: 'csa-26th-north-carolina' }, { table: 'commands', key: 'usa-cavalry-1-gamble' }], 'guns captured', sideOf)).toBe('both');
    // No row with a side: a lone side named in the summary, both when it names both, else the game.
    expect(eventSide([{ table: 'turn_state', key: 1 }], 'CSA passes', sideOf)).toBe('CSA');
    expect(eventSide([{ table: 'turn_state', key: 1 }], 'Initiative: USA 7 v. CSA 4', sideOf)).toBe('both');
    expect(eventSide([{ table: 'clock', key: 1 }], 'Clock advanced to 0800', sideOf)).toBe('game');
    // The service's own entries carry it.
    const g = newGame(tmp.dir);
    expect(g.recordLoss({ unitId: '1-tn', sp: 1 }).event.side).toBe('CSA');
    expect(g.advanceClock({ nothingToEnter: ['USA', 'CSA'] }).event.side).toBe('game');
    expect(g.history().map((e) => e.side)).toEqual(['game', 'CSA']);
    expect(g.history({ withChanges: false })[1]).toMatchObject({ side: 'CSA', changes: [] });
    g.close();
  });

  it('a change set keeps one before/after per field and drops changes that change nothing', () => {
    const cs = new ChangeSet();
    cs.set('units', 'a', 'sp_lost', 0, 1).set('units', 'a', 'sp_lost', 1, 3).set('units', 'a', 'fatigue', 2, 2);
    expect(cs.changes).toEqual([{ table: 'units', key: 'a', field: 'sp_lost', before: 0, after: 3 }]);
    expect(cs.valueOf('units', 'a', 'sp_lost', 0)).toBe(3);
    expect(cs.valueOf('units', 'a', 'fatigue', 2)).toBe(2);
  });
});
