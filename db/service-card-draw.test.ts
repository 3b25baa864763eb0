/**
 * Card-draw activation in the game service on the full battle: Muster draws the cards of both sides from one box with its die, the drawn command
 * alone may activate, the draw ends when the box is empty, and verify replays every draw from the dice
 * log: a draw whose recorded card does not follow from its rolls is reported even when the chains are
 * forged to match. A game without the rule plays as the revision has it.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { copyFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickFromRolls } from '../rules/optional/card-draw';
import { GameService } from './service';
import { advanceTo, next, settleDue, tempDir } from '../tests/fixtures/game';

const tmp = tempDir('muster-card-draw-');
afterAll(() => tmp.cleanup());
let counter = 0;
type CardDrawOption = { level: 'brigade' | 'division' | 'corps'; statusLadder?: boolean } | null;

/**
 * The full battle with these options played to 1000 on 1 July, II.A, once per set of options: the turns
 * before are played as the rules require (RI-B15), the Initiative rolled and, under card draw, every card
 * of each In-Command Activation Phase drawn before the clock moves on. Each test opens its own copy.
 */
const prepared = new Map<string, string>();
function preparedFile(cardDraw: CardDrawOption): string {
  const key = JSON.stringify(cardDraw);
  let file = prepared.get(key);
  if (file === undefined) {
    file = tmp.file(`card-draw-template-${prepared.size}.muster`);
    const g = GameService.create({ file, scenario: 'gettysburg', ...(cardDraw ? { optionalRules: { cardDraw } } : {}) }, { seed: 11, now: () => '2024-07-01T12:00:00.000Z' });
    for (let n = 0; n < 500; n += 1) {
      const c = g.info().clock;
      if (c.turnId === '1863-07-01T1000' && c.segment === 'II' && c.phase === 'A') break;
      settleDue(g);
      if (c.segment === 'III' && c.phase === 'A') drawTheBoxQuickly(g);
      next(g);
    }
    g.close();
    prepared.set(key, file);
  }
  return file;
}

// The three games the tests start from, played once for them all.
beforeAll(() => {
  for (const options of [{ level: 'brigade' as const }, { level: 'brigade' as const, statusLadder: true }, null]) preparedFile(options);
}, 300_000);

