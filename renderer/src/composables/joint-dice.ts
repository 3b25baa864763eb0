/**
 * Dice rolled jointly by both seats of a two-seat game (RI-H09), for every screen where the app rolls a die
 * for a change: the service says whether the game is played from two seats and both have joined, and whether
 * this seat may ask now (contract jointDice); "Roll jointly" asks for the dice of one named change
 * (askJointDice), and the change is written once the other seat's Muster has answered and this seat's has
 * recorded it (the packets go through the shared folder). Until then the screen shows the service's words
 * for the wait, and its other writes wait too (the service refuses them: the change asked for is due).
 *
 * Two kinds of change:
 * - a change that rolls its own dice (rollInitiative, attemptActivation, …): asked whole with its input;
 *   `useJointDice` hands the screen the used request (its event and dice) when it is written;
 * - a die the players need before they read a table (the fire, shock, Rally or UDD die, RI-K18): a rollDie
 *   that names its assistant and units (`for`), then named by the combat by its seq; `useJointDie` hands
 *   the screen the die.
 * The service keeps what is pending in the file (the open request, and a die arrived for a combat still to
 * come), so a reload, or the game opened again, fills the screen back in: the request it asked for is shown
 * waiting, and an arrived die is shown as the screen's die again, its picks restored.
 */
import { computed, nextTick, onBeforeUnmount, ref, watch } from 'vue';
import type { CallInput, DiceRecord, DieRolledFor, HistoryEntry, JointDiceRequest, JointDiceState, StatusLadderStep } from '../../../contract';
import { call } from '../api';
import { useAppStore } from '../stores/app';
import { useCombatStore } from '../stores/combat';
import { useServiceQuery } from './service-query';

/** How often the screen asks again while its dice are on their way (the other seat answers when its packet arrives). */
const LOOK_AGAIN_MS = 2000;

/** The offer in the players' words, when this seat may ask. */
export const JOINT_OFFER_WORDS = "Played from two seats: roll the die jointly, and neither seat can predict or choose it (each Muster adds its own share, committed before it sees the other's).";

/** One change whose dice are asked for jointly: the game function, its whole input, and what the dice are for. */
export interface JointChange {
  fn: string;
  input: unknown;
  purpose: string;
}

export interface JointDiceOptions {
  /** Whether a request of this seat is this screen's: shown waiting here (after a reload too) and handed back when written. */
  mine: (request: JointDiceRequest) => boolean;
  /** The change asked for is written with its dice (as the dice log records them): the screen shows the result. */
  onWritten?: (request: JointDiceRequest, dice: DiceRecord[]) => void | Promise<void>;
  /** A die asked for a combat still to come (a rollDie) has arrived and no change named it yet: the screen takes it. */
  onArrived?: (request: JointDiceRequest) => void | Promise<void>;
  /**
   * This screen's request found on its way when the screen opens (after a reload, or the game opened again):
   * the screen fills its form in from the request's input, as it was asked, while it waits.
   */
  onFound?: (request: JointDiceRequest) => void | Promise<void>;
}

/**
 * The service's joint dice, asked only in a game played from two seats (at one laptop there is nothing to ask),
 * and asked again after a change unless the change's answer says they are as they were (a loss, a fire
 * applied: nothing of the dice moved; a request for them, or the seat's whose step it is changing, does).
 */
function useJointDiceState() {
  const app = useAppStore();
  return useServiceQuery(() => (app.game?.seat ? {} : null), () => call('jointDice'), { onMounted: true, keepOnError: true, kept: 'jointDice' });
}

