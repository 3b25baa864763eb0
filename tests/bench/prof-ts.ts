import { copyFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { GameService } from '../../db/service';
copyFileSync('/tmp/paint2-trace.muster', '/tmp/paint2/ts.muster');
const g = GameService.open('/tmp/paint2/ts.muster');
g.advanceClock({});
console.log(g.info().clock.label);
const xs: number[] = [];
for (let i = 0; i < 60; i++) { g.rollDie({ purpose: 'x', roll: 1 }); const s = performance.now(); g.turnState({}); xs.push(performance.now() - s); g.undo({}); }
xs.sort((a, b) => a - b); console.log('turnState median', xs[30]!.toFixed(2));
