import { performance } from 'node:perf_hooks';
import { existsSync } from 'node:fs';
import { buildLongGame } from './long-game';
import { GameService } from '../../db/service';
const file = `/tmp/paint/prof-20k.muster`;
if (!existsSync(file)) buildLongGame(file, 20000).close();
const g = GameService.open(file);
const unit = g.roster().find((u) => u.arm === 'infantry' && u.onMap && u.currentSp >= 4)!;
console.log(g.info().clock.label);
const ts: number[] = [], ss: number[] = [];
for (let i = 0; i < 60; i++) {
  g.recordLoss({ unitId: unit.id, sp: 1 });
  let t0 = performance.now(); g.turnState({}); ts.push(performance.now() - t0);
  t0 = performance.now(); g.rosterSheet({}); ss.push(performance.now() - t0);
  g.undo();
}
ts.sort((a, b) => a - b); ss.sort((a, b) => a - b);
console.log('turnState median', ts[30]!.toFixed(1), 'sheet median', ss[30]!.toFixed(1));
g.close();
