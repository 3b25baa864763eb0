/**
 * Unit state a player sets on the Roster: status, mounted or dismounted, out of ammo,
 * field works, skirmishers out. Each is one call to the service, which refuses with its rule what the
 * rules forbid; every change goes through the app store (the screens reload, Ctrl+Z undoes it).
 */
import { defineStore } from 'pinia';
import type { CallInput } from '../../../contract';
import { useAppStore } from './app';

export type UnitStatusSet = CallInput<'setStatus'>['status'];
export type DisorderCause = NonNullable<CallInput<'setStatus'>['cause']>;
export type Works = CallInput<'setWorks'>['works'];

export const useUnitStateStore = defineStore('unit-state', () => {
  const app = useAppStore();

  const setStatus = (input: CallInput<'setStatus'>) => app.write('setStatus', input);
  const setFlags = (input: CallInput<'setUnitFlags'>) => app.write('setUnitFlags', input);
  const setWorks = (input: CallInput<'setWorks'>) => app.write('setWorks', input);
  const designateSkirmishers = (unitId: string) => app.write('designateSkirmishers', { unitId });
  const recallSkirmishers = (commandId: string) => app.write('recallSkirmishers', { commandId });

  return { setStatus, setFlags, setWorks, designateSkirmishers, recallSkirmishers };
});
