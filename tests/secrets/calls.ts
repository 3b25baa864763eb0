/**
 * Every function of the contract, as the side that is not keeping the secret calls it: the inputs it tries,
 * naming the other side's units, commands, leaders and groups (the ones its secrets are about) and its own.
 * The record is typed by the contract's list of game functions, so a function added to the contract without
 * its calls here does not compile: the secrets suite tries every query and every write there is.
 *
 * A query that names the secret side as its viewer, or undo and redo asked in its name, are that side's and
 * show it its secret, so they are not tried. Writes that name the secret side (an entry for it, a roll for
 * its group) are: Muster takes a request in a side's name as that side's (it has no passwords), but it never
 * quotes a side's secret in a refusal, and refuses an entry for a side that has finished before anything
 * the entry would check (RI-H08), so even those are told the same whatever the secret is.
 *
 * The ids are the test fixture's (tests/fixtures/two-brigades.json). Dice are typed, so that what a call
 * answers depends on the game and not on the app's die.
 */
import type { GameFunction, Viewer } from '../../contract';
import type { Side } from '../../rules/types';

/** The things of one side a call may name. */
export interface SideIds {
  side: Side;
  unit: string;
  /** A unit of a brigade whose leader can give Commander's Initiative (stacked with its division's leader). */
  ciUnit: string;
  ciLeader: string;
  command: string;
  otherCommand: string;
  leader: string;
  armyLeader: string;
  group: string;
  gun: string;
}

export const IDS: Record<Side, SideIds> = {
  USA: { side: 'USA', unit: '2-wi', ciUnit: '24-mi', ciLeader: 'wadsworth', command: 'iron', otherCommand: 'gamble', leader: 'wadsworth', armyLeader: 'meade', group: 'cutler-arrives', gun: 'hall-me' },
  CSA: { side: 'CSA', unit: '1-tn', ciUnit: '7-tn', ciLeader: 'heth', command: 'archer', otherCommand: 'davis', leader: 'heth', armyLeader: 'lee', group: 'davis-arrives', gun: 'crenshaw' },
};

const steps = (n: number) => Array.from({ length: 6 }, (_, i) => (i < n ? { kind: 'move' as const, hex: `10${10 + i}` } : { kind: 'hold' as const }));

/**
 * The calls the viewer makes, the secret being `secret`'s: queries as the viewer and as nobody in
 * particular, writes naming the secret side's things and the viewer's own.
 */
