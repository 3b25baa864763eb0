/**
 * Optional rules at game creation: switched on in New Game, recorded in the game file before
 * its genesis, shown by info(), fixed for the rest of the game, and checked by verify like any state.
 * A game without options is the revision as written.
 */
import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { GameService } from './service';
import { MIGRATIONS } from './migrations';
import { advanceTo, FIXTURE_SCENARIO, newGame, tempDir } from '../tests/fixtures/game';

const tmp = tempDir('muster-optional-');
afterAll(() => tmp.cleanup());
const at = { seed: 7, now: () => '2024-07-01T12:00:00.000Z' };

describe('optional rules chosen at New Game', () => {
  it('are all off in a game created without them, which says it plays the revision as written', () => {
    const g = newGame(tmp.dir);
    expect(g.info().optionalRules).toEqual({ settings: { variableInitiative: false, demoralization: false, cardDraw: null, messengers: false }, inForce: [] });
    g.close();
  });

  it('are recorded in the file and named, with their sources, wherever the game is opened again', () => {
    const file = tmp.file('with-options.muster');
    GameService.create({ file, scenario: FIXTURE_SCENARIO, optionalRules: { demoralization: true, cardDraw: { level: 'brigade', statusLadder: true } } }, at).close();
    const g = GameService.open(file);
    const { settings, inForce } = g.info().optionalRules;
    expect(settings).toEqual({ variableInitiative: false, demoralization: true, cardDraw: { level: 'brigade', statusLadder: true }, messengers: false });
    expect(inForce.map((r) => r.id)).toEqual(['demoralization', 'cardDraw']);
    expect(inForce[0]!.source).toContain('11.6');
    expect(inForce[1]!.detail).toBe('cards are the brigades; status ladder on');
    expect(g.verify().ok).toBe(true);
    g.close();
  });

  it('refuses an unknown rule or a card-draw level that is not a command level, naming the field, and creates no file', () => {
    const file = tmp.file('refused.muster');
    expect(() => GameService.create({ file, scenario: FIXTURE_SCENARIO, optionalRules: { fogOfWar: true } as never }, at)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', field: expect.stringMatching(/^optionalRules/) }),
    );
    expect(() => GameService.create({ file, scenario: FIXTURE_SCENARIO, optionalRules: { cardDraw: { level: 'regiment' } } as never }, at)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', field: 'optionalRules.cardDraw.level' }),
    );
    expect(existsSync(file)).toBe(false);
  });

  it('cannot be changed once the game exists, and an edit made behind the trigger is caught by verify', () => {
    const file = tmp.file('fixed.muster');
    GameService.create({ file, scenario: FIXTURE_SCENARIO, optionalRules: { messengers: true } }, at).close();
    const g = GameService.open(file);
    expect(() => g.db.prepare("UPDATE game SET optional_rules = '{}'").run()).toThrow(/fixed when the game is created/);
    // Someone who drops the trigger to switch the messengers off is found out: the genesis says otherwise.
    g.db.exec('DROP TRIGGER game_optional_rules_fixed');
    g.db.prepare("UPDATE game SET optional_rules = '{}'").run();
    const report = g.verify();
    expect(report.ok).toBe(false);
    expect(report.state.problems.join('\n')).toMatch(/optional_rules/);
    g.close();
  });

  it('gives a game from before optional rules existed (schema version 6) every rule off when it is upgraded', () => {
    const old = newGame(tmp.dir, { migrations: MIGRATIONS.slice(0, 6) });
    expect(old.schemaVersion).toBe(6);
    old.recordLoss({ unitId: '2-wi', sp: 1 });
    old.close();
    const g = GameService.open(old.file);
    expect(g.schemaVersion).toBe(MIGRATIONS.length);
    expect(g.info().optionalRules.inForce).toEqual([]);
    expect(g.verify().ok).toBe(true);
    g.close();
  });

  it('change the turn guide where they act: the card draw replaces alternation in III.A, messengers carry the changes of I.B', () => {
    const plain = newGame(tmp.dir);
    const file = tmp.file('guide.muster');
    const optioned = GameService.create({ file, scenario: FIXTURE_SCENARIO, optionalRules: { cardDraw: { level: 'brigade' }, messengers: true } }, at);
    for (const g of [plain, optioned]) advanceTo(g, { segment: 'I', phase: 'B' });
    expect(plain.info().clock.whatHappens).not.toMatch(/Messengers/);
    expect(optioned.info().clock.whatHappens).toMatch(/Messengers \(optional rule\): a successful order change travels by messenger/);
    expect(optioned.info().clock.rules).toContain('Fields of Blue & Grey, Messengers');
    for (const g of [plain, optioned]) advanceTo(g, { segment: 'III', phase: 'A' });
    expect(plain.info().clock.whatHappens).toMatch(/the players alternate/);
    const guide = optioned.info().clock;
    expect(guide.whatHappens).toMatch(/^Card-draw activation \(optional rule\): in place of alternation, Muster draws the next card from one box of both sides' brigades/);
    expect(guide.rules).toContain('Miniatures Random Movement');
    plain.close();
    optioned.close();
  });
});
