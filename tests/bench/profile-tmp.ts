import { performance } from 'node:perf_hooks';
import { buildLongGame } from './long-game';
import { GameService } from '../../db/service';
import { settleDue } from '../fixtures/obligations';
const file = `/tmp/paint/prof-${Date.now()}.muster`;
buildLongGame(file, 20000).close();
const g = GameService.open(file);
const t = (name: string, fn: () => unknown, n = 5) => {
  const xs: number[] = [];
  for (let i = 0; i < n; i++) { const t0 = performance.now(); fn(); xs.push(performance.now() - t0); }
  xs.sort((a, b) => a - b);
  console.log(name.padEnd(40), xs.map((x) => x.toFixed(1)).join(' '));
};
const unit = g.roster().find((u) => u.arm === 'infantry' && u.onMap && u.currentSp >= 4)!;
t('info', () => g.info());
t('turnState cached', () => g.turnState({}));
t('recordLoss+undo', () => { g.recordLoss({ unitId: unit.id, sp: 1 }); g.undo(); });
t('recordLoss+turnState', () => { g.recordLoss({ unitId: unit.id, sp: 1 }); const t0 = performance.now(); g.turnState({}); console.log('   turnState fresh', (performance.now()-t0).toFixed(1)); g.undo(); });
t('recordLoss+sheet', () => { const s = g.rosterSheet({}); g.recordLoss({ unitId: unit.id, sp: 1 }); const t0 = performance.now(); g.rosterSheet({ since: s.revision! }); console.log('   sheet since', (performance.now()-t0).toFixed(1)); g.undo(); });
t('recordLoss+info', () => { g.recordLoss({ unitId: unit.id, sp: 1 }); const t0 = performance.now(); g.info(); console.log('   info fresh', (performance.now()-t0).toFixed(1)); g.undo(); });
t('recordLoss+commandTree', () => { g.recordLoss({ unitId: unit.id, sp: 1 }); const t0 = performance.now(); g.commandTree({}); g.leaders({}); console.log('   tree+leaders', (performance.now()-t0).toFixed(1)); const t1 = performance.now(); g.history({ turnId: g.info().clock.turnId, limit: 1000 }); console.log('   history', (performance.now()-t1).toFixed(1)); const t2 = performance.now(); g.diceLog({ limit: 1000 }); console.log('   dice', (performance.now()-t2).toFixed(1)); g.undo(); });
for (let i = 0; i < 3; i++) { settleDue(g); g.advanceClock({ nothingToEnter: ['USA', 'CSA'] }); const t0 = performance.now(); g.turnState({}); console.log('turnState after Next', g.info().clock.label, (performance.now()-t0).toFixed(1)); }
g.close();
