/**
 * The turn guide under optional rules: the step's "what happens now" as the game's optional
 * rules change it. The sequence of play (rules/sequence.ts) says what the revision does; where an option
 * replaces or adds to a step, the guide says so, with the option's source among the step's rules, so the
 * screens never show alternation under the card draw or an Initiative roll the levels have replaced.
 */
import { CARD_DRAW_RULES } from '../../rules/optional/card-draw';
import { CARD_DRAW_LEVEL_NAMES } from '../../rules/optional/catalogue';
import { MESSENGER_RULES } from '../../rules/optional/messengers';
import { VARIABLE_INITIATIVE_RULES } from '../../rules/optional/variable-initiative';
import type { ClockState } from '../../contract';
import type { GameContext } from './context';
import { initiativeDecision } from './optional-variable-initiative';
import { readOptionalRules } from './game-options';

/** The clock's guide with the game's optional rules applied (unchanged when none acts in this step). */
export function withOptionalRules(ctx: GameContext, clock: ClockState): ClockState {
  const settings = readOptionalRules(ctx.db);
  const step = `${clock.segment}.${clock.phase}`;
  let whatHappens = clock.whatHappens;
  const rules = [...clock.rules];
  const add = (rule: string) => {
    if (!rules.includes(rule)) rules.push(rule);
  };

  if (settings.cardDraw && step === 'III.A') {
    whatHappens =
      `Card-draw activation (optional rule): in place of alternation, Muster draws the next card from one box of both sides' ` +
      `${CARD_DRAW_LEVEL_NAMES[settings.cardDraw.level]} with its die; the drawn command tries ME or takes RE as its orders allow ` +
      `(the Initiative player's first card of his own may take ME without a roll), then the other side draws. The phase ends when the box is empty.`;
    add(CARD_DRAW_RULES.randomMovement);
  }
  if (settings.variableInitiative && step === 'II.A') {
    const decision = initiativeDecision(ctx, clock.turnId);
    if (decision && decision.decidedBy !== 'initiative-roll') {
      whatHappens =
        decision.decidedBy === 'levels-due'
          ? `Variable Initiative (optional rule): ${decision.text}. Make this turn's arrival rolls, then each side's Initiative Level is computed from the previous day and the higher level takes the Initiative; there is no Initiative roll and no army commander's points are added.`
          : `Variable Initiative (optional rule): ${decision.text}. There is no Initiative roll this turn.`;
      add(decision.rule);
    }
  }
  if (settings.variableInitiative && step === 'I.B' && clock.light === 'night') {
    whatHappens += ' Variable Initiative (optional rule): each side also plots its night movement secretly on the six-segment pad; both pads are revealed together.';
    add(VARIABLE_INITIATIVE_RULES.nightMovement);
  }
  if (settings.messengers && step === 'I.B') {
    whatHappens += ' Messengers (optional rule): a successful order change travels by messenger for the turns its distance in hexes gives, and takes effect in the Orders Segment of its arrival turn.';
    add(MESSENGER_RULES.messengers);
  }
  return whatHappens === clock.whatHappens && rules.length === clock.rules.length ? clock : { ...clock, whatHappens, rules };
}
