/**
 * The contract's joint-dice functions (contract/joint-dice.ts). They belong to the two seats
 * (db/seats/joint-dice.ts), which write changes through this service: the game context carries them
 * (GameContext.seatCalls, given by the facade), so the service never imports the seats.
 */
import type { JointDiceState } from '../../contract';
import { MusterError } from '../errors';
import type { ServiceFunctions } from './context';
import { perRevision } from './revision-memo';

const ONE_LAPTOP = 'this game is played at one laptop: joint dice need two seats, each on its own file';

/**
 * The joint dice as this seat sees them, answered once per state of the file (revision-memo.ts): a write's
 * answer compares the one held before it with the one after (kept-queries.ts), and a screen asking again
 * after the write is answered from memory.
 */
export const keptJointDice = perRevision<undefined, JointDiceState>(
  (ctx) => ctx.seatCalls?.jointDiceState(ctx) ?? { twoSeat: false, seat: null, live: false, mayAsk: { allowed: false, reason: ONE_LAPTOP }, open: null, mayWithdraw: { allowed: false, reason: ONE_LAPTOP }, lastUsed: null, arrived: null, arrivedEarlier: [] },
);

export const jointDiceFunctions = {
  askJointDice: (ctx, input) => {
    if (!ctx.seatCalls) throw new MusterError('INVALID_ARGUMENT', 'fn', ONE_LAPTOP);
    return ctx.seatCalls.askJointDice(ctx, input);
  },
  closeRefusedJointDice: (ctx, input) => {
    if (!ctx.seatCalls) throw new MusterError('INVALID_ARGUMENT', 'id', ONE_LAPTOP);
    return ctx.seatCalls.closeRefusedJointDice(ctx, input);
  },
  withdrawJointDice: (ctx, input) => {
    if (!ctx.seatCalls) throw new MusterError('INVALID_ARGUMENT', 'id', ONE_LAPTOP);
    return ctx.seatCalls.withdrawJointDice(ctx, input);
  },
  jointDice: (ctx) => keptJointDice(ctx, undefined),
} satisfies Partial<ServiceFunctions>;
