/**
 * The command line, run as players run it (a child process: `npx tsx db/cli.ts ...`) and in-process
 * through runCli: pure JSON on stdout for --json, one line on stderr and a non-zero exit for errors, and
 * nothing written when a request is refused.
 */
import { spawnSync } from 'node:child_process';
import Database from 'better-sqlite3';
import { closeSync, existsSync, openSync, statSync, truncateSync, writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './cli';
import { COMBAT_SCENARIO, FIXTURE_SCENARIO, fileHash, tempDir } from '../tests/fixtures/game';

const root = fileURLToPath(new URL('..', import.meta.url));
const tmp = tempDir();
afterAll(() => tmp.cleanup());

function spawnCli(args: string[]) {
  const r = spawnSync('npx', ['tsx', 'db/cli.ts', ...args], { cwd: root, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const ok = (args: string[]) => {
  const r = runCli(args);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout;
};

describe('muster CLI', () => {
  it('new, roster --json (pure JSON on stdout of a real process), loss, tally, undo, redo, log, verify', () => {
    const file = tmp.file('cli.muster');
    const created = spawnCli(['new', file, '--scenario', FIXTURE_SCENARIO]);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^created .*cli\.muster: Test: Herbst Woods/);

    const roster = spawnCli(['roster', file, '--json']);
    expect(roster.code).toBe(0);
    const units = JSON.parse(roster.stdout) as Record<string, unknown>[];
    expect(units).toHaveLength(18);
    expect(units[0]).toEqual({
      id: '2-wi',
      name: '2nd Wisconsin',
      side: 'USA',
      arm: 'infantry',
      sp: 6,
      spLost: 0,
      stragglers: 0,
      currentSp: 6,
      fatigue: 0,
      status: 'ordered',
      order: expect.any(String),
      orderSource: expect.any(String),
      onMap: true,
    });

    expect(ok(['loss', file, '--unit', '2-wi', '--sp', '2'])).toBe('#1 2nd Wisconsin loses 2 SP\n');
    expect(ok(['loss', file, '--unit', '6-wi', '--sp', '1', '--straggler'])).toBe('#2 6th Wisconsin loses 1 SP as stragglers\n');
    expect(ok(['loss', file, '--unit', '8-il-cav', '--sp', '3'])).toBe('#3 8th Illinois Cavalry loses 3 SP\n');
    const tally = JSON.parse(ok(['tally', file, '--json']));
    expect(tally).toMatchObject({ usa: { lossPoints: 9 }, csa: { lossPoints: 0 }, result: { winner: null, level: 'draw' } });

    const rosterAfter = JSON.parse(ok(['roster', file, '--json'])) as { id: string; spLost: number; stragglers: number }[];
    expect(rosterAfter.find((u) => u.id === '2-wi')).toMatchObject({ spLost: 2 });
    expect(rosterAfter.find((u) => u.id === '6-wi')).toMatchObject({ spLost: 0, stragglers: 1 });

    expect(ok(['undo', file])).toBe('undone: #3 8th Illinois Cavalry loses 3 SP\n');
    expect(JSON.parse(ok(['tally', file, '--json'])).usa.lossPoints).toBe(3);
    expect(ok(['redo', file])).toBe('redone: #3 8th Illinois Cavalry loses 3 SP\n');
    expect(ok(['log', file]).split('\n')[0]).toBe('#3 1863-07-01T0740 I.A loss.sp: 8th Illinois Cavalry loses 3 SP');
    expect(ok(['verify', file])).toMatch(/^integrity_check: ok\nevent log: 3 events, hash chain intact\ndice log: 0 rolls, hash chain intact\nstate: \d+ rows, as the log rebuilds them\nschema: \d+ tables, indexes and triggers, the ones Muster writes\nfingerprint: [0-9a-f]{12}\n$/);
  });

  it('info and verify show the game fingerprint, the same one the app shows', () => {
    const file = tmp.file('cli-fingerprint.muster');
    ok(['new', file, '--scenario', FIXTURE_SCENARIO, '--usa', 'Ann', '--csa', 'Bob']);
    ok(['loss', file, '--unit', '2-wi', '--sp', '1']);
    const info = JSON.parse(ok(['info', file, '--json'])) as { fingerprint: string; eventCount: number };
    expect(info).toMatchObject({ fingerprint: expect.stringMatching(/^[0-9a-f]{12}$/), eventCount: 1 });
    const text = ok(['info', file]);
    expect(text).toContain('Ann (USA) v Bob (CSA)');
    expect(text).toContain(`fingerprint: ${info.fingerprint}\n`);
    expect(ok(['verify', file])).toContain(`fingerprint: ${info.fingerprint}\n`);
    expect((JSON.parse(ok(['verify', file, '--json'])) as { fingerprint: string }).fingerprint).toBe(info.fingerprint);
    // The next change moves it.
    ok(['loss', file, '--unit', '2-wi', '--sp', '1']);
    expect(ok(['info', file])).not.toContain(info.fingerprint);
  });

  it('new --rules switches optional rules on; info names them; a wrong name is refused and creates nothing', () => {
    const file = tmp.file('cli-rules.muster');
    ok(['new', file, '--scenario', FIXTURE_SCENARIO, '--rules', 'demoralization,card-draw:corps,status-ladder,messengers']);
    expect(ok(['info', file])).toContain('optional rules: Demoralization, Card-draw activation (cards are the corps; status ladder on), Messengers\n');
    const plain = tmp.file('cli-no-rules.muster');
    ok(['new', plain, '--scenario', FIXTURE_SCENARIO]);
    expect(ok(['info', plain])).toContain('optional rules: none (the revision as written)\n');
    const refused = tmp.file('cli-bad-rules.muster');
    for (const [rules, message] of [
      ['fog-of-war', /"fog-of-war" is not an optional rule/],
      ['card-draw', /card-draw needs its level/],
      ['status-ladder', /status-ladder is a sub-option of card-draw/],
    ] as const) {
      const r = runCli(['new', refused, '--scenario', FIXTURE_SCENARIO, '--rules', rules]);
      expect(r.code, rules).not.toBe(0);
      expect(r.stderr, rules).toMatch(message);
      expect(existsSync(refused)).toBe(false);
    }
  });

  it('new --readings chooses house readings; info names them; a malformed pair or an unknown choice is refused and creates nothing', () => {
    const file = tmp.file('cli-readings.muster');
    ok(['new', file, '--scenario', FIXTURE_SCENARIO, '--readings', 'oocCommanderDrm=hurts,stragglersAtEnd=notCounted']);
    expect(ok(['info', file])).toContain("house readings: Out-of-command commander's activation DRM: +1: he suffers it (RI-C01); Unrecovered stragglers at the end: Not counted (RI-S05)\n");
    const plain = tmp.file('cli-no-readings.muster');
    ok(['new', plain, '--scenario', FIXTURE_SCENARIO]);
    expect(ok(['info', plain])).toContain('house readings: none (every reading as documented)\n');
    const refused = tmp.file('cli-bad-readings.muster');
    for (const [readings, message] of [
      ['oocCommanderDrm', /give each reading as <reading>=<choice>/],
      ['oocCommanderDrm=helps', /houseReadings\.oocCommanderDrm/],
    ] as const) {
      const r = runCli(['new', refused, '--scenario', FIXTURE_SCENARIO, '--readings', readings]);
      expect(r.code, readings).not.toBe(0);
      expect(r.stderr, readings).toMatch(message);
      expect(existsSync(refused)).toBe(false);
    }
  });

  it('verify and info report on a damaged file instead of crashing; roster, log and tally refuse it in words (RI-V03)', () => {
    const file = tmp.file('cli-damaged.muster');
    ok(['new', file, '--scenario', FIXTURE_SCENARIO]);
    for (let i = 0; i < 60; i += 1) ok(['call', file, 'rollDie', JSON.stringify({ purpose: `roll ${i}`, roll: i % 10 })]);
    truncateSync(file, statSync(file).size - 98);
    const before = fileHash(file);
    const verify = runCli(['verify', file]);
    expect(verify).toMatchObject({ code: 1, stderr: `error: ${file} failed verification\n` });
    expect(verify.stdout).toMatch(/^integrity_check: /);
    expect(verify.stdout).toMatch(/does not match its hash|damaged|cut off/);
    expect(verify.stdout).toMatch(/\nfingerprint: ([0-9a-f]{12}|unreadable)\n$/);
    expect(runCli(['info', file]).stdout).toMatch(/DAMAGED \(open read-only\): the file ends part-way through a page/);
    for (const command of ['roster', 'log', 'tally']) {
      const r = runCli([command, file]);
      expect(r, command).toMatchObject({ code: 1, stdout: '', stderr: expect.stringMatching(/^error: .* is damaged: the file ends part-way through a page .*"muster verify" lists what is damaged\n$/) });
      expect(r.stderr).not.toContain('Unexpected token');
    }
    expect(fileHash(file)).toBe(before);
  });

  it('info on a file damaged where the game is read says what is damaged, never an internal error, a log or a menu', () => {
    const file = tmp.file('cli-damaged-clock.muster');
    ok(['new', file, '--scenario', FIXTURE_SCENARIO]);
    const db = new Database(file, { readonly: true });
    const { rootpage } = db.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'clock'").get() as { rootpage: number };
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    db.close();
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(200, 0xff), 0, 200, (rootpage - 1) * pageSize);
    closeSync(fd);
    const before = fileHash(file);
    const info = runCli(['info', file]);
    expect(info).toMatchObject({ code: 1, stdout: '' });
    expect(info.stderr).toBe(`error: ${file} is damaged (the clock table is damaged), so its game cannot be read; "muster verify ${file}" lists what is damaged\n`);
    expect(runCli(['verify', file]).stdout).toMatch(/^integrity_check: the clock table is damaged$/m);
    for (const r of [info, runCli(['verify', file]), runCli(['roster', file])]) expect(r.stdout + r.stderr).not.toMatch(/internal error|log file|Help > About|malformed|btree|page \d/i);
    expect(fileHash(file)).toBe(before);
  });

  it('errors: one line on stderr, non-zero exit, nothing written', () => {
    const file = tmp.file('cli-errors.muster');
    ok(['new', file, '--scenario', FIXTURE_SCENARIO]);
    ok(['loss', file, '--unit', '2-wi', '--sp', '1']);
    const before = fileHash(file);
    for (const args of [
      ['loss', file, '--unit', 'nobody', '--sp', '1'],
      ['loss', file, '--unit', '2-wi', '--sp', '-2'],
      ['loss', file, '--unit', '2-wi', '--sp', '1.5'],
      ['loss', file, '--unit', '2-wi', '--sp', '6'],
      ['loss', file, '--unit', 'hall-me', '--sp', '1', '--straggler'],
      ['new', file, '--scenario', FIXTURE_SCENARIO],
      ['redo', file],
    ]) {
      const r = runCli(args);
      expect(r.code, args.join(' ')).not.toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^error: [^\n]+\n$/);
      expect(fileHash(file)).toBe(before);
    }
    const spawned = spawnCli(['loss', file, '--unit', '2-wi', '--sp', '7']);
    expect(spawned.code).toBe(1);
    expect(spawned.stdout).toBe('');
    expect(spawned.stderr.split('\n').filter((l) => l.startsWith('error:'))).toEqual(['error: sp: 2nd Wisconsin has only 5 SP left; it cannot lose 7']);
    expect(fileHash(file)).toBe(before);
  });

  it('refuses usage mistakes and files that are not games', () => {
    expect(runCli([])).toMatchObject({ code: 2, stdout: '' });
    expect(runCli(['loss', tmp.file('x.muster'), '--unit', 'a'])).toMatchObject({ code: 2, stderr: expect.stringMatching(/^error: --sp is required/) });
    expect(runCli(['roster', tmp.file('x.muster'), '--colour'])).toMatchObject({ code: 2 });
    expect(runCli(['frobnicate', tmp.file('x.muster')])).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown command') });
    expect(runCli(['roster', tmp.file('missing.muster'), '--json'])).toMatchObject({ code: 1, stderr: expect.stringContaining('does not exist') });
    expect(existsSync(tmp.file('missing.muster'))).toBe(false);
    expect(runCli(['help', 'x']).stdout).toContain('usage: muster');
  });

  it('call: any game function by its window.muster name, JSON in and out, the same refusals as the app', () => {
    const file = tmp.file('cli-call.muster');
    ok(['new', file, '--scenario', FIXTURE_SCENARIO]);
    const loss = JSON.parse(ok(['call', file, 'recordLoss', '{"unitId":"2-wi","sp":2}'])) as { event: { seq: number; summary: string } };
    expect(loss.event).toMatchObject({ seq: 1, summary: '2nd Wisconsin loses 2 SP' });
    const turn = JSON.parse(ok(['call', file, 'turnState'])) as { turnId: string };
    expect(turn.turnId).toBe('1863-07-01T0740');
    const unit = (JSON.parse(ok(['call', file, 'roster', '{"side":"USA"}'])) as { id: string; spLost: number }[]).find((u) => u.id === '2-wi');
    expect(unit?.spLost).toBe(2);

    const before = fileHash(file);
    const refusals: [string[], RegExp][] = [
      [['call', file, 'recordLoss', '{"unitId":"2-wi","sp":41}'], /^error: SP must be at most 40 \(the largest counter\)\n$/],
      [['call', file, 'recordLoss', '{"unitId":"2-wi","sp":1,"smuggled":true}'], /^error: Unrecognized key: "smuggled"\n$/],
      [['call', file, 'editLeader', '{"leaderId":"meredith","rating":12}'], /^error: Rating must be a whole number from 0 to 9\n$/],
      [['call', file, 'rollDie', JSON.stringify({ purpose: 'lone \uD800' })], /^error: purpose: must be well-formed Unicode text/],
      [['call', file, 'turnState', '{"viewer":"nobody"}'], /^error: viewer: /],
      [['call', file, 'recordLoss', '{"unitId":"2-wi","sp":5}'], /^error: sp: 2nd Wisconsin has only 4 SP left; it cannot lose 5\n$/],
    ];
    for (const [args, message] of refusals) {
      const r = runCli(args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
      expect(fileHash(file)).toBe(before);
    }
    expect(runCli(['call', file, 'recordLoss', '{not json'])).toMatchObject({ code: 2, stderr: expect.stringContaining('not JSON') });
    expect(runCli(['call', file, 'frobnicate'])).toMatchObject({ code: 2, stderr: expect.stringContaining('not a game function') });
    expect(runCli(['call', file, 'newGame', '{"scenario":"gettysburg"}'])).toMatchObject({ code: 2 });
    expect(fileHash(file)).toBe(before);
  });

  it('call planFire: the revision\'s third frontage example from `npm run cli -- call`, a query that writes nothing', () => {
    const file = tmp.file('cli-plan-fire.muster');
    ok(['new', file, '--scenario', COMBAT_SCENARIO]);
    const before = fileHash(file);
    const r = spawnSync('npm', ['run', 'cli', '--', 'call', file, 'planFire', '{"stack":["7-wi","12-il-cav","calef-us","19-in"],"range":2}'], { cwd: root, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const plan = JSON.parse(r.stdout) as { firing: { unitId: string; sp: number }[]; rangeDrm: { total: number; items: unknown[] } | null };
    expect(plan.firing).toEqual([
      { unitId: '7-wi', sp: 2 },
      { unitId: '12-il-cav', sp: 1 },
      { unitId: 'calef-us', sp: 4 },
      { unitId: '19-in', sp: 0 },
    ]);
    expect(plan.rangeDrm).toEqual({ total: 0, items: [{ label: 'Range 2 (R)', value: 0, rule: 'Rev. Range DRMs' }] });
    expect(runCli(['call', file, 'planFire', '{"stack":["7-wi"],"range":0}'])).toMatchObject({ code: 1, stderr: expect.stringMatching(/^error: range must be a whole number of hexes, 1 or more\n$/) });
    expect(fileHash(file)).toBe(before);
  });

  it('functions: lists every game function of the contract with what it does', () => {
    const listed = ok(['functions']).trim().split('\n').map((l) => l.split(/\s+/)[0]);
    expect(listed).toEqual(expect.arrayContaining(['recordLoss', 'roster', 'attemptActivation', 'undo']));
    expect(listed).not.toContain('newGame');
  });
});
