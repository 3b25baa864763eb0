/**
 * The Fire assistant's rows, made from the service's plan (planFire) so the template only draws them: for
 * each unit of the firing stack, the SPs it fires, where it stands and the procedure in words, and whether
 * its "fires in this attack" box shows and is ticked; for each unit of the target hex, whether it takes the
 * fire and what Muster knows of it; the front line in one line; the weather applied; who makes the ammo check.
 * Pure: no service call, no rule (every number is the plan's).
 */
import type { PlanFireResult } from '../../stores/combat';

export interface FireStackRow {
  unitId: string;
  /** "3 SP fire". */
  firing: string;
  inFront: boolean;
  /** " · in front, right" or " · behind the front line". */
  where: string;
  explanation: string;
  /** The "fires in this attack" box: shown for units in front once the target is named. */
  mayChooseToFire: boolean;
  fires: boolean;
}

export interface FireTargetRow {
  unitId: string;
  inFront: boolean;
  /** "in front: takes the fire" or "behind: not fired upon". */
  words: string;
  /** "· ASLT · ordered · in breastworks". */
  detail: string;
}

export interface FireRows {
  stack: ReadonlyMap<string, FireStackRow>;
  targets: ReadonlyMap<string, FireTargetRow>;
  /** "In front, right to left: 1st Tennessee (right), ... · 9 SP in the hex", or null before a plan. */
  frontLine: string | null;
  /** Shown after the front line when the stack is over 12 SPs. */
  overstacked: boolean;
  /** "Weather: rain mud (applied)", or null in fair weather. */
  weather: string | null;
  /** The firers that make the ammo check, by name, or null when none does. */
  ammoCheck: string | null;
}

export function fireRows(plan: PlanFireResult | null): FireRows {
  const attack = plan?.attack ?? null;
  const stack = new Map<string, FireStackRow>(
    (plan?.stack ?? []).map((u) => [
      u.unitId,
      {
        unitId: u.unitId,
        firing: `${u.firingSp} SP fire`,
        inFront: u.inFront,
        where: u.position ? ` · in front, ${u.position}` : ' · behind the front line',
        explanation: u.explanation,
        mayChooseToFire: attack !== null && u.inFront,
        fires: attack?.firers.includes(u.unitId) ?? false,
      },
    ]),
  );
  const targets = new Map<string, FireTargetRow>(
    (attack?.target.units ?? []).map((u) => [
      u.unitId,
      {
        unitId: u.unitId,
        inFront: u.inFront,
        words: u.inFront ? 'in front: takes the fire' : 'behind: not fired upon',
        detail: `· ${u.order} · ${u.status}${u.works !== 'none' ? ` · in ${u.works}` : ''}`,
      },
    ]),
  );
  const front = (plan?.stack ?? []).filter((u) => u.inFront).map((u) => `${u.name} (${u.position})`).join(', ');
  const w = plan?.weather;
  const weather = w && (w.raining || w.mud) ? `Weather: ${w.raining ? 'rain' : ''}${w.mud ? ' mud' : ''} (applied)` : null;
  const names = (attack?.ammoCheck ?? []).map((id) => plan?.stack.find((u) => u.unitId === id)?.name ?? id);
  return {
    stack,
    targets,
    frontLine: plan ? `In front, right to left: ${front || 'none'} · ${plan.stackSp} SP in the hex` : null,
    overstacked: plan?.overstacked ?? false,
    weather,
    ammoCheck: names.length > 0 ? names.join(', ') : null,
  };
}
