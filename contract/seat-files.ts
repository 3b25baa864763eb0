/**
 * The shell's functions of a game played from two seats (RI-H09), each seat on its own device with its own
 * game file: create a game as the host (its file and the invitation), join from an invitation (the file and
 * the reply), receive what the other seat sent (a packet, or the reply), write a packet to send, and a shared
 * folder both devices see, which the main process looks at while the game is open.
 *
 * The desktop app names every file in the system's dialogs. The browser preview has none: the files a player
 * was sent are read by the window (a file input) and their text passed here, checked against the file
 * formats (contract/seats.ts) before anything of them is used; the files it writes go into the preview's
 * games folder, and the window offers their text as a download.
 */
import { z } from 'zod';
import { NoInput, Side, shell, text, verbatimText } from './common';
import { NewGameInput } from './files';
import { GameInfo } from './game';
import { Invitation, Packet, Reply } from './seats';

/**
 * The largest file of a seat the window may pass: a packet of a long game without a look in between (the log
 * of a full battle, played by e-mail over weeks, runs to tens of MB: each event is under 1 KB in a packet).
 */
export const MAX_SEAT_FILE_CHARS = 64_000_000;

/** A file's text, read as JSON and checked against a file format: one refusal in players' words naming the field. */
function seatFileText<T>(what: string, check: (value: unknown) => T | null) {
  return verbatimText(MAX_SEAT_FILE_CHARS).transform((s, ctx) => {
    let value: unknown;
    try {
      value = JSON.parse(s);
    } catch {
      ctx.addIssue({ code: 'custom', message: `${what}: this file is not a Muster ${what} (it is not JSON)` });
      return z.NEVER;
    }
    const checked = check(value);
    // A file stamped by a Muster (contract/seats.ts MusterStamp) that this one cannot read may come from another
    // version of Muster: it goes on unread to the shell, which knows this Muster's version, says which player must
    // update (db/seats/versions.ts), and checks the file's shape itself before using anything of it.
    if (checked === null && typeof value === 'object' && value !== null && 'muster' in value) return value as T;
    if (checked === null) {
      ctx.addIssue({ code: 'custom', message: `${what}: this is not a Muster ${what}, or it is damaged: nothing was read from it` });
      return z.NEVER;
    }
    return checked;
  });
}

const parsedOrNull = <T>(schema: z.ZodType<T>) => (value: unknown): T | null => {
  const r = schema.safeParse(value);
  return r.success ? r.data : null;
};

/** What the other seat sent: its reply to the invitation, or a packet. */
export const ReceivedSeatFile = z.union([Reply, Packet]);
export type ReceivedSeatFile = z.infer<typeof ReceivedSeatFile>;

/** A reply or a packet, told apart by its format line. */
export function seatFileOf(value: unknown): ReceivedSeatFile | null {
  const format = (value as { format?: unknown } | null)?.format;
  if (format === 'muster/seats/reply/1') return parsedOrNull(Reply)(value);
  if (format === 'muster/seats/packet/1') return parsedOrNull(Packet)(value);
  return null;
}

export const InvitationText = seatFileText('invitation', parsedOrNull(Invitation));
export const SeatFileText = seatFileText('packet', seatFileOf);

/** Play from two seats: New Game's choices, and the side this device plays. */
export const NewSeatGameInput = NewGameInput.extend({ seat: Side });
export type NewSeatGameInput = z.input<typeof NewSeatGameInput>;

/** Join a game: the invitation's text (where the window read the file) and the side this device plays. */
export const JoinSeatGameInput = z.strictObject({ seat: Side, invitation: InvitationText.optional() });
export type JoinSeatGameInput = z.input<typeof JoinSeatGameInput>;

/** Receive: the text of the packet or reply (where the window read the file); left out, a dialog asks for it. */
export const ReceiveSeatFileInput = z.strictObject({ text: SeatFileText.optional() }).optional();

/** A file Muster wrote for the other seat: where, its name, and its text (the preview offers it as a download). */
export const SeatFileWritten = z.object({ path: z.string(), name: z.string(), text: z.string() });
export type SeatFileWritten = z.infer<typeof SeatFileWritten>;

export const SeatGameMade = z.object({ game: GameInfo, file: SeatFileWritten });
export type SeatGameMade = z.infer<typeof SeatGameMade>;

export const SeatFileReceived = z.object({
  kind: z.enum(['reply', 'packet']),
  /** What it brought, in words. */
  summary: z.string(),
  /** The events it added to this file. */
  events: z.number().int(),
  /** This seat's own held entries were revealed on receiving it (the next packet carries them). */
  revealed: z.boolean(),
  game: GameInfo,
});
export type SeatFileReceived = z.infer<typeof SeatFileReceived>;

export const SeatPacketWritten = SeatFileWritten.extend({ summary: z.string(), events: z.number().int() });
export type SeatPacketWritten = z.infer<typeof SeatPacketWritten>;

/** Shared folder: where the preview has no dialog, the player names a folder under its shared root. */
export const ChooseSharedFolderInput = z
  .strictObject({ name: text(120).pipe(z.string().min(1, 'Folder name: name the shared folder')).optional() })
  .optional();

/** The open game's shared folder and its last look. */
export const SharedFolderState = z.object({
  folder: z.string(),
  /** Picked up again by itself on opening the game: the folder this device's player picked for it last time. */
  remembered: z.boolean(),
  /** When the main process last looked (ISO), null before the first look. */
  lastLook: z.string().nullable(),
  /** What the last look did, in words. */
  lastResult: z.string(),
  /** Why the last look failed (a refused packet, a folder gone), or null. */
  problem: z.string().nullable(),
  /** How often the main process looks, in seconds (0: only when asked). */
  everySeconds: z.number(),
});
export type SharedFolderState = z.infer<typeof SharedFolderState>;

/**
 * Where a shared folder may be chosen in the preview: its shared root (null when it was started without one)
 * and the folders in it; null in the desktop app, which has a folder dialog.
 */
export const SharedFolderChoices = z.object({ root: z.string().nullable(), folders: z.array(z.string()) }).nullable();
export type SharedFolderChoices = z.infer<typeof SharedFolderChoices>;

export const seatFilesContract = {
  newSeatGame: shell('Play from two seats: creates the host\'s game file and writes the invitation for the other seat (file names from dialogs, or the preview\'s folder)', NewSeatGameInput, SeatGameMade.nullable()),
  joinSeatGame: shell('Join a game from an invitation: creates this seat\'s game file and writes the reply for the host', JoinSeatGameInput, SeatGameMade.nullable()),
  receiveSeatFile: shell('Receives what the other seat sent (a packet, or the reply to the invitation): checked and applied whole, or refused with nothing written', ReceiveSeatFileInput, SeatFileReceived.nullable()),
  sendSeatPacket: shell('Writes the packet of everything the other seat has not acknowledged, to send it', NoInput, SeatPacketWritten.nullable()),
  sharedFolderChoices: shell("The preview's shared root and its folders (null in the desktop app, which has a folder dialog)", NoInput, SharedFolderChoices),
  chooseSharedFolder: shell('Picks the shared folder of the open two-seat game: looked at every two seconds while the game is open, and remembered for the game on this device (opening it again picks the folder up by itself)', ChooseSharedFolderInput, SharedFolderState.nullable()),
  sharedFolder: shell("The open game's shared folder and its last look, or null", NoInput, SharedFolderState.nullable()),
  lookAtSharedFolder: shell('Looks at the shared folder now: what came is received, this seat\'s packet written', NoInput, SharedFolderState),
};
