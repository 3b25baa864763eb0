/**
 * Losses: strength points lost (permanently, as stragglers or as abandoned guns), abandoned guns resolved
 * at the end of the day, and guns captured by the enemy.
 */
import { abandonedGunsAtMidnight, artilleryLossKind } from '../../rules/losses';
import { forbidden, invalid } from '../errors';
import type { CaptureGunsInput, ChangeResult, RecordLossInput, ResolveAbandonedGunsInput } from '../../contract';
import type { LossCause } from '../../rules/types';
import { currentSp } from '../store';
import { askRules } from '../validate';
import { RULE } from './common';
import { write, type GameContext, type ServiceFunctions } from './context';
import { requireEndOfDay, unit } from './lookups';

function recordLoss(ctx: GameContext, input: RecordLossInput): ChangeResult {
  const straggler = input.straggler ?? false;
  return write(ctx, straggler ? 'loss.straggler' : 'loss.sp', input, (cs) => {
    const u = unit(ctx, 'unitId', input.unitId);
    const sp = input.sp;
    const cause: LossCause = input.cause === undefined ? 'other' : input.cause;
    const now = currentSp(u);
    if (sp > now) throw invalid('sp', `${u.name} has only ${now} SP left; it cannot lose ${sp}`);
    if (straggler) {
      // RI-S04: straggler losses are infantry losses.
      if (u.arm !== 'infantry') throw forbidden('straggler', `${u.name} is ${u.arm}; only infantry loses stragglers`, RULE.stragglers);
      cs.set('units', u.id, 'stragglers', u.stragglers, u.stragglers + sp);
      return { summary: `${u.name} loses ${sp} SP as stragglers`, result: {} };
    }
    if (u.arm === 'artillery' && askRules(() => artilleryLossKind(cause)).kind === 'abandoned-guns') {
      cs.set('units', u.id, 'abandoned_guns', u.abandoned_guns, u.abandoned_guns + sp);
      return { summary: `${u.name} abandons ${sp} gun(s) under small-arms fire (AG marker)`, result: {} };
    }
    cs.set('units', u.id, 'sp_lost', u.sp_lost, u.sp_lost + sp);
    if (u.arm === 'artillery') cs.set('units', u.id, 'destroyed_guns', u.destroyed_guns, u.destroyed_guns + sp);
    // RI-S07: a unit with no printed SP left is eliminated.
    if (u.sp - u.sp_lost - sp === 0) cs.set('units', u.id, 'status', u.status, 'eliminated');
    return { summary: `${u.name} loses ${sp} SP${cause === 'other' ? '' : ` (${cause})`}`, result: {} };
  });
}

function resolveAbandonedGuns(ctx: GameContext, input: ResolveAbandonedGunsInput): ChangeResult {
  return write(ctx, 'guns.resolved', input, (cs) => {
    const u = unit(ctx, 'unitId', input.unitId);
    const outcome = input.outcome;
    if (u.abandoned_guns === 0) throw forbidden('unitId', `${u.name} has no abandoned guns`, RULE.abandonedGuns);
    requireEndOfDay(ctx, 'outcome');
    const n = u.abandoned_guns;
    const r = askRules(() => abandonedGunsAtMidnight({ guns: n, hexInsideFriendlyLines: outcome === 'returned' }));
    cs.set('units', u.id, 'abandoned_guns', n, 0);
    if (r.captured > 0) {
      cs.set('units', u.id, 'sp_lost', u.sp_lost, u.sp_lost + r.captured).set('units', u.id, 'captured_guns', u.captured_guns, u.captured_guns + r.captured);
      if (u.sp - u.sp_lost - r.captured === 0) cs.set('units', u.id, 'status', u.status, 'eliminated');
    }
    return { summary: r.captured === 0 ? `${r.returnedToBattery} abandoned gun(s) return to ${u.name}` : `${r.captured} abandoned gun(s) of ${u.name} are captured by the enemy`, result: {} };
  });
}

function captureGuns(ctx: GameContext, input: CaptureGunsInput): ChangeResult {
  return write(ctx, 'guns.captured', input, (cs) => {
    const u = unit(ctx, 'unitId', input.unitId);
    if (u.arm !== 'artillery') throw invalid('unitId', `${u.name} is ${u.arm}; only artillery guns are captured`, RULE.victory);
    const sp = input.sp;
    const now = currentSp(u);
    if (sp > now) throw invalid('sp', `${u.name} has only ${now} gun(s) in action; it cannot lose ${sp}`);
    cs.set('units', u.id, 'sp_lost', u.sp_lost, u.sp_lost + sp).set('units', u.id, 'captured_guns', u.captured_guns, u.captured_guns + sp);
    if (u.sp - u.sp_lost - sp === 0) cs.set('units', u.id, 'status', u.status, 'eliminated');
    return { summary: `${sp} gun(s) of ${u.name} captured`, result: {} };
  });
}

export const lossesFunctions = { recordLoss, resolveAbandonedGuns, captureGuns } satisfies Partial<ServiceFunctions>;
