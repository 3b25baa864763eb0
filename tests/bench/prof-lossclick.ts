import { copyFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { GameService } from '../../db/service';
copyFileSync('/tmp/paint2-trace.muster', '/tmp/paint2/lossclick.muster');
const g = GameService.open('/tmp/paint2/lossclick.muster');
console.log(g.info().clock.label);
const unit = g.roster().find((u) => u.arm === 'infantry' && u.onMap && u.currentSp >= 4 && u.status !== 'eliminated')!;
const parts: Record<string, number[]> = {};
const t = (k: string, f: () => unknown) => { const s = performance.now(); const r = f(); (parts[k] ??= []).push(performance.now() - s); return r; };
let sheet = g.rosterSheet({}); g.turnState({});
for (let i = 0; i < Number(process.env.N ?? 30); i++) {
  let make: any;
  t('before', () => { make = g.answerWrite(); });
  t('loss', () => g.recordLoss({ unitId: unit.id, sp: 1 }));
  const a: any = t('answer', () => make());
  t('answer-info', () => g.info());
  let make2: any;
  t('beforeU', () => { make2 = g.answerWrite(); });
  t('undo', () => g.undo({}));
  t('answerU', () => make2());
}
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
for (const [k, v] of Object.entries(parts)) console.log(k.padEnd(12), med(v).toFixed(2));
