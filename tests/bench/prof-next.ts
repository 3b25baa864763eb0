import { copyFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { GameService } from '../../db/service';
import { settleDue } from '../fixtures/obligations';
copyFileSync('/tmp/paint2-trace.muster', '/tmp/paint2/next.muster');
const g = GameService.open('/tmp/paint2/next.muster');
for (let i = 0; i < 400; i++) { const t = g.turnState({}); if (t.legal.advance.next.allowed && t.secretEntries === null) break; settleDue(g); g.advanceClock({ nothingToEnter: ['USA', 'CSA'] }); }
console.log(g.info().clock.label);
const turnId = g.info().clock.turnId;
const parts: Record<string, number[]> = {};
const t = (k: string, f: () => unknown) => { const s = performance.now(); f(); (parts[k] ??= []).push(performance.now() - s); };
g.turnState({}); g.rosterSheet({});
for (let i = 0; i < Number(process.env.N ?? 30); i++) {
  let make: any;
  t('before', () => { make = g.answerWrite(); });
  t('advance', () => g.advanceClock({}));
  t('answer', () => make());
  t('history', () => g.history({ turnId, limit: 1000 }));
  t('dice', () => g.diceLog({ limit: 1000 }));
  t('roster', () => g.roster({ includeOffMap: false }));
  t('grantMe', () => g.grantMeOffers({ side: 'CSA' }));
  t('arrivals', () => g.arrivals());
  t('tree', () => g.commandTree({}));
  t('leaders', () => g.leaders({}));
  let make2: any;
  t('beforeU', () => { make2 = g.answerWrite(); });
  t('undo', () => g.undo({}));
  t('answerU', () => make2());
}
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
for (const [k, v] of Object.entries(parts)) console.log(k.padEnd(10), med(v).toFixed(2));
