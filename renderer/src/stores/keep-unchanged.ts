/**
 * A view read again from the service, with every part of it that equals the view held kept as the held
 * object: a row, a command and its whole subtree, a list. Vue then redraws only what changed (a component
 * whose props are the objects it had does not update, a computed whose value is the object it had wakes
 * nothing), and a view in which nothing changed is the view held, so assigning it changes nothing.
 *
 * Lists of rows with an `id` (commands, units, leaders) are matched by id, so a row added or moved leaves the
 * others as they were; other lists by place. The values are the contract's plain data (no Map, no class).
 */
export function keepUnchanged<T>(held: T, fresh: T): T {
  return kept(held, fresh) as T;
}

type Plain = Record<string, unknown>;

const isObject = (v: unknown): v is Plain => typeof v === 'object' && v !== null;
const idOf = (v: unknown): string | undefined => (isObject(v) && typeof v.id === 'string' ? v.id : undefined);

function kept(held: unknown, fresh: unknown): unknown {
  if (Object.is(held, fresh)) return held;
  if (!isObject(held) || !isObject(fresh)) return fresh;
  if (Array.isArray(fresh) || Array.isArray(held)) return Array.isArray(fresh) && Array.isArray(held) ? keptList(held, fresh) : fresh;
  const keys = Object.keys(fresh);
  let changed = Object.keys(held).length !== keys.length;
  const out: Plain = {};
  for (const key of keys) {
    const value = Object.hasOwn(held, key) ? kept(held[key], fresh[key]) : fresh[key];
    if (!Object.hasOwn(held, key) || value !== held[key]) changed = true;
    out[key] = value;
  }
  return changed ? out : held;
}

function keptList(held: readonly unknown[], fresh: readonly unknown[]): readonly unknown[] {
  const byId = new Map<string, unknown>();
  for (const item of held) {
    const id = idOf(item);
    if (id !== undefined) byId.set(id, item);
  }
  let changed = held.length !== fresh.length;
  const out = fresh.map((item, i) => {
    const id = idOf(item);
    const before = id !== undefined ? byId.get(id) : held[i];
    const value = before === undefined ? item : kept(before, item);
    if (value !== held[i]) changed = true;
    return value;
  });
  return changed ? out : held;
}
