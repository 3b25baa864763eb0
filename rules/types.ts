/**
 * Core vocabulary of the 3 Days of Gettysburg (GBACW revision) rules engine.
 * Plain data types only: every other module in rules/, data/, db/ and the screens speaks these.
 */

export const SIDES = ['USA', 'CSA'] as const;
export type Side = (typeof SIDES)[number];

/** Arms of service. (The Stacking and Fire Combat table order, artillery-infantry-cavalry, is FRONTAGE_TABLE_ORDER in stacking.ts.) */
export const ARMS = ['infantry', 'cavalry', 'artillery'] as const;
export type Arm = (typeof ARMS)[number];

/** Small-arms weapon types of the Range Effects Chart. 'B-SS' is the US Sharpshooters' B row. */
export const WEAPONS = ['M', 'E', 'R', 'TR', 'B', 'B-SS', 'C', 'SR'] as const;
export type Weapon = (typeof WEAPONS)[number];

/** The eight orders of the Orders Table. */
export const ORDER_CODES = ['ASLT', 'SUPT', 'MRCH', 'BOMB', 'SKPD', 'HOLD', 'RSRV', 'WDRW'] as const;
export type OrderCode = (typeof ORDER_CODES)[number];

/** Levels of the chain of command, highest first. 'wing' is the US Wing/Grand Division commander. */
export const COMMAND_LEVELS = ['army', 'wing', 'corps', 'division', 'brigade'] as const;
export type CommandLevel = (typeof COMMAND_LEVELS)[number];

