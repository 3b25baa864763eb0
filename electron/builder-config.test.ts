// electron-builder.yml checked against electron-builder's own JSON schema (shipped in app-builder-lib),
// plus the settings the shell depends on: targets, asar unpacking of .node files, the .muster file
// association, the Electron fuses, and better-sqlite3's Node-API prebuilds shipped as npm installed them.
import Ajv from 'ajv';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
// js-yaml comes with electron-builder (it reads this very file with it); it ships no types.
const yaml = require('js-yaml') as { load(text: string): unknown };
const root = fileURLToPath(new URL('..', import.meta.url));
const config = yaml.load(readFileSync(`${root}/electron-builder.yml`, 'utf8')) as Record<string, unknown> & {
  extraResources?: { from: string; to: string }[];
  fileAssociations: Record<string, unknown>[];
  electronFuses: Record<string, boolean>;
  files: string[];
  linux: { target: string[] };
  win: { target: string[] };
  mac: { target: string[] };
};

describe('electron-builder.yml', () => {
  it("is valid against electron-builder's own schema", () => {
    const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8')) as object;
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validate = ajv.compile(schema);
    const valid = validate(config);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('the schema check would catch a mistake', () => {
    const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8')) as object;
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    expect(validate({ ...config, electronFuses: { ...config.electronFuses, runAsNodee: false } })).toBe(false);
    expect(validate({ ...config, asarUnpak: ['**/*.node'] })).toBe(false);
  });

  it('names the app and builds AppImage and deb, NSIS, and dmg', () => {
    expect(config.productName).toBe('Muster');
    expect(config.appId).toMatch(/^[a-z]+(\.[a-z-]+)+$/);
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.mac.target).toEqual(['dmg']);
  });

  it("keeps native addons out of the asar archive, leaves node_modules as npm built it, and ships only this platform's SQLite addon", () => {
    expect(config.asarUnpack).toEqual(['**/*.node']);
    expect(config.npmRebuild).toBe(false);
    expect(config.nodeGypRebuild).toBe(false);
    expect(config.files).toContain('!node_modules/better-sqlite3/src/**');
    // better-sqlite3 ships eight prebuilt addons: all are left out, then the installer's own platform's taken back.
    const all = config.files.indexOf('!node_modules/better-sqlite3/prebuilds/**');
    const own = config.files.indexOf('node_modules/better-sqlite3/prebuilds/${platform}-${arch}.node');
    expect(all).toBeGreaterThan(-1);
    expect(own).toBeGreaterThan(all);
  });

  it("Help's pages come with the build (out/docs), not as loose resources", () => {
    expect(config.extraResources).toBeUndefined();
  });

  it('names a maintainer with an e-mail for the Linux packages', () => {
    expect((config.linux as unknown as { maintainer: string }).maintainer).toMatch(/^.+ <[^@\s]+@[^@\s]+\.[a-z]+>$/);
  });

  it('associates .muster files with Muster', () => {
    expect(config.fileAssociations).toEqual([expect.objectContaining({ ext: 'muster', name: 'Muster game', mimeType: 'application/x-muster', role: 'Editor' })]);
  });

  it('sets the Electron fuses: no RunAsNode, NODE_OPTIONS or inspect; app only from an integrity-checked asar; cookies encrypted; file: without extra privileges', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });
});

describe('build/icon.png', () => {
  it('is a 1024x1024 RGBA PNG (electron-builder makes .ico and .icns from it)', () => {
    const png = readFileSync(`${root}/build/icon.png`);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.toString('latin1', 12, 16)).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(1024);
    expect(png.readUInt32BE(20)).toBe(1024);
    expect(png[25]).toBe(6);
  });
});
