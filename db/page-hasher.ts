/**
 * SHA-256 of pages of strings on a second thread, for verify (db/integrity.ts). Verify reads the event
 * log page by page; each page's hash inputs go to a worker thread as soon as the page is read, and the
 * main thread takes the hashes back in order while it replays the pages before. On a machine with two
 * cores the hashing (about a quarter of verify) then costs next to nothing. Synchronous for its caller
 * (Atomics.wait and receiveMessageOnPort), so `verify` stays one synchronous call and reports exactly
 * what it reported before, in the same order.
 *
 * The worker is a few lines of plain JavaScript that only know node:crypto (no file to bundle or
 * resolve, in Node, the CLI and Electron's main process alike); it is started on the first use, never
 * keeps the process alive, and is shared by every game of the process. Where no worker can be had, or
 * it stops answering, the hashes are computed in the calling thread: the same hashes, only slower.
 */
import { hash } from 'node:crypto';
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';

/** The worker's whole program: hashes each page it is sent, posts the hashes back, counts the page done. */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { hash } = require('node:crypto');
const done = new Int32Array(workerData.done);
workerData.port.on('message', (page) => {
  const hashes = new Array(page.inputs.length);
  for (let i = 0; i < hashes.length; i += 1) hashes[i] = hash('sha256', page.inputs[i]);
  workerData.port.postMessage({ ticket: page.ticket, hashes });
  Atomics.add(done, 0, 1);
  Atomics.notify(done, 0);
});
`;

/** How long a page may take before the worker counts as gone (a page takes about a millisecond). */
const STALLED_MS = 10_000;

interface HashWorker {
  worker: Worker;
  port: MessagePort;
  done: Int32Array;
}

let shared: HashWorker | null | undefined;
let nextTicket = 1;

function startWorker(): HashWorker | null {
  try {
    const channel = new MessageChannel();
    const done = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { port: channel.port2, done: done.buffer }, transferList: [channel.port2] });
    worker.unref();
    channel.port1.unref();
    // A worker that fails is dropped for good; the pages it held are hashed here (take() finds it gone).
    const gone = () => {
      if (shared?.worker === worker) stopWorker();
    };
    worker.on('error', gone);
    worker.on('exit', gone);
    return { worker, port: channel.port1, done };
  } catch {
    return null;
  }
}

function stopWorker(): void {
  if (shared) {
    const { worker, port } = shared;
    shared = null;
    port.close();
    void worker.terminate();
  }
}

function workerNow(): HashWorker | null {
  if (shared === undefined) shared = startWorker();
  return shared;
}

const hashHere = (inputs: readonly string[]) => inputs.map((s) => hash('sha256', s));

/**
 * Blocks until the worker has finished another page since `seen`: 'ok', or 'gone' when it takes longer
 * than STALLED_MS or this thread may not block (an embedder that forbids Atomics.wait on it).
 */
function waitForPage(w: HashWorker, seen: number): 'ok' | 'gone' {
  try {
    return Atomics.wait(w.done, 0, seen, STALLED_MS) === 'timed-out' ? 'gone' : 'ok';
  } catch {
    return 'gone';
  }
}

/**
 * One run of pages (one verify): `submit` a page's inputs as soon as it is read, `take` its hashes (hex
 * SHA-256, in the inputs' order) when it is its turn. Pages are taken in the order they were submitted.
 */
export class PageHasher {
  private readonly pending = new Map<number, readonly string[]>();
  private readonly results = new Map<number, string[]>();

  constructor(private readonly useWorker = true) {}

  submit(inputs: readonly string[]): number {
    const ticket = nextTicket++;
    const w = this.useWorker ? workerNow() : null;
    if (w === null) {
      this.results.set(ticket, hashHere(inputs));
      return ticket;
    }
    this.pending.set(ticket, inputs);
    w.port.postMessage({ ticket, inputs });
    return ticket;
  }

  take(ticket: number): string[] {
    for (;;) {
      const ready = this.results.get(ticket);
      if (ready) {
        this.results.delete(ticket);
        this.pending.delete(ticket);
        return ready;
      }
      const inputs = this.pending.get(ticket);
      if (inputs === undefined) throw new Error(`page ${ticket} was never submitted`);
      const w = shared;
      if (!w) return this.takeHere(ticket, inputs);
      const seen = Atomics.load(w.done, 0);
      const answer = receiveMessageOnPort(w.port) as { message: { ticket: number; hashes: string[] } } | undefined;
      if (answer) {
        // Pages left over by a run that stopped half-way (it threw) belong to no one: dropped.
        if (this.pending.has(answer.message.ticket)) this.results.set(answer.message.ticket, answer.message.hashes);
        continue;
      }
      if (waitForPage(w, seen) !== 'ok') {
        stopWorker();
        return this.takeHere(ticket, inputs);
      }
    }
  }

  private takeHere(ticket: number, inputs: readonly string[]): string[] {
    this.pending.delete(ticket);
    return hashHere(inputs);
  }
}

/** Stops the shared worker (tests; a worker is started again on the next use). */
export function stopPageHasher(): void {
  stopWorker();
  shared = undefined;
}

/** Pages read (and handed to the hashing thread) ahead of the one being checked. */
const PAGES_AHEAD = 4;

/**
 * The pages of `pages`, each with the hashes of its rows' `inputOf` (in row order): pages are read a few
 * ahead of the one given out, so that their hashes are computed on the second thread meanwhile.
 * `inputOf` is called once per row, in order.
 */
export function* withHashes<R>(pages: Iterator<R[]>, inputOf: (row: R) => string, useWorker = true): Generator<{ rows: R[]; hashes: string[] }> {
  const hasher = new PageHasher(useWorker);
  const ahead: { rows: R[]; ticket: number }[] = [];
  let more = true;
  for (;;) {
    while (more && ahead.length < PAGES_AHEAD) {
      const next = pages.next();
      if (next.done) more = false;
      else ahead.push({ rows: next.value, ticket: hasher.submit(next.value.map(inputOf)) });
    }
    const page = ahead.shift();
    if (page === undefined) return;
    yield { rows: page.rows, hashes: hasher.take(page.ticket) };
  }
}
