/** window.muster as the preload exposes it (absent when the page runs without the desktop shell or the bridge). */
import type { MusterApi } from '../contract';

declare global {
  interface Window {
    muster?: MusterApi;
  }
}

export {};
