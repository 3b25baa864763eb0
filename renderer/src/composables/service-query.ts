/**
 * A screen's question to the game service, and its answer: the one way a screen holds query state
 * (the answer, the refusal in words, whether it is being asked, and refresh).
 *
 * `input` says what to ask with, or null when there is nothing to ask yet (then the answer is null);
 * `ask` asks the service. The question is asked again when the input changes (compared deeply: ticks
 * in a list count) and after every change to the game (the app store's revision), so the answer always
 * speaks of the game as it is. Only the latest question's answer is kept: a slow answer to an older
 * question never overwrites a newer one. A refusal clears the answer unless `keepOnError` (a preview
 * that stays on screen while the players fix a field).
 */
import { onMounted, ref, watch, type Ref } from 'vue';
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
  let asked = 0;

  async function refresh(): Promise<void> {
    const question = ++asked;
    const i = input();
    if (i === null || i === undefined) {
      data.value = null;
      error.value = null;
      loading.value = false;
      return;
    }
    loading.value = true;
    try {
      const answer = await ask(i);
      if (question !== asked) return;
      data.value = answer;
      error.value = null;
    } catch (e) {
      if (question !== asked) return;
      if (!options.keepOnError) data.value = null;
      error.value = (options.describe ?? describeError)(e);
    } finally {
      if (question === asked) loading.value = false;
    }
  }

  watch([input, () => app.revision], () => void refresh(), { deep: true, immediate: !options.onMounted });
  if (options.onMounted) onMounted(() => void refresh());
  return { data, error, loading, refresh };
}
