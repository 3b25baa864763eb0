/**
 * Secrets that stay secret: the entries both players make "simultaneously and
 * secretly" (Rev. Orders Segment, Rev. Initiative Segment) are kept from the other side by the service
 * itself, whoever asks: the history, the dice log, the roster's orders, the command tree, the leaders'
 * points, the turn state, the tally and the command line (RI-H01); undo and redo never cross into the
 * other side's hidden entries (RI-H03); and Next never skips a side's entries unasked (RI-H02).
 *
 * The fixture's orders: the USA army HOLD (the Iron Brigade inherits it), Buford's cavalry SKPD; Heth's
 * division MRCH, Lee's army HOLD. Meade is rated 5, Lee 6.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../db/cli';
import type { GameService } from '../../db/service';
import type { Viewer } from '../../contract';
import { advanceTo, expectRefused, fileHash, newGame, tempDir } from '../fixtures/game';
import { HIDDEN_EVENTS_SQL } from '../../db/service/secrets';

const tmp = tempDir('muster-secrets-');
afterAll(() => tmp.cleanup());

/** Everything the other side's screens read, as one viewer sees it. */
function seenBy(g: GameService, viewer: Viewer | undefined) {
  const v = viewer === undefined ? undefined : { viewer };
  const tree = g.commandTree(v);
  const flat = (nodes: typeof tree): typeof tree => nodes.flatMap((n) => [n, ...flat(n.children)]);
  const turn = g.turnState(v);
  return {
    history: g.history({ limit: 1000, ...v }).map((e) => e.summary),
    dice: g.diceLog({ limit: 1000, ...v }).map((d) => d.purpose),
    orders: Object.fromEntries(g.roster(v).map((u) => [u.id, u.effectiveOrder])),
    commands: Object.fromEntries(flat(tree).map((n) => [n.id, { order: n.effectiveOrder, own: n.ownOrder }])),
    leaders: Object.fromEntries(g.leaders(v).map((l) => [l.id, l.pointsUsedFor])),
    turn: { orderPreRoll: turn.orderPreRoll, orderChangeFailed: turn.orderChangeFailed, armyPointsForInitiative: turn.armyPointsForInitiative },
    tally: g.tally(v),
  };
}