/** Cohesion states a unit can be in (Ordered / Disordered / Routed / Shattered), plus off the map for good. */
export const UNIT_STATUSES = ['ordered', 'disordered', 'routed', 'shattered', 'eliminated'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

/** Light condition of a game turn on the time track. */
export const LIGHTS = ['day', 'dusk', 'night', 'dawn'] as const;
export type Light = (typeof LIGHTS)[number];

/** Effectiveness a command is activated at: Maximum or Reduced. */
export type Effectiveness = 'ME' | 'RE';

/** One ten-sided die read 0-9. */
export const DIE_FACES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export type DieRoll = (typeof DIE_FACES)[number];

/** One modifier shown to a player: what it is, how much, and the rules section it comes from. */
export interface DrmItem {
  label: string;
  value: number;
  /** Section of the rules revision, e.g. "Rev. Order Change DRMs". */
  rule: string;
  /** An item an optional rule or a house reading adds: its id within that module, and the module as players name it. */
  id?: string;
  source?: string;
}

/** A total that is never shown without its items; the items always sum to the total. */
export interface Itemised {
  total: number;
  items: DrmItem[];
}

/** Something that yields die rolls 0-9. Injected everywhere a roll is needed, so tests can fix the dice. */
export type Roller = () => DieRoll;

/** Why an order change attempt is automatic (Rev. Automatic Order Change Attempts). */
export const AUTOMATIC_CHANGE_REASONS = ['rsm-marker', 'reserve-orders', 'support-to-assault-or-skirmish', 'to-default-order'] as const;
export type AutomaticChangeReason = (typeof AUTOMATIC_CHANGE_REASONS)[number];

/**
 * What turned a unit Disordered. The first five are enemy action, "all possible sources of straggler loss"
 * (Rev. Infantry Stragglers); rules/losses.ts says which cost a straggler.
 */
export const DISORDER_CAUSES = [
  'fire',
  'shock',
  'withdrawal',
  'reaction-facing-change',
  'retreat-before-shock',
  'rout',
  'automatic-disorder-after-shock',
  'terrain',
  'other',
] as const;
export type DisorderCause = (typeof DISORDER_CAUSES)[number];

/** Field works a unit may occupy (Rev. Breastworks/Entrenchments). */
export const WORKS = ['none', 'breastworks', 'entrenchments'] as const;
export type Works = (typeof WORKS)[number];

/** Roles a leader counter can have: a command level, or an army's artillery chief or staff officer. */
export const LEADER_ROLES = ['army', 'wing', 'corps', 'division', 'brigade', 'artillery', 'staff'] as const;
export type LeaderRole = (typeof LEADER_ROLES)[number];

/** What caused an SP loss: artillery SPs lost to small arms become abandoned guns (Rev. Abandoned Guns). */
export const LOSS_CAUSES = ['small-arms', 'artillery', 'shock', 'other'] as const;
export type LossCause = (typeof LOSS_CAUSES)[number];

/** What became of a leader hit by a Leader Casualty check. */
export const LEADER_CASUALTIES = ['none', 'wounded', 'killed', 'captured'] as const;
export type LeaderCasualtyState = (typeof LEADER_CASUALTIES)[number];

/** How a command or unit activated: at ME, at RE, or tried for ME and went to the Confusion Table. */
export const ACTIVATION_EFFECTIVENESS = ['ME', 'RE', 'confusion'] as const;
export type ActivationEffectiveness = (typeof ACTIVATION_EFFECTIVENESS)[number];

/**
 * What a command or unit that failed its ME attempt does, as Muster records it from the Confusion Table
 * (RI-K06): stand, activate at RE, advance and shock, pass, or something else the record says.
 */
export const CONFUSION_RESULTS = ['stand', 're', 'shock', 'pass', 'other'] as const;
export type ConfusionResultKind = (typeof CONFUSION_RESULTS)[number];

/** The segments of the Sequence of Play (rules/sequence.ts): I Orders, II Initiative, III Activation, IV End. */
export const SEGMENT_IDS = ['I', 'II', 'III', 'IV'] as const;
export type SegmentId = (typeof SEGMENT_IDS)[number];
/** The phases within a segment. */
export const PHASE_IDS = ['A', 'B', 'C'] as const;
export type PhaseId = (typeof PHASE_IDS)[number];

/** The situations whose map facts the players tick (rules/map-facts.ts). */
export const MAP_FACT_SITUATIONS = ['fire', 'shock', 'rally', 'orderChange', 'activation', 'initiative'] as const;
export type MapFactSituation = (typeof MAP_FACT_SITUATIONS)[number];

/**
 * The limits of the numbers printed on the counters, declared once: the scenario schema, the contract,
 * the CSV import and the screens all read them. `label` is how a message names the value.
 */
export const COUNTER_LIMITS = {
  rating: { min: 0, max: 9, label: 'Rating' },
  stars: { min: 0, max: 4, label: 'Stars' },
  range: { min: 0, max: 20, label: 'Command range' },
  sp: { min: 1, max: 40, label: 'Strength (SP)' },
  fatigue: { min: 0, max: 4, label: 'Fatigue level' },
  cohesion: { min: 0, max: 9, label: 'Cohesion rating' },
} as const;
export type CounterValue = keyof typeof COUNTER_LIMITS;

/** Card-draw activation (optional rule): the command level whose commands are the cards. */
export const CARD_DRAW_LEVELS = ['brigade', 'division', 'corps'] as const;
export type CardDrawLevel = (typeof CARD_DRAW_LEVELS)[number];

/** The optional rules a game may switch on at creation (rules/optional/catalogue.ts). */
export const OPTIONAL_RULE_IDS = ['variableInitiative', 'demoralization', 'cardDraw', 'messengers'] as const;
export type OptionalRuleId = (typeof OPTIONAL_RULE_IDS)[number];

/** House readings (rules/house-readings.ts): each disputed reading's choices, the documented one first. */
export const HOUSE_READING_CHOICES = {
  /** RI-C01: the out-of-command commander's activation DRM. */
  oocCommanderDrm: ['asPrinted', 'hurts'],
  /** RI-S09: which orders give a command's order change DRM. */
  orderChangeOrders: ['wholeCommand', 'ownOrder'],
  /** RI-S11: who holds the +1 Initiative Modifier at a new turn. */
  initiativeModifier: ['previousWinner', 'previousLoser'],
  /** RI-S13: who is the "Overall Commander" of the Variable Arrival DRM. */
  overallCommander: ['armyCommander', 'actingCommander'],
  /** RI-F09, RI-K12: the Bayonet Charge bonuses when only some attackers charge. */
  mixedBayonetCharge: ['allForShockAnyForPreShock', 'anyForBoth', 'allForBoth'],
  /** RI-C11: what may be attached or detached. */
  attachable: ['infantryOnly', 'infantryAndArtillery'],
  /** RI-S05: unrecovered stragglers in the victory tally. */
  stragglersAtEnd: ['countAsLosses', 'notCounted'],
  /** RI-S06: captured commanders in the victory tally. */
  capturedCommanders: ['scoreNothing', 'scoreAsKilled'],
  /** RI-B06: Double Time by a unit whose fatigue would pass the top level. */
  doubleTimePastTop: ['refused', 'cappedAtTop'],
  /** RI-F21: Double Time's +3 MPs in rain. */
  rainDoubleTime: ['halvedWithAllowance', 'addedAfterHalving'],
  /** RI-B07: how many fatigue levels a designated brigade recovers. */
  fatigueRecovery: ['oneLevel', 'allLevels'],
  /** RI-B03: a leader riding in alone on a group's turn and area. */
  loneLeaders: ['leftOut', 'withGroup'],
} as const;
export type HouseReadingId = keyof typeof HOUSE_READING_CHOICES;
export type HouseReadingChoice<K extends HouseReadingId> = (typeof HOUSE_READING_CHOICES)[K][number];
/** A game's readings: one choice for each. */
export type HouseReadingSettings = { [K in HouseReadingId]: HouseReadingChoice<K> };