export function useJointDice(options: JointDiceOptions) {
  const app = useAppStore();
  const state = useJointDiceState();
  /** The game's joint dice, when it is played from two seats and both have joined; else null (no offer). */
  const offered = computed<JointDiceState | null>(() => (state.data.value?.twoSeat && state.data.value.live ? state.data.value : null));
  /** The request this screen waits for, until its change is written. */
  const askedId = ref<string | null>(null);
  /** The request this screen made (or found open after a reload), while it waits for the other seat. */
  const waiting = computed<JointDiceRequest | null>(() => {
    const open = state.data.value?.open;
    return open && open.side === state.data.value?.seat && (open.id === askedId.value || options.mine(open)) ? open : null;
  });
  /** The requests handed to the screen already (a die arrived is handed over once per screen). */
  const handed = new Set<string>();
  /** The service's words for this screen's dice: the wait, the offer, or why not now. */
  const words = computed<string | null>(() => {
    const o = offered.value;
    if (!o) return null;
    return waiting.value?.words ?? (o.mayAsk.allowed ? JOINT_OFFER_WORDS : (o.mayAsk.reason ?? null));
  });
  /** May "Roll jointly" be pressed now (the service's verdict; the screen adds only its own "the form is ready"). */
  const mayAsk = computed(() => offered.value?.mayAsk.allowed === true && waiting.value === null);
  /**
   * May this screen's request be withdrawn now ("Withdraw this roll"): the service's verdict (the asking seat's
   * own request, no answer here yet), offered where the request waits.
   */
  const mayWithdraw = computed(() => waiting.value !== null && state.data.value?.mayWithdraw.allowed === true);

  let timer: ReturnType<typeof setInterval> | null = null;
  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  onBeforeUnmount(stop);
  // While this screen's request is on its way, look again now and then (a packet received also moves the revision).
  watch(waiting, (w) => {
    if (w === null) return stop();
    if (askedId.value === null) {
      askedId.value = w.id;
      void options.onFound?.(w);
    }
    if (timer === null) timer = setInterval(() => void state.refresh(), LOOK_AGAIN_MS);
  });

  watch(
    () => state.data.value,
    (s) => {
      if (!s) return;
      const used = s.lastUsed;
      if (askedId.value !== null && used?.id === askedId.value) {
        askedId.value = null;
        stop();
        // Withdrawn (here, or by the seat elsewhere): nothing was rolled, there is nothing to hand the screen.
        if (used.status === 'withdrawn') return;
        if (!handed.has(used.id)) {
          handed.add(used.id);
          void (used.fn === 'rollDie' ? options.onArrived?.(used) : written(used));
        }
        return;
      }
      // A die arrived for a combat still to come, found when the screen opens (after a reload, or the game opened
      // again); the dice asked for the same combat before it too (the friendly-fire die before the fire die).
      for (const arrived of [...s.arrivedEarlier, ...(s.arrived ? [s.arrived] : [])]) {
        if (handed.has(arrived.id) || !options.mine(arrived)) continue;
        handed.add(arrived.id);
        void options.onArrived?.(arrived);
      }
    },
  );

  /** The change's dice from the dice log (numbered, like the request's, as nobody in particular reads the log), then the screen's turn. */
  async function written(used: JointDiceRequest): Promise<void> {
    if (!options.onWritten) return;
    const dice = used.diceSeqs.length === 0 ? [] : (await call('diceLog', { beforeSeq: Math.max(...used.diceSeqs) + 1, limit: used.diceSeqs.length })).filter((d) => used.diceSeqs.includes(d.seq));
    await options.onWritten(used, dice);
  }

  /** Asks for the dice of the change; the answer comes with the other seat's packet. */
  async function ask(change: JointChange): Promise<JointDiceRequest> {
    // No notice of its own: the screen shows the service's words for the wait, and the result when it comes.
    const asked = await app.write('askJointDice', change, () => undefined);
    askedId.value = asked.id;
    await state.refresh();
    return asked;
  }

  /** Withdraws this screen's request (a public entry; the other seat replays it); the screen may ask again, or roll as before. */
  async function withdraw(): Promise<void> {
    const id = waiting.value?.id;
    if (!id) return;
    // No longer this screen's to wait for (set first: the write's answer may bring the withdrawn request back as used).
    askedId.value = null;
    // A refusal (the answer came in meanwhile: the change is written with its dice) goes to the app's alert line.
    if (!(await app.attempt(() => app.write('withdrawJointDice', { id })))) askedId.value = id;
    await state.refresh();
  }

  return { offered, waiting, words, mayAsk, mayWithdraw, ask, withdraw };
}

