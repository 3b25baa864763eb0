/** electron-log/main as the built main bundle imports it (its default export), backed by the fake's logger. */
import { logModule } from '../../../electron/test-support/fake-electron';

export default logModule.default;
