/**
 * The time track of 1-3 July and the full battle's place on it: its first and last turns and the historical
 * arrivals of forces and leaders, by generated command and leader id.
 */
import type { ScenarioTurn } from '../../data/scenario-schema';
import type { Side } from '../../rules/types';

// The time track (RI-D09)

const BATTLE_DATES = ['1863-07-01', '1863-07-02', '1863-07-03'] as const;

function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * Every turn of 1-3 July: 20-minute turns from dawn (0400) to the end of dusk (1940), hourly night turns
 * from 2000 to 2400 and from 0100 to 0300. Midnight is 2400 of the day that ends.
 */
export function fullTimeTrack(): ScenarioTurn[] {
  const turns: ScenarioTurn[] = [];
  for (const date of BATTLE_DATES) {
    const add = (minutes: number, light: ScenarioTurn['light']) => {
      const time = clock(minutes);
      turns.push({ id: `${date}T${time}`, date, time, light, afternoon: light === 'day' && minutes >= 12 * 60 });
    };
    for (let m = 60; m <= 3 * 60; m += 60) add(m, 'night');
    for (let m = 4 * 60; m < 5 * 60; m += 20) add(m, 'dawn');
    for (let m = 5 * 60; m < 19 * 60; m += 20) add(m, 'day');
    for (let m = 19 * 60; m < 20 * 60; m += 20) add(m, 'dusk');
    for (let m = 20 * 60; m <= 24 * 60; m += 60) add(m, 'night');
  }
  return turns;
}

export function turnsBetween(track: ScenarioTurn[], firstTurnId: string, lastTurnId: string): ScenarioTurn[] {
  const first = track.findIndex((t) => t.id === firstTurnId);
  const last = track.findIndex((t) => t.id === lastTurnId);
  if (first < 0) throw new Error(`convert-oob: first turn ${firstTurnId} is not on the time track`);
  if (last < first) throw new Error(`convert-oob: last turn ${lastTurnId} is not on the time track after ${firstTurnId}`);
  return track.slice(first, last + 1);
}

/** The full battle's first and last turns (RI-D10). */
export const FULL_BATTLE_FIRST_TURN = '1863-07-01T0740';
export const FULL_BATTLE_LAST_TURN = '1863-07-03T2400';

/**
 * Historical arrivals, approximated to the 20-minute track, by generated command id (RI-D12). A group never
 * lists a command together with one of its ancestors. Forces not listed start on the map: Buford's Gamble and
 * Devin (USA) and Heth's division (CSA).
 */
