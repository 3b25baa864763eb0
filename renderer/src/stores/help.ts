/**
 * Help: how to play with Muster, then the rules interpretations (the shell's helpText), shown in the
 * window by HelpDialog.vue, in the desktop app (Help menu, F1) and the browser preview (File menu) alike.
 * Any rule reference on a screen (RuleRef.vue) opens it at that reading.
 */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import { call, describeError } from '../api';
import { helpBlocks, type HelpBlock } from '../help-text';

export const useHelpStore = defineStore('help', () => {
  const shown = ref(false);
  const guide = ref<HelpBlock[]>([]);
  const readings = ref<HelpBlock[]>([]);
  /** The reading to scroll to when Help opens (null: the top of the guide). */
  const reading = ref<string | null>(null);
  const error = ref<string | null>(null);
  /** Bumped on every open, so the dialog scrolls again when the same reading is asked twice. */
  const opened = ref(0);
  let loaded = false;

  async function open(at: string | null = null): Promise<void> {
    error.value = null;
    reading.value = at;
    if (!loaded) {
      try {
        const text = await call('helpText');
        guide.value = helpBlocks(text.guide);
        readings.value = helpBlocks(text.readings);
        loaded = true;
      } catch (e) {
        error.value = describeError(e);
      }
    }
    shown.value = true;
    opened.value++;
  }

  function close(): void {
    shown.value = false;
  }

  return { shown, guide, readings, reading, error, opened, open, close };
});
