/**
 * Starting a two-seat game (RI-H09). The host creates the game with its seat and writes an invitation (the
 * scenario, the options, the players, the creation time and the host's public key); the other player joins
 * from it, which makes the same game (the same genesis, checked) in a file of its own with its own key, and
 * writes a reply carrying that key; the host receives the reply. Each seat's private key is made in its
 * file and never leaves it.
 */
import { existsSync, rmSync } from 'node:fs';
import { Invitation, Reply } from '../../contract/seats';
import type { Side } from '../../rules/types';
import { MusterError } from '../errors';
import { genesisHead } from '../genesis';
import { inTransaction } from '../service/context';
import { GameService, contextOf, type CreateGameInput, type ServiceOptions } from '../service';
import { newSeatKeys, sha256 } from './keys';
import { otherSide, publicKeyOf, recordOtherKey, recordSeat } from './store';
import { requireSeat } from './packets';
import { MUSTER_STAMP, refuseOtherMuster } from './versions';

/** The game's id: its genesis and the host's key together, so two games from one scenario never share one. */
export function gameIdOf(genesis: string, hostKey: string): string {
  return sha256(`muster/seats/game/1\n${genesis}\n${hostKey}`);
}

export interface NewSeatGameInput extends CreateGameInput {
  side: Side;
}

/** Creates the host's file and its invitation. The game is open on return. */
export function createSeatGame(input: NewSeatGameInput, options: ServiceOptions = {}): { game: GameService; invitation: Invitation } {
  const at = (options.now ?? (() => new Date().toISOString()))();
  const game = GameService.create(input, { ...options, now: () => at });
  const db = game.db;
  const genesis = genesisHead(db)!;
  const keys = newSeatKeys();
  const gameId = gameIdOf(genesis, keys.publicKey);
  inTransaction(db, () => recordSeat(db, { gameId, side: input.side }, at, keys));
  const info = game.info();
  const invitation: Invitation = {
    format: 'muster/seats/invitation/1',
    muster: MUSTER_STAMP,
    gameId,
    genesis,
    scenario: input.scenario,
    ...(input.commandIds ? { commandIds: input.commandIds } : {}),
    players: { USA: info.players.USA, CSA: info.players.CSA },
    ...(input.optionalRules ? { optionalRules: input.optionalRules } : {}),
    createdAt: at,
    host: { side: input.side, publicKey: keys.publicKey },
  };
  game.close();
  return { game: GameService.open(input.file, options), invitation };
}

/** Reads an invitation someone sent: its shape checked before anything of it is used. */
export function parseInvitation(value: unknown): Invitation {
  refuseOtherMuster(value, 'invitation', 'invite');
  const parsed = Invitation.safeParse(value);
  if (!parsed.success) throw new MusterError('INVALID_ARGUMENT', 'invite', 'this is not a Muster invitation, or it is damaged');
  return parsed.data;
}

/** Joins the game of an invitation: the joining seat's file and its reply. The game is open on return. */
export function joinSeatGame(file: string, value: unknown, side: Side, options: ServiceOptions = {}): { game: GameService; reply: Reply } {
  const invitation = parseInvitation(value);
  if (side === invitation.host.side) throw new MusterError('INVALID_ARGUMENT', 'seat', `the host plays ${side}: join as ${otherSide(side)}`);
  if (gameIdOf(invitation.genesis, invitation.host.publicKey) !== invitation.gameId) throw new MusterError('INVALID_ARGUMENT', 'invite', 'this invitation does not hold together (its game id is not its own): it was changed on the way');
  const game = GameService.create(
    {
      file,
      scenario: invitation.scenario,
      ...(invitation.commandIds ? { commandIds: invitation.commandIds } : {}),
      players: invitation.players,
      ...(invitation.optionalRules ? { optionalRules: invitation.optionalRules as CreateGameInput['optionalRules'] } : {}),
    },
    { ...options, now: () => invitation.createdAt },
  );
  if (genesisHead(game.db) !== invitation.genesis) {
    game.close();
    for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) rmSync(f);
    throw new MusterError('INVALID_ARGUMENT', 'invite', `the game this Muster makes from the invitation is not the host's (the scenario "${invitation.scenario}" differs here): nothing was created`);
  }
  const keys = newSeatKeys();
  inTransaction(game.db, () => recordSeat(game.db, { gameId: invitation.gameId, side }, invitation.createdAt, keys, invitation.host.publicKey));
  game.close();
  return { game: GameService.open(file, options), reply: { format: 'muster/seats/reply/1', muster: MUSTER_STAMP, gameId: invitation.gameId, side, publicKey: keys.publicKey } };
}

/** The host receives the reply: the other seat's key. The same reply twice changes nothing. */
export function receiveReply(game: GameService, value: unknown): { side: Side; added: boolean } {
  refuseOtherMuster(value, 'reply', 'packet');
  const parsed = Reply.safeParse(value);
  if (!parsed.success) throw new MusterError('INVALID_ARGUMENT', 'packet', 'this is not a Muster reply, or it is damaged');
  const reply = parsed.data;
  const ctx = contextOf(game);
  const seat = requireSeat(ctx.db);
  if (reply.gameId !== seat.gameId) throw new MusterError('INVALID_ARGUMENT', 'packet', 'this reply is for another game');
  if (reply.side === seat.side) throw new MusterError('INVALID_ARGUMENT', 'packet', `this reply is from a ${reply.side} seat, which is this file's own side`);
  const known = publicKeyOf(ctx.db, reply.side);
  if (known === reply.publicKey) return { side: reply.side, added: false };
  if (known !== null) throw new MusterError('INVALID_ARGUMENT', 'packet', `the ${reply.side} seat has already joined with another key: this reply is not from it`);
  inTransaction(ctx.db, () => recordOtherKey(ctx.db, reply.side, reply.publicKey));
  return { side: reply.side, added: true };
}
