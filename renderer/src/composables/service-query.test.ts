/**
 * useServiceQuery, the one way a screen holds a question to the service: nothing asked while there is no
 * input, asked again when the input changes and after every change to the game, the latest question's
 * answer kept (a slower answer to an older question is dropped), and a refusal in words. A change and the
 * field a watcher clears on it ask one question; the same question of the same state is not asked twice.
 */
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { effectScope, nextTick, ref, watch } from 'vue';
import { MusterApiError } from '../api';
import { useAppStore } from '../stores/app';
import { useServiceQuery } from './service-query';

/** A question the test answers when it likes: each ask is kept with its input and its resolve/reject. */
function pendingAsks<I, T>() {
  const asks: { input: I; resolve: (v: T) => void; reject: (e: unknown) => void }[] = [];
  const ask = (input: I) => new Promise<T>((resolve, reject) => asks.push({ input, resolve, reject }));
  return { asks, ask };
}

const settle = async () => {
  for (let i = 0; i < 5; i += 1) await nextTick();
};

beforeEach(() => setActivePinia(createPinia()));

describe('useServiceQuery', () => {
  it('asks nothing while there is no input; asks when there is, and again when it changes', async () => {
    const input = ref<string | null>(null);
    const { asks, ask } = pendingAsks<string, string>();
    const q = effectScope().run(() => useServiceQuery(() => input.value, ask))!;
    await settle();
    expect(asks).toHaveLength(0);
    expect(q.data.value).toBeNull();
    input.value = 'iron';
    await settle();
    expect(asks.map((a) => a.input)).toEqual(['iron']);
    expect(q.loading.value).toBe(true);
    asks[0]!.resolve('the Iron Brigade');
    await settle();
    expect(q.data.value).toBe('the Iron Brigade');
    expect(q.loading.value).toBe(false);
  });

  it('keeps only the latest question\'s answer: a slower answer to an older question is dropped', async () => {
    const input = ref('archer');
    const { asks, ask } = pendingAsks<string, string>();
    const q = effectScope().run(() => useServiceQuery(() => input.value, ask))!;
    await settle();
    input.value = 'davis';
    await settle();
    asks[1]!.resolve('Davis');
    await settle();
    asks[0]!.resolve('Archer');
    await settle();
    expect(q.data.value).toBe('Davis');
  });

  it('asks again after every change to the game (the app store\'s revision), and ticks in a list count', async () => {
    const ticks = ref<string[]>([]);
    const { asks, ask } = pendingAsks<string[], number>();
    effectScope().run(() => useServiceQuery(() => ({ ticks: [...ticks.value] }), (i) => ask(i.ticks)));
    await settle();
    ticks.value.push('wadsworth');
    await settle();
    useAppStore().revision += 1;
    await settle();
    expect(asks.map((a) => a.input)).toEqual([[], ['wadsworth'], ['wadsworth']]);
  });

  it('a refusal reads in words and clears the answer, unless the screen keeps it while the players fix a field', async () => {
    const input = ref(1);
    const refusal = new MusterApiError('previewActivation', { code: 'RULES_FORBID', message: 'Heth is not on the map', field: 'commandId', rule: 'Rev. Activation Segment' });
    for (const keepOnError of [false, true]) {
      const { asks, ask } = pendingAsks<number, string>();
      const q = effectScope().run(() => useServiceQuery(() => input.value, ask, { keepOnError }))!;
      await settle();
      asks[0]!.resolve('a preview');
      await settle();
      const refreshed = q.refresh();
      await settle();
      asks.at(-1)!.reject(refusal);
      await refreshed;
      expect(q.error.value).toBe('Heth is not on the map (Rev. Activation Segment)');
      expect(q.data.value).toBe(keepOnError ? 'a preview' : null);
    }
  });

  it('a change to the game and the field a panel clears on it ask one question, with the field as it ends', async () => {
    const app = useAppStore();
    const die = ref<number | null>(4);
    const { asks, ask } = pendingAsks<{ die: number | null }, string>();
    const scope = effectScope();
    scope.run(() => {
      useServiceQuery(() => ({ die: die.value }), ask);
      // A panel below the query (its watcher runs after the query's) clears the die once the change is made.
      watch(() => app.revision, () => (die.value = null));
    });
    await settle();
    expect(asks.map((a) => a.input)).toEqual([{ die: 4 }]);
    app.revision += 1;
    await settle();
    expect(asks.map((a) => a.input)).toEqual([{ die: 4 }, { die: null }]);
  });

  it('the same question of the same state, already on its way, is not asked again: both callers get its answer', async () => {
    const { asks, ask } = pendingAsks<string, string>();
    const q = effectScope().run(() => useServiceQuery(() => 'iron', ask, { onMounted: true }))!;
    const first = q.refresh();
    await settle();
    const second = q.refresh();
    await settle();
    expect(asks).toHaveLength(1);
    asks[0]!.resolve('the Iron Brigade');
    await Promise.all([first, second]);
    expect(q.data.value).toBe('the Iron Brigade');
  });
});
