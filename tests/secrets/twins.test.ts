/**
 * The secrets suite: each kind of hidden entry the game has is played in two games that differ only in the
 * secret (what was entered, or whether anything was), and the other side then tries every query and every
 * write of the contract, through the same dispatch the bridge and the command line use: its answers,
 * refusals included, must be the same in both games. Whatever it is told would otherwise let it tell the
 * two games apart, and so learn the secret (RI-H01, RI-H07, RI-H08, docs/security.md).
 *
 * Each write is taken back after it answers (its transaction rolled back), so every call meets the same game.
 * The secret side's own view is compared too, and must differ: the twins really do hold different secrets.
 *
 * A write is asked as the window asks it, so what it is told it changed (contract/answer.ts) is compared too.
 *
 * What every game has of its own and is not compared: the hashes and the fingerprint (each event and roll
 * carries its own random salt, so two games with the very same entries already differ there: the last test
 * shows it) and the file's name. The roster sheet's revision is a random name for what the sheet shows: only
 * whether the sheet has one is compared.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { GAME_CONTRACT, GAME_FUNCTIONS, type NewGameInput } from '../../contract';
import { dispatchGameSync, serviceHandlers } from '../../db/dispatch';
import { GameService } from '../../db/service';
import type { Side } from '../../rules/types';
import { advanceTo, FIXTURE_SCENARIO, tempDir } from '../fixtures/game';
import { playTo } from '../fixtures/variable-initiative';
import { callsOf } from './calls';

const tmp = tempDir('muster-secret-twins-');
afterAll(() => tmp.cleanup());

const NOW = () => '2024-07-01T12:00:00.000Z';
let files = 0;

interface Kind {
  name: string;
  /** The side keeping the secret, and the side trying to learn it. */
  secret: Side;
  viewer: Side;
  optionalRules?: NewGameInput['optionalRules'];
  /** Public play up to the step of the secret. */
  setup: (g: GameService) => void;
  /** The secret, two ways. */
  variants: [(g: GameService) => void, (g: GameService) => void];
  /** Public play after it (the secret side's hand-over). */
  after?: (g: GameService) => void;
  /** What the secret side itself reads of it (must differ between the twins). */
  own: (g: GameService) => unknown;
}

const preRollAndAttempts: Kind = {
  name: "USA's pre-roll and order change attempts (I.B), one passing and two attempts against one failing pre-roll",
  secret: 'USA',
  viewer: 'CSA',
  setup: (g) => advanceTo(g, { segment: 'I', phase: 'B' }),
  variants: [
    (g) => {
      g.orderPreRoll({ side: 'USA', roll: 1 });
      g.attemptOrderChange({ commandId: 'iron', order: 'ASLT', superiorsUsingRating: ['wadsworth'], roll: 0 });
      g.attemptOrderChange({ commandId: 'gamble', order: 'HOLD', roll: 9 });
    },
    (g) => {
      g.orderPreRoll({ side: 'USA', roll: 9 });
    },
  ],
  after: (g) => g.finishEntries({ side: 'USA' }),
  own: (g) => [g.turnState({ viewer: 'USA' }), g.history({ viewer: 'USA' })],
};

const appPreRoll: Kind = {
  name: "USA's pre-roll rolled by the app's die (I.B), made or not",
  secret: 'USA',
  viewer: 'CSA',
  setup: (g) => advanceTo(g, { segment: 'I', phase: 'B' }),
  variants: [(g) => g.orderPreRoll({ side: 'USA' }), () => undefined],
  after: (g) => g.finishEntries({ side: 'USA' }),
  own: (g) => g.diceLog({ viewer: 'USA' }),
};

const commandersInitiative: Kind = {
  name: "USA's Commander's Initiative order (I.B): ASLT or SKPD",
  secret: 'USA',
  viewer: 'CSA',
  setup: (g) => advanceTo(g, { segment: 'I', phase: 'B' }),
  variants: [
    (g) => g.setOrders({ unitId: '24-mi', order: 'ASLT', commandersInitiative: true, stackedWithLeaderId: 'wadsworth' }),
    (g) => g.setOrders({ unitId: '24-mi', order: 'SKPD', commandersInitiative: true, stackedWithLeaderId: 'wadsworth' }),
  ],
  after: (g) => g.finishEntries({ side: 'USA' }),
  own: (g) => g.roster({ viewer: 'USA' }),
};

