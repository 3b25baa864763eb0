/**
 * The Setup screen's store: leaders and units as the service reports them, the edits typed into the
 * table (a refused value is not kept: the field shows the saved value again, and the message says what was typed), the service's refusal per
 * cell, and the CSV import. Before play begins a cell is a setup edit; once play has begun it is a
 * correction (RI-H04): the same values, recorded with the reason the players give, so a misprint found
 * mid-game is fixed in the open. A refusal is shown next to its field, in the service's words (once).
 */
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { EditLeaderInput, EditUnitInput, LeaderRow, RosterUnit } from '../../../contract';
import { asApiError, call, describeError } from '../api';
import { groupEdits, parseCounterCsv, type CounterCall, type CsvProblem } from '../setup-csv';
import { useAppStore } from './app';

export type CellKey = `${'leader' | 'unit'}:${string}:${string}`;
export const cellKey = (kind: 'leader' | 'unit', id: string, field: string): CellKey => `${kind}:${id}:${field}`;

export interface ImportOutcome {
  lines: number[];
  id: string;
  ok: boolean;
  message: string;
}

export const useSetupStore = defineStore('setup', () => {
  const app = useAppStore();
  const leaders = shallowRef<LeaderRow[]>([]);
  const units = shallowRef<RosterUnit[]>([]);
  const loadedRevision = ref(-1);
  /** Text typed into a cell and not (yet) accepted. */
  const drafts = ref<Record<string, string>>({});
  /** The service's (or the screen's) reason a cell's value was not taken. */
  const cellErrors = ref<Record<string, string>>({});
  /** Why the values are corrected, once play has begun (sent with each correction). */
  const reason = ref('');

  const csvText = ref('');
  const csvProblems = ref<CsvProblem[]>([]);
  const csvCalls = ref<CounterCall[]>([]);
  const importOutcomes = ref<ImportOutcome[]>([]);
  const importing = ref(false);

  async function load(): Promise<void> {
    if (!app.hasGame) return;
    const { revision, session } = app;
    const [nextLeaders, nextUnits] = await Promise.all([call('leaders', app.asViewer({})), call('roster', app.asViewer({}))]);
    if (session !== app.session) return;
    leaders.value = nextLeaders;
    units.value = nextUnits;
    loadedRevision.value = revision;
  }

  // Another game: its drafts, refusals and CSV have nothing to do with this one.
  app.onGameSwitch(() => {
    leaders.value = [];
    units.value = [];
    loadedRevision.value = -1;
    drafts.value = {};
    cellErrors.value = {};
    reason.value = '';
    csvText.value = '';
    csvProblems.value = [];
    csvCalls.value = [];
    importOutcomes.value = [];
    importing.value = false;
  });

  async function ensureLoaded(): Promise<void> {
    if (loadedRevision.value !== app.revision) await load();
  }

  function clearCell(key: string): void {
    const { [key]: _d, ...restDrafts } = drafts.value;
    const { [key]: _e, ...restErrors } = cellErrors.value;
    drafts.value = restDrafts;
    cellErrors.value = restErrors;
  }

  /**
   * A refused value: the message stays at the field, with what was typed; the field goes back to the value
   * the game holds, so a refused value never looks saved.
   */
  function refuse(key: string, text: string, message: string): void {
    const { [key]: _d, ...restDrafts } = drafts.value;
    drafts.value = restDrafts;
    const typed = text.trim();
    cellErrors.value = { ...cellErrors.value, [key]: typed === '' ? message : `${message} (${typed} was not saved)` };
  }

  /** Commits one numeric cell; returns true when the service took it (or nothing changed). */
  async function commitNumber(kind: 'leader' | 'unit', id: string, field: 'rating' | 'stars' | 'range' | 'sp', text: string, current: number): Promise<boolean> {
    const key = cellKey(kind, id, field);
    const trimmed = text.trim();
    if (trimmed === String(current)) {
      clearCell(key);
      return true;
    }
    if (!/^\d+$/.test(trimmed)) {
      refuse(key, text, `Type a whole number (now ${current}).`);
      return false;
    }
    const value = Number(trimmed);
    try {
      if (kind === 'leader') {
        const input: EditLeaderInput = { leaderId: id, [field]: value };
        await (app.game?.started ? app.write('correctLeader', { ...input, reason: reason.value }) : app.write('editLeader', input));
      } else {
        const input: EditUnitInput = { unitId: id, sp: value };
        await (app.game?.started ? app.write('correctUnit', { ...input, reason: reason.value }) : app.write('editUnit', input));
      }
      clearCell(key);
      return true;
    } catch (e) {
      const error = asApiError(e);
      refuse(key, text, describeError(error));
      return false;
    }
  }

  async function commitWeapon(id: string, value: string, current: string | null): Promise<boolean> {
    const key = cellKey('unit', id, 'weapon');
    const weapon = value === '' ? null : value;
    if (weapon === current) {
      clearCell(key);
      return true;
    }
    try {
      const input: EditUnitInput = { unitId: id, weapon: weapon as EditUnitInput['weapon'] };
      await (app.game?.started ? app.write('correctUnit', { ...input, reason: reason.value }) : app.write('editUnit', input));
      clearCell(key);
      return true;
    } catch (e) {
      const error = asApiError(e);
      refuse(key, value, describeError(error));
      return false;
    }
  }

  /**
   * Commits one of a unit's cohesion ratings: a whole number, or blank for "not entered" (the unit's
   * cohesion outcomes are then read at the table).
   */
  async function commitCohesion(id: string, field: 'cohesionOrdered' | 'cohesionDisordered', text: string, current: number | null): Promise<boolean> {
    const key = cellKey('unit', id, field);
    const trimmed = text.trim();
    if (trimmed === (current === null ? '' : String(current))) {
      clearCell(key);
      return true;
    }
    if (trimmed !== '' && !/^\d+$/.test(trimmed)) {
      refuse(key, text, `Type a whole number, or leave it blank for "not entered" (now ${current ?? 'not entered'}).`);
      return false;
    }
    const input: EditUnitInput = { unitId: id, [field]: trimmed === '' ? null : Number(trimmed) };
    try {
      await (app.game?.started ? app.write('correctUnit', { ...input, reason: reason.value }) : app.write('editUnit', input));
      clearCell(key);
      return true;
    } catch (e) {
      refuse(key, text, describeError(asApiError(e)));
      return false;
    }
  }

  /** Parses the CSV text against this game's ids (nothing is sent yet). */
  function checkCsv(): void {
    const parsed = parseCounterCsv(csvText.value, new Set(leaders.value.map((l) => l.id)), new Set(units.value.map((u) => u.id)));
    csvProblems.value = parsed.problems;
    csvCalls.value = groupEdits(parsed.edits);
    importOutcomes.value = [];
  }

  /** Sends the checked edits, one call per id; stops when the game refuses setup edits altogether. */
  async function applyCsv(): Promise<void> {
    importing.value = true;
    const outcomes: ImportOutcome[] = [];
    try {
      for (const entry of csvCalls.value) {
        const id = entry.kind === 'leader' ? entry.input.leaderId : entry.input.unitId;
        try {
          const result =
            entry.kind === 'leader'
              ? await app.write('editLeader', entry.input)
              : await app.write('editUnit', entry.input);
          outcomes.push({ lines: entry.lines, id, ok: true, message: result.event.summary });
        } catch (e) {
          const error = asApiError(e);
          outcomes.push({ lines: entry.lines, id, ok: false, message: describeError(error) });
          if (error.code === 'GAME_STARTED' || error.code === 'GAME_ENDED') break;
        }
      }
    } finally {
      importOutcomes.value = outcomes;
      importing.value = false;
      if (outcomes.every((o) => o.ok)) csvCalls.value = [];
    }
  }

  return {
    leaders,
    units,
    loadedRevision,
    drafts,
    cellErrors,
    reason,
    csvText,
    csvProblems,
    csvCalls,
    importOutcomes,
    importing,
    load,
    ensureLoaded,
    clearCell,
    commitNumber,
    commitWeapon,
    commitCohesion,
    checkCsv,
    applyCsv,
  };
});
