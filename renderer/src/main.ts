// Renderer entry: the global stylesheet (a file: the CSP allows no inline styles), then the app (app.ts),
// once the opening frame the page may have come with has been painted (opening-frame.ts).
import { afterOpeningFramePaint, dismissOpeningFrame } from './opening-frame';
import './styles.css';

afterOpeningFramePaint(() => {
  import('./app').catch((e: unknown) => {
    // The app's code did not load: nothing to wait for, so no picture of a screen that will not come.
    dismissOpeningFrame();
    throw e;
  });
});
