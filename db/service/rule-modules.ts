/**
 * The list of rule modules: the one file that names them. Loading a module registers it with the seam
 * (rule-seam.ts registerRuleModule); its contract functions, if it has any, join the service here.
 * Adding an optional rule or a house reading is one line below (and one in RULE_MODULE_FUNCTIONS when it
 * has functions of its own); nothing in the core names it.
 *
 * Optional rules are `optional-<name>.ts`, house readings `house-<name>.ts`. The order below is the order
 * their hooks run in (the turn guide's sentences, the notes of a clock move).
 */
import { cardDrawFunctions } from './optional-card-draw';
import './optional-status-ladder';
import { variableInitiativeFunctions } from './optional-variable-initiative';
import { nightPlotFunctions } from './optional-night-plot';
import { messengersFunctions } from './optional-messengers';
import { sealedMessageFunctions } from './optional-messengers-sealed';
import { demoralizationFunctions } from './optional-demoralization';
import './house-readings';

/** The contract functions the rule modules implement (their contract files declare them). */
export const RULE_MODULE_FUNCTIONS = {
  ...demoralizationFunctions,
  ...messengersFunctions,
  ...sealedMessageFunctions,
  ...cardDrawFunctions,
  ...variableInitiativeFunctions,
  ...nightPlotFunctions,
};
