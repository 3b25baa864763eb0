/**
 * The `electron` module as the built main bundle imports it (named exports), backed by the recording
 * fake of the main-process tests. The driver resets the fake before the bundle is imported.
 */
import { electronModule } from '../../../electron/test-support/fake-electron';

export const { app, BrowserWindow, session, protocol, ipcMain, Menu, shell, dialog, screen, nativeTheme, webUtils, contextBridge, ipcRenderer } = electronModule;
export default electronModule;
