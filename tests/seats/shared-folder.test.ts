/**
 * Two seats and one shared folder (RI-H09): each seat looks at the folder after each of its changes and
 * from time to time; nothing else is exchanged. The first turn's Orders Segment and Initiative are played
 * with hidden entries on both seats, and both files come out with one fingerprint.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contextOf } from '../../db/service';
import { folderPacketName, syncFolder } from '../../db/seats/folder';
import { seatOf } from '../../db/seats/store';
import { tempDir } from '../fixtures/game';
import { toAct, twoSeats, type Table } from './table';

const tmp = tempDir('muster-seats-folder-');
afterAll(() => tmp.cleanup());

/** Both seats look at the folder, in turn, until nothing new comes. */
function settle(t: Table, folder: string): void {
  for (let i = 0; i < 8; i += 1) {
    const a = syncFolder(contextOf(t.USA), folder);
    const b = syncFolder(contextOf(t.CSA), folder);
    if (!a.wrote && !b.wrote) return;
  }
  throw new Error('the folder never settled');
}

describe('the shared-folder mode', () => {
  it('plays the Orders Segment and the Initiative through one folder, one packet file per seat, one fingerprint', () => {
    const folder = join(tmp.dir, 'shared');
    const t = twoSeats(tmp.dir, 'skirmish-at-willoughby-run');
    mkdirSync(folder);
    for (const phase of ['I.A', 'I.B']) {
      expect(t.USA.info().clock.label.startsWith(phase)).toBe(true);
      if (phase === 'I.B') t.CSA.orderPreRoll({ side: 'CSA' });
      t.USA.finishEntries({ side: 'USA' });
      t.CSA.finishEntries({ side: 'CSA' });
      settle(t, folder);
      expect(t.USA.turnState().secretEntries?.revealed).toBe(true);
      expect(t.CSA.turnState().secretEntries?.revealed).toBe(true);
      t.USA.advanceClock();
      settle(t, folder);
    }
    t.USA.declareInitiative({ side: 'USA', armyPoints: false });
    t.CSA.declareInitiative({ side: 'CSA', armyPoints: false });
    settle(t, folder);
    expect(toAct(t.USA)).toBe('USA');
    t.USA.rollAllDue({});
    settle(t, folder);
    expect(t.CSA.turnState().initiative).toBe(t.USA.turnState().initiative);
    expect(t.CSA.info().fingerprint).toBe(t.USA.info().fingerprint);
    const gameId = seatOf(t.USA.db)!.gameId;
    // One packet file per seat, and nothing half-written left behind.
    expect(readdirSync(folder).sort()).toEqual([folderPacketName(gameId, 'CSA'), folderPacketName(gameId, 'USA')].sort());
  });

  it('leaves a packet the sync tool is still copying for the next look', () => {
    const folder = join(tmp.dir, 'copying');
    const t = twoSeats(tmp.dir, 'skirmish-at-willoughby-run');
    mkdirSync(folder);
    const gameId = seatOf(t.USA.db)!.gameId;
    writeFileSync(join(folder, folderPacketName(gameId, 'CSA')), '{"format":"muster/seats/pa');
    expect(syncFolder(contextOf(t.USA), folder).received).toBeNull();
  });
});
