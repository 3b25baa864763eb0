/**
 * What the game-service domains share: the rules sections the service cites when it refuses a request,
 * and how database rows are put to rules/ (a command's arm, a unit as an order subject, a rules check).
 */
import type { CommandCheck } from '../../rules/command-check';
import type { DefaultOrderSubject } from '../../rules/orders';
import type { Arm } from '../../rules/types';
import { forbidden } from '../errors';
import type { CommandRow, UnitRow } from '../store';

/** Rules sections the service itself cites when it refuses a request. */
export const RULE = {
  stragglers: 'Rev. Infantry Stragglers',
  abandonedGuns: 'Rev. Abandoned Guns',
  ordersSegment: 'Rev. Orders Segment',
  nonAutomatic: 'Rev. Non-Automatic Order Change Attempts',
  commandersInitiative: "Rev. Commander's Initiative",
  initiative: 'Rev. Initiative Segment',
  activation: 'Rev. Activation Segment',
  leaders: 'Rev. Leaders and Activation',
  skirmishers: 'Rev. Skirmishers',
  sequence: 'Rev. Sequence of Play',
  victory: 'Rev. Victory Points for Losses',
  leaderLosses: 'Rev. Leader Losses',
  cavalry: 'Rev. Cavalry',
  inCommand: 'Rev. In-Command/Out-of-Command',
  orderChangeDrms: 'Rev. Order Change DRMs',
  activationDrms: 'Rev. Activation DRMs',
  arrival: 'Rev. Variable Arrival of Reinforcements',
  stacking: 'Rev. Stacking and Fire Combat',
  fireTable: 'Rev. Fire Table',
  bayonetCharge: 'Rev. Bayonet Charge',
  works: 'Rev. Breastworks/Entrenchments',
  rally: 'Rev. Rally Table',
  leaderRally: 'Rev. Leader Rally',
  friendlyFire: 'Rev. Artillery Friendly Fire',
  rain: 'Rev. Rain',
} as const;

export const yes = (b: boolean) => (b ? 1 : 0);

export function commandArm(c: Pick<CommandRow, 'cavalry' | 'artillery'>): Arm {
  return c.cavalry ? 'cavalry' : c.artillery ? 'artillery' : 'infantry';
}

export function unitSubject(u: UnitRow): DefaultOrderSubject {
  return { arm: u.arm, horseArtillery: u.horse_artillery === 1, sharpshooters: u.sharpshooters === 1 };
}

/** A rules check that says no becomes a refusal naming the field and the rule. */
export function check<T extends object>(field: string, result: CommandCheck<T>): asserts result is { ok: true } & T {
  if (!result.ok) throw forbidden(field, result.reason, result.rule);
}