/** A die rolled jointly for a combat assistant: its value and its dice-log seq, as the combat names it (rollSeq). */
export interface JointDie {
  roll: number;
  seq: number;
}

/** What a rollDie asked jointly says it is for (its assistant and units), if it says. */
export function dieRolledFor(request: JointDiceRequest): DieRolledFor | null {
  if (request.fn !== 'rollDie') return null;
  const input = request.input as { for?: DieRolledFor } | undefined;
  return input?.for ?? null;
}

export interface JointDieOptions {
  /** The assistants whose die this screen takes (the Rally/UDD assistant takes both). */
  assistants: readonly DieRolledFor['assistant'][];
  /** Which of the assistant's dice, when not its own: the artillery friendly-fire die (RI-K19). */
  die?: DieRolledFor['die'];
  /** The die is here: the screen shows it as its die. */
  onArrived: (die: JointDie) => void;
}

/**
 * The Combat screen's assistant and picks set to those a die was rolled for (as its request names them),
 * each left as it is when it already is so (the assistants start a roll again when their picks change).
 */
export function restoreAssistant(combat: ReturnType<typeof useCombatStore>, f: DieRolledFor): void {
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  const against = f.against ?? [];
  if (f.assistant === 'fire') {
    if (!same(combat.fireStack, f.units)) combat.fireStack = [...f.units];
    if (!same(combat.fireTargets, against)) combat.fireTargets = [...against];
    if (f.range !== undefined && combat.fireRange !== f.range) combat.fireRange = f.range;
    const near = f.friendlyNearTarget === undefined ? '' : (String(f.friendlyNearTarget) as '1' | '2');
    if (f.range !== undefined && combat.fireFriendlyNear !== near) combat.fireFriendlyNear = near;
  } else if (f.assistant === 'shock') {
    if (!same(combat.shockAttackers, f.units)) combat.shockAttackers = [...f.units];
    if (!same(combat.shockDefenders, against)) combat.shockDefenders = [...against];
  } else {
    combat.cohesionCheck = f.assistant;
    combat.cohesionUnit = f.units[0] ?? null;
  }
  combat.tab = f.assistant === 'rally' || f.assistant === 'udd' ? 'cohesion' : f.assistant;
}

/**
 * The die of a combat assistant rolled jointly (a rollDie naming the assistant and its units), then named by
 * the combat by its seq (RI-K18). When it arrives the assistant's picks are set to those it was rolled for
 * (a die belongs to one roll), then the die is shown; after a reload useJointDiceRefill opens the assistant.
 */
export function useJointDie(options: JointDieOptions) {
  const combat = useCombatStore();
  const joint = useJointDice({
    mine: (r) => {
      const f = dieRolledFor(r);
      return f !== null && options.assistants.includes(f.assistant) && f.die === options.die;
    },
    onArrived: async (r) => {
      const f = dieRolledFor(r);
      if (r.rolls[0] === undefined || r.diceSeqs[0] === undefined || f === null) return;
      restoreAssistant(combat, f);
      // The picks' own watchers (a new roll for new picks) run first: the die comes after them.
      await nextTick();
      options.onArrived({ roll: r.rolls[0], seq: r.diceSeqs[0] });
    },
  });
  /** Asks for the die: a rollDie for its purpose, naming the assistant and the units picked. */
  const ask = (purpose: string, rolledFor: DieRolledFor) => joint.ask({ fn: 'rollDie', input: { purpose, for: rolledFor }, purpose });
  return { ...joint, ask };
}

/** The combats applied with the dice the service rolls inside them asked for jointly (useJointCombat). */
export type JointCombatFn = 'resolveFire' | 'resolveShock';