export const FULL_BATTLE_GROUPS: { id: string; side: Side; turn: string; area: string; commandIds: string[] }[] = [
  { id: 'csa-pegram-battalion-arrival', side: 'CSA', turn: '1863-07-01T0800', area: 'Chambersburg Pike', commandIds: ['csa-walker-pegram'] },
  { id: 'usa-wadsworth-arrival', side: 'USA', turn: '1863-07-01T1000', area: 'Emmitsburg Road', commandIds: ['usa-i-1'] },
  { id: 'csa-pender-arrival', side: 'CSA', turn: '1863-07-01T1000', area: 'Chambersburg Pike', commandIds: ['csa-pender-division', 'csa-walker-mcintosh'] },
  { id: 'usa-doubleday-arrival', side: 'USA', turn: '1863-07-01T1100', area: 'Emmitsburg Road', commandIds: ['usa-i-3-rowley', 'usa-i-3-stone', 'usa-i-wainwright'] },
  { id: 'usa-robinson-arrival', side: 'USA', turn: '1863-07-01T1120', area: 'Emmitsburg Road', commandIds: ['usa-i-2'] },
  { id: 'csa-rodes-arrival', side: 'CSA', turn: '1863-07-01T1140', area: 'Carlisle Road', commandIds: ['csa-rodes-division'] },
  { id: 'usa-xi-corps-arrival', side: 'USA', turn: '1863-07-01T1240', area: 'Emmitsburg Road', commandIds: ['usa-xi-1', 'usa-xi-3', 'usa-xi-osborn'] },
  { id: 'usa-von-steinwehr-arrival', side: 'USA', turn: '1863-07-01T1400', area: 'Taneytown Road', commandIds: ['usa-xi-2'] },
  { id: 'csa-early-arrival', side: 'CSA', turn: '1863-07-01T1440', area: 'Harrisburg Road', commandIds: ['csa-early-division'] },
  { id: 'usa-williams-arrival', side: 'USA', turn: '1863-07-01T1600', area: 'Baltimore Pike', commandIds: ['usa-xii-1', 'usa-xii-muhlenberg'] },
  { id: 'usa-geary-arrival', side: 'USA', turn: '1863-07-01T1700', area: 'Baltimore Pike', commandIds: ['usa-xii-2'] },
  { id: 'usa-birney-arrival', side: 'USA', turn: '1863-07-01T1740', area: 'Emmitsburg Road', commandIds: ['usa-iii-1', 'usa-iii-randolph'] },
  { id: 'usa-stannard-arrival', side: 'USA', turn: '1863-07-01T1740', area: 'Emmitsburg Road', commandIds: ['usa-i-3-stannard'] },
  { id: 'csa-anderson-arrival', side: 'CSA', turn: '1863-07-01T1740', area: 'Chambersburg Pike', commandIds: ['csa-anderson-division'] },
  { id: 'csa-jenkins-arrival', side: 'CSA', turn: '1863-07-01T1740', area: 'Harrisburg Road', commandIds: ['csa-stuart-jenkins'] },
  { id: 'csa-johnson-arrival', side: 'CSA', turn: '1863-07-01T1900', area: 'Chambersburg Pike', commandIds: ['csa-johnson-division', 'csa-brown-artillery'] },
  { id: 'usa-humphreys-arrival', side: 'USA', turn: '1863-07-02T0100', area: 'Emmitsburg Road', commandIds: ['usa-iii-2'] },
  { id: 'usa-ii-corps-arrival', side: 'USA', turn: '1863-07-02T0500', area: 'Taneytown Road', commandIds: ['usa-ii-1', 'usa-ii-2', 'usa-ii-3', 'usa-ii-hazard'] },
  { id: 'csa-hood-arrival', side: 'CSA', turn: '1863-07-02T0700', area: 'Chambersburg Pike', commandIds: ['csa-hood-division'] },
  { id: 'usa-v-corps-arrival', side: 'USA', turn: '1863-07-02T0700', area: 'Hanover Road', commandIds: ['usa-v-1', 'usa-v-2', 'usa-v-martin'] },
  { id: 'csa-mclaws-arrival', side: 'CSA', turn: '1863-07-02T0800', area: 'Chambersburg Pike', commandIds: ['csa-mclaws-division', 'csa-walton-artillery'] },
  { id: 'usa-artillery-reserve-arrival', side: 'USA', turn: '1863-07-02T1000', area: 'Taneytown Road', commandIds: ['usa-artillery-reserve'] },
  { id: 'usa-gregg-arrival', side: 'USA', turn: '1863-07-02T1200', area: 'Hanover Road', commandIds: ['usa-cavalry-2', 'usa-cavalry-robertson'] },
  { id: 'usa-crawford-arrival', side: 'USA', turn: '1863-07-02T1400', area: 'Baltimore Pike', commandIds: ['usa-v-3'] },
  { id: 'csa-stuart-arrival', side: 'CSA', turn: '1863-07-02T1400', area: 'Harrisburg Road', commandIds: ['csa-stuart-hampton', 'csa-stuart-fitzhugh-lee', 'csa-stuart-chambliss', 'csa-stuart-beckham'] },
  { id: 'usa-kilpatrick-arrival', side: 'USA', turn: '1863-07-02T1600', area: 'Hunterstown Road', commandIds: ['usa-cavalry-3'] },
  { id: 'usa-vi-corps-arrival', side: 'USA', turn: '1863-07-02T1600', area: 'Baltimore Pike', commandIds: ['usa-vi-corps'] },
  { id: 'csa-pickett-arrival', side: 'CSA', turn: '1863-07-02T1800', area: 'Chambersburg Pike', commandIds: ['csa-pickett-division'] },
  { id: 'usa-merritt-arrival', side: 'USA', turn: '1863-07-03T1200', area: 'Emmitsburg Road', commandIds: ['usa-cavalry-1-merritt', 'usa-cavalry-1-artillery'] },
];

/** Leaders who ride in on their own: army commanders, staff, and corps commanders ahead of their troops (RI-D12). */
export const FULL_BATTLE_LEADER_ARRIVALS: { leaderId: string; turn: string; area: string }[] = [
  { leaderId: 'csa-walker-pendleton', turn: '1863-07-01T0800', area: 'Chambersburg Pike' },
  { leaderId: 'usa-reynolds-wing', turn: '1863-07-01T1000', area: 'Emmitsburg Road' },
  { leaderId: 'usa-reynolds', turn: '1863-07-01T1000', area: 'Emmitsburg Road' },
  { leaderId: 'csa-hill', turn: '1863-07-01T1000', area: 'Chambersburg Pike' },
  { leaderId: 'usa-doubleday', turn: '1863-07-01T1100', area: 'Emmitsburg Road' },
  { leaderId: 'usa-howard', turn: '1863-07-01T1120', area: 'Taneytown Road' },
  { leaderId: 'csa-ewell', turn: '1863-07-01T1140', area: 'Carlisle Road' },
  { leaderId: 'csa-lee', turn: '1863-07-01T1400', area: 'Chambersburg Pike' },
  { leaderId: 'csa-pendleton', turn: '1863-07-01T1400', area: 'Chambersburg Pike' },
  { leaderId: 'usa-hancock', turn: '1863-07-01T1600', area: 'Taneytown Road' },
  { leaderId: 'csa-longstreet', turn: '1863-07-01T1700', area: 'Chambersburg Pike' },
  { leaderId: 'usa-slocum', turn: '1863-07-01T1700', area: 'Baltimore Pike' },
  { leaderId: 'usa-sickles', turn: '1863-07-01T1740', area: 'Emmitsburg Road' },
  { leaderId: 'usa-meade', turn: '1863-07-01T2400', area: 'Taneytown Road' },
  { leaderId: 'usa-pleasonton', turn: '1863-07-01T2400', area: 'Taneytown Road' },
  { leaderId: 'usa-warren', turn: '1863-07-01T2400', area: 'Taneytown Road' },
  { leaderId: 'usa-sykes', turn: '1863-07-02T0700', area: 'Hanover Road' },
  { leaderId: 'csa-stuart', turn: '1863-07-02T1400', area: 'Harrisburg Road' },
];
