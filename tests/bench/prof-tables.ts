import { copyFileSync } from 'node:fs';
import { GameService } from '../../db/service';
copyFileSync('/tmp/paint2-trace.muster', '/tmp/paint2/tables.muster');
const g = GameService.open('/tmp/paint2/tables.muster');
for (let k = 0; k < 8; k++) {
  const t = g.turnState({});
  const label = g.info().clock.label;
  const make = g.answerWrite();
  if (!t.legal.advance.next.allowed) { console.log(label, 'next not allowed'); break; }
  g.advanceClock(t.secretEntries ? { nothingToEnter: ['USA', 'CSA'] } : {});
  const a = make();
  console.log(label, '->', g.info().clock.label, a.tables, a.turnState ? 'ts' : '-', a.sheet ? 'sheet' : '-');
}