const initiativeDeclaration: Kind = {
  name: "USA's Initiative declaration (II.A): Meade's points added or not",
  secret: 'USA',
  viewer: 'CSA',
  setup: (g) => advanceTo(g, { segment: 'II', phase: 'A' }),
  variants: [(g) => g.declareInitiative({ side: 'USA', armyPoints: true }), (g) => g.declareInitiative({ side: 'USA', armyPoints: false })],
  own: (g) => g.turnState({ viewer: 'USA' }).armyPointsForInitiative,
};

const undoneEntry: Kind = {
  name: 'an attempt USA made and took back (I.B), after both sides have finished: hidden for good',
  secret: 'USA',
  viewer: 'CSA',
  setup: (g) => {
    advanceTo(g, { segment: 'I', phase: 'B' });
    g.orderPreRoll({ side: 'USA', roll: 1 });
  },
  variants: [
    (g) => {
      g.attemptOrderChange({ commandId: 'iron', order: 'ASLT', roll: 0 });
      g.undo({ viewer: 'USA' });
      g.attemptOrderChange({ commandId: 'gamble', order: 'HOLD', roll: 9 });
      g.undo({ viewer: 'USA' });
    },
    () => undefined,
  ],
  after: (g) => {
    g.finishEntries({ side: 'USA' });
    g.finishEntries({ side: 'CSA' });
  },
  own: (g) => g.history({ viewer: 'USA', includeUndone: true }),
};

const alternativeArrival: Kind = {
  name: "CSA's Alternative Arrival Area for Davis's brigade (III.A): Hagerstown Road or Fairfield Road",
  secret: 'CSA',
  viewer: 'USA',
  setup: (g) => advanceTo(g, { segment: 'III', phase: 'A' }),
  variants: [
    (g) => g.orderAlternativeArrival({ side: 'CSA', groupId: 'davis-arrives', entryArea: 'Hagerstown Road' }),
    (g) => g.orderAlternativeArrival({ side: 'CSA', groupId: 'davis-arrives', entryArea: 'Fairfield Road' }),
  ],
  own: (g) => g.arrivals({ viewer: 'CSA' }),
};

const nightPlot: Kind = {
  name: "USA's night plot for the 2nd Wisconsin (Variable Initiative, I.B of a Night Turn), plotted or not",
  secret: 'USA',
  viewer: 'CSA',
  optionalRules: { variableInitiative: true },
  setup: (g) => playTo(g, '1863-07-01T2200', 'I', 'B'),
  variants: [
    (g) => g.plotNightMovement({ side: 'USA', unitId: '2-wi', fromHex: '1010', steps: [{ kind: 'move', hex: '1011' }, { kind: 'hold' }, { kind: 'hold' }, { kind: 'hold' }, { kind: 'hold' }, { kind: 'hold' }] }),
    () => undefined,
  ],
  after: (g) => g.finishEntries({ side: 'USA' }),
  own: (g) => g.nightPlots({ viewer: 'USA' }),
};

const messenger: Kind = {
  name: "USA's order change on its way by messenger (Messengers), after both sides have finished: ASLT or SKPD",
  secret: 'USA',
  viewer: 'CSA',
  optionalRules: { messengers: true },
  setup: (g) => {
    advanceTo(g, { segment: 'I', phase: 'B' });
    g.orderPreRoll({ side: 'USA', roll: 1 });
  },
  // How many messages each side has on their way is public (RI-O51: the riders are seen); what they carry is not.
  variants: [(g) => g.attemptOrderChange({ commandId: 'iron', order: 'ASLT', messengerDistance: 3, roll: 0 }), (g) => g.attemptOrderChange({ commandId: 'iron', order: 'SKPD', messengerDistance: 3, roll: 0 })],
  after: (g) => {
    g.finishEntries({ side: 'USA' });
    g.finishEntries({ side: 'CSA' });
  },
  own: (g) => g.orderMessages({ viewer: 'USA' }),
};

const KINDS: Kind[] = [preRollAndAttempts, appPreRoll, commandersInitiative, initiativeDeclaration, undoneEntry, alternativeArrival, nightPlot, messenger];

/** One twin: the kind played with one variant of its secret, then opened afresh with the same die as its twin. */
function twin(kind: Kind, variant: (g: GameService) => void): GameService {
  files += 1;
  const file = tmp.file(`twin-${files}.muster`);
  const g = GameService.create({ file, scenario: FIXTURE_SCENARIO, players: { USA: 'Ann', CSA: 'Bob' }, ...(kind.optionalRules ? { optionalRules: kind.optionalRules } : {}) }, { seed: 1, now: NOW });
  kind.setup(g);
  variant(g);
  kind.after?.(g);
  g.close();
  return GameService.open(file, { seed: 2, now: NOW });
}

