/**
 * Verify hashes the logs on a second thread (db/page-hasher.ts). These tests hold it to the one thing
 * that matters: the same hashes, in the same order, as hashing in the calling thread, and so the same
 * verify report word for word, also when the worker goes away half-way through a run.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildLongGame } from '../tests/bench/long-game';
import { tempDir } from '../tests/fixtures/game';
import { verifyGame } from './integrity';
import { PageHasher, stopPageHasher, withHashes } from './page-hasher';

const tmp = tempDir('muster-page-hasher-');
afterAll(() => tmp.cleanup());

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** `count` pages of `size` inputs, some of them not ASCII (the hash is of the UTF-8 bytes). */
function pagesOfInputs(count: number, size: number): string[][] {
  return Array.from({ length: count }, (_, p) => Array.from({ length: size }, (_, i) => `page ${p} row ${i} — Meade's ${'é'.repeat(i % 5)}\n${p * size + i}`));
}

describe('the page hasher', () => {
  it('gives every page its own hashes, in order, whether the second thread hashes them or this one', () => {
    const pages = pagesOfInputs(12, 300);
    const expected = pages.map((page) => page.map(sha256));
    for (const useWorker of [true, false]) {
      const got = [...withHashes(pages[Symbol.iterator](), (input: string) => input, useWorker)];
      expect(got.map((p) => p.rows)).toEqual(pages);
      expect(got.map((p) => p.hashes)).toEqual(expected);
    }
  });

  it('still answers when the worker is stopped with pages in hand (they are hashed here instead)', () => {
    const pages = pagesOfInputs(6, 200);
    const hasher = new PageHasher();
    const tickets = pages.map((page) => hasher.submit(page));
    expect(hasher.take(tickets[0]!)).toEqual(pages[0]!.map(sha256));
    stopPageHasher();
    for (let p = 1; p < pages.length; p += 1) expect(hasher.take(tickets[p]!)).toEqual(pages[p]!.map(sha256));
    // And a later run starts a new worker.
    expect([...withHashes(pages[Symbol.iterator](), (input: string) => input)].map((p) => p.hashes)).toEqual(pages.map((page) => page.map(sha256)));
  });
});

describe('where this thread may not wait for another', () => {
  it('hashes here instead, the same hashes', () => {
    stopPageHasher();
    const wait = vi.spyOn(Atomics, 'wait').mockImplementation(() => {
      throw new TypeError('Atomics.wait cannot be called in this context');
    });
    try {
      const pages = pagesOfInputs(5, 100);
      // A new worker takes a while to start: the first page is waited for, and the wait is refused.
      expect([...withHashes(pages[Symbol.iterator](), (input: string) => input)].map((p) => p.hashes)).toEqual(pages.map((page) => page.map(sha256)));
      expect(wait).toHaveBeenCalled();
    } finally {
      wait.mockRestore();
      stopPageHasher();
    }
  });
});

describe('verify with the hashing on a second thread', () => {
  it('reports exactly what verify in one thread reports, on a log of several pages with edits in it', () => {
    const file = `${tmp.dir}/long.muster`;
    buildLongGame(file, 2_600).close();
    // Edits behind Muster's back, as in db/integrity.test.ts: an event's payload, a roll, a state value.
    const db = new Database(file);
    for (const { name } of db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").all() as { name: string }[]) db.exec(`DROP TRIGGER ${name}`);
    db.exec("UPDATE events SET summary = summary || ' (edited)' WHERE seq IN (17, 1500, 2599)");
    db.exec('UPDATE dice_log SET roll = (roll + 1) % 10 WHERE seq = 40');
    db.exec('UPDATE units SET sp_lost = sp_lost + 1 WHERE rowid = 3');
    const oneThread = verifyGame(db, file, { hashOnSecondThread: false });
    const twoThreads = verifyGame(db, file, { hashOnSecondThread: true });
    db.close();
    expect(twoThreads).toEqual(oneThread);
    expect(twoThreads.ok).toBe(false);
    expect(twoThreads.events.problems.filter((p) => p.includes('does not match its hash'))).toEqual(
      [17, 1500, 2599].map((seq) => `event ${seq}: its content (or the die rolls up to it) does not match its hash: edited or damaged`),
    );
    expect(twoThreads.dice.problems).toContain('roll 40: its content does not match its hash (edited or damaged)');
    expect(twoThreads.state.ok).toBe(false);
  });
});
