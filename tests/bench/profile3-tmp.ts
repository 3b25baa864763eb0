import { performance } from 'node:perf_hooks';
import { GameService } from '../../db/service';
import { settleDue } from '../fixtures/obligations';
import { copyFileSync } from 'node:fs';
copyFileSync('/tmp/paint/prof-20k.muster', '/tmp/paint/prof3.muster');
const g = GameService.open('/tmp/paint/prof3.muster');
for (let i = 0; i < 400; i++) { const t = g.turnState({}); if (t.legal.advance.next.allowed && t.secretEntries === null) break; settleDue(g); g.advanceClock({ nothingToEnter: ['USA', 'CSA'] }); }
g.advanceClock();
console.log(g.info().clock.label);
const xs: number[] = [];
for (let k = 0; k < 40; k++) { g.rollDie({ purpose: 'x', roll: 1 }); const t0 = performance.now(); g.turnState({}); xs.push(performance.now() - t0); g.undo(); }
xs.sort((a, b) => a - b); console.log('turnState median', xs[20]!.toFixed(1));
g.close();