/** What a game has of its own whatever was entered: left out of the comparison (see the file header). */
const OWN_TO_EACH_GAME = new Set(['hash', 'fingerprint', 'file']);

/**
 * The roster sheet's revision is a random name, so only whether there is one is compared: a sheet named in
 * one game and not in its twin would tell the viewer the other side has hidden entries in force.
 */
function comparable(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value ?? null, (key, v: unknown) => (OWN_TO_EACH_GAME.has(key) ? undefined : key === 'revision' ? (v === null ? null : v === undefined ? undefined : 'named') : v)),
  );
}

/**
 * One call through the one way in, as the bridge and the command line make it; a write is taken back after.
 * A write that ends the step's secrecy (the viewer's own hand-over, which reveals both sides' entries) is
 * told what the reveal shows: of its answer, only what it did is compared.
 */
function ask(g: GameService, fn: (typeof GAME_FUNCTIONS)[number], input: unknown): unknown {
  const write = GAME_CONTRACT[fn].kind === 'write';
  if (!write) return comparable(dispatchGameSync(serviceHandlers(g), fn, input === undefined ? [] : [input], { validateOutput: true }));
  // A step of secret entries not yet revealed, and the same step after the write: revealed, or left behind.
  const step = () => ({ label: g.info().clock.label, hidden: g.turnState().secretEntries?.revealed === false });
  const before = step();
  g.db.exec('BEGIN');
  try {
    // As the window makes it: answered with what it changed (the game's info, the views, the tables touched).
    const answer = dispatchGameSync(serviceHandlers(g), fn, input === undefined ? [] : [input], { validateOutput: true, answerWrite: () => g.answerWrite() });
    const after = step();
    if (answer.ok && before.hidden && (after.label !== before.label || !after.hidden)) {
      const event = (answer.value as { event?: { kind: string; summary: string } }).event;
      return { ok: true, revealed: event && { kind: event.kind, summary: event.summary } };
    }
    return comparable(answer);
  } finally {
    g.db.exec('ROLLBACK');
  }
}

describe('the other side learns nothing of a hidden entry from any query or write of the contract', () => {
  for (const kind of KINDS) {
    it(kind.name, () => {
      const games = kind.variants.map((v) => twin(kind, v)) as [GameService, GameService];
      try {
        expect(comparable(kind.own(games[0])), `${kind.secret} sees its own secret`).not.toEqual(comparable(kind.own(games[1])));
        const calls = callsOf(kind.viewer, kind.secret);
        const told: { call: string; a: unknown; b: unknown }[] = [];
        for (const fn of GAME_FUNCTIONS) {
          for (const input of calls[fn]) {
            const [a, b] = games.map((g) => ask(g, fn, input));
            told.push({ call: `${kind.viewer} calls ${fn}(${JSON.stringify(input) ?? ''})`, a, b });
          }
        }
        expect(told.length).toBeGreaterThan(GAME_FUNCTIONS.length);
        // Every call that told the two games apart, with both answers.
        expect(told.filter((t) => JSON.stringify(t.a) !== JSON.stringify(t.b))).toEqual([]);
      } finally {
        for (const g of games) g.close();
      }
    });
  }

  it('every query and write of the contract is tried', () => {
    const calls = callsOf('CSA', 'USA');
    expect(GAME_FUNCTIONS.filter((fn) => calls[fn].length === 0)).toEqual([]);
  });

  it('two games with the very same entries have different hashes and fingerprints: they tell nothing of what the entries were', () => {
    const same = (g: GameService) => g.orderPreRoll({ side: 'USA', roll: 1 });
    const games = [twin(preRollAndAttempts, same), twin(preRollAndAttempts, same)];
    try {
      expect(games[0]!.info().fingerprint).not.toBe(games[1]!.info().fingerprint);
      expect(games[0]!.diceLog({ viewer: 'USA' })[0]!.hash).not.toBe(games[1]!.diceLog({ viewer: 'USA' })[0]!.hash);
      expect(comparable(games[0]!.diceLog({ viewer: 'USA' }))).toEqual(comparable(games[1]!.diceLog({ viewer: 'USA' })));
    } finally {
      for (const g of games) g.close();
    }
  });
});
