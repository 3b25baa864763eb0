/**
 * Willoughby Run from two seats with card-draw activation by brigade and its status ladder (RI-O14), in the
 * In-Command Activation Phase: Gamble's and Archer's cards drawn and activated, the USA seat's step, Davis's card
 * still in the box; the 2nd Mississippi (Davis's) already hit once this turn, Disordered by the 8th Illinois
 * Cavalry's fire. A second hit before its card is drawn takes it the next worse state. No vitest here: the tests assert.
 */
import { exchange, playOn, toAct, twoSeats, type Table } from './table';

export const LADDER_TARGET = 'csa-2nd-mississippi';
export const SECOND_FIRER = 'usa-12th-illinois-cavalry';

export function ladderAfterOneHit(dir: string): Table {
  const t = twoSeats(dir, 'skirmish-at-willoughby-run', {}, { cardDraw: { level: 'brigade', statusLadder: true } });
  playOn(t, (x) => {
    const c = x.USA.info().clock;
    return c.segment === 'III' && c.phase === 'A' && toAct(x.USA) !== 'both';
  });
  // Each card drawn by the seat whose draw it is, and activated at RE by its side's seat.
  while (t.USA.turnState().cardDraw!.inBox.some((c) => c.commandId === 'csa-heth-archer')) {
    const drawer = t.USA.turnState().cardDraw!.nextDrawer!;
    const { card } = t[drawer].drawCard({});
    exchange(t);
    t[card.side].activateRe({ commandId: card.commandId });
    exchange(t);
  }
  if (toAct(t.USA) !== 'USA' || !t.USA.turnState().cardDraw!.inBox.some((c) => c.commandId === 'csa-heth-davis')) throw new Error('the draw did not leave the USA seat to act with Davis in the box');
  t.USA.resolveFire({ stack: ['usa-8th-illinois-cavalry'], range: 2, targets: [LADDER_TARGET], roll: 5, result: { sp: 0, outcomes: [{ unitId: LADDER_TARGET, status: 'disordered' }] } });
  exchange(t);
  return t;
}
