/**
 * A write through the window is answered with what it changed (db/service/write-answer.ts): the game's info
 * as it now stands, the roster rows that changed since the sheet a screen held, the new turn state when a
 * screen held the one before, and the tables the write touched; all as nobody in particular sees the game.
 * Through the same dispatch the bridge and IPC use, on real game files.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { KEPT_QUERIES, type CallResult, type ChannelHandlers, type GameFunction, type KeptQuery, type WriteAnswer } from '../contract';
import { dispatch, serviceHandlers } from './dispatch';
import type { GameService } from './service';
import { advanceTo, COMBAT_SCENARIO, newGame, tempDir } from '../tests/fixtures/game';
import { exchange, playOn, playUntil, toAct, twoSeats, type Table } from '../tests/seats/table';

const tmp = tempDir('muster-write-answer-');
afterAll(() => tmp.cleanup());

/** One call as the window makes it: through dispatch, writes answered with what they changed. */
/** The game's functions as the shell's handlers give them (the window calls nothing else here). */
const handlersOf = (game: GameService) => serviceHandlers(game) as ChannelHandlers;

function windowCall(game: GameService, fn: GameFunction, input?: unknown): Promise<CallResult<unknown>> {
  return dispatch(handlersOf(game), fn, input === undefined ? [] : [input], { validateOutput: true, answerWrite: () => game.answerWrite() });
}

async function changedBy(game: GameService, fn: GameFunction, input?: unknown): Promise<WriteAnswer> {
  const result = await windowCall(game, fn, input);
  if (!result.ok) throw new Error(`${fn} was refused: ${result.error.message}`);
  expect(result.changed, `${fn} is answered with what it changed`).toBeDefined();
  return result.changed!;
}

/** A game in a public step (the Fatigue & Straggler Recovery Designation Phase): no side's entries are secret. */
function publicGame(): GameService {
  const game = newGame(tmp.dir);
  advanceTo(game, { segment: 'II', phase: 'B' });
  return game;
}

