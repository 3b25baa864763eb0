/**
 * What the screens offer the players, decided here so that no screen re-derives a rule (docs/architecture.md):
 * the map facts each situation lets them tick (rules/map-facts.ts: each with its words, DRM and rule), and the
 * turn's offers that are not a legal action of their own, each computed by the check that would refuse it:
 * whether a side's army commander may add his points to the Initiative (requirePointsAvailable), what the
 * army commander's pre-roll needs (nonAutomaticChangePreRoll), which brigades may take the Recovery marker
 * (requireRecoveryMarkerAllowed), which commands may be attached where (attachmentSizeCheck).
 *
 * Each turn offer is null outside its own step, so none speaks of another step's secret entries: in II.A the
 * Orders Segment's entries are revealed, and the Initiative declarations themselves spend no points until the
 * roll; the pre-roll's need comes from the army commander's rating and place on the map, which both sides see.
 */
import { MAP_FACTS } from '../../rules/map-facts';
import { commandAncestors } from '../../rules/command-tree';
import { nonAutomaticChangePreRoll } from '../../rules/order-change';
import { SEGMENT } from '../../rules/sequence';
import { MAP_FACT_SITUATIONS, SIDES, type Side } from '../../rules/types';
import { attachmentSizeCheck } from '../../rules/attachment';
import type { AttachmentOffer, InitiativePointsOffer, MapFacts, OrderPreRollOffer, TurnOffers } from '../../contract';
import { eventDueAt } from '../clock';
import { readClock, readCommands, readGame, readTurns, readTurnState, type GameRow } from '../store';
import { askRules } from '../validate';
import { readHouseReadings } from '../reading-choices';
import { actingArmyCommander, standingOrders, tree } from './chain';
import { commandArm, RULE } from './common';
import type { GameContext, ServiceFunctions } from './context';
import { requirePointsAvailable } from './initiative';
import { verdictOf } from './legal';
import { requireRecoveryMarkerAllowed } from './roster';

function mapFacts(ctx: GameContext): MapFacts {
  const facts = Object.fromEntries(MAP_FACT_SITUATIONS.map((s) => [s, MAP_FACTS[s].map((fact) => ({ ...fact }))])) as MapFacts;
  // RI-C01 as a house reading: the out-of-command commander suffers the DRM, so the tick says so with its sign.
  if (readHouseReadings(ctx.db).oocCommanderDrm === 'hurts') {
    facts.activation = facts.activation.map((fact) =>
      fact.id === 'commanderOutOfCommand' && fact.drm !== null ? { ...fact, drm: -fact.drm, words: `${fact.words} (house reading: he suffers it)` } : fact,
    );
  }
  return facts;
}

/** The side's acting army commander (RI-H05), or the refusal that says why he cannot act. */
function armyCommander(ctx: GameContext, side: Side, game: GameRow) {
  return verdictOf(() => actingArmyCommander(ctx, 'side', side, game));
}

function initiativePoints(ctx: GameContext, side: Side, game: GameRow): InitiativePointsOffer {
  const acting = armyCommander(ctx, side, game);
  if (!acting.value) return { ...acting.verdict, leaderId: null, name: null, drm: 0 };
  const { leader, rating } = acting.value;
  return { ...verdictOf(() => requirePointsAvailable(ctx, 'armyPoints', leader)).verdict, leaderId: leader.id, name: leader.name, drm: rating };
}

function orderPreRoll(ctx: GameContext, side: Side, game: GameRow): OrderPreRollOffer {
  const acting = armyCommander(ctx, side, game).value;
  if (!acting) return { highestSuccessfulRoll: 0, because: 'the side has no army commander in play', rule: RULE.nonAutomatic };
  const onMap = acting.leader.on_map === 1;
  // The roll itself does not matter here: the rules say the highest roll that succeeds.
  const { highestSuccessfulRoll, rule } = askRules(() => nonAutomaticChangePreRoll({ armyCommanderOnMap: onMap, armyCommanderRating: acting.rating }, 0));
  const because = onMap ? `half of ${acting.leader.name}'s rating ${acting.rating}, rounded down` : `${acting.leader.name} is not on the map`;
  return { highestSuccessfulRoll, because, rule };
}

/**
 * The commands that may be attached and where to (attachCommand's checks of the commands themselves: on the
 * map, the same side, not under itself, not where it already answers, and attachmentSizeCheck).
 */
function attachments(ctx: GameContext): AttachmentOffer[] {
  const commands = readCommands(ctx.db);
  const readings = readHouseReadings(ctx.db);
  const nodes = tree(commands);
  const onMap = commands.filter((c) => c.on_map === 1);
  // Each command with those above it: a command may not go under itself or one of its subordinates.
  const chainOf = new Map(onMap.map((g) => [g.id, new Set([g.id, ...askRules(() => commandAncestors(nodes, g.id))])]));
  const offers: AttachmentOffer[] = [];
  for (const c of onMap) {
    const toCommandIds = onMap
      .filter((g) => g.side === c.side && g.id !== (c.attached_to ?? c.parent_id) && !chainOf.get(g.id)!.has(c.id))
      .filter((g) => attachmentSizeCheck({ size: c.level, arm: commandArm(c) }, { size: g.level }, readings.attachable).ok)
      .map((g) => g.id);
    if (toCommandIds.length > 0 || c.attached_to !== null) offers.push({ commandId: c.id, toCommandIds });
  }
  return offers;
}

/** The turn state's offers for the current step. */
export function turnOffers(ctx: GameContext): TurnOffers {
  const clock = readClock(ctx.db);
  const game = readGame(ctx.db);
  const bySide = <T>(offer: (side: Side) => T) => Object.fromEntries(SIDES.map((s) => [s, offer(s)])) as Record<Side, T>;
  const initiativeOpen = clock.segment === SEGMENT.initiative && clock.phase === 'A' && readTurnState(ctx.db).initiative === null;
  const preRollOpen = clock.segment === SEGMENT.orders && clock.phase === 'B';
  let recoveryMarkers: TurnOffers['recoveryMarkers'] = null;
  if (eventDueAt(readTurns(ctx.db), clock, 'straggler-recovery-designation')) {
    const commands = readCommands(ctx.db);
    const orders = standingOrders(ctx, commands);
    recoveryMarkers = commands
      .filter((c) => c.level === 'brigade' && c.on_map === 1)
      .map((c) => ({ commandId: c.id, ...verdictOf(() => requireRecoveryMarkerAllowed(ctx, c, orders)).verdict }));
  }
  return {
    attachments: clock.segment === SEGMENT.initiative && clock.phase === 'C' ? attachments(ctx) : null,
    initiativePoints: initiativeOpen ? bySide((s) => initiativePoints(ctx, s, game)) : null,
    orderPreRoll: preRollOpen ? bySide((s) => orderPreRoll(ctx, s, game)) : null,
    recoveryMarkers,
    jointDice: jointDiceOffer(ctx),
  };
}

/** A two-seat game's joint dice (db/seats/joint-dice.ts, through the context's seat calls); null at one laptop. */
function jointDiceOffer(ctx: GameContext): TurnOffers['jointDice'] {
  const state = ctx.seatCalls?.jointDiceState(ctx);
  return state?.twoSeat ? state : null;
}

export const offersFunctions = {
  mapFacts: (ctx) => mapFacts(ctx),
} satisfies Partial<ServiceFunctions>;