export function callsOf(viewer: Side, secret: Side): Record<GameFunction, unknown[]> {
  const them = IDS[secret];
  const me = IDS[viewer];
  const v = { viewer } as { viewer: Viewer };
  const both = [undefined, v];
  const all = [them, me];
  return {
    // Queries.
    timeTrack: [undefined],
    info: both,
    verify: [undefined],
    roster: [...both, { side: secret, ...v }, { commandId: them.command, ...v }, { includeOffMap: true, ...v }],
    rosterSheet: both,
    commandTree: both,
    leaders: both,
    reinforcementGroups: [undefined],
    arrivals: both,
    movementAllowance: all.flatMap((s) => [{ commandId: s.command }, { unitId: s.unit }]),
    concealedPlots: both,
    turnState: both,
    jointDice: [undefined],
    standingWord: [undefined],
    planFire: [{ stack: [them.unit], range: 2, targets: [me.unit] }, { stack: [me.unit], range: 2, targets: [them.unit] }],
    planShock: [{ attackers: [them.unit], defenders: [me.unit] }],
    planCohesion: all.flatMap((s) => [{ unitId: s.unit, check: 'rally' }, { unitId: s.unit, check: 'udd' }]),
    weather: [undefined],
    historyCheck: both,
    tally: both,
    history: [{ limit: 1000 }, { limit: 1000, ...v }, { includeUndone: true, ...v }, { beforeSeq: 4, ...v }, { afterSeq: 3, ...v }, { afterSeq: 0, ...v }, { commandId: them.command, ...v }, { kinds: ['orders.attempt', 'orders.preroll', 'initiative.declared'], ...v }],
    diceLog: [{ limit: 1000 }, { limit: 1000, ...v }, { beforeSeq: 3, ...v }, { afterSeq: 1, ...v }, { afterSeq: 0, ...v }],
    demoralization: both,
    orderMessages: both,
    initiativeLevels: both,
    nightPlots: both,
    recentHexes: [undefined],
    stackedWithChoices: all.map((s) => ({ unitId: s.ciUnit, ...v })),
    previewOrderChange: all.map((s) => ({ commandId: s.command, ...v })),
    previewActivation: all.map((s) => ({ commandId: s.command, ...v })),
    warrenOffer: both,
    mapFacts: [undefined],
    obligations: both,
    grantMeOffers: all.map((s) => ({ side: s.side, ...v })),
    sinceLastPlayed: [undefined, {}],
    // Writes: each on its own, taken back after (the suite rolls every write back).
    rollDie: [{ purpose: 'probe', roll: 4 }],
    askJointDice: [{ fn: 'rollDie', input: { purpose: 'probe' } }, { fn: 'attemptActivation', input: { commandId: them.command } }],
    closeRefusedJointDice: [{ id: '0123456789abcdef' }],
    withdrawJointDice: [{ id: '0123456789abcdef' }],
    setFatigue: all.map((s) => ({ unitId: s.unit, level: 1 })),
    setStatus: all.map((s) => ({ unitId: s.unit, status: 'disordered' })),
    setUnitFlags: all.map((s) => ({ unitId: s.unit, outOfAmmo: true })),
    designateSkirmishers: all.map((s) => ({ unitId: s.unit })),
    recallSkirmishers: all.map((s) => ({ commandId: s.command })),
    setCommandMarkers: all.map((s) => ({ commandId: s.command, rsm: true })),
    editLeader: [{ leaderId: them.leader, rating: 3 }],
    editUnit: [{ unitId: them.unit, sp: 5 }],
    correctLeader: [{ leaderId: them.leader, rating: 3, reason: 'probe' }],
    correctUnit: [{ unitId: them.unit, sp: 5, reason: 'probe' }],
    applyCounterValues: [{ units: all.map((s) => ({ unitId: s.unit, cohesionOrdered: 5, cohesionDisordered: 3, artilleryRow: null })) }],
    setOrders: all.flatMap((s) => [
      { commandId: s.command, order: 'HOLD' },
      { commandId: s.command, order: 'ASLT' },
      { unitId: s.ciUnit, order: 'ASLT', commandersInitiative: true, stackedWithLeaderId: s.ciLeader },
      { unitId: s.ciUnit, order: 'SKPD', commandersInitiative: true, stackedWithLeaderId: s.ciLeader },
    ]),
    orderPreRoll: all.map((s) => ({ side: s.side, roll: 1 })),
    attemptOrderChange: all.flatMap((s) => [
      { commandId: s.command, order: 'ASLT', roll: 0 },
      { commandId: s.command, order: 'HOLD', roll: 0 },
      { commandId: s.command, order: 'MRCH', roll: 9 },
      { commandId: s.otherCommand, order: 'HOLD', roll: 0 },
      { commandId: s.command, order: 'ASLT', superiorsUsingRating: [s.leader], roll: 0 },
      { commandId: s.command, order: 'ASLT', messengerDistance: 3, roll: 0 },
    ]),
    attachCommand: all.map((s) => ({ commandId: s.otherCommand, toCommandId: s.command })),
    declareInitiative: all.flatMap((s) => [
      { side: s.side, armyPoints: true },
      { side: s.side, armyPoints: false },
    ]),
    rollInitiative: [{ rolls: { USA: 2, CSA: 6 } }, { armyPoints: { USA: false, CSA: false }, rolls: { USA: 2, CSA: 6 } }, { armyPoints: { USA: true, CSA: true }, rolls: { USA: 2, CSA: 6 } }],
    attemptActivation: all.map((s) => ({ commandId: s.command, roll: 0 })),
    activateRe: all.map((s) => ({ commandId: s.command })),
    pass: all.map((s) => ({ side: s.side })),
    leaderCasualty: [{ leaderId: them.leader, roll: 0 }],
    leaderCaptured: [{ leaderId: them.leader }],
    replaceLeader: [{ leaderId: them.leader, rating: 2 }],
    leaderArrives: [{ leaderId: them.armyLeader }],
    chooseUsSuccessor: [{ leaderId: 'wadsworth' }],
    rollAllDue: [undefined, { nobodyAddsPoints: true }],
    settleObligation: [{ id: 'rsm-markers', choice: 'keep' }, { id: 'end-game', choice: 'end' }],
    warrenOrderChange: [{ brigadeLeaderIds: [IDS.USA.leader], order: 'HOLD' }],
    grantMe: all.map((s) => ({ leaderId: s.leader, unitIds: [s.ciUnit] })),
    recordLoss: all.map((s) => ({ unitId: s.unit, sp: 1 })),
    resolveAbandonedGuns: [{ unitId: them.gun, outcome: 'returned' }],
    captureGuns: [{ unitId: them.gun, sp: 1 }],
    attemptReinforcement: all.flatMap((s) => [
      { side: s.side, groupId: them.group, roll: 0 },
      { side: s.side, groupId: me.group, roll: 0 },
    ]),
    arriveReinforcement: all.map((s) => ({ side: s.side, groupId: them.group })),
    rollDueArrivals: [undefined, { side: secret }, { side: viewer }],
    orderAlternativeArrival: all.flatMap((s) => [
      { side: s.side, groupId: them.group, entryArea: 'Hagerstown Road' },
      { side: s.side, groupId: them.group, entryArea: 'Fairfield Road' },
    ]),
    sealAlternativeArrival: all.map((s) => ({ side: s.side, commitment: 'a'.repeat(64) })),
    openAlternativeArrival: all.map((s) => ({ side: s.side, groupId: them.group, entryArea: 'Hagerstown Road', salt: '0'.repeat(32) })),
    keepAlternativeArrivalsSealed: all.map((s) => ({ side: s.side })),
    declineAlternativeArrival: all.map((s) => ({ side: s.side })),
    setStandingWord: all.flatMap((s) => [{ side: s.side, standing: true }, { side: s.side, standing: false }]),
    editReinforcementGroup: [{ groupId: them.group, entryArea: 'Fairfield Road' }],
    editLeaderArrival: [{ leaderId: them.armyLeader, entryArea: 'Baltimore Pike' }],
    doubleTime: all.map((s) => ({ commandId: s.command })),
    designateFatigueRecovery: all.map((s) => ({ commandId: s.command, designated: true })),
    concealCommand: all.map((s) => ({ side: s.side, commandId: them.command, hex: '1234', strategicMovement: true })),
    plotConcealed: all.map((s) => ({ side: s.side, commandId: them.command, hex: '1300' })),
    deployConcealed: all.map((s) => ({ side: s.side, commandId: them.command, hex: '1301', reason: 'enemy-los' })),
    sealConcealedPlot: all.map((s) => ({ side: s.side, what: 'plot', commitment: 'a'.repeat(64) })),
    sealOrderMessage: all.map((s) => ({ side: s.side, commitment: 'a'.repeat(64) })),
    openOrderMessage: all.map((s) => ({ side: s.side, commandId: them.command, order: 'HOLD', sentTurnId: 'x', distanceHexes: 4, attempt: 'rolled 3', salt: '0'.repeat(32) })),
    openConcealedPlot: all.map((s) => ({ side: s.side, commandId: them.command, hex: '1301', reason: 'enemy-los', entries: [{ what: 'conceal', turnId: 'x', hex: '1234', salt: '0'.repeat(32) }] })),
    finishEntries: all.map((s) => ({ side: s.side })),
    advanceClock: [undefined, { nothingToEnter: [viewer] }, { nothingToEnter: [secret] }, { nothingToEnter: ['USA', 'CSA'] }],
    advanceToDecision: [undefined, { nothingToEnter: ['USA', 'CSA'] }],
    resolveFire: [{ stack: [me.unit], range: 2, targets: [them.unit], roll: 5, result: { sp: 1 } }],
    resolveShock: [{ attackers: [me.unit], defenders: [them.unit], roll: 5, result: { attackerLoss: 0, defenderLoss: 1 } }],
    designateBayonetCharge: [{ unitIds: [them.unit], moved: true, fired: false }],
    cancelBayonetCharge: [{ unitIds: [them.unit] }],
    rally: [{ unitId: them.unit, outOfCommand: false, roll: 3, result: 'no-change' }],
    udd: [{ unitId: them.unit, cause: 'fire', roll: 3, result: 'no-effect' }],
    recordConfusion: all.map((s) => ({ commandId: s.command, result: 'no-effect' })),
    setWorks: [{ unitId: them.unit, works: 'breastworks' }],
    setWeather: [{ raining: true }],
    rollToEndRain: [{ roll: 0 }],
    editObjectives: [{ side: secret, required: 1 }],
    setObjective: [{ side: secret, objectiveId: secret === 'USA' ? 'seminary-ridge' : 'mcpherson-ridge', occupied: true }],
    setManpowerObjective: [{ side: secret, met: true }],
    endGame: [undefined],
    markSeen: [{ upTo: 0 }, { upTo: 3 }],
    undo: [undefined, v],
    redo: [undefined, v],
    drawCard: [undefined, { side: viewer }],
    determineInitiativeLevels: [undefined],
    plotNightMovement: all.flatMap((s) => [
      { side: s.side, unitId: s.unit, fromHex: '1010', steps: steps(2) },
      { side: s.side, unitId: s.unit, clear: true },
    ]),
  };
}
