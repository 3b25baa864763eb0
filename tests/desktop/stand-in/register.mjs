// Registers the stand-in for `electron` and `electron-log/main` (hooks.mjs), for running the built main
// bundle under plain Node: node --import tsx --import ./tests/desktop/stand-in/register.mjs <driver>.
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
