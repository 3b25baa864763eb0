/**
 * The optional rules a group may switch on when it creates a game: what each is called, where
 * its text comes from and what it changes, in the players' words. The settings themselves are plain data
 * recorded in the game file at creation (db/service/game-options.ts); off by default, and a game without
 * options plays exactly as the revision says. Pure constants.
 */
import type { CardDrawLevel, OptionalRuleId } from '../types';


/** The settings of a game's optional rules, as recorded at creation. */
export interface OptionalRuleSettings {
  variableInitiative: boolean;
  demoralization: boolean;
  /** Card-draw activation and the level whose commands are the cards, or null when alternation stands. */
  cardDraw: { level: CardDrawLevel; statusLadder: boolean } | null;
  messengers: boolean;
}

/** Every optional rule off: the revision as written. */
export const NO_OPTIONAL_RULES: Readonly<OptionalRuleSettings> = Object.freeze({ variableInitiative: false, demoralization: false, cardDraw: null, messengers: false });

export interface OptionalRuleModule {
  id: OptionalRuleId;
  name: string;
  /** The related rules text it comes from, and the sections. */
  source: string;
  /** What it changes, in a sentence or two. */
  summary: string;
}

export const OPTIONAL_RULE_MODULES: readonly OptionalRuleModule[] = [
  {
    id: 'variableInitiative',
    name: 'Variable Initiative',
    source: 'SPI Blue & Gray folio, Variable Initiative (fitted to 3DoG: RI-O01 to RI-O07)',
    summary:
      "On the first day turn after a night (2 and 3 July, 0400) each side's Initiative Level is computed from the previous day's fighting; the higher level holds the Initiative that day without a roll. Night movement is plotted secretly on a six-segment pad and revealed together.",
  },
  {
    id: 'demoralization',
    name: 'Demoralization',
    source: 'SPI Blue & Gray optional rules 11.6 (RI-O08 to RI-O10)',
    summary:
      'A side whose losses reach one third of its SPs (initial units and reinforcements arrived) is demoralized for the rest of the game, at two thirds double-demoralized; each level is one point on its fire and shock rolls.',
  },
  {
    id: 'cardDraw',
    name: 'Card-draw activation',
    source: 'Miniatures rules, Random Movement (RI-O11 to RI-O14)',
    summary:
      "In place of alternation in the Activation Segment, Muster draws from one pooled box of both sides' commands with its die (logged and verifiable); the drawn command tries ME or takes RE. Makes a solitaire game possible.",
  },
  {
    id: 'messengers',
    name: 'Messengers',
    source: 'Fields of Blue and Grey, Messengers and New Orders (RI-O15, RI-O16)',
    summary:
      'An order change does not take effect at once: it travels from the issuing commander for the turns its distance in hexes gives and arrives in a later Orders Segment. Pending messages are secret from the other side.',
  },
];

export const CARD_DRAW_LEVEL_NAMES: Readonly<Record<CardDrawLevel, string>> = { brigade: 'brigades', division: 'divisions', corps: 'corps' };

/** The settings in words, one line per rule in force (empty when none is). */
export function optionalRulesInForce(settings: OptionalRuleSettings): { id: OptionalRuleId; name: string; detail: string; source: string }[] {
  const out: { id: OptionalRuleId; name: string; detail: string; source: string }[] = [];
  for (const m of OPTIONAL_RULE_MODULES) {
    if (m.id === 'cardDraw') {
      const c = settings.cardDraw;
      if (c === null) continue;
      out.push({ id: m.id, name: m.name, source: m.source, detail: `cards are the ${CARD_DRAW_LEVEL_NAMES[c.level]}${c.statusLadder ? '; status ladder on' : ''}` });
    } else if (settings[m.id]) {
      out.push({ id: m.id, name: m.name, source: m.source, detail: m.summary });
    }
  }
  return out;
}

