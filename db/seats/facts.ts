/**
 * What rules/seats.ts needs to say whose step it is, read from a seat's file: the step, whether the game has
 * started, which sides have revealed their secret entries of the step and which have committed to them, and
 * a side's sealed Alternative Arrival Area orders waiting for its word, and the word awaited from the side
 * without the Initiative on ordering one.
 */
import type { SeatStepFacts } from '../../rules/seats';
import type { SqliteDatabase } from '../open';
import { alternativeWords } from '../service/alternative-word';
import { initiativeDecisionIn } from '../service/optional-variable-initiative';
import { sealedOrdersWaiting } from '../service/sealed-orders';
import { sideBit } from '../service/secrets';
import { readClock, readGame, readTurnState } from '../store';
import { commitmentsOf } from './store';

/** What rules/seats.ts needs to say whose step it is, read from the file. */
export function stepFacts(db: SqliteDatabase): SeatStepFacts {
  const clock = readClock(db);
  const t = readTurnState(db);
  const committed = new Set(commitmentsOf(db, { turnId: clock.turn_id, segment: clock.segment, phase: clock.phase }).map((c) => c.side));
  return {
    step: { segment: clock.segment as SeatStepFacts['step']['segment'], phase: clock.phase as SeatStepFacts['step']['phase'] },
    started: readGame(db).started === 1,
    finished: { USA: (t.entries_done & sideBit('USA')) !== 0, CSA: (t.entries_done & sideBit('CSA')) !== 0 },
    committed: { USA: committed.has('USA'), CSA: committed.has('CSA') },
    sideToAct: t.side_to_act,
    initiative: t.initiative,
    // RI-H10: at the beginning of the Activation Segment a side with sealed orders has the word first.
    sealedOrders: clock.segment === 'III' && clock.phase === 'A' && t.activations === 0 && t.passes_in_row === 0 ? (sealedOrdersWaiting(db)[0] ?? null) : null,
    // RI-H10: then the army commanders' words on ordering one: both at once, or the side without the Initiative's first.
    ...(() => {
      const words = alternativeWords(db);
      return { alternativeWord: words.first, alternativeWords: words.together };
    })(),
    // RI-O01: under Variable Initiative the levels may decide the Initiative Phase, which then takes no declarations.
    noDeclarations: clock.segment === 'II' && clock.phase === 'A' && ['levels-due', 'initiative-level'].includes(initiativeDecisionIn(db, clock.turn_id)?.decidedBy ?? ''),
  };
}
