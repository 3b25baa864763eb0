/**
 * The command line of a two-seat game (db/cli.ts hands these over):
 *
 *   new <file> --scenario <name> --seat USA|CSA --invite <invitation file>
 *   join <file> --invite <invitation file> --seat USA|CSA --reply <reply file>
 *   send <file> <packet file>                  everything the other seat has not acknowledged
 *   receive <file> <packet or reply file>      checked and applied, or refused whole with nothing written
 *   roll <file> --purpose <text>               a die rolled jointly by both seats (db/seats/joint-dice.ts)
 *   sync <file> <folder> [--watch]             the shared-folder mode (db/seats/folder.ts)
 *
 * A file written here is never written over: Muster refuses a name that exists, as for game files.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Side } from '../../rules/types';
import { MusterError } from '../errors';
import { GameService, contextOf, type CreateGameInput } from '../service';
import { createSeatGame, joinSeatGame, receiveReply } from './invite';
import { makePacket, receivePacket } from './packets';
import { keyFingerprint } from './keys';
import { syncFolder, type Synced } from './folder';

/** A usage mistake on the command line (db/cli.ts prints it with the usage hint). */
export class SeatUsageError extends Error {}

export interface SeatCliOptions {
  scenario?: string | undefined;
  seat?: string | undefined;
  invite?: string | undefined;
  reply?: string | undefined;
  commands?: string | undefined;
  usa?: string | undefined;
  csa?: string | undefined;
  optionalRules?: CreateGameInput['optionalRules'];
}

function sideOption(seat: string | undefined): Side {
  if (seat !== 'USA' && seat !== 'CSA') throw new SeatUsageError(`--seat must be USA or CSA${seat === undefined ? '' : `, got "${seat}"`}`);
  return seat;
}

function writeNew(path: string, value: unknown, what: string): void {
  if (existsSync(path)) throw new MusterError('FILE_EXISTS', what, `${path} already exists; Muster never overwrites a file`);
  writeFileSync(path, `${JSON.stringify(value, null, 1)}\n`, { flag: 'wx' });
}

function readJson(path: string, what: string): unknown {
  if (!existsSync(path)) throw new MusterError('FILE_NOT_FOUND', what, `${path} does not exist`);
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new MusterError('INVALID_ARGUMENT', what, `${path} is not a Muster ${what} file (it is not JSON)`);
  }
}

/** `new` with --seat: the host's file and its invitation. */
export function newSeatGame(file: string, o: SeatCliOptions): string[] {
  const side = sideOption(o.seat);
  if (!o.invite) throw new SeatUsageError('new --seat: name the invitation file to write with --invite');
  if (existsSync(o.invite)) throw new MusterError('FILE_EXISTS', 'invite', `${o.invite} already exists; Muster never overwrites a file`);
  const { game, invitation } = createSeatGame({
    file,
    scenario: o.scenario ?? 'gettysburg',
    side,
    ...(o.commands ? { commandIds: o.commands.split(',').map((s) => s.trim()).filter(Boolean) } : {}),
    players: { ...(o.usa ? { USA: o.usa } : {}), ...(o.csa ? { CSA: o.csa } : {}) },
    ...(o.optionalRules ? { optionalRules: o.optionalRules } : {}),
  });
  try {
    writeNew(o.invite, invitation, 'invite');
    const info = game.info();
    return [`created ${file}: ${info.scenarioName}, the ${side} seat (key ${keyFingerprint(invitation.host.publicKey)})`, `invitation: ${o.invite} (send it to the ${side === 'USA' ? 'CSA' : 'USA'} player)`];
  } finally {
    game.close();
  }
}

/** `join`: the joining seat's file and its reply. */
export function joinCommand(file: string, o: SeatCliOptions): string[] {
  const side = sideOption(o.seat);
  if (!o.invite) throw new SeatUsageError('join: name the invitation file with --invite');
  if (!o.reply) throw new SeatUsageError('join: name the reply file to write with --reply');
  if (existsSync(o.reply)) throw new MusterError('FILE_EXISTS', 'reply', `${o.reply} already exists; Muster never overwrites a file`);
  const { game, reply } = joinSeatGame(file, readJson(o.invite, 'invite'), side);
  try {
    writeNew(o.reply, reply, 'reply');
    return [`joined as the ${side} seat: ${file} (key ${keyFingerprint(reply.publicKey)})`, `reply: ${o.reply} (send it to the host)`];
  } finally {
    game.close();
  }
}

