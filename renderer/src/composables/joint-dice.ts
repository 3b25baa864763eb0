/**
 * A die rolled jointly by both seats, for a screen that needs the die before its result is read (the Fire
 * assistant, RI-K18): the service says whether the game is played from two seats and both have joined, and
 * whether this seat may ask now (contract jointDice); "Roll jointly" asks for a rollDie whose die is joint
 * (askJointDice), and the die arrives once the other seat's Muster has answered and this seat's has recorded
 * it (the packets go through the shared folder). Until then the screen shows the service's words for the wait.
 */
import { computed, onBeforeUnmount, ref, watch } from 'vue';
import type { JointDiceState } from '../../../contract';
import { call } from '../api';
import { useAppStore } from '../stores/app';
import { useServiceQuery } from './service-query';

/** How often the screen asks again while its die is on its way (the other seat answers when its packet arrives). */
const LOOK_AGAIN_MS = 2000;

export interface JointDie {
  roll: number;
  /** Its dice-log seq, as a combat names it (rollSeq). */
  seq: number;
}

export function useJointDie(onArrived: (die: JointDie) => void) {
  const app = useAppStore();
  const state = useServiceQuery(() => ({}), () => call('jointDice'), { onMounted: true, keepOnError: true });
  /** The game's joint dice, when it is played from two seats and both have joined; else null (no offer). */
  const offered = computed<JointDiceState | null>(() => (state.data.value?.twoSeat && state.data.value.live ? state.data.value : null));
  const askedId = ref<string | null>(null);
  /** The request this screen made, while it waits for the other seat. */
  const waiting = computed(() => (askedId.value !== null && state.data.value?.open?.id === askedId.value ? state.data.value.open : null));
  let timer: ReturnType<typeof setInterval> | null = null;
  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  onBeforeUnmount(stop);

  watch(
    () => state.data.value?.lastUsed,
    (used) => {
      if (askedId.value === null || used?.id !== askedId.value || used.rolls[0] === undefined) return;
      askedId.value = null;
      stop();
      onArrived({ roll: used.rolls[0], seq: used.diceSeqs[0]! });
    },
  );

  /** Asks for the die; the answer comes with the other seat's packet. */
  async function ask(purpose: string): Promise<void> {
    // No notice of its own: the screen shows the service's words for the wait, and the die when it comes.
    const asked = await app.write('askJointDice', { fn: 'rollDie', input: { purpose } }, () => undefined);
    askedId.value = asked.id;
    await state.refresh();
    stop();
    timer = setInterval(() => void state.refresh(), LOOK_AGAIN_MS);
  }

  return { offered, waiting, ask };
}