describe("a write's answer", () => {
  it("carries the game's info as it stands after the write: the event count and Undo now possible", async () => {
    const game = publicGame();
    try {
      const before = game.info();
      const changed = await changedBy(game, 'recordLoss', { unitId: '2-wi', sp: 1 });
      expect(changed.game).toEqual(game.info());
      expect(changed.game.eventCount).toBe(before.eventCount + 1);
      expect(changed.game.canUndo).toBe(true);
    } finally {
      game.close();
    }
  });

  it('carries only the roster rows that changed since the sheet the Roster held: a loss sends its one unit', async () => {
    const game = publicGame();
    try {
      const held = game.rosterSheet({});
      const changed = await changedBy(game, 'recordLoss', { unitId: '2-wi', sp: 1 });
      expect(changed.sheet?.changes?.since).toBe(held.revision);
      expect(changed.sheet?.units.map((u) => u.id)).toEqual(['2-wi']);
      expect(changed.sheet?.units[0]!.spLost).toBe(held.units.find((u) => u.id === '2-wi')!.spLost + 1);
      // The same as the Roster would read right after, since the sheet it holds.
      expect(changed.sheet).toEqual(game.rosterSheet({ since: held.revision! }));
    } finally {
      game.close();
    }
  });

  it('after a change to none of the rows a sheet is made of (a die rolled, the clock moved), carries no row: the sheet held is the sheet', async () => {
    const game = publicGame();
    try {
      const held = game.rosterSheet({});
      for (const [fn, input] of [['rollDie', { purpose: 'a test', roll: 4 }], ['advanceClock', {}]] as const) {
        const changed = await changedBy(game, fn, input);
        expect(changed.tables!.some((t) => ['units', 'commands', 'leaders'].includes(t)), fn).toBe(false);
        expect(changed.sheet?.units, fn).toEqual([]);
        expect(changed.sheet?.revision, fn).toBe(held.revision);
        // The sheet held is what the roster and the command tree, worked out afresh, show now.
        expect(game.rosterSheet({}), fn).toEqual(held);
        expect(held.units, fn).toEqual(game.roster({}));
        expect(held.tree, fn).toEqual(game.commandTree({}));
      }
    } finally {
      game.close();
    }
  });

  it('after a loss, its undo and its redo, the sheet made from the rows they changed is the sheet worked out afresh, name and all', async () => {
    const game = publicGame();
    try {
      const held = game.rosterSheet({});
      for (const [fn, input] of [['recordLoss', { unitId: '2-wi', sp: 2 }], ['setFatigue', { unitId: '2-wi', level: 1 }], ['undo', {}], ['redo', {}], ['undo', {}], ['undo', {}]] as const) {
        const changed = await changedBy(game, fn, input);
        expect(changed.sheet?.units.map((u) => u.id), fn).toEqual(['2-wi']);
        const now = game.rosterSheet({});
        expect(now.units, fn).toEqual(game.roster({}));
        expect(now.tree, fn).toEqual(game.commandTree({}));
      }
      // Back where it started: the same rows, so the same name as the sheet first sent.
      expect(game.rosterSheet({})).toEqual(held);
    } finally {
      game.close();
    }
  });

  it('carries the new turn state when the turn bar held the one before, the same the query answers', async () => {
    const game = publicGame();
    try {
      game.turnState({});
      const changed = await changedBy(game, 'advanceClock');
      expect(changed.turnState).not.toBeNull();
      expect(changed.turnState).toEqual(game.turnState({}));
      expect(changed.game.clock.label).toBe(game.info().clock.label);
    } finally {
      game.close();
    }
  });

  it('makes no view nobody held before the write: no sheet, no turn state', async () => {
    const game = publicGame();
    try {
      // Nothing asked in the state before this write (the clock's move made a new state).
      const changed = await changedBy(game, 'setFatigue', { unitId: '2-wi', level: 1 });
      expect(changed.sheet).toBeNull();
      expect(changed.turnState).toBeNull();
    } finally {
      game.close();
    }
  });

  it('names the tables the write touched, and those undo takes back and redo brings back', async () => {
    const game = publicGame();
    try {
      expect((await changedBy(game, 'recordLoss', { unitId: '2-wi', sp: 1 })).tables).toContain('units');
      expect((await changedBy(game, 'setCommandMarkers', { commandId: 'iron', rsm: true })).tables).toEqual(['commands']);
      expect((await changedBy(game, 'undo')).tables).toEqual(['commands']);
      expect((await changedBy(game, 'undo')).tables).toContain('units');
      expect((await changedBy(game, 'redo')).tables).toContain('units');
    } finally {
      game.close();
    }
  });

  it('sends the undone row back to the Roster as it was: Undo redraws the one row', async () => {
    const game = publicGame();
    try {
      const start = game.rosterSheet({});
      await windowCall(game, 'recordLoss', { unitId: '2-wi', sp: 1 });
      game.rosterSheet({});
      const changed = await changedBy(game, 'undo');
      expect(changed.sheet?.units).toEqual([start.units.find((u) => u.id === '2-wi')]);
    } finally {
      game.close();
    }
  });

  it('is not sent with a refusal, and the refused write changes nothing', async () => {
    const game = publicGame();
    try {
      const before = game.info();
      const result = await windowCall(game, 'setFatigue', { unitId: 'hall-me', level: 1 });
      expect(result.ok).toBe(false);
      expect('changed' in result).toBe(false);
      expect(game.info()).toEqual(before);
    } finally {
      game.close();
    }
  });

  it("in a step of secret entries carries the game's info only: the screens read again as the side at the keyboard", async () => {
    const game = newGame(tmp.dir);
    try {
      advanceTo(game, { segment: 'I', phase: 'B' });
      game.rosterSheet({});
      game.turnState({});
      const changed = await changedBy(game, 'orderPreRoll', { side: 'USA', roll: 1 });
      expect(changed).toEqual({ game: game.info(), sheet: null, turnState: null, tables: null, kept: null });
    } finally {
      game.close();
    }
  });

  it('in a step of secret entries sends no sheet, and carries the one held to the state after: the side at the keyboard reading again gets the sheet worked out afresh, its other rows the very rows held', async () => {
    const game = newGame(tmp.dir);
    try {
      advanceTo(game, { segment: 'I', phase: 'B' });
      const held = game.rosterSheet({ viewer: 'USA' });
      const changed = await changedBy(game, 'recordLoss', { unitId: '2-wi', sp: 1 });
      expect(changed.sheet).toBeNull();
      const since = game.rosterSheet({ viewer: 'USA', since: held.revision! });
      expect(since.units.map((u) => u.id)).toEqual(['2-wi']);
      expect(since.units[0]!.spLost).toBe(held.units.find((u) => u.id === '2-wi')!.spLost + 1);
      const now = game.rosterSheet({ viewer: 'USA' });
      expect(now.units).toEqual(game.roster({ viewer: 'USA' }));
      expect(now.tree).toEqual(game.commandTree({ viewer: 'USA' }));
      // Carried, not made again: a unit the loss did not touch is the row of the sheet held.
      expect(now.units.find((u) => u.id === '6-wi')).toBe(held.units.find((u) => u.id === '6-wi'));
    } finally {
      game.close();
    }
  });

  it('is not made for the command line, whose calls have no screens to answer', async () => {
    const game = publicGame();
    try {
      const result = await dispatch(handlersOf(game), 'recordLoss', [{ unitId: '2-wi', sp: 1 }], { validateOutput: true });
      expect(result.ok && 'changed' in result).toBe(false);
    } finally {
      game.close();
    }
  });
});

