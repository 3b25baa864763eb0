/**
 * A two-seat Willoughby Run for the browser tests of the Fire assistant's joint dice: in III.A the CSA seat has
 * the Initiative and its free first activation, the USA seat has passed, and it is the CSA seat's turn. The CSA
 * seat's file is open in Chromium through the browser bridge; the USA seat's file stays beside it, on its own
 * connection. No vitest here: the tests assert.
 */
import { GameService } from '../../db/service';
import { asGameBackend } from '../../electron/game-backend';
import { exchange, playUntil, toAct, type Table } from '../seats/table';
import { startE2E, type E2E } from './harness';

export interface CsaSeatAtFire {
  e2e: E2E;
  /** Both seats' files; its CSA game is closed: the page's connection (`csa()`) holds that file. */
  t: Table;
  /** The CSA seat's game as the bridge opened it: packets for the CSA seat are received on the connection the page uses. */
  csa(): GameService;
}

export async function csaSeatAtFire(dir: string): Promise<CsaSeatAtFire> {
  const t = playUntil(dir, (x) => x.CSA.info().clock.segment === 'III' && toAct(x.CSA) === 'CSA');
  t.CSA.attemptActivation({ commandId: 'csa-heth-division' });
  exchange(t);
  t.USA.pass({ side: 'USA' });
  exchange(t);
  t.CSA.close();
  let csa: GameService | null = null;
  const backend = {
    create: (input: Parameters<typeof GameService.create>[0]) => asGameBackend(GameService.create(input)),
    open: (file: string) => asGameBackend((csa = GameService.open(file))),
  };
  const e2e = await startE2E({ file: t.files.CSA, dir, backend });
  return {
    e2e,
    t,
    csa: () => {
      if (csa === null) throw new Error('the page has not opened the CSA seat\'s game');
      return csa;
    },
  };
}

/** Picks a unit in a Fire assistant's picker by typing its name, as a player does. */
export async function pick(e2e: E2E, testid: string, name: string): Promise<void> {
  await e2e.page.getByTestId(testid).getByTestId('picker-search').focus();
  await e2e.page.keyboard.type(name);
  await e2e.settle();
  await e2e.page.keyboard.press('Enter');
  await e2e.settle();
}
