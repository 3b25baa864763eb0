/**
 * A call's body as the bridge reads it (electron/bridge/server.ts): read up to its endpoint's limit, and its
 * argument list. A call's JSON input is a few KB, so the call endpoint takes at most MAX_BODY_BYTES; the
 * endpoint of the calls that carry a file the other seat sent takes more (client-script.ts SEAT_FILE_PATH).
 */
import type { IncomingMessage } from 'node:http';

/** The largest call body the bridge takes (a call's JSON input; the biggest real one is a few KB). */
export const MAX_BODY_BYTES = 1_000_000;

/** How far past its limit a too-large body is still read (and dropped) before the connection is cut. */
const DRAINED_PAST_THE_LIMIT = 64 * MAX_BODY_BYTES;

/**
 * The body of a call, or null when it is larger than `limit`. A too-large body is still read to its end (and
 * dropped) so the client gets the 413 rather than a connection reset; only past DRAINED_PAST_THE_LIMIT more
 * is the connection cut.
 */
export function readBody(req: IncomingMessage, limit: number = MAX_BODY_BYTES): Promise<string | null> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (size > limit + DRAINED_PAST_THE_LIMIT) req.destroy();
    });
    req.on('end', () => resolveBody(size > limit ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('close', () => resolveBody(null));
    req.on('error', reject);
  });
}

/** The argument list of a call body `{"args": [...]}`, or why it is not one (in our words, never a JavaScript error's). */
export function parseCallBody(text: string): { ok: true; args: unknown[] } | { ok: false; reason: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'the body is not JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || !Array.isArray((parsed as { args?: unknown }).args)) {
    return { ok: false, reason: 'the body must be a JSON object {"args": [...]} with at most one argument in the list' };
  }
  return { ok: true, args: (parsed as { args: unknown[] }).args };
}
