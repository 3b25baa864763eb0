// Renderer entry: the global stylesheet (a file: the CSP allows no inline styles), then the app (app.ts),
// once the opening frame the page may have come with has been painted (opening-frame.ts).
import { afterOpeningFramePaint } from './opening-frame';
import './styles.css';

afterOpeningFramePaint(() => void import('./app'));
