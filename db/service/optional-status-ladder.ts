/**
 * The status ladder sub-option of card-draw activation: "a unit
 * effected twice in the same turn suffers the next worse effect", before its card is drawn. Fire and
 * shock results (db/service/combat-fire.ts, combat-shock.ts) pass each hit from enemy action through it:
 * the rules engine's statusLadderHit decides the state, and every step up the ladder is reported with its
 * reason and rule, in the event's summary and the combat's result.
 */
import { LADDER_HITS, statusLadderHit, STATUS_LADDER, type LadderHit, type LadderStatus } from '../../rules/optional/card-draw';
import type { UnitStatus } from '../../rules/types';
import type { StatusLadderStep } from '../../contract';
import { cardBox } from '../card-draw-check';
import { readCommands, readUnits, type UnitRow, commandsById } from '../store';
import { askRules } from '../validate';
import type { GameContext } from './game-context';
import { registerRuleModule, type StatusHitRule } from './rule-seam';
import { readOptionalRules } from './game-options';
import type { UnitChanges } from './unit-changes';

export class StatusLadder implements StatusHitRule {
  /** The hits that climbed the ladder in this change, for the result. */
  readonly steps: StatusLadderStep[] = [];

  private constructor(
    /** Each command's card (the command itself or the ancestor that is a card) and whether it is drawn. */
    private readonly cardDrawnOf: (commandId: string) => boolean,
  ) {}

  /** The ladder when the game uses card-draw activation with the status ladder sub-option; else null (the revision as written). */
  static of(ctx: GameContext): StatusLadder | null {
    const settings = readOptionalRules(ctx.db).cardDraw;
    if (settings === null || !settings.statusLadder) return null;
    const commands = readCommands(ctx.db);
    const byId = commandsById(commands);
    const cards = new Set(cardBox(commands, settings.level, readUnits(ctx.db)).pool.map((c) => c.commandId));
    return new StatusLadder((commandId) => {
      // The unit's card: its own command, or the nearest command above it that is a card (RI-O13).
      for (let c = byId.get(commandId); c !== undefined; c = c.parent_id === null ? undefined : byId.get(c.parent_id)) {
        if (cards.has(c.id)) return c.card_drawn !== null;
      }
      return false;
    });
  }

  /** The state a hit from enemy action leaves the unit in; records the hit, and any step up the ladder. */
  hit(changes: UnitChanges, u: UnitRow, status: UnitStatus): UnitStatus {
    const now = changes.now(u);
    if (!(LADDER_HITS as readonly string[]).includes(status) || !(STATUS_LADDER as readonly string[]).includes(now.status)) return status;
    const cardDrawnThisTurn = this.cardDrawnOf(u.command_id);
    const verdict = askRules(() =>
      statusLadderHit({ status: now.status as LadderStatus, hit: status as LadderHit, hitEarlierThisTurn: now.ladder_hit === 1, cardDrawnThisTurn }),
    );
    if (now.ladder_hit !== 1) changes.put(u, 'ladder_hit', 1);
    if (verdict.escalated) {
      this.steps.push({ unitId: u.id, from: now.status, hit: status, status: verdict.status, reason: verdict.reason, rule: verdict.rule });
      changes.notes.push(`${u.name}: status ladder, ${verdict.reason.charAt(0).toLowerCase()}${verdict.reason.slice(1)} (${verdict.rule})`);
    }
    return verdict.status;
  }
}

registerRuleModule({
  id: 'status-ladder',
  name: 'Status ladder (optional rule, with card-draw activation)',
  kind: 'optional-rule',
  active: (db) => readOptionalRules(db).cardDraw?.statusLadder === true,
  statusHits: (ctx) => StatusLadder.of(ctx),
  // The ladder counts hits within a turn (RI-O14).
  onNewTurn: (ctx, cs) => {
    for (const u of readUnits(ctx.db).filter((x) => x.ladder_hit === 1)) cs.set('units', u.id, 'ladder_hit', 1, 0);
    return [];
  },
});
