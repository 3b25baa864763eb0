/**
 * A screen's question to the game service, and its answer: the one way a screen holds query state
 * (the answer, the refusal in words, whether it is being asked, and refresh).
 *
 * `input` says what to ask with, or null when there is nothing to ask yet (then the answer is null);
 * `ask` asks the service. The question is asked again when the input changes (compared deeply: ticks
 * in a list count) and after every change to the game (the app store's revision), so the answer always
 * speaks of the game as it is. Only the latest question's answer is kept: a slow answer to an older
 * question never overwrites a newer one. A refusal clears the answer unless `keepOnError` (a preview
 * that stays on screen while the players fix a field). Changes made in one update (a write's revision,
 * and a field a watcher clears on it) ask one question, and the same question of the same state is not
 * asked twice. A
 * query a write's answer may name as kept (`kept`: contract/answer.ts KEPT_QUERIES) is not asked again
 * after that write when its input is the same: the service says the answer held is still its answer.
 */
import { onMounted, ref, watch, type Ref } from 'vue';
import type { KeptQuery } from '../../../contract';
import { describeError } from '../api';
import { useAppStore } from '../stores/app';

export interface ServiceQuery<T> {
  /** The service's answer to the latest question, or null (nothing asked yet, nothing to ask, or refused). */
  data: Ref<T | null>;
  /** The refusal in the players' words, or null. */
  error: Ref<string | null>;
  /** A question is on its way. */
  loading: Ref<boolean>;
  /** Asks again now (after a change the screen made itself, or to wait for the answer before focusing a field). */
  refresh: () => Promise<void>;
}

export interface ServiceQueryOptions {
  /** Keep the last answer when the service refuses (default: clear it). */
  keepOnError?: boolean;
  /** Ask only once the screen is mounted (a screen's first load), not at once when set up. */
  onMounted?: boolean;
  /** How a refusal reads (default: the message with its rule, describeError). */
  describe?: (e: unknown) => string;
  /** The service's query asked (one a write's answer may name as kept): after a write that kept it, it is not asked again. */
  kept?: KeptQuery;
}

export function useServiceQuery<I, T>(
  input: () => I | null | undefined,
  ask: (input: I) => Promise<T>,
  options: ServiceQueryOptions = {},
): ServiceQuery<T> {
  const app = useAppStore();
  const data = ref<T | null>(null) as Ref<T | null>;
  const error = ref<string | null>(null);
  const loading = ref(false);
  /** Questions asked so far (each refresh is one). */
  let asked = 0;
  /** The question whose answer is the one to keep (a newer one's, or the same question already on its way). */
  let current = 0;
  /** The question on its way: the revision and input it was asked with, and its answer applied. */
  let pending: { question: number; revision: number; input: string; settled: Promise<void> } | null = null;
  /** The latest refresh: a caller whose question was overtaken waits for this one's answer. */
  let latest: Promise<void> = Promise.resolve();
  /** The answer held: the revision and the input it was asked with (null: none, or a refusal). */
  let held: { revision: number; input: string } | null = null;

  /**
   * Asks a microtask later: what else Vue's update makes of the same change (a panel clearing the die the
   * change used, in its own watcher) is in by then, so the question is asked once, with the input as it then
   * stands.
   */
  function refresh(): Promise<void> {
    const question = ++asked;
    latest = Promise.resolve().then(() => askNow(question));
    return latest;
  }

  function askNow(question: number): Promise<void> {
    if (question !== asked) return latest;
    const revision = app.revision;
    const i = input();
    if (i === null || i === undefined) {
      current = question;
      data.value = null;
      error.value = null;
      loading.value = false;
      return Promise.resolve();
    }
    const key = JSON.stringify(i);
    // The same question, of the same state of the game, is on its way: its answer is this one's.
    if (pending !== null && pending.revision === revision && pending.input === key) {
      current = pending.question;
      return pending.settled;
    }
    current = question;
    loading.value = true;
    const settled = (async () => {
      try {
        const answer = await ask(i);
        if (question !== current) return;
        data.value = answer;
        error.value = null;
        held = { revision, input: key };
      } catch (e) {
        if (question !== current) return;
        held = null;
        if (!options.keepOnError) data.value = null;
        error.value = (options.describe ?? describeError)(e);
      } finally {
        if (question === current) loading.value = false;
        if (pending?.question === question) pending = null;
      }
    })();
    pending = { question, revision, input: key, settled };
    return settled;
  }

  /** After a write whose answer kept this query, asked with the same input: the answer held stands. */
  function stillHeld(): boolean {
    if (options.kept === undefined || held === null || loading.value || !app.kept(options.kept, held.revision)) return false;
    const i = input();
    return i !== null && i !== undefined && JSON.stringify(i) === held.input;
  }

  watch(
    [input, () => app.revision],
    () => {
      if (stillHeld()) held!.revision = app.revision;
      else void refresh();
    },
    { deep: true, immediate: !options.onMounted },
  );
  if (options.onMounted) onMounted(() => void refresh());
  return { data, error, loading, refresh };
}
