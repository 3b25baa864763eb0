/**
 * A few units' standing orders read along their chains of command (readCommandChains) rather than the
 * whole commands table: the same orders as the whole tree gives, for every unit of the full battle, with a
 * command attached elsewhere (it inherits through the gaining command, Rev. Command Attachment) and own
 * orders given on the way down.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { GameService } from './service';
import { readCommandChains, readCommandLinks, readCommands } from './store';
import { standingOrders, standingOrdersOf } from './service/chain';
import { tempDir } from '../tests/fixtures/game';

const tmp = tempDir('muster-command-chains-');
afterAll(() => tmp.cleanup());

describe('the chain of command of a few units', () => {
  it('reads each named command and every command above it, and gives the orders the whole tree gives', () => {
    const game = GameService.create({ file: tmp.file('chains.muster'), scenario: 'gettysburg' });
    const links = readCommandLinks(game.db);
    // A brigade attached to another division, and an own order on the corps it came from.
    const brigade = links.find((c) => !links.some((b) => b.parent_id === c.id) && links.some((p) => p.id === c.parent_id && links.some((g) => g.id === p.parent_id)))!;
    const elsewhere = links.find((c) => c.id !== brigade.parent_id && c.parent_id !== null && links.some((b) => b.parent_id === c.id) && c.id !== brigade.id)!;
    const corps = links.find((c) => c.id === links.find((p) => p.id === brigade.parent_id)!.parent_id)!;
    game.db.prepare('UPDATE commands SET attached_to = ? WHERE id = ?').run(elsewhere.id, brigade.id);
    game.db.prepare("UPDATE commands SET own_order = 'ASLT' WHERE id = ?").run(corps.id);
    game.db.prepare('UPDATE commands SET own_order = NULL WHERE id = ?').run(brigade.id);

    const chain = readCommandChains(game.db, [brigade.id]);
    const up: string[] = [];
    const all = readCommandLinks(game.db);
    for (let id: string | null = brigade.id; id !== null; ) {
      up.push(id);
      const c: (typeof all)[number] = all.find((x) => x.id === id)!;
      id = c.attached_to ?? c.parent_id;
    }
    expect(chain.map((c) => c.id).sort()).toEqual(up.sort());
    expect(chain.map((c) => c.id)).toContain(elsewhere.id);

    const whole = standingOrders({ db: game.db } as Parameters<typeof standingOrders>[0], readCommands(game.db));
    const unitCommands = (game.db.prepare('SELECT DISTINCT command_id FROM units').pluck().all() as string[]);
    for (const id of unitCommands) {
      const few = standingOrdersOf([id, brigade.id], readCommandChains(game.db, [id, brigade.id]));
      expect(few.get(id)).toEqual(whole.get(id));
      expect(few.get(brigade.id)).toEqual(whole.get(brigade.id));
    }
    game.close();
  });
});