describe('the Orders Segment: each side\'s entries are hidden from the other until both have finished (RI-H01)', () => {
  let g: GameService;
  beforeEach(() => {
    g = newGame(tmp.dir);
    advanceTo(g, { segment: 'I', phase: 'B' });
  });

  it('USA\'s pre-roll, attempts and the points they spend reach no query of the CSA player, nor any query that names no viewer', () => {
    const before = seenBy(g, 'CSA');
    // USA's secret entries: Meade's pre-roll (5: a roll of 2 or less), the Iron Brigade to ASLT with
    // Wadsworth's rating (succeeds), Gamble's cavalry brigade to HOLD (fails: its orders stand).
    g.orderPreRoll({ side: 'USA', roll: 1 });
    g.attemptOrderChange({ commandId: 'iron', order: 'ASLT', superiorsUsingRating: ['wadsworth'], roll: 0 });
    g.attemptOrderChange({ commandId: 'gamble', order: 'HOLD', roll: 9 });

    const hash = fileHash(g.file);
    for (const viewer of ['CSA', undefined] as const) {
      const view = seenBy(g, viewer);
      expect(view, `as seen by ${viewer ?? 'nobody in particular'}`).toEqual(before);
      expect(view.history.join('\n')).not.toMatch(/Iron Brigade|Gamble|pre-roll/);
      expect(view.orders['2-wi']).toBe('HOLD');
    }
    // Reading the game as the CSA player sees it writes nothing.
    expect(fileHash(g.file)).toBe(hash);

    // The USA player sees his own entries.
    const usa = seenBy(g, 'USA');
    expect(usa.orders['2-wi']).toBe('ASLT');
    expect(usa.commands.iron).toEqual({ order: 'ASLT', own: 'ASLT' });
    expect(usa.leaders.wadsworth).toBe('order-change');
    expect(usa.turn).toMatchObject({ orderPreRoll: { USA: true, CSA: null }, orderChangeFailed: ['gamble'] });
    expect(usa.history.slice(0, 3)).toEqual([expect.stringMatching(/^Gamble/), expect.stringMatching(/^Iron Brigade/), expect.stringMatching(/^USA army commander's pre-roll/)]);
    expect(usa.dice.slice(0, 3)).toEqual(["Order change: Gamble's Brigade SKPD -> HOLD", 'Order change: Iron Brigade HOLD -> ASLT', "USA army commander's pre-roll for non-automatic order changes"]);

    // USA hands over: still hidden. The turn state says who has finished, and nothing else.
    g.finishEntries({ side: 'USA' });
    expect(g.turnState({ viewer: 'CSA' }).secretEntries).toMatchObject({ finished: { USA: true, CSA: false }, revealed: false, entering: 'CSA', rule: 'Rev. Orders Segment' });
    expect(seenBy(g, 'CSA').orders['2-wi']).toBe('HOLD');

    // CSA's own entry is CSA's to see, and hidden from USA in turn.
    g.orderPreRoll({ side: 'CSA', roll: 3 });
    expect(seenBy(g, 'CSA').turn.orderPreRoll).toEqual({ USA: null, CSA: true });
    expect(seenBy(g, 'USA').turn.orderPreRoll).toEqual({ USA: true, CSA: null });
    expect(seenBy(g, 'USA').history.join('\n')).not.toContain("CSA army commander's pre-roll");

    // Both finished: revealed to everyone, and the command line shows it without a flag.
    g.finishEntries({ side: 'CSA' });
    const revealed = seenBy(g, undefined);
    expect(revealed).toEqual(seenBy(g, 'both'));
    expect(revealed.orders['2-wi']).toBe('ASLT');
    expect(revealed.turn).toMatchObject({ orderPreRoll: { USA: true, CSA: true }, orderChangeFailed: ['gamble'] });
    expect(g.turnState().secretEntries).toMatchObject({ revealed: true, entering: null });
  });

  it('a public event after a hidden entry keeps its own effect in the other side\'s view', () => {
    g.orderPreRoll({ side: 'USA', roll: 1 });
    g.attemptOrderChange({ commandId: 'iron', order: 'ASLT', roll: 0 });
    // A loss recorded at the table is public; it does not uncover the hidden order.
    g.recordLoss({ unitId: '2-wi', sp: 1 });
    const csa = g.roster({ viewer: 'CSA' }).find((u) => u.id === '2-wi')!;
    expect(csa).toMatchObject({ spLost: 1, effectiveOrder: 'HOLD' });
    expect(g.history({ viewer: 'CSA' })[0]!.summary).toBe('2nd Wisconsin loses 1 SP');
  });

  it('whose secret an entry is, is sealed in the event chain: verify finds it changed outside Muster (RI-H01)', () => {
    g.orderPreRoll({ side: 'USA', roll: 1 });
    g.recordLoss({ unitId: '2-wi', sp: 1 });
    const rows = g.db.prepare('SELECT seq, secret_side, payload FROM events WHERE seq > (SELECT max(seq) - 2 FROM events) ORDER BY seq').all() as { seq: number; secret_side: string | null; payload: string }[];
    expect(rows.map((r) => [r.secret_side, (JSON.parse(r.payload) as { secretSide?: string }).secretSide ?? null])).toEqual([['USA', 'USA'], [null, null]]);
    expect(g.verify().ok).toBe(true);
    // Someone makes USA's hidden pre-roll public outside Muster (the trigger dropped to let him).
    g.db.exec("DROP TRIGGER events_secret_side_append_only; UPDATE events SET secret_side = NULL WHERE secret_side = 'USA'");
    expect(g.verify().events.problems).toEqual([`event ${rows[0]!.seq}: which side's secret entry it is does not match its record: edited`]);
  });

  it('the command line shows no hidden entry without --viewer or --reveal', () => {
    g.orderPreRoll({ side: 'USA', roll: 1 });
    g.attemptOrderChange({ commandId: 'iron', order: 'ASLT', roll: 0 });
    const file = g.file;
    g.close();
    const order = (args: string[]) => (JSON.parse(runCli(['roster', file, '--json', ...args]).stdout) as { id: string; order: string }[]).find((u) => u.id === '2-wi')!.order;
    expect(order([])).toBe('HOLD');
    expect(order(['--viewer', 'CSA'])).toBe('HOLD');
    expect(order(['--viewer', 'USA'])).toBe('ASLT');
    expect(order(['--reveal'])).toBe('ASLT');
    expect(runCli(['log', file]).stdout).not.toContain('Iron Brigade');
    expect(runCli(['log', file, '--reveal']).stdout).toContain('Iron Brigade (Solomon Meredith, rating 3) tries HOLD -> ASLT');
    expect(runCli(['call', file, 'turnState', '--viewer', 'USA']).stdout).toContain('"orderPreRoll":{"USA":true,"CSA":null}');
    expect(runCli(['call', file, 'turnState']).stdout).toContain('"orderPreRoll":{"USA":null,"CSA":null}');
    expect(runCli(['undo', file])).toMatchObject({ code: 1, stderr: expect.stringMatching(/^error: viewer: the last entry is USA's hidden entry/) });
    expect(runCli(['log', file, '--viewer', 'Both'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--viewer must be USA or CSA') });
    expect(runCli(['undo', file, '--viewer', 'USA'])).toMatchObject({ code: 0, stdout: expect.stringContaining('undone: #') });
  });
});

describe('undo and redo never cross into the other side\'s hidden entries (RI-H03)', () => {
  let g: GameService;
  beforeEach(() => {
    g = newGame(tmp.dir);
    advanceTo(g, { segment: 'I', phase: 'B' });
    g.orderPreRoll({ side: 'USA', roll: 1 });
    g.attemptOrderChange({ commandId: 'iron', order: 'ASLT', roll: 0 });
  });

  it('the CSA player (or nobody named) cannot undo USA\'s hidden entry; the USA player can, and only he can redo it', () => {
    expectRefused(g, () => g.undo({ viewer: 'CSA' }), 'RULES_FORBID', 'viewer', 'Rev. Orders Segment');
    const refused = expectRefused(g, () => g.undo(), 'RULES_FORBID', 'viewer', 'Rev. Orders Segment');
    expect(refused.message).toBe(
      'viewer: the last entry is USA\'s hidden entry and no side was named as asking: only the USA player may undo it, so that it is never taken back or shown to the other side (Rev. Orders Segment)',
    );
    const undone = g.undo({ viewer: 'USA' });
    expect(undone.event).toMatchObject({ kind: 'orders.attempt', secretSide: 'USA', undone: true });
    expectRefused(g, () => g.redo({ viewer: 'CSA' }), 'RULES_FORBID', 'viewer');
    expect(g.redo({ viewer: 'USA' }).event.undone).toBe(false);
  });

  it('after USA hands over, only USA (or both players together) takes back the hand-over: it would reopen USA\'s entries', () => {
    g.finishEntries({ side: 'USA' });
    const refused = expectRefused(g, () => g.undo({ viewer: 'CSA' }), 'RULES_FORBID', 'viewer', 'Rev. Orders Segment');
    expect(refused.message).toContain("the last entry is USA's hand-over (USA finished its entries) and CSA is asking: only the USA player may take it back");
    expectRefused(g, () => g.undo(), 'RULES_FORBID', 'viewer');
    expect(g.undo({ viewer: 'USA' }).event).toMatchObject({ kind: 'entries.finished', summary: 'USA has finished its entries in I.B Non-Automatic Order Change Phase: hidden until the other side has finished too' });
    expectRefused(g, () => g.redo({ viewer: 'CSA' }), 'RULES_FORBID', 'viewer');
    g.redo({ viewer: 'USA' });
    expect(g.turnState().secretEntries).toMatchObject({ finished: { USA: true, CSA: false } });
  });

  it('an entry USA undid stays hidden from CSA for good, even after both sides are revealed', () => {
    g.undo({ viewer: 'USA' });
    g.finishEntries({ side: 'USA' });
    g.finishEntries({ side: 'CSA' });
    expect(g.history({ viewer: 'CSA', includeUndone: true }).map((e) => e.kind)).not.toContain('orders.attempt');
    expect(g.history({ viewer: 'USA', includeUndone: true }).find((e) => e.kind === 'orders.attempt')).toMatchObject({ undone: true });
    // Each hand-over is its side's to take back (or both players' together); USA's pre-roll is then hidden again, USA's to undo.
    expectRefused(g, () => g.undo({ viewer: 'USA' }), 'RULES_FORBID', 'viewer');
    // Not even CSA alone: it has read USA's entries since, and could change its own (RI-H03).
    expect(expectRefused(g, () => g.undo({ viewer: 'CSA' }), 'RULES_FORBID', 'viewer').message).toContain("the one that revealed both sides' entries: only both players together may take it back");
    expect(g.undo({ viewer: 'both' }).event.summary).toMatch(/^CSA has finished/);
    expect(g.undo({ viewer: 'USA' }).event.summary).toMatch(/^USA has finished/);
    expect(g.turnState({ viewer: 'CSA' }).orderPreRoll.USA).toBeNull();
    expectRefused(g, () => g.undo({ viewer: 'CSA' }), 'RULES_FORBID', 'viewer');
    expect(g.undo({ viewer: 'USA' }).event).toMatchObject({ kind: 'orders.preroll', secretSide: 'USA' });
  });
});

describe('Next never skips a side\'s entries unasked (RI-H02)', () => {
  let g: GameService;
  beforeEach(() => {
    g = newGame(tmp.dir);
  });

  it('refuses Next in a step of secret entries until each side has finished or is said to have nothing to enter', () => {
    expectRefused(g, () => g.advanceClock(), 'RULES_FORBID', 'nothingToEnter', 'Rev. Orders Segment');
    const refused = expectRefused(g, () => g.advanceClock({ nothingToEnter: ['USA'] }), 'RULES_FORBID', 'nothingToEnter', 'Rev. Orders Segment');
    expect(refused.message).toContain('CSA has not finished its entries in I.A Automatic Order Change Phase');
    expect(g.advanceClock({ nothingToEnter: ['USA', 'CSA'] }).clock.label).toBe('I.B Non-Automatic Order Change Phase');
  });

  it('a side that made entries finishes them; it is not "nothing to enter"', () => {
    advanceTo(g, { segment: 'I', phase: 'B' });
    g.orderPreRoll({ side: 'USA', roll: 1 });
    const refused = expectRefused(g, () => g.advanceClock({ nothingToEnter: ['USA', 'CSA'] }), 'RULES_FORBID', 'nothingToEnter', 'Rev. Orders Segment');
    expect(refused.message).toContain('USA has made entries in I.B');
    g.finishEntries({ side: 'USA' });
    expect(g.advanceClock({ nothingToEnter: ['CSA'] }).clock.label).toBe('II.A Initiative Phase');
  });

  it('a side that has finished enters nothing more in the step', () => {
    advanceTo(g, { segment: 'I', phase: 'B' });
    g.finishEntries({ side: 'USA' });
    expectRefused(g, () => g.orderPreRoll({ side: 'USA', roll: 1 }), 'RULES_FORBID', 'side', 'Rev. Orders Segment');
    expectRefused(g, () => g.setOrders({ unitId: '24-mi', order: 'ASLT', commandersInitiative: true, stackedWithLeaderId: 'wadsworth' }), 'RULES_FORBID', 'unitId', 'Rev. Orders Segment');
    expectRefused(g, () => g.finishEntries({ side: 'USA' }), 'INVALID_ARGUMENT', 'side');
    // Steps without secret entries have nothing to finish.
    advanceTo(g, { segment: 'II', phase: 'B' });
    expectRefused(g, () => g.finishEntries({ side: 'USA' }), 'RULES_FORBID', 'side', 'Rev. Sequence of Play');
    expect(g.turnState().secretEntries).toBeNull();
  });
});

describe('the Initiative declarations are secret until both sides have declared (RI-H01)', () => {
  let g: GameService;
  beforeEach(() => {
    g = newGame(tmp.dir);
    advanceTo(g, { segment: 'II', phase: 'A' });
  });

  it('USA\'s declaration is hidden from CSA; the roll uses both declarations once made', () => {
    g.declareInitiative({ side: 'USA', armyPoints: true });
    expect(g.turnState({ viewer: 'CSA' }).armyPointsForInitiative).toEqual({ USA: false, CSA: false });
    expect(g.turnState({ viewer: 'USA' }).armyPointsForInitiative).toEqual({ USA: true, CSA: false });
    expect(g.history({ viewer: 'CSA' }).map((e) => e.kind)).not.toContain('initiative.declared');
    expect(g.turnState().secretEntries).toMatchObject({ finished: { USA: true, CSA: false }, entering: 'CSA', rule: 'Rev. Initiative Segment' });
    expectRefused(g, () => g.rollInitiative({ rolls: { USA: 2, CSA: 6 } }), 'RULES_FORBID', 'armyPoints', 'Rev. Initiative Segment');
    expectRefused(g, () => g.declareInitiative({ side: 'USA', armyPoints: false }), 'RULES_FORBID', 'side', 'Rev. Initiative Segment');
    expectRefused(g, () => g.advanceClock(), 'RULES_FORBID', 'clock', 'Rev. Initiative Segment');

    g.declareInitiative({ side: 'CSA', armyPoints: false });
    expect(g.turnState().armyPointsForInitiative).toEqual({ USA: true, CSA: false });
    expect(g.history().map((e) => e.summary).slice(0, 2)).toEqual([
      'CSA declares: Robert E. Lee does not add his rating points',
      'USA declares: George G. Meade adds all his rating points to the initiative roll',
    ]);
    expectRefused(g, () => g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 2, CSA: 6 } }), 'INVALID_ARGUMENT', 'armyPoints.USA', 'Rev. Initiative Segment');
    // 2 + Meade's 5 = 7 beats 6.
    const r = g.rollInitiative({ rolls: { USA: 2, CSA: 6 } });
    expect(r).toMatchObject({ outcome: 'winner', winner: 'USA', totals: { USA: { total: 5 }, CSA: { total: 0 } } });
    expect(r.event.summary).toBe('USA wins the Initiative, 7 to 6: USA activates first');
    expect(g.leaders().find((l) => l.id === 'meade')).toMatchObject({ pointsUsedFor: 'initiative', moved: true });
  });
});

describe('finding the hidden entries does not read the log (every query asks)', () => {
  it('goes through the partial index of secret entries, never a scan of every event', () => {
    const g = newGame(tmp.dir);
    try {
      const plan = (g.db.prepare(`EXPLAIN QUERY PLAN ${HIDDEN_EVENTS_SQL}`).all({ viewer: 'CSA', revealed: 0, turn: 't', segment: 'I', phase: 'A' }) as { detail: string }[]).map((r) => r.detail);
      expect(plan.some((d) => d.includes('USING INDEX events_secret'))).toBe(true);
      expect(plan.some((d) => /^SCAN events\b/.test(d))).toBe(false);
    } finally {
      g.close();
    }
  });
});
