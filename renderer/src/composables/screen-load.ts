/**
 * A screen's data: loaded when the screen mounts and again after every change to the game (the app
 * store's revision, and whatever else `also` reads), with the refusal in words for the screen's alert
 * line. The stores decide whether a load has anything to do (ensureLoaded).
 */
import { onMounted, ref, watch } from 'vue';
import { asApiError } from '../api';
import { useAppStore } from '../stores/app';

export function useScreenLoad(load: () => Promise<void>, fn = 'screen', also?: () => unknown) {
  const app = useAppStore();
  const loadError = ref<string | null>(null);

  async function reload(): Promise<void> {
    try {
      await load();
      loadError.value = null;
    } catch (e) {
      loadError.value = asApiError(e, fn).message;
    }
  }

  onMounted(reload);
  watch(() => [app.revision, also?.()], reload);
  return { loadError, reload };
}
