// Renderer entry: the global stylesheet (a file: the CSP allows no inline styles), then the app (app.ts),
// once the opening frame the page may have come with has been painted (opening-frame.ts). An app that does
// not start, or fails later, is logged and shown with Reload: never a blank window (screen-errors.ts).
import { afterOpeningFramePaint, dismissOpeningFrame } from './opening-frame';
import { reportScreenError, showStartFailure, watchScreenErrors } from './screen-errors';
import './styles.css';

watchScreenErrors();
afterOpeningFramePaint(() => {
  import('./app')
    .then(({ startApp }) => startApp())
    .catch((e: unknown) => {
      // The app's code did not load or mount: no picture of a screen that will not come.
      dismissOpeningFrame();
      reportScreenError('load', e);
      showStartFailure(e);
    });
});