/** The full battle at 1000 on 1 July, III.A, the Initiative to `side`. */
function battleAtDrawing(cardDraw: CardDrawOption, side: 'USA' | 'CSA' = 'CSA'): GameService {
  counter += 1;
  const file = tmp.file(`card-draw-${counter}.muster`);
  copyFileSync(preparedFile(cardDraw), file);
  const g = GameService.open(file, { seed: 11, now: () => '2024-07-01T12:00:00.000Z' });
  g.rollInitiative({ armyPoints: { USA: false, CSA: false }, rolls: side === 'USA' ? { USA: 8, CSA: 1 } : { USA: 1, CSA: 8 } });
  advanceTo(g, { turnId: '1863-07-01T1000', segment: 'III', phase: 'A' });
  if (g.arrivals().rollsDue.length > 0) g.rollDueArrivals();
  return g;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Re-hashes both chains after an edit, as a forger who knows the formats would (db/integrity.test.ts does the same). */
function forgeChains(db: Database.Database): void {
  let prev = '0'.repeat(64);
  for (const r of db.prepare('SELECT * FROM dice_log ORDER BY seq').all() as Record<string, string | number | null>[]) {
    const values = JSON.stringify([r.seq, r.at, r.event_seq, r.purpose, r.source, r.roll, r.modifiers, r.modified, r.target, r.outcome]);
    // Format 2 (a salted roll, db/dice.ts) or format 1.
    const hash = sha256(r.salt === null ? `${prev}\n${values}` : `${prev}\nmuster/dice/2\n${String(r.salt)}\n${values}`);
    db.prepare('UPDATE dice_log SET prev_hash = ?, hash = ? WHERE seq = ?').run(prev, hash, r.seq);
    prev = hash;
  }
  const dice = db.prepare('SELECT event_seq, hash FROM dice_log ORDER BY seq').all() as { event_seq: number; hash: string }[];
  let head = 0;
  let diceHead = '0'.repeat(64);
  let prevEvent = (db.prepare('SELECT hash FROM genesis').get() as { hash: string }).hash;
  for (const e of db.prepare('SELECT * FROM events ORDER BY seq').all() as Record<string, unknown>[]) {
    for (; head < dice.length && dice[head]!.event_seq <= (e.seq as number); head += 1) diceHead = dice[head]!.hash;
    const salted = e.salt !== null;
    const eventHead = [salted ? 'muster/event/2' : 'muster/event/1', e.seq, e.at, e.turn_id, e.segment, e.phase, e.kind, e.subjects, e.prev_head ?? '', ...(salted ? [e.salt] : [])].join('\u001f');
    const hash = sha256(`${prevEvent}\n${eventHead}\n${diceHead}\n${JSON.stringify(e.summary)}\n${String(e.payload)}`);
    db.prepare('UPDATE events SET prev_hash = ?, hash = ? WHERE seq = ?').run(prevEvent, hash, e.seq);
    prevEvent = hash;
  }
}

/** The drawn command activates as the service offers: RE where its orders allow, else it tries for ME (app die unless `roll`). */
function activateDrawn(g: GameService, commandId: string, roll?: number): void {
  const [a] = g.turnState().legal.activations;
  expect(a!.commandId).toBe(commandId);
  if (a!.re.allowed) g.activateRe({ commandId });
  else g.attemptActivation({ commandId, ...(roll !== undefined ? { roll } : {}) });
}

/** Draws until a card of `side` comes up, activating the others drawn before it; that card is left to activate. */
/** Draws until a card of the USA comes up whose units may fire as they activate (not under March orders). */
function drawUntilFiring(g: GameService): string {
  let id = drawUntil(g, 'USA');
  while (g.roster({ commandId: id }).some((u) => u.effectiveOrder === 'MRCH')) {
    activateDrawn(g, id, 0);
    id = drawUntil(g, 'USA');
  }
  return id;
}

function drawUntil(g: GameService, side: 'USA' | 'CSA'): string {
  let card = g.drawCard().card;
  while (card.side !== side) {
    activateDrawn(g, card.commandId);
    card = g.drawCard().card;
  }
  return card.commandId;
}

/**
 * The turns before the one a test plays: every card drawn, each command at RE where its orders allow,
 * else trying for ME (the service refuses the other), without reading the whole turn state each time.
 */
function drawTheBoxQuickly(g: GameService): void {
  for (let n = 0; n < 100; n += 1) {
    const box = g.turnState().cardDraw;
    if (!box || !box.inPhase || box.ended || !box.mayDraw.allowed) return;
    for (let k = 0; k < box.inBox.length; k += 1) {
      const { card } = g.drawCard();
      try {
        g.activateRe({ commandId: card.commandId });
      } catch {
        g.attemptActivation({ commandId: card.commandId });
      }
    }
  }
}

/** Draws every card of the segment and activates each drawn command as the service offers: RE where allowed, else ME. */
function drawTheWholeBox(g: GameService): string[] {
  const order: string[] = [];
  for (let n = 0; n < 100 && !g.turnState().cardDraw!.ended; n += 1) {
    const { card } = g.drawCard();
    order.push(card.commandId);
    const legal = g.turnState().legal.activations;
    // The service offers exactly the drawn card's command, nothing else (RI-O40).
    expect(legal.map((a) => a.commandId)).toEqual([card.commandId]);
    const [a] = legal;
    if (a!.re.allowed) g.activateRe({ commandId: card.commandId });
    else g.attemptActivation({ commandId: card.commandId });
  }
  return order;
}

describe('a card-draw Activation Segment on the full battle (RI-O11, RI-O12, RI-O40)', () => {
  it('draws both sides\' brigades from one box with the app die until it is empty, each drawn command the only one to activate, and verify replays it from the dice log', () => {
    const g = battleAtDrawing({ level: 'brigade' }, 'CSA');
    const start = g.turnState().cardDraw!;
    // The earlier turns' draws are in the dice log too: this turn's are those after them.
    const earlier = new Set(g.diceLog({ limit: 5000 }).map((d) => d.seq));
    expect(start).toMatchObject({ level: 'brigade', inPhase: true, pending: null, nextDrawer: 'CSA', ended: false, mayDraw: { allowed: true } });
    // Buford's two cavalry brigades, the Iron Brigade and Cutler's; Heth's and Pender's brigades and three artillery battalions.
    expect(start.remaining).toEqual({ USA: 4, CSA: 12 });
    // A command still to arrive has no card in the box (RI-O42): none of Doubleday's division, nor Stuart's cavalry.
    expect(start.inBox.filter((c) => c.commandId.startsWith('usa-i-3') || c.commandId.startsWith('csa-stuart'))).toEqual([]);
    // Before a card is drawn nothing may activate, and nobody passes: "Side A draws one card".
    expect(g.turnState().legal.activations).toEqual([]);
    expect(() => g.activateRe({ commandId: 'csa-pender-lane' })).toThrow(expect.objectContaining({ code: 'RULES_FORBID', field: 'commandId', rule: 'Miniatures Random Movement' }));
    expect(g.turnState().legal.pass.CSA).toMatchObject({ allowed: false, rule: 'Miniatures Random Movement' });
    // The Initiative player (Side A) draws first.
    expect(() => g.drawCard({ side: 'USA' })).toThrow(expect.objectContaining({ code: 'RULES_FORBID', field: 'side' }));

    const first = g.drawCard();
    expect(first.card).toMatchObject({ place: 1, drawer: 'CSA', outOf: 16 });
    expect(first.dice.map((d) => d.roll)).toEqual(first.card.rolls);
    expect(first.dice.every((d) => d.source === 'app' && d.purpose === 'Card draw 1: CSA draws from 16 cards')).toBe(true);
    expect(first.dice.at(-1)!.outcome).toContain(first.card.name);
    // A second card waits until the drawn command has activated.
    expect(() => g.drawCard()).toThrow(expect.objectContaining({ code: 'RULES_FORBID', field: 'cardDraw' }));
    // Whichever side it belongs to, only the units on that card may act: the side to act is the card's.
    expect(g.turnState().sideToAct).toBe(first.card.side);
    expect(g.turnState().cardDraw!.pending).toMatchObject({ commandId: first.card.commandId, side: first.card.side });
    // Undo takes the draw back with its rolls marked undone; redo brings back the same card.
    g.undo();
    expect(g.turnState().cardDraw!.draws).toEqual([]);
    g.redo();
    expect(g.turnState().cardDraw!.draws.map((d) => d.commandId)).toEqual([first.card.commandId]);
    const legal = g.turnState().legal.activations;
    if (legal[0]!.re.allowed) g.activateRe({ commandId: first.card.commandId });
    else g.attemptActivation({ commandId: first.card.commandId });

    const order = [first.card.commandId, ...drawTheWholeBox(g)];
    const box = g.turnState().cardDraw!;
    expect(box).toMatchObject({ ended: true, pending: null, inBox: [], remaining: { USA: 0, CSA: 0 }, mayDraw: { allowed: false } });
    expect(box.draws.map((d) => d.commandId)).toEqual(order);
    expect(new Set(order).size).toBe(16);
    // Each drawn card was spent by its command's activation, in the order drawn.
    expect(box.draws.every((d) => d.activation !== null)).toBe(true);
    expect(g.turnState().activated.map((a) => a.commandId)).toEqual(order);
    // "The side that did not move now draws a second card."
    box.draws.slice(1).forEach((d, i) => expect(d.drawer).toBe(box.draws[i]!.side === 'USA' ? 'CSA' : 'USA'));
    // The last card needs no roll.
    expect(box.draws.at(-1)!.rolls).toEqual([]);

    // Anyone with the dice log can replay the draw: the rules engine picks the same cards from the same rolls.
    const rolls = box.draws.flatMap((d) => d.rolls);
    const logged = g.diceLog({ limit: 5000 }).filter((d) => !earlier.has(d.seq) && d.purpose.startsWith('Card draw') && !d.eventUndone).sort((a, b) => a.seq - b.seq);
    expect(logged.map((d) => d.roll)).toEqual(rolls);
    const inTheBox = start.inBox.map((c) => c.commandId).sort();
    const replayed: string[] = [];
    let used = 0;
    while (inTheBox.length > 0) {
      const picked = pickFromRolls(inTheBox.length, rolls.slice(used))!;
      used += picked.rollsUsed;
      replayed.push(inTheBox.splice(picked.index, 1)[0]!);
    }
    expect(used).toBe(rolls.length);
    expect(replayed).toEqual(order);
    expect(g.verify()).toMatchObject({ ok: true, events: { ok: true }, dice: { ok: true }, state: { ok: true } });

    // The segment is over; the Out-of-Command phase alternates as the revision has it.
    g.advanceClock();
    expect(g.turnState()).toMatchObject({ sideToAct: 'CSA', cardDraw: { inPhase: false, ended: true } });
    g.close();
  });

  it('a draw whose recorded card does not follow from its logged rolls is reported by verify, even with the log, the state and both chains forged to agree (RI-O41)', () => {
    const g = battleAtDrawing({ level: 'brigade' }, 'USA');
    drawTheWholeBox(g);
    expect(g.verify().ok).toBe(true);
    const draws = g.turnState().cardDraw!.draws;
    // Two cards of one side, the first drawn with rolls: the forger swaps them from the first one's draw on.
    const x = draws.find((d) => d.rolls.length > 0)!;
    const y = draws.find((d) => d.place > x.place && d.side === x.side)!;
    const drawEvent = g.history({ kinds: ['activation.draw'], limit: 100 }).find((e) => e.diceSeqs.includes(x.diceSeqs[0]!))!;
    const file = g.file;
    g.close();
    const db = new Database(file);
    const triggers = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").all() as { name: string; sql: string }[];
    for (const { name } of triggers) db.exec(`DROP TRIGGER ${name}`);
    const swap = (text: string) => text.replaceAll(`"${x.commandId}"`, '\u0000').replaceAll(`"${y.commandId}"`, `"${x.commandId}"`).replaceAll('\u0000', `"${y.commandId}"`);
    for (const e of db.prepare('SELECT seq, payload FROM events WHERE seq >= ?').all(drawEvent.seq) as { seq: number; payload: string }[]) {
      db.prepare('UPDATE events SET payload = ? WHERE seq = ?').run(swap(e.payload), e.seq);
    }
    const fields = ['card_drawn', 'activation', 'activation_phase', 'activation_order', 'me_attempted', 'confusion_result'];
    const row = (id: string) => db.prepare(`SELECT ${fields.join(', ')} FROM commands WHERE id = ?`).get(id) as Record<string, unknown>;
    const [rx, ry] = [row(x.commandId), row(y.commandId)];
    const set = db.prepare(`UPDATE commands SET ${fields.map((f) => `${f} = @${f}`).join(', ')} WHERE id = @id`);
    set.run({ ...ry, id: x.commandId });
    set.run({ ...rx, id: y.commandId });
    forgeChains(db);
    // The forger puts the triggers back as they were (the opening check would name them missing).
    for (const t of triggers) db.exec(t.sql);
    db.close();

    const v = GameService.open(file);
    const report = v.verify();
    // The chains, the dice and the state all agree now; only the replay of the draw finds the forgery.
    expect(report).toMatchObject({ ok: false, dice: { ok: true }, state: { ok: true } });
    expect(report.events.problems[0]).toMatch(new RegExp(`^event ${drawEvent.seq}: the card drawn \\(${y.commandId}\\) does not follow from its logged rolls: rolls ${x.rolls.join(', ')} pick ${x.commandId}, card \\d+ of the ${x.outOf} in the box \\(RI-O12\\)$`));
    expect(report.events.problems.every((p) => p.includes('does not follow from its logged rolls'))).toBe(true);
    v.close();
  });
});

describe('the status ladder sub-option on the full battle (RI-O14, RI-O43)', () => {
  it('a unit hit twice before its card is drawn takes the next worse state, with its reason and rule in the result and the history', () => {
    const g = battleAtDrawing({ level: 'brigade', statusLadder: true }, 'USA');
    // Draw until a USA brigade that may fire comes up, activating the cards drawn before it.
    const card = { commandId: drawUntilFiring(g) };
    activateDrawn(g, card.commandId, 0);
    const firers = g.roster({ commandId: card.commandId }).filter((u) => u.onMap && u.arm !== 'artillery');
    const inBox = new Set(g.turnState().cardDraw!.inBox.map((c) => c.commandId));
    const target = g.roster().find((u) => u.side === 'CSA' && u.onMap && u.arm === 'infantry' && inBox.has(u.commandId))!;
    const firstHit = g.resolveFire({ stack: [firers[0]!.id], range: 2, targets: [target.id], roll: 5, result: { sp: 0, outcomes: [{ unitId: target.id, status: 'disordered' }] } });
    expect(firstHit.statusLadder).toBeUndefined();
    expect(g.roster().find((u) => u.id === target.id)!.status).toBe('disordered');
    const second = g.resolveFire({ stack: [firers[1]!.id], range: 2, targets: [target.id], roll: 5, result: { sp: 0, outcomes: [{ unitId: target.id, status: 'disordered' }] } });
    expect(second.statusLadder).toEqual([
      { unitId: target.id, from: 'disordered', hit: 'disordered', status: 'routed', reason: 'Hit twice before its card was drawn: the next worse state after disordered', rule: 'Miniatures Random Movement, Effect' },
    ]);
    expect(second.event.summary).toContain(`${target.name}: status ladder, hit twice before its card was drawn: the next worse state after disordered (Miniatures Random Movement, Effect)`);
    // The steps are kept with the event: its History entry gives them (what the Fire and Shock screens show, a fire
    // applied here or one asked jointly and written when the other seat answered), and the first hit's gives none.
    expect(second.event.statusLadder).toEqual(second.statusLadder);
    const [secondEntry, firstEntry] = g.history({ limit: 2, withChanges: false });
    expect(secondEntry).toMatchObject({ seq: second.event.seq, statusLadder: second.statusLadder });
    expect(firstEntry!.seq).toBe(firstHit.event.seq);
    expect(firstEntry!.statusLadder).toBeUndefined();
    expect(g.roster().find((u) => u.id === target.id)!.status).toBe('routed');
    expect(g.verify().ok).toBe(true);
    const file = g.db.name;
    g.close();
    // Kept in the file: opened again, the entry still gives them.
    const again = GameService.open(file);
    expect(again.history({ limit: 1 })[0]!.statusLadder).toEqual(second.statusLadder);
    again.close();
  });

  it('is off unless chosen: the same two hits leave the unit disordered', () => {
    const g = battleAtDrawing({ level: 'brigade' }, 'USA');
    const card = { commandId: drawUntilFiring(g) };
    activateDrawn(g, card.commandId, 0);
    const firers = g.roster({ commandId: card.commandId }).filter((u) => u.onMap && u.arm !== 'artillery');
    const target = g.roster().find((u) => u.side === 'CSA' && u.onMap && u.arm === 'infantry')!;
    for (let i = 0; i < 2; i += 1) g.resolveFire({ stack: [firers[i]!.id], range: 2, targets: [target.id], roll: 5, result: { sp: 0, outcomes: [{ unitId: target.id, status: 'disordered' }] } });
    expect(g.roster().find((u) => u.id === target.id)!.status).toBe('disordered');
    g.close();
  });
});

describe('without the rule', () => {
  it('the segment alternates as the revision has it, and there is no box to draw from', () => {
    const g = battleAtDrawing(null, 'USA');
    expect(g.turnState().cardDraw).toBeNull();
    expect(() => g.drawCard()).toThrow(expect.objectContaining({ code: 'RULES_FORBID', field: 'cardDraw' }));
    expect(g.turnState().legal.activations.length).toBeGreaterThan(1);
    g.pass({ side: 'USA' });
    expect(g.turnState().sideToAct).toBe('CSA');
    g.close();
  });
});
