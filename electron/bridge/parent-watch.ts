/**
 * The browser bridge's process ends with the process that started it: signals, and the parent or a watched ancestor going away, however it ended.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** True while a process with this pid exists (signal 0 checks without sending anything). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A process's parent and process group (Linux: /proc; macOS and the BSDs: ps), or null where unknown. */
function processInfo(pid: number): { ppid: number; pgid: number } | null {
  try {
    if (process.platform === 'linux') {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses, so split after the last ')'.
      const [, ppid, pgid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return { ppid: Number(ppid), pgid: Number(pgid) };
    }
    if (process.platform === 'win32') return null;
    const [ppid, pgid] = execFileSync('ps', ['-o', 'ppid=,pgid=', '-p', String(pid)], { encoding: 'utf8' }).trim().split(/\s+/).map(Number);
    return ppid !== undefined && pgid !== undefined && ppid > 0 ? { ppid, pgid } : null;
  } catch {
    return null;
  }
}

/**
 * The processes whose end must stop the bridge: the parent, and the ancestors above it in this process's
 * own process group (`npm run browser`: tsx, sh, npm), so killing npm stops it even though tsx lives on.
 * The shell the command was typed in (another group) is not one of them: `nohup npm run browser &` goes on.
 */
export function watchedAncestors(): number[] {
  const chain = [process.ppid];
  const group = processInfo(process.pid)?.pgid;
  if (group === undefined) return chain;
  for (let pid = process.ppid; chain.length < 16; ) {
    const up = processInfo(pid)?.ppid;
    if (up === undefined || up <= 1 || processInfo(up)?.pgid !== group) break;
    chain.push(up);
    pid = up;
  }
  return chain;
}

/**
 * Calls `stop` on SIGINT (Ctrl+C), SIGTERM and SIGHUP (the terminal closed), and when the parent or a
 * watched ancestor goes away however it ended: an orphan is re-parented (process.ppid changes), a dead
 * ancestor's pid no longer exists. Checked every `intervalMs`; the timer does not keep the process alive.
 * Returns an undo.
 */
export function stopWithParent(stop: () => void, intervalMs = 500): () => void {
  const parent = process.ppid;
  const ancestors = watchedAncestors();
  const timer = setInterval(() => {
    if (process.ppid !== parent || !ancestors.every(isAlive)) stop();
  }, intervalMs);
  timer.unref();
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  for (const signal of signals) process.on(signal, stop);
  return () => {
    clearInterval(timer);
    for (const signal of signals) process.off(signal, stop);
  };
}
