/**
 * Well-formed text for the hash chains. SQLite stores text as UTF-8, and a lone UTF-16 surrogate has no
 * UTF-8 form: it is stored as U+FFFD. A hash taken over the string before it was stored would then never
 * match the stored row again. The contract refuses such text at the door (contract/common.ts `text()`);
 * here, whatever reaches the log is made well-formed before it is hashed and stored, so what is stored is
 * always what was hashed (RI-V04).
 */

/** A lone high surrogate (no low one after it) or a lone low surrogate (no high one before it). */
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ANY_SURROGATE = /[\uD800-\uDFFF]/;

/** The string SQLite will store: each lone surrogate replaced by U+FFFD, as its UTF-8 encoder does. */
export function wellFormed(s: string): string {
  // Nearly every string has no surrogate at all: one scan for any, and the string itself is the answer.
  return ANY_SURROGATE.test(s) ? s.replace(LONE_SURROGATES, '\uFFFD') : s;
}
