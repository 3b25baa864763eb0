/**
 * SERVICE_FUNCTIONS: every method of the game service's contract (contract/index.ts GameServiceApi),
 * merged from the domain modules. The type check names a method with no implementation, and one whose
 * input or result disagrees with the contract; db/service.ts installs them all on GameService.
 */
import type { ServiceFunctions } from './context';
import { activationFunctions } from './activation';
import { clockFunctions } from './clock';
import { concealmentFunctions } from './concealment';
import { combatFunctions } from './combat';
import { gameFunctions } from './game';
import { historyFunctions } from './history';
import { initiativeFunctions } from './initiative';
import { leaderActionFunctions } from './leader-actions';
import { jointDiceFunctions } from './joint-dice';
import { leadersFunctions } from './leaders';
import { lossesFunctions } from './losses';
import { movementFunctions } from './movement';
import { ordersFunctions } from './orders';
import { obligationsFunctions } from './obligations';
import { offersFunctions } from './offers';
import { reinforcementsFunctions } from './reinforcements';
import { sealedArrivalFunctions } from './sealed-arrivals';
import { sealedConcealmentFunctions } from './sealed-concealment';
import { RULE_MODULE_FUNCTIONS } from './rule-modules';
import { rosterFunctions } from './roster';
import { rosterSheetFunctions } from './roster-sheet';
import { setupFunctions } from './setup';
import { sinceFunctions } from './since';
import { standingWordFunctions } from './standing-word';
import { victoryFunctions } from './victory';

export type { GameContext, ServiceFunction, ServiceFunctions } from './context';

export const SERVICE_FUNCTIONS = {
  ...gameFunctions,
  ...rosterFunctions,
  ...rosterSheetFunctions,
  ...setupFunctions,
  ...ordersFunctions,
  ...initiativeFunctions,
  ...activationFunctions,
  ...leadersFunctions,
  ...leaderActionFunctions,
  ...lossesFunctions,
  ...reinforcementsFunctions,
  ...sealedArrivalFunctions,
  ...standingWordFunctions,
  ...movementFunctions,
  ...concealmentFunctions,
  ...sealedConcealmentFunctions,
  ...clockFunctions,
  ...obligationsFunctions,
  ...combatFunctions,
  ...victoryFunctions,
  ...historyFunctions,
  ...sinceFunctions,
  // The optional rules' own functions (and, with them, every rule module registered with the seam).
  ...RULE_MODULE_FUNCTIONS,
  ...offersFunctions,
  ...jointDiceFunctions,
} satisfies ServiceFunctions;
