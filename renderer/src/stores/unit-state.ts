/**
 * Unit state a player sets on the Roster: status, mounted or dismounted, out of ammo,
 * field works, skirmishers out. Each is one call to the service, which refuses with its rule what the
 * rules forbid; every change goes through the app store (the screens reload, Ctrl+Z undoes it).
 */
import { defineStore } from 'pinia';
import type { CallInput } from '../../../contract';
import { call } from '../api';
import { useAppStore } from './app';

export type UnitStatusSet = CallInput<'setStatus'>['status'];
export type DisorderCause = NonNullable<CallInput<'setStatus'>['cause']>;
export type Works = CallInput<'setWorks'>['works'];

export const useUnitStateStore = defineStore('unit-state', () => {
  const app = useAppStore();
  const summary = (r: { event: { summary: string } }) => r.event.summary;

  const setStatus = (input: CallInput<'setStatus'>) => app.change(() => call('setStatus', input), summary);
  const setFlags = (input: CallInput<'setUnitFlags'>) => app.change(() => call('setUnitFlags', input), summary);
  const setWorks = (input: CallInput<'setWorks'>) => app.change(() => call('setWorks', input), summary);
  const designateSkirmishers = (unitId: string) => app.change(() => call('designateSkirmishers', { unitId }), summary);
  const recallSkirmishers = (commandId: string) => app.change(() => call('recallSkirmishers', { commandId }), summary);

  return { setStatus, setFlags, setWorks, designateSkirmishers, recallSkirmishers };
});
