/**
 * The app's side of the opening frame (electron/opening-frame.ts): the page may come with the first
 * screenful of its first screen already drawn, in front of the app. The app's code runs once that frame
 * has been painted, so the frame is never held up by it; the app draws its own screen behind the frame,
 * and the frame is taken away once the app is ready (App.vue), or after FRAME_AT_MOST_MS whatever happens.
 */
import { FRAME_AT_MOST_MS } from './screens';

const FRAME_ID = 'opening-frame';

export function hasOpeningFrame(): boolean {
  return typeof document !== 'undefined' && document.getElementById(FRAME_ID) !== null;
}

/**
 * Runs `start` once the frame has been painted (at once when there is no frame), and takes the frame
 * away after FRAME_AT_MOST_MS whatever happens, even if the app never comes up (its code failed to load).
 */
export function afterOpeningFramePaint(start: () => void): void {
  if (!hasOpeningFrame()) {
    start();
    return;
  }
  setTimeout(dismissOpeningFrame, FRAME_AT_MOST_MS);
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  // The animation frame callback runs just before the frame is drawn; the task after it, once it is.
  requestAnimationFrame(() => setTimeout(once, 0));
  // A page that is not drawn (a tab opened behind others) gets no animation frames: it starts anyway.
  setTimeout(once, 100);
}

/** Takes the frame away (the app's own screen shows from the next paint on). */
export function dismissOpeningFrame(): void {
  document.getElementById(FRAME_ID)?.remove();
}
