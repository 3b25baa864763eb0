/**
 * House readings as a rule module (rule-seam.ts): the readings a game chose other than the documented ones
 * are named in the turn guide of each step where they act, and in a section of the Victory screen. The
 * numbers they change are decided by rules/ with the reading as an argument; the service reads the game's
 * choice where it gathers the facts (db/reading-choices.ts), and itemises the change with the option named.
 */
import { HOUSE_READINGS, HOUSE_READING_CHOICES, houseReadingsInForce, type HouseReadingId } from '../../rules/house-readings';
import type { ClockState } from '../../contract';
import type { SqliteDatabase } from '../open';
import { readHouseReadings } from '../reading-choices';
import type { GameContext } from './game-context';
import { registerRuleModule, type VictorySection } from './rule-seam';

const inForce = (db: SqliteDatabase) => houseReadingsInForce(readHouseReadings(db));
const STEPS = new Map(HOUSE_READINGS.map((r) => [r.id, r.steps]));

/** The step's guide with a sentence for each house reading in force that acts in it, and its interpretation among the step's rules. */
export function guideWithHouseReadings(ctx: GameContext, clock: ClockState): ClockState {
  const step = `${clock.segment}.${clock.phase}`;
  const here = inForce(ctx.db).filter((r) => STEPS.get(r.id)!.includes(step));
  if (here.length === 0) return clock;
  const rules = [...clock.rules];
  for (const r of here) for (const ri of r.readings.split(', ')) if (!rules.includes(ri)) rules.push(ri);
  const sentences = here.map((r) => ` House reading, ${r.name} (${r.readings}): ${r.detail}`).join('');
  return { ...clock, whatHappens: `${clock.whatHappens}${sentences}`, rules };
}

/** The Victory screen's section: every house reading the game plays, with its choice. */
export function houseReadingsVictorySection(ctx: GameContext): VictorySection | null {
  const readings = inForce(ctx.db);
  if (readings.length === 0) return null;
  return {
    moduleId: 'house-readings',
    name: 'House readings in this game',
    rule: readings.map((r) => r.readings).join(', '),
    lines: readings.map((r) => ({ label: r.name, value: `${r.choiceName} — ${r.detail}`, rule: r.readings })),
  };
}

registerRuleModule({
  id: 'house-readings',
  name: 'House readings',
  kind: 'house-reading',
  active: (db) => inForce(db).length > 0,
  options: HOUSE_READINGS.map((r) => ({
    id: r.id,
    name: r.name,
    rule: r.readings,
    choices: r.choices.map((c) => ({ id: c.id, label: c.name })),
    default: HOUSE_READING_CHOICES[r.id as HouseReadingId][0],
  })),
  guide: guideWithHouseReadings,
  victory: houseReadingsVictorySection,
});
