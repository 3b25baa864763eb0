/**
 * A game open read-only (its file or folder may not be written) still keeps each side's hidden entries from
 * the other: every query is answered as the viewer may see it, from a private copy in memory, and nothing
 * is written to the file or beside it (RI-H01).
 */
import { spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { GameService } from '../../db/service';
import { advanceTo, fileHash, newGame, tempDir } from '../fixtures/game';

const tmp = tempDir('muster-secret-read-only-');
const restore: (() => void)[] = [];
afterEach(() => restore.splice(0).forEach((f) => f()));
afterAll(() => tmp.cleanup());

/** Makes the file unwritable for this process, root included (the immutable flag); says whether it worked. */
function makeReadOnly(path: string): boolean {
  const mode = statSync(path).mode & 0o777;
  chmodSync(path, 0o444);
  const immutable = process.getuid?.() === 0 && spawnSync('chattr', ['+i', path]).status === 0;
  restore.push(() => {
    if (immutable) spawnSync('chattr', ['-i', path]);
    chmodSync(path, mode);
  });
  try {
    accessSync(path, constants.W_OK);
    return false;
  } catch {
    return true;
  }
}

describe('a read-only game with an unrevealed entry', () => {
  it("answers the other side's queries without USA's hidden entries, and writes nothing", () => {
    const dir = join(tmp.dir, 'read-only');
    mkdirSync(dir);
    const g = newGame(dir);
    advanceTo(g, { segment: 'I', phase: 'B' });
    g.orderPreRoll({ side: 'USA', roll: 1 });
    g.attemptOrderChange({ commandId: 'iron', order: 'ASLT', roll: 0 });
    const writable = { csa: g.roster({ viewer: 'CSA' }), history: g.history({ viewer: 'CSA' }), turn: g.turnState({ viewer: 'CSA' }) };
    g.close();
    expect(makeReadOnly(g.file)).toBe(true);
    const before = { hash: fileHash(g.file), files: readdirSync(dir).sort() };

    const ro = GameService.open(g.file);
    try {
      expect(ro.db.readonly).toBe(true);
      expect(ro.roster({ viewer: 'CSA' })).toEqual(writable.csa);
      expect(ro.roster({ viewer: 'CSA' }).find((u) => u.id === '2-wi')!.effectiveOrder).toBe('HOLD');
      expect(ro.history({ viewer: 'CSA' })).toEqual(writable.history);
      expect(ro.turnState({ viewer: 'CSA' })).toEqual(writable.turn);
      // USA's own view still shows its entries, and nobody in particular sees none of them.
      expect(ro.roster({ viewer: 'USA' }).find((u) => u.id === '2-wi')!.effectiveOrder).toBe('ASLT');
      expect(ro.roster().find((u) => u.id === '2-wi')!.effectiveOrder).toBe('HOLD');
    } finally {
      ro.close();
    }
    expect({ hash: fileHash(g.file), files: readdirSync(dir).sort() }).toEqual(before);
  });
});
