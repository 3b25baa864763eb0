/**
 * Each house reading as its rule takes it (rules/house-readings.ts): the documented reading when the
 * argument is left out, the alternative when it is given, and the option named on the number it changes.
 * The service tests (db/service-house-readings.test.ts) play the same readings on real game files.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_RATING_POINTS_LEDGER } from './test-support';
import { activationDrm } from './activation';
import { commandAttachment } from './attachment';
import { initiativeModifierHolder } from './initiative';
import { commandsBehindOrderChange } from './command-tree';
import { highestCommanderInGroup, variableArrival } from './reinforcements';
import { bayonetChargeBonuses } from './shock';

const TREE = [
  { id: 'corps', parentId: null },
  { id: 'div', parentId: 'corps' },
  { id: 'bde-a', parentId: 'div' },
  { id: 'bde-b', parentId: 'div' },
];

describe('house readings in the rules', () => {
  it('RI-C01: the OOC commander -1 as printed, or +1 when he suffers it', () => {
    const drm = { level: 'brigade' as const, anyUnitInBreastworks: false, commanderOutOfCommand: true, superiorRatingsInRange: [] };
    expect(activationDrm(drm).total).toBe(-1);
    expect(activationDrm({ ...drm, oocCommanderDrm: 'hurts' }).items).toEqual([expect.objectContaining({ value: 1, id: 'house-reading:oocCommanderDrm' })]);
  });

  it('RI-S09: the whole command behind an order change, or its own order only', () => {
    expect(commandsBehindOrderChange(TREE, 'div')).toEqual(['div', 'bde-a', 'bde-b']);
    expect(commandsBehindOrderChange(TREE, 'div', 'ownOrder')).toEqual(['div']);
    expect(() => commandsBehindOrderChange(TREE, 'nobody')).toThrow(/commandId: must be the id of a command in the tree/);
  });

  it("RI-S11: the +1 to last turn's winner, or to its loser; nobody when nobody had the Initiative", () => {
    expect(initiativeModifierHolder('USA')).toBe('USA');
    expect(initiativeModifierHolder('USA', 'previousLoser')).toBe('CSA');
    expect(initiativeModifierHolder(null, 'previousLoser')).toBeNull();
  });

  it('RI-S13: the acting army commander gives the -1 only under the house reading, and never twice', () => {
    const at = { scheduled: '1863-07-01T1400', now: '1863-07-01T1400', formationUnitOnMap: false };
    expect(variableArrival({ ...at, overallCommanderOnMap: false, actingCommanderOnMap: true }).drm.total).toBe(0);
    expect(variableArrival({ ...at, overallCommanderOnMap: false, actingCommanderOnMap: true, overallCommanderReading: 'actingCommander' }).drm.items).toEqual([expect.objectContaining({ value: -1, id: 'house-reading:overallCommander' })]);
    expect(variableArrival({ ...at, overallCommanderOnMap: true, actingCommanderOnMap: true, overallCommanderReading: 'actingCommander' }).drm.total).toBe(-1);
  });

  it('RI-F09, RI-K12: what one charger of two gives under each reading', () => {
    const mixed = [
      { bayonetCharge: true, undisordered: true },
      { bayonetCharge: false, undisordered: true },
    ];
    expect(bayonetChargeBonuses(mixed)).toMatchObject({ shockResolution: false, preShock: true });
    expect(bayonetChargeBonuses(mixed, 'anyForBoth')).toMatchObject({ shockResolution: true, preShock: true });
    expect(bayonetChargeBonuses(mixed, 'allForBoth')).toMatchObject({ shockResolution: false, preShock: false });
  });

  it('RI-C11: an artillery battalion attached only under "infantry and artillery", which the result names', () => {
    const request = { kind: 'attach' as const, moved: { size: 'brigade' as const, arm: 'artillery' as const }, gaining: { size: 'division' as const }, gainingCommanderHasDetachingInRange: true, armyCommanderHasDetachingInRange: true, attachmentsThisTurn: 0 };
    const lee = { id: 'lee', role: 'army' as const };
    expect(commandAttachment(request, EMPTY_RATING_POINTS_LEDGER, lee)).toMatchObject({ ok: false, reason: 'Only infantry commands may be attached or detached, not artillery' });
    expect(commandAttachment(request, EMPTY_RATING_POINTS_LEDGER, lee, 'infantryAndArtillery')).toMatchObject({ ok: true, houseReading: 'House reading: What may be attached: Infantry and artillery (RI-C11)' });
    expect(commandAttachment({ ...request, moved: { size: 'brigade', arm: 'cavalry' } }, EMPTY_RATING_POINTS_LEDGER, lee, 'infantryAndArtillery')).toMatchObject({ ok: false });
  });

  it('RI-B03: a division commander riding in alone beside a brigade counts only under "arrive with the group"', () => {
    const candidates = [
      { level: 'brigade' as const, rating: 2, ridesAlone: false, sameTurnAndArea: true, commandsGroupOrAbove: true },
      { level: 'division' as const, rating: 4, ridesAlone: true, sameTurnAndArea: true, commandsGroupOrAbove: false },
    ];
    expect(highestCommanderInGroup(candidates)).toEqual({ rating: 2, byReading: false });
    expect(highestCommanderInGroup(candidates, 'withGroup')).toEqual({ rating: 4, byReading: true });
    // His own division's brigades: he counts under both readings, and the reading changes nothing.
    const own = [{ ...candidates[0]! }, { ...candidates[1]!, commandsGroupOrAbove: true }];
    expect(highestCommanderInGroup(own, 'withGroup')).toEqual({ rating: 4, byReading: false });
  });
});
