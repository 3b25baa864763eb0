/**
 * The map facts the players tick on each screen, as the service offers them (mapFacts): each with its
 * words, the DRM the rules add for it and its rule. Asked once per open game (the facts do not change
 * during a game) and dropped when another game opens. The screens draw these; they type no DRM.
 */
import { defineStore } from 'pinia';
import { computed, onMounted, ref } from 'vue';
import type { MapFact, MapFacts, MapFactSituation } from '../../../contract';
import { call } from '../api';
import { signed } from '../format';
import { useAppStore } from './app';

/** What a fact does, as the tick says it: its DRM (per point of a rating, the leader's), or its effect in words. */
export function factEffect(fact: MapFact | undefined, rating?: number): string {
  if (!fact) return '';
  if (fact.drm === null) return fact.effect ?? '';
  return signed(fact.perRatingPoint ? fact.drm * (rating ?? 0) : fact.drm);
}

export const useMapFactsStore = defineStore('map-facts', () => {
  const app = useAppStore();
  const facts = ref<MapFacts | null>(null);
  let asking: Promise<void> | null = null;

  app.onGameSwitch(() => {
    facts.value = null;
    asking = null;
  });

  function ensureLoaded(): Promise<void> {
    if (facts.value) return Promise.resolve();
    asking ??= call('mapFacts').then(
      (answer) => {
        facts.value = answer;
      },
      (e: unknown) => {
        asking = null;
        throw e;
      },
    );
    return asking;
  }

  return { facts, ensureLoaded };
});

/**
 * A situation's facts for a screen: the list in the service's order, and each by its id. Asked when the
 * screen mounts; both are empty until the answer is in (the first paint of a game).
 */
export function useMapFacts(situation: MapFactSituation) {
  const store = useMapFactsStore();
  onMounted(() => void store.ensureLoaded().catch(() => undefined));
  const list = computed<readonly MapFact[]>(() => store.facts?.[situation] ?? []);
  const byId = computed<Partial<Record<string, MapFact>>>(() => Object.fromEntries(list.value.map((f) => [f.id, f])));
  return { list, byId };
}
