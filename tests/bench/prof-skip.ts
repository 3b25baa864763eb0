import { copyFileSync } from 'node:fs';
import { GameService } from '../../db/service';
import { settleDue } from '../fixtures/obligations';
copyFileSync('/tmp/paint2-trace.muster', '/tmp/paint2/skip.muster');
const g = GameService.open('/tmp/paint2/skip.muster');
for (let k = 0; k < 40; k++) {
  const t = g.turnState({});
  const label = `${g.info().clock.turnId} ${g.info().clock.label}`;
  if (t.legal.advance.next.allowed) {
    const r = g.advanceToDecision(t.secretEntries ? { nothingToEnter: ['USA', 'CSA'] } : {});
    console.log(label, 'secret', t.secretEntries !== null, '=> passed', r.passed?.length ?? JSON.stringify(r).slice(0, 80), r.stoppedBecause);
    g.undo();
    for (let i = 0; i < 20 && `${g.info().clock.turnId} ${g.info().clock.label}` !== label; i++) g.undo();
  } else console.log(label, 'next not allowed');
  settleDue(g);
  g.advanceClock(g.turnState({}).secretEntries ? { nothingToEnter: ['USA', 'CSA'] } : {});
}
