/**
 * House readings: where seasoned players read a rule of the revision differently, the group chooses
 * when it creates a game. Each reading names the interpretation it replaces (docs/rules-interpretations.md),
 * the documented reading (the default: a game that chooses nothing plays as that file says) and its
 * alternatives, in the players' words. The choice is plain data recorded in the game file at creation;
 * rules functions take the choice they depend on as an argument. Pure constants and functions.
 */
import { HOUSE_READING_CHOICES, type DrmItem, type HouseReadingChoice, type HouseReadingId, type HouseReadingSettings } from './types';

export { HOUSE_READING_CHOICES } from './types';
export type { HouseReadingId, HouseReadingChoice, HouseReadingSettings } from './types';

export const HOUSE_READING_IDS = Object.keys(HOUSE_READING_CHOICES) as HouseReadingId[];

/** Every reading as docs/rules-interpretations.md documents it: the revision as Muster reads it. */
export const DOCUMENTED_READINGS: Readonly<HouseReadingSettings> = Object.freeze(
  Object.fromEntries(HOUSE_READING_IDS.map((id) => [id, HOUSE_READING_CHOICES[id][0]])) as HouseReadingSettings,
);

export interface HouseReading {
  id: HouseReadingId;
  /** The interpretations it replaces, e.g. "RI-C01". */
  readings: string;
  name: string;
  /** What the choice changes, in one line. */
  changes: string;
  /** The steps of the sequence of play ("III.A") where it acts: the turn guide names it there. */
  steps: readonly string[];
  choices: { id: string; name: string; detail: string }[];
}

export const HOUSE_READINGS: readonly HouseReading[] = [
  {
    id: 'oocCommanderDrm',
    readings: 'RI-C01',
    name: "Out-of-command commander's activation DRM",
    changes: 'The ME activation roll of a command whose commander is out of command.',
    steps: ['III.A', 'III.B'],
    choices: [
      { id: 'asPrinted', name: '-1 as printed', detail: 'The Activation DRMs table prints -1: the roll-under attempt is easier.' },
      { id: 'hurts', name: '+1: he suffers it', detail: 'The text says he "suffers" the DRM: +1, the roll-under attempt is harder.' },
    ],
  },
  {
    id: 'orderChangeOrders',
    readings: 'RI-S09',
    name: 'Orders behind an order change DRM',
    changes: "The Orders Table DRM of a division's or corps' order change attempt.",
    steps: ['I.A', 'I.B'],
    choices: [
      { id: 'wholeCommand', name: 'Worst order in the command', detail: 'The worst of the orders standing anywhere within the command, down to its brigades.' },
      { id: 'ownOrder', name: 'Its own order only', detail: "Only the order the command itself stands under; orders its subordinate commands hold of their own do not count." },
    ],
  },
  {
    id: 'initiativeModifier',
    readings: 'RI-S11',
    name: 'Who holds the +1 Initiative Modifier',
    changes: 'Which side adds the previous turn +1 to its Initiative roll.',
    steps: ['II.A'],
    choices: [
      { id: 'previousWinner', name: "The previous turn's winner", detail: 'The side that had the Initiative last turn adds +1.' },
      { id: 'previousLoser', name: "The previous turn's loser", detail: 'The side that lost the Initiative last turn adds +1.' },
    ],
  },
  {
    id: 'overallCommander',
    readings: 'RI-S13',
    name: '"Overall Commander on map" for arrivals',
    changes: 'The -1 Variable Arrival DRM while the army commander has not arrived.',
    steps: ['I.A', 'I.B', 'II.A', 'II.B', 'II.C', 'III.A'],
    choices: [
      { id: 'armyCommander', name: 'Only Meade or Lee', detail: 'Only the army commander himself gives the -1: no USA group has it while Reynolds commands.' },
      { id: 'actingCommander', name: 'The acting army commander', detail: "Whoever is the side's acting army commander gives the -1 while he is on the map (Reynolds before Meade arrives)." },
    ],
  },
  {
    id: 'mixedBayonetCharge',
    readings: 'RI-F09, RI-K12',
    name: 'A Bayonet Charge by only some attackers',
    changes: 'The Shock Resolution +1 (and the odds rounded for the attacker) and the defenders\' Pre-Shock +1.',
    steps: ['III.A', 'III.B'],
    choices: [
      { id: 'allForShockAnyForPreShock', name: 'All for the shock +1, any for the Pre-Shock +1', detail: 'Shock Resolution +1 and rounded odds only when every attacker charges; the Pre-Shock +1 when any undisordered attacker charges.' },
      { id: 'anyForBoth', name: 'Any charger gives both', detail: 'One charging attacker gives the Shock Resolution +1, the rounded odds, and (undisordered) the Pre-Shock +1.' },
      { id: 'allForBoth', name: 'Every attacker must charge for either', detail: 'Both bonuses need every attacker to charge; the Pre-Shock +1 also needs one of them undisordered.' },
    ],
  },
  {
    id: 'attachable',
    readings: 'RI-C11',
    name: 'What may be attached',
    changes: 'Which commands a command attachment may move.',
    steps: ['II.C'],
    choices: [
      { id: 'infantryOnly', name: 'Infantry only', detail: 'Infantry units, brigades and divisions may be attached or detached.' },
      { id: 'infantryAndArtillery', name: 'Infantry and artillery', detail: "Artillery may be attached or detached as well: an artillery brigade or battalion takes its batteries to another command, still smaller than the gaining command." },
    ],
  },
  {
    id: 'stragglersAtEnd',
    readings: 'RI-S05',
    name: 'Unrecovered stragglers at the end',
    changes: "The infantry and cavalry SP losses in each side's loss points.",
    steps: [],
    choices: [
      { id: 'countAsLosses', name: 'Count as SP losses', detail: 'A straggler not recovered by the end counts as a lost SP of his arm.' },
      { id: 'notCounted', name: 'Not counted', detail: 'Only permanent SP losses count; stragglers are left out of the tally.' },
    ],
  },
  {
    id: 'capturedCommanders',
    readings: 'RI-S06',
    name: 'Captured commanders',
    changes: "The commanders' line of each side's loss points.",
    steps: [],
    choices: [
      { id: 'scoreNothing', name: 'Score nothing', detail: 'Capture is not in the table: a captured commander scores no points.' },
      { id: 'scoreAsKilled', name: 'Score as killed', detail: 'A captured commander is lost to his army as a killed one is: stars x rating, minimum 1.' },
    ],
  },
  {
    id: 'doubleTimePastTop',
    readings: 'RI-B06',
    name: 'Double Time past the top fatigue level',
    changes: 'Whether a unit at fatigue level 3 or 4 may Double Time.',
    steps: ['III.A', 'III.B'],
    choices: [
      { id: 'refused', name: 'Refused', detail: 'A unit whose fatigue would pass level 4 may not Double Time.' },
      { id: 'cappedAtTop', name: 'Allowed, fatigue stops at 4', detail: 'Any unit may Double Time; its fatigue rises 2 levels but never past 4.' },
    ],
  },
  {
    id: 'rainDoubleTime',
    readings: 'RI-F21',
    name: "Double Time's +3 in rain",
    changes: 'The movement allowance of a Double Time activation in rain.',
    steps: ['III.A', 'III.B'],
    choices: [
      { id: 'halvedWithAllowance', name: 'Halved with the allowance', detail: 'Rain halves the whole allowance, Double Time\'s +3 included: (doubled MA + 3) / 2.' },
      { id: 'addedAfterHalving', name: 'Added after halving', detail: "Rain halves the doubled MA and Double Time's +3 is added after: doubled MA / 2 + 3." },
    ],
  },
  {
    id: 'fatigueRecovery',
    readings: 'RI-B07',
    name: 'Fatigue recovered by a designated brigade',
    changes: "A designated brigade's units' fatigue in the Fatigue Recovery Phase.",
    steps: ['II.B', 'IV.B'],
    choices: [
      { id: 'oneLevel', name: 'One level a turn', detail: 'Each fatigued unit of the brigade recovers one level.' },
      { id: 'allLevels', name: 'Every level', detail: 'Each fatigued unit of the brigade recovers fully, to no fatigue.' },
    ],
  },
  {
    id: 'loneLeaders',
    readings: 'RI-B03',
    name: 'Leaders riding in alone beside a group',
    changes: "The group's highest commander for the Alternative Arrival DRM.",
    steps: ['I.A', 'I.B', 'II.A', 'II.B', 'II.C', 'III.A'],
    choices: [
      { id: 'leftOut', name: 'Left out of the group', detail: 'Only a leader of the group\'s commands, or of a formation above them, arriving with it counts.' },
      { id: 'withGroup', name: 'Arrive with the group', detail: 'Any leader of the side scheduled for the same turn and area counts as one of the group\'s commanders.' },
    ],
  },
];

