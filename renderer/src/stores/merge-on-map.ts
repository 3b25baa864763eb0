/**
 * The units on the map (the `roster` query without the units off the map) brought up to date from a roster
 * sheet of changes (contract RosterSheet.changes): the units that changed, and every unit's id in order when
 * that order is not the one held. A unit that did not change keeps its object; a changed unit now off the map
 * drops out. Null when the changes cannot say where a unit now on the map goes (it was not held and no order
 * came with them): the units are then read again.
 */
import type { RosterUnit } from '../../../contract';

export function mergeOnMap(held: readonly RosterUnit[], changed: readonly RosterUnit[], unitIds?: readonly string[]): RosterUnit[] | null {
  if (changed.length === 0 && unitIds === undefined) return held as RosterUnit[];
  const heldById = new Map(held.map((u) => [u.id, u]));
  const changedById = new Map(changed.map((u) => [u.id, u]));
  let ids: readonly string[];
  if (unitIds !== undefined) ids = unitIds;
  else {
    // In the order held: a unit that came onto the map has no place in it.
    if (changed.some((u) => u.onMap && !heldById.has(u.id))) return null;
    ids = held.map((u) => u.id);
  }
  const merged: RosterUnit[] = [];
  for (const id of ids) {
    // A unit neither changed nor held is off the map, as it was.
    const unit = changedById.get(id) ?? heldById.get(id);
    if (unit !== undefined && unit.onMap) merged.push(unit);
  }
  return merged.length === held.length && merged.every((u, i) => u === held[i]) ? (held as RosterUnit[]) : merged;
}

/** The units on the map of a whole sheet's units (every unit, in the sheet's order, as the `roster` query lists them). */
export function unitsOnMap(units: readonly RosterUnit[]): RosterUnit[] {
  return units.filter((u) => u.onMap);
}
