/**
 * The contract's standing-word functions (contract/reinforcements.ts, RI-H13). A standing word belongs to a
 * seat (db/seats/standing-word.ts), which gives its word through this service: the game context carries the
 * seat's calls (GameContext.seatCalls), so the service never imports the seats. At one laptop there is none.
 */
import { MusterError } from '../errors';
import type { ServiceFunctions } from './context';

const ONE_LAPTOP = 'this game is played at one laptop: a standing word is for a game played from two seats, where each army commander gives his word on his own seat';

export const standingWordFunctions = {
  standingWord: (ctx) => ctx.seatCalls?.standingWordState(ctx) ?? null,
  setStandingWord: (ctx, input) => {
    if (!ctx.seatCalls) throw new MusterError('INVALID_ARGUMENT', 'side', ONE_LAPTOP);
    return ctx.seatCalls.setStandingWord(ctx, input);
  },
} satisfies Partial<ServiceFunctions>;
