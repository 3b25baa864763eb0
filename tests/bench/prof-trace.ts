import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { existsSync } from 'node:fs';
import { startE2E } from '../e2e/harness';
import { buildLongGame } from './long-game';
import { settleDue } from '../fixtures/obligations';
const file = join(tmpdir(), 'paint2-trace.muster');
if (!existsSync(file)) buildLongGame(file, 20_000).close();
const e2e = await startE2E({ open: false, validateOutput: false, file });
try {
  await e2e.open();
  const backend = e2e.bridge.handlers.currentBackend()!;
  await e2e.screen('turn');
  for (let i = 0; i < 400; i++) { const t = backend.turnState({}); if (t.legal.advance.next.allowed && t.secretEntries === null) break; settleDue(backend); backend.advanceClock({ nothingToEnter: ['USA', 'CSA'] }); }
  await e2e.reload(); await e2e.screen('turn'); await e2e.idle();
  const what = process.env.WHAT ?? 'turn-next';
  const log: string[] = [];
  let t0 = 0;
  e2e.page.on('request', (r) => { if (t0) log.push(`${(Date.now() - t0).toString().padStart(5)} req ${r.url().replace(/.*\/call\//, '').slice(0, 60)} ${(r.postData() ?? '').slice(0, 100)}`); });
  e2e.page.on('requestfinished', async (r) => { if (t0) { const t = r.timing(); log.push(`${(Date.now() - t0).toString().padStart(5)} done ${r.url().replace(/.*\/call\//, '').slice(0, 60)} wait ${(t.responseStart - t.requestStart).toFixed(1)} recv ${(t.responseEnd - t.responseStart).toFixed(1)} size ${(await r.response())?.headers()['content-length']}`); } });
  for (let round = 0; round < 3; round++) {
    const cdp = await e2e.context.newCDPSession(e2e.page);
    await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 }); await cdp.send('Profiler.start');
    log.length = 0; t0 = Date.now();
    await e2e.page.getByTestId(what).click();
    await e2e.idle();
    const total = Date.now() - t0; t0 = 0;
    const { profile } = await cdp.send('Profiler.stop');
    (await import('node:fs')).writeFileSync(`/tmp/paint2/page-${what}-${round}.cpuprofile`, JSON.stringify(profile));
    console.log(`round ${round} total ${total}\n` + log.join('\n'));
    await e2e.page.getByRole('button', { name: 'Undo', exact: true }).click();
    await e2e.idle();
  }
} finally { await e2e.close(); }
