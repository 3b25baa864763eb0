/**
 * Optional rules: the settings a group chooses when it creates a game, and what the game
 * file recorded. The modules' own functions (Variable Initiative at dawn, demoralization, card draws,
 * messengers) are declared with their domains; this file holds what they share.
 */
import { z } from 'zod';
import { CARD_DRAW_LEVELS, OPTIONAL_RULE_IDS } from '../rules/types';

export const CardDrawLevel = z.enum(CARD_DRAW_LEVELS);
export const OptionalRuleId = z.enum(OPTIONAL_RULE_IDS);

/** New Game's choice: any rule left out is off (the revision as written). */
export const OptionalRulesInput = z.strictObject({
  variableInitiative: z.boolean().optional(),
  demoralization: z.boolean().optional(),
  /** Card-draw activation: the level whose commands are the cards, and the status ladder sub-option; null or left out: alternation. */
  cardDraw: z.strictObject({ level: CardDrawLevel, statusLadder: z.boolean().optional() }).nullable().optional(),
  messengers: z.boolean().optional(),
});
export type OptionalRulesInput = z.input<typeof OptionalRulesInput>;

/** The settings recorded in the game file at creation; they never change afterwards. */
export const OptionalRuleSettings = z.object({
  variableInitiative: z.boolean(),
  demoralization: z.boolean(),
  cardDraw: z.object({ level: CardDrawLevel, statusLadder: z.boolean() }).nullable(),
  messengers: z.boolean(),
});
export type OptionalRuleSettings = z.infer<typeof OptionalRuleSettings>;

/** One rule in force, in words, for the turn guide and the Victory screen. */
export const OptionalRuleInForce = z.object({ id: OptionalRuleId, name: z.string(), detail: z.string(), source: z.string() });
export const OptionalRulesState = z.object({ settings: OptionalRuleSettings, inForce: z.array(OptionalRuleInForce) });
export type OptionalRulesState = z.infer<typeof OptionalRulesState>;

/** What the New Game screen offers. */
export const OptionalRuleModule = z.object({ id: OptionalRuleId, name: z.string(), source: z.string(), summary: z.string() });
export type OptionalRuleModule = z.infer<typeof OptionalRuleModule>;