describe("a write's answer names the queries it left as they were", () => {
  /** A combat game in the In-Command Activation Phase, USA's I Corps activated: fire, losses and leaders all in play. */
  function combatGame(): GameService {
    const game = newGame(tmp.dir, { scenario: COMBAT_SCENARIO });
    advanceTo(game, { segment: 'II', phase: 'A' });
    game.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 1, CSA: 0 } });
    advanceTo(game, { segment: 'III', phase: 'A' });
    game.attemptActivation({ commandId: 'usa-i' });
    return game;
  }

  /** Each query a screen keeps, asked as the screens ask it (a refusal is an answer too: its words). */
  function answers(game: GameService): Record<KeptQuery, unknown> {
    const ask = (run: () => unknown) => {
      try {
        return run();
      } catch (e) {
        return { refused: e instanceof Error ? e.message : String(e) };
      }
    };
    return {
      leaders: ask(() => game.leaders({})),
      commandTree: ask(() => game.commandTree({})),
      roster: ask(() => [game.roster({ includeOffMap: false }), game.roster({})]),
      recentHexes: ask(() => game.recentHexes()),
      planFire: ask(() => game.planFire({ stack: ['2-wi', '6-wi'], range: 2, targets: ['13-al'] })),
      planShock: ask(() => game.planShock({ attackers: ['1-tn', '7-tn'], defenders: ['2-wi', '6-wi'] })),
      planCohesion: ask(() => game.planCohesion({ unitId: '13-al', check: 'rally' })),
      jointDice: ask(() => game.jointDice()),
    };
  }

  it('says which of the screens\' queries a die, a fire, a leader hit, command markers, undo and the clock left alone, and each it names answers as before', async () => {
    const game = combatGame();
    try {
      type Answers = Record<KeptQuery, unknown>;
      const writes: [string, GameFunction, unknown, (kept: readonly KeptQuery[], before: Answers, after: Answers) => void][] = [
        // A die touches no state: every view stands.
        ['a die', 'rollDie', { purpose: 'a test', roll: 4 }, (kept) => expect([...kept].sort()).toEqual([...KEPT_QUERIES].sort())],
        // A fire: its units' rows and the hexes last used change; the leaders stand.
        [
          'a fire',
          'resolveFire',
          { stack: ['2-wi', '6-wi'], range: 2, targets: ['13-al'], roll: 4, result: { sp: 1 } },
          (kept, before, after) => {
            // At one laptop the joint dice say the same after every change: nothing to roll jointly.
            expect([...kept].sort()).toEqual(['jointDice', 'leaders']);
            // Not kept, and indeed changed: the hex fired on is offered again, the target fired on has an SP less.
            expect(after.recentHexes).not.toEqual(before.recentHexes);
            expect(after.planFire).not.toEqual(before.planFire);
          },
        ],
        // A leader hit: the leaders and the tree (his name stands, his row does not); the units and the hexes stand.
        ['a leader hit', 'leaderCasualty', { leaderId: 'archer-l', roll: 7 }, (kept) => expect([...kept].sort()).toEqual(['jointDice', 'recentHexes', 'roster'])],
        ['command markers', 'setCommandMarkers', { commandId: 'iron', rsm: true }, (kept) => expect([...kept].sort()).toEqual(['jointDice', 'leaders', 'recentHexes'])],
        ['undo of the markers', 'undo', {}, (kept) => expect([...kept].sort()).toEqual(['jointDice', 'leaders', 'recentHexes'])],
        ['undo of the hit', 'undo', {}, (kept) => expect([...kept].sort()).toEqual(['jointDice', 'recentHexes', 'roster'])],
        // Undo of the fire takes its hexes back.
        ['undo of the fire', 'undo', {}, (kept) => expect(kept).not.toContain('recentHexes')],
        ['redo of the fire', 'redo', {}, (kept) => expect(kept).not.toContain('recentHexes')],
        [
          'the clock',
          'advanceClock',
          {},
          (kept) => {
            expect(kept).not.toContain('planFire');
            expect(kept).toContain('jointDice');
          },
        ],
      ];
      for (const [what, fn, input, expectKept] of writes) {
        const before = answers(game);
        const changed = await changedBy(game, fn, input);
        expect(changed.kept, what).not.toBeNull();
        const after = answers(game);
        expectKept(changed.kept!, before, after);
        // What the answer says was kept is what asking again gives.
        for (const query of changed.kept!) expect(after[query], `${what}: ${query}`).toEqual(before[query]);
      }
    } finally {
      game.close();
    }
  });
});