const BY_ID = new Map(HOUSE_READINGS.map((r) => [r.id, r]));

/** The source a changed number carries: "House reading: <choice> (RI-…)". */
export function houseReadingSource<K extends HouseReadingId>(id: K, choice: HouseReadingChoice<K>): string {
  const r = BY_ID.get(id)!;
  const c = r.choices.find((x) => x.id === choice)!;
  return `House reading: ${r.name}: ${c.name} (${r.readings})`;
}

/**
 * A number a house reading changed, itemised with the option named: its rule is the revision's section
 * followed by the option (so the screens show it where they show the rule), and its source is the option.
 */
export function readingItem<K extends HouseReadingId>(item: { label: string; value: number; rule: string }, id: K, choice: HouseReadingChoice<K>): DrmItem {
  const source = houseReadingSource(id, choice);
  return { label: item.label, value: item.value, rule: item.rule === '' ? source : `${item.rule}; ${source}`, id: `house-reading:${id}`, source };
}

export interface HouseReadingInForce {
  id: HouseReadingId;
  readings: string;
  name: string;
  choice: string;
  choiceName: string;
  detail: string;
}

/** The readings a game chose other than the documented ones, in words (empty when it plays them all as documented). */
export function houseReadingsInForce(settings: HouseReadingSettings): HouseReadingInForce[] {
  const out: HouseReadingInForce[] = [];
  for (const r of HOUSE_READINGS) {
    const choice = settings[r.id];
    if (choice === HOUSE_READING_CHOICES[r.id][0]) continue;
    const c = r.choices.find((x) => x.id === choice)!;
    out.push({ id: r.id, readings: r.readings, name: r.name, choice, choiceName: c.name, detail: c.detail });
  }
  return out;
}