/** `send`: the packet of everything the other seat has not acknowledged. */
export function sendCommand(file: string, packetFile: string | undefined): string[] {
  if (!packetFile) throw new SeatUsageError('send: name the packet file to write');
  const game = GameService.open(file);
  try {
    const packet = makePacket(contextOf(game));
    writeNew(packetFile, packet, 'packet');
    return [`packet: ${packetFile}, ${packet.events.length} event${packet.events.length === 1 ? '' : 's'} and ${packet.commitments.length} commitment${packet.commitments.length === 1 ? '' : 's'} from the ${packet.from} seat`];
  } finally {
    game.close();
  }
}

/** `receive`: a packet (or the reply to an invitation), checked and applied whole, or refused with nothing written. */
export function receiveCommand(file: string, packetFile: string | undefined): string[] {
  if (!packetFile) throw new SeatUsageError('receive: name the packet or reply file');
  const value = readJson(packetFile, 'packet');
  const game = GameService.open(file);
  try {
    if ((value as { format?: unknown } | null)?.format === 'muster/seats/reply/1') {
      const r = receiveReply(game, value);
      return [r.added ? `the ${r.side} seat has joined` : `the ${r.side} seat had already joined: nothing changed`];
    }
    const r = receivePacket(contextOf(game), value);
    const lines = [`received: ${r.events} new event${r.events === 1 ? '' : 's'}, ${r.commitments} commitment${r.commitments === 1 ? '' : 's'}`];
    if (r.revealed) lines.push('this seat\'s entries are revealed: send a packet');
    if (r.sealedAnswered) lines.push("this seat's sealed Alternative Arrival Area orders are opened or kept sealed for this turn: send a packet");
    if (r.messagesOpened) lines.push("this seat's messages arriving this turn are opened: send a packet");
    if (r.standingWordGiven) lines.push('this seat\'s standing word gave "No order this turn" on an Alternative Arrival Area: send a packet');
    lines.push(`fingerprint: ${game.info().fingerprint}`);
    return lines;
  } finally {
    game.close();
  }
}

/**
 * `roll`: asks for a die rolled jointly by both seats (a rollDie whose die is joint, db/seats/joint-dice.ts); it
 * is recorded when the other seat's share comes back. Any other change's dice: `call <file> askJointDice`.
 */
export function rollCommand(file: string, purpose: string | undefined): string[] {
  if (!purpose) throw new SeatUsageError('roll: say what the roll is for with --purpose');
  const game = GameService.open(file);
  try {
    game.askJointDice({ fn: 'rollDie', input: { purpose } });
    return [`joint roll for ${purpose}: this seat's share is committed; send a packet, and the roll is recorded when the other seat's share comes back`];
  } finally {
    game.close();
  }
}

/** The words of one look at the shared folder. */
function syncedWords(s: Synced): string {
  const came = s.received === null ? 'nothing new from the other seat' : `${s.received.events} new event${s.received.events === 1 ? '' : 's'} from the other seat`;
  return `${came}${s.received?.revealed ? ", this seat's entries revealed" : ''}${s.wrote ? '; this seat\'s packet written' : ''}`;
}

/** `sync`: one look at the shared folder (the other seat's packet in, this seat's out). */
export function syncCommand(file: string, folder: string | undefined): string[] {
  if (!folder) throw new SeatUsageError('sync: name the shared folder');
  const game = GameService.open(file);
  try {
    const synced = syncFolder(contextOf(game), folder);
    return [syncedWords(synced), `fingerprint: ${game.info().fingerprint}`];
  } finally {
    game.close();
  }
}

/** `sync --watch`: looks at the shared folder every two seconds until stopped (Ctrl+C), printing what came. */
export function watchFolder(file: string, folder: string, print: (line: string) => void): () => void {
  const look = () => {
    try {
      const lines = syncCommand(file, folder);
      if (!lines[0]!.startsWith('nothing new') || lines[0]!.includes('written')) for (const l of lines) print(l);
    } catch (e) {
      print(`error: ${(e as Error).message}`);
    }
  };
  look();
  const timer = setInterval(look, 2000);
  return () => clearInterval(timer);
}