/** The assistant and units a fire or shock asked for whole names (its input), as a die rolled for it would. */
export function combatRolledFor(request: JointDiceRequest): DieRolledFor | null {
  const input = request.input as { stack?: string[]; targets?: string[]; range?: number; facts?: { friendlyNearTarget?: 1 | 2 }; attackers?: string[]; defenders?: string[] } | undefined;
  if (request.fn === 'resolveFire' && input?.stack?.length) {
    const near = input.facts?.friendlyNearTarget;
    return { assistant: 'fire', units: input.stack, against: input.targets ?? [], ...(input.range !== undefined ? { range: input.range } : {}), ...(near ? { friendlyNearTarget: near } : {}) };
  }
  if (request.fn === 'resolveShock' && input?.attackers?.length) return { assistant: 'shock', units: input.attackers, against: input.defenders ?? [] };
  return null;
}

/** A combat written, as the screen shows it: its History line and the status ladder's steps it took (RI-O14). */
export interface WrittenCombat {
  summary: string;
  statusLadder: StatusLadderStep[];
}

/** What a combat's History entry says the screen shows of it, applied here or jointly alike (the service's entry). */
export const writtenCombat = (entry: Pick<HistoryEntry, 'summary' | 'statusLadder'>): WrittenCombat => ({ summary: entry.summary, statusLadder: entry.statusLadder ?? [] });

export interface JointCombatOptions<F extends JointCombatFn> {
  /** The change is written: the screen is handed its History entry's line and status ladder, and its dice. */
  onWritten: (written: WrittenCombat, dice: DiceRecord[]) => void;
  /**
   * The change asked for found on its way when the screen opens (a reload, the game opened again): its input,
   * exactly as it was asked (the service keeps it in the seat's request), for the screen to show again.
   */
  onFound: (asked: CallInput<F>) => void | Promise<void>;
}

/**
 * A fire or shock applied with the dice the service rolls inside it (a hit leader's casualty die, RI-K10; the
 * kit's cohesion and leader hit checks, RI-K25) rolled jointly: the whole change is asked for, input for input as
 * it would be applied, and written by this seat's Muster when the other seat's share comes back; the screen is
 * then handed the change's History line and its dice. Found on its way after a reload, the request hands the
 * screen its input, so the form shows what was asked while it waits.
 */
export function useJointCombat<F extends JointCombatFn>(fn: F, options: JointCombatOptions<F>) {
  const joint = useJointDice({
    mine: (r) => r.fn === fn,
    onWritten: async (r, dice) => {
      // Its History entry, as the service keeps it with the change (the same entry a change applied here answers with).
      const [entry] = r.eventSeq === null ? [] : await call('history', { beforeSeq: r.eventSeq + 1, limit: 1, withChanges: false });
      options.onWritten(writtenCombat(entry ?? { summary: r.words }), dice);
    },
    // The request is this seat's own, asked with this function's input (askJointDice takes it whole, as the function does).
    onFound: (r) => options.onFound(r.input as CallInput<F>),
  });
  /** Asks for the change's dice: the combat as it would be applied, and its purpose in the players' words. */
  const ask = (input: CallInput<F>, purpose: string) => joint.ask({ fn, input, purpose });
  return { ...joint, ask };
}

/**
 * The screen that holds the combat assistants, opened with a die of this seat rolled jointly for one of them
 * still pending (on its way, or arrived and not yet named by its combat): the assistant and its picks are
 * restored once, so that the assistant shows the request, or the die, as it was asked (a fire or shock asked
 * for whole too: useJointCombat).
 */
export function useJointDiceRefill(): void {
  const combat = useCombatStore();
  let done = false;
  const state = useJointDiceState();
  watch(
    () => state.data.value,
    (s) => {
      if (done || !s) return;
      done = true;
      const open = s.open?.side === s.seat ? s.open : null;
      const pending = open ?? s.arrived;
      const f = pending ? (dieRolledFor(pending) ?? combatRolledFor(pending)) : null;
      if (f) restoreAssistant(combat, f);
    },
  );
}
