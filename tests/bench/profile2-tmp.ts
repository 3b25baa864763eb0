import { performance } from 'node:perf_hooks';
import { GameService } from '../../db/service';
import { settleDue } from '../fixtures/obligations';
import { copyFileSync } from 'node:fs';
copyFileSync('/tmp/paint/prof-20k.muster', '/tmp/paint/prof2.muster');
const g = GameService.open('/tmp/paint/prof2.muster');
for (let i = 0; i < 400; i++) { const t = g.turnState({}); if (t.legal.advance.next.allowed && t.secretEntries === null) break; settleDue(g); g.advanceClock({ nothingToEnter: ['USA', 'CSA'] }); }
console.log(g.info().clock.label);
const T = (n: string, f: () => unknown) => { const t0 = performance.now(); const r = f(); console.log(n.padEnd(30), (performance.now() - t0).toFixed(1)); return r; };
for (let k = 0; k < 4; k++) {
  g.turnState({}); g.info();
  const ans = T('answerWrite mark', () => g.answerWrite());
  T('advanceClock', () => g.advanceClock());
  T('answer', () => (ans as () => unknown)());
  T('turnState again', () => g.turnState({}));
  T('commandTree', () => g.commandTree({}));
  T('leaders', () => g.leaders({}));
  T('history', () => g.history({ turnId: g.info().clock.turnId, limit: 1000 }));
  T('diceLog', () => g.diceLog({ limit: 1000 }));
  T('undo', () => g.undo());
  console.log('--');
}
g.close();
