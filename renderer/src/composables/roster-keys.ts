/**
 * The Roster's own keys, on top of the grid's movement (components/DataGrid.vue): Right/Left unfold and
 * fold a command (or move to the next row / the parent command), Enter folds or unfolds, L records an
 * SP loss, S a straggler loss, O orders (through the action dialog), F / Shift+F fatigue up / down.
 * The same actions are offered as buttons (act, fatigue). A key that cannot apply to the selected row (a loss on a command, fatigue out of range, a refusal
 * from the service) leaves a row error: shown under the table and on the row's cell.
 */
import { ref } from 'vue';
import type { RosterUnit } from '../../../contract';
import { asApiError, describeError } from '../api';
import { parentRowIndex, type RosterRow } from '../roster-rows';
import { FATIGUE, useRosterStore } from '../stores/roster';
import type { GridKey } from './grid-navigation';

export type RosterAction = 'loss' | 'straggler' | 'orders';

/** The letters that open the action dialog. */
const ACTION_KEYS: Record<string, RosterAction | undefined> = { l: 'loss', s: 'straggler', o: 'orders' };

export interface RowError {
  key: string;
  field: string;
  message: string;
}

/** `openDialog` opens the action dialog for a row (losses are checked to be on a unit first). */
export function useRosterKeys(openDialog: (action: RosterAction, row: RosterRow) => void) {
  const roster = useRosterStore();
  const rowError = ref<RowError | null>(null);

  async function changeFatigue(unit: RosterUnit, delta: number, key: string): Promise<void> {
    const level = unit.fatigue + delta;
    if (level < FATIGUE.min || level > FATIGUE.max) {
      rowError.value = { key, field: 'fatigue', message: `Fatigue is already at level ${unit.fatigue}: it runs from ${FATIGUE.min} (fresh) to ${FATIGUE.max}.` };
      return;
    }
    try {
      await roster.setFatigue(unit.id, level);
      rowError.value = null;
    } catch (e) {
      rowError.value = { key, field: 'fatigue', message: describeError(asApiError(e)) };
    }
  }

  function act(action: RosterAction, row: RosterRow): void {
    if (action !== 'orders' && row.kind !== 'unit') {
      rowError.value = { key: row.key, field: 'sp', message: 'Losses are recorded on a unit: select one of the command’s units.' };
      return;
    }
    openDialog(action, row);
  }

  /** Handles the roster's keys (the grid moves the selection for the keys left unhandled). */
  function onKey({ event, index, row, select }: GridKey<RosterRow>): void {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const handled = () => event.preventDefault();
    switch (event.key) {
      case 'ArrowRight':
        handled();
        if (row?.kind === 'command' && row.collapsed) roster.toggle(row.node.id, false);
        else select(index + 1);
        return;
      case 'ArrowLeft':
        handled();
        if (row?.kind === 'command' && !row.collapsed) roster.toggle(row.node.id, true);
        else select(parentRowIndex(roster.rows, index));
        return;
      case 'Enter':
        if (row?.kind === 'command') {
          handled();
          roster.toggle(row.node.id);
        }
        return;
    }
    if (!row) return;
    const letter = event.key.toLowerCase();
    const action = ACTION_KEYS[letter];
    if (action !== undefined && !event.shiftKey) {
      handled();
      act(action, row);
    } else if (letter === 'f') {
      handled();
      if (row.kind === 'unit') void changeFatigue(row.unit, event.shiftKey ? -1 : 1, row.key);
      else rowError.value = { key: row.key, field: 'fatigue', message: 'Fatigue is kept per unit: select one of the command’s units.' };
    }
  }

  /** The same changes from a button beside the keys: fatigue up or down on the selected unit. */
  function fatigue(row: RosterRow, delta: 1 | -1): void {
    if (row.kind === 'unit') void changeFatigue(row.unit, delta, row.key);
    else rowError.value = { key: row.key, field: 'fatigue', message: 'Fatigue is kept per unit: select one of the command’s units.' };
  }

  return { rowError, onKey, act, fatigue };
}
