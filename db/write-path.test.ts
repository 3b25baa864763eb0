/**
 * What a write costs on disk, read from the write-ahead log itself: creating a game writes its schema,
 * its scenario and its genesis straight into the file (its one transaction's journal kept in memory), then
 * switches the file to WAL; a loss is one small transaction (its event and its unit: two pages; the head
 * of the log is the last event not undone, read from the log, db/events.ts) with one commit, as its floor,
 * a one-row insert, has one.
 * Each WAL frame is a 24-byte header and a page; a frame whose header gives the database size after it
 * (bytes 4-7, non-zero) ends a transaction: that is where SQLite syncs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { GameService } from './service';
import { FIXTURE_SCENARIO, newGame, tempDir } from '../tests/fixtures/game';

const tmp = tempDir('muster-write-path-');
afterAll(() => tmp.cleanup());

/** The frames of the file's write-ahead log, each as its page number and whether it ends a transaction. */
function walFrames(file: string): { page: number; commit: boolean }[] {
  // No log yet, or one not yet begun (no header): nothing has been written through it.
  if (!existsSync(`${file}-wal`)) return [];
  const wal = readFileSync(`${file}-wal`);
  if (wal.length < 32) return [];
  const pageSize = wal.readUInt32BE(8);
  const frames: { page: number; commit: boolean }[] = [];
  for (let at = 32; at + 24 + pageSize <= wal.length; at += 24 + pageSize) {
    // A frame past the log's last valid one keeps an old salt: stop there.
    if (wal.readUInt32BE(at + 8) !== wal.readUInt32BE(16) || wal.readUInt32BE(at + 12) !== wal.readUInt32BE(20)) break;
    frames.push({ page: wal.readUInt32BE(at), commit: wal.readUInt32BE(at + 4) !== 0 });
  }
  return frames;
}

describe('the write path on disk', () => {
  it('creating a game writes its schema, scenario and genesis straight into the file, then every change goes through the WAL', () => {
    const g = GameService.create({ file: tmp.file('one-transaction.muster'), scenario: FIXTURE_SCENARIO }, { seed: 1 });
    // One transaction with its journal in memory: nothing of the creation passes through the WAL, so
    // nothing has to be copied back at the first checkpoint.
    expect(walFrames(g.file)).toEqual([]);
    const header = readFileSync(g.file).subarray(0, 100);
    // File format bytes 18 and 19 are 2 in WAL mode: every acknowledged change from now on is in the WAL.
    expect([header[18], header[19]]).toEqual([2, 2]);
    expect(g.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(g.verify().ok).toBe(true);
    g.recordLoss({ unitId: '2-wi', sp: 1 });
    const frames = walFrames(g.file);
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.filter((f) => f.commit)).toHaveLength(1);
    g.close();
  });

  it('a loss is one commit of two pages: its event and its unit (no pointer is written)', () => {
    const g = newGame(tmp.dir);
    g.recordLoss({ unitId: '2-wi', sp: 1 }); // the first change also starts the game
    const before = walFrames(g.file).length;
    g.recordLoss({ unitId: '6-wi', sp: 1 });
    const frames = walFrames(g.file).slice(before);
    expect(frames.filter((f) => f.commit)).toHaveLength(1);
    expect(frames).toHaveLength(2);
    expect(new Set(frames.map((f) => f.page)).size).toBe(2);
    g.close();
  });
});
