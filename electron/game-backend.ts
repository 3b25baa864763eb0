/**
 * The real game backend for the shell: db/service.ts's GameService on a game file, plus Save As by
 * SQLite's online backup API. No electron import: the tests and the browser bridge use it as is.
 */
import { GameService, type ServiceOptions } from '../db/service';
import type { CreateGameInput } from '../db/service';
import { createSeatGame, joinSeatGame } from '../db/seats/invite';
import type { GameBackend, GameBackendFactory } from './handlers';

/** The service, with the online copy Save As needs (the connection stays open on the original). */
export function asGameBackend(service: GameService): GameBackend {
  return Object.assign(service, {
    async backupTo(file: string): Promise<void> {
      await service.db.backup(file);
    },
  });
}

export function createGameBackendFactory(options: ServiceOptions = {}): GameBackendFactory {
  return {
    create: (input: CreateGameInput) => asGameBackend(GameService.create(input, options)),
    open: (file: string) => asGameBackend(GameService.open(file, options)),
    // A game played from two seats (RI-H09): the host's file and invitation, or the joining seat's file and reply.
    seats: {
      create: (input) => {
        const { game, invitation } = createSeatGame(input, options);
        return { backend: asGameBackend(game), invitation };
      },
      join: (file, invitation, side) => {
        const { game, reply } = joinSeatGame(file, invitation, side, options);
        return { backend: asGameBackend(game), reply };
      },
    },
  };
}
