/**
 * The rule-module seam (db/service/rule-seam.ts), seen from outside: a rule module the core has never
 * heard of (tests/fixtures/rule-module.ts, an invented "Fresh Powder" rule) registers itself, and its DRM
 * reaches the fire plan and the roll, its obligation the turn state (and Next waits for it), its section
 * the Victory screen's data: through the service and through the contract's one way in, with no edit of
 * the core.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { dispatchGameSync, serviceHandlers } from './dispatch';
import { MusterError } from './errors';
import type { GameService } from './service';
import { ruleModules } from './service/rule-seam';
import { advanceTo, COMBAT_SCENARIO, newGame, tempDir } from '../tests/fixtures/game';
import { FRESH_POWDER_RULE, FRESH_POWDER_SOURCE } from '../tests/fixtures/rule-module';

const tmp = tempDir('muster-rule-seam-');
afterAll(() => tmp.cleanup());

const FRESH_POWDER_ITEM = { id: 'fresh-powder:fire', label: 'Fresh powder: one column right', value: 1, rule: FRESH_POWDER_RULE, source: FRESH_POWDER_SOURCE };

/** The combat fixture at the In-Command Activation Phase, the USA holding the Initiative. */
function inActivation(): GameService {
  const g = newGame(tmp.dir, { scenario: COMBAT_SCENARIO });
  advanceTo(g, { segment: 'II', phase: 'A' });
  g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: { USA: 1, CSA: 0 } });
  advanceTo(g, { segment: 'III', phase: 'A' });
  return g;
}

describe('a rule module registered with the seam, with no edit of the core', () => {
  it('is listed with the optional rules that ship with Muster', () => {
    expect(ruleModules().map((m) => m.id)).toEqual(expect.arrayContaining(['card-draw', 'status-ladder', 'variable-initiative', 'night-plot', 'messengers', 'demoralization', 'fresh-powder']));
  });

  it('its obligation is in the turn state, and Next waits until the players settle it', () => {
    const g = newGame(tmp.dir, { scenario: COMBAT_SCENARIO });
    expect(g.info().clock).toMatchObject({ segment: 'I', phase: 'A' });
    const due = g.turnState().obligations.items;
    expect(due).toContainEqual({ id: 'fresh-powder', kind: 'decision', side: null, appRolls: false, where: null, text: 'inspect the powder (Fresh Powder)', rule: FRESH_POWDER_RULE, choices: [{ id: 'done', label: 'The powder is inspected' }] });
    expect(g.turnState().legal.advance.next).toMatchObject({ allowed: false, rule: FRESH_POWDER_RULE });
    expect(() => g.advanceClock()).toThrow(MusterError);
    expect(() => g.advanceClock()).toThrow(/inspect the powder \(Fresh Powder\)/);

    g.settleObligation({ id: 'fresh-powder', choice: 'done' });
    expect(g.turnState().obligations.items.map((i) => i.id)).not.toContain('fresh-powder');
    expect(g.advanceClock({ nothingToEnter: ['USA', 'CSA'] }).clock).toMatchObject({ segment: 'I', phase: 'B' });
  });

  it('its DRM is itemised in the fire plan with its id and source, counted in the total, and rolled with', () => {
    const g = inActivation();
    const fire = { stack: ['24-mi'], range: 1, targets: ['14-tn'] };
    const drm = g.planFire(fire).attack!.drm;
    expect(drm.items).toContainEqual(FRESH_POWDER_ITEM);
    expect(drm.total).toBe(drm.items.reduce((n, i) => n + i.value, 0));

    const resolved = g.resolveFire({ ...fire, roll: 2, result: { sp: 1 } });
    expect(resolved.modified).toBe(2 + drm.total);
    expect(resolved.dice[0]!.modifiers.items).toContainEqual(FRESH_POWDER_ITEM);
  });

  it('the contract carries the item and the Victory section to the screens as the service gives them', () => {
    const g = inActivation();
    const plan = dispatchGameSync(serviceHandlers(g), 'planFire', [{ stack: ['24-mi'], range: 1, targets: ['14-tn'] }], { validateOutput: true });
    expect(plan.ok).toBe(true);
    expect((plan as { value: { attack: { drm: { items: unknown[] } } } }).value.attack.drm.items).toContainEqual(FRESH_POWDER_ITEM);

    const tally = dispatchGameSync(serviceHandlers(g), 'tally', [], { validateOutput: true });
    expect(tally.ok).toBe(true);
    expect((tally as { value: { ruleModules: unknown[] } }).value.ruleModules).toEqual([
      { moduleId: 'fresh-powder', name: FRESH_POWDER_SOURCE, rule: FRESH_POWDER_RULE, lines: [{ label: 'Fires with fresh powder', value: '0', rule: FRESH_POWDER_RULE }] },
    ]);
  });

  it('its Victory section follows the game: a fire resolved counts, and undo takes it back', () => {
    const g = inActivation();
    const fires = () => g.tally().ruleModules.find((m) => m.moduleId === 'fresh-powder')!.lines[0]!.value;
    expect(fires()).toBe('0');
    g.resolveFire({ stack: ['24-mi'], range: 1, targets: ['14-tn'], roll: 2, result: { sp: 1 } });
    expect(fires()).toBe('1');
    g.undo();
    expect(fires()).toBe('0');
  });
});