describe("in a game played from two seats, a write's answer says whether the joint dice are as they were", () => {
  /** Willoughby Run from two seats, played on to a public step: the CSA seat's (it holds the Initiative), both seats live. */
  const atAPublicStep = (): Table => playUntil(tmp.dir, (x) => x.CSA.info().clock.segment === 'II' && x.CSA.info().clock.phase === 'B');

  it('a die typed and a loss keep them; a request for joint dice does not; the seat\'s first change after a die arrived for a combat leaves that die behind, and does not either', async () => {
    const t = atAPublicStep();
    try {
      const csa = t.CSA;
      const unitId = csa.roster().find((u) => u.side === 'CSA' && u.onMap)!.id;
      const joint = () => csa.jointDice();
      expect(joint()).toMatchObject({ twoSeat: true, live: true, mayAsk: { allowed: true }, open: null });

      /** The write through the window, the joint dice asked first (a screen holds them); what its answer says of them. */
      const write = async (fn: GameFunction, input: unknown) => {
        const before = structuredClone(joint());
        const changed = await changedBy(csa, fn, input);
        expect(changed.kept, fn).not.toBeNull();
        const after = joint();
        // What the answer says was kept is what asking again gives; what it does not say was kept has changed.
        if (changed.kept!.includes('jointDice')) expect(after, fn).toEqual(before);
        else expect(after, fn).not.toEqual(before);
        return { kept: changed.kept!.includes('jointDice'), before, after };
      };

      expect((await write('rollDie', { purpose: 'a test', roll: 4 })).kept).toBe(true);
      expect((await write('recordLoss', { unitId, sp: 1 })).kept).toBe(true);
      // Asked for: the request is open, and the joint dice say so (no event, no state table touched: the seat's own rows).
      const asked = await write('askJointDice', { fn: 'rollDie', input: { purpose: 'the fire die' } });
      expect(asked.kept).toBe(false);
      expect(asked.after.open).toMatchObject({ status: 'waiting', purpose: 'the fire die' });
      // The USA seat answers; the die is written at the CSA seat on receipt, and waits for the combat it was asked for.
      exchange(t);
      expect(joint().arrived).toMatchObject({ fn: 'rollDie', status: 'used' });
      // The seat's next change is not that combat: the die is left behind.
      const behind = await write('recordLoss', { unitId, sp: 1 });
      expect(behind.kept).toBe(false);
      expect(behind.after.arrived).toBeNull();
      expect((await write('recordLoss', { unitId, sp: 1 })).kept).toBe(true);
    } finally {
      t.USA.close();
      t.CSA.close();
    }
  });

  it('joint dice nobody asked for in the state before the write are not named: no screen holds them', async () => {
    const t = atAPublicStep();
    try {
      const unitId = t.CSA.roster().find((u) => u.side === 'CSA' && u.onMap)!.id;
      const changed = await changedBy(t.CSA, 'recordLoss', { unitId, sp: 1 });
      expect(changed.kept).not.toBeNull();
      expect(changed.kept).not.toContain('jointDice');
    } finally {
      t.USA.close();
      t.CSA.close();
    }
  });
});

describe("in a step of secret entries of a game played from two seats, a write's answer names the joint dice when they are as they were, and nothing else", () => {
  /** Willoughby Run from two seats, at its first step (I.A): both seats make their secret entries at once. */
  const atTheFirstStep = (): Table => twoSeats(tmp.dir, 'skirmish-at-willoughby-run');

  it("finishing the entries keeps them; the clock moved into the next such step moves them, and they are not named; the answer's other views stay unsent", async () => {
    const t = atTheFirstStep();
    try {
      expect(toAct(t.USA)).toBe('both');
      for (const side of ['USA', 'CSA'] as const) {
        const before = structuredClone(t[side].jointDice());
        const changed = await changedBy(t[side], 'finishEntries', { side });
        expect(changed, side).toEqual({ game: t[side].info(), sheet: null, turnState: null, tables: null, kept: ['jointDice'] });
        expect(t[side].jointDice(), side).toEqual(before);
      }
      exchange(t);
      // Both revealed: the seat to act moves the clock into the army commander's pre-roll, where both seats enter again.
      const mover = toAct(t.USA);
      expect(mover).not.toBe('both');
      const seat = t[mover as 'USA' | 'CSA'];
      const before = structuredClone(seat.jointDice());
      const moved = await changedBy(seat, 'advanceClock');
      expect(seat.info().clock).toMatchObject({ segment: 'I', phase: 'B' });
      expect(moved.kept).toBeNull();
      expect(seat.jointDice()).not.toEqual(before);
    } finally {
      t.USA.close();
      t.CSA.close();
    }
  });

  it('joint dice nobody asked for before the write are not named: the answer says nothing', async () => {
    const t = atTheFirstStep();
    try {
      expect(await changedBy(t.USA, 'finishEntries', { side: 'USA' })).toEqual({ game: t.USA.info(), sheet: null, turnState: null, tables: null, kept: null });
    } finally {
      t.USA.close();
      t.CSA.close();
    }
  });

  it("tells the side at the keyboard nothing of the other side's entries: the USA seat's answer, and its joint dice, are the same whether the CSA seat made the pre-roll or entered nothing", async () => {
    const seen: unknown[] = [];
    for (const csaEnters of [true, false]) {
      const t = atTheFirstStep();
      try {
        playOn(t, (x) => x.USA.info().clock.phase === 'B' && toAct(x.USA) === 'both');
        if (csaEnters) t.CSA.orderPreRoll({ side: 'CSA' });
        t.CSA.finishEntries({ side: 'CSA' });
        exchange(t);
        const before = structuredClone(t.USA.jointDice());
        const changed = await changedBy(t.USA, 'finishEntries', { side: 'USA' });
        seen.push({ before, kept: changed.kept, after: t.USA.jointDice() });
      } finally {
        t.USA.close();
        t.CSA.close();
      }
    }
    expect(seen[0]).toMatchObject({ kept: ['jointDice'] });
    expect(seen[1]).toEqual(seen[0]);
  });
});
