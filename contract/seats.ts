/**
 * The files two seats exchange (db/seats/): the invitation the host writes when it creates a two-seat game,
 * the reply of the seat that joins, and the packets each seat sends the other. They are read from files a
 * player was sent, so every field is checked here before anything of them is used.
 */
import { z } from 'zod';

const Side = z.enum(['USA', 'CSA']);
const Hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const Hex32 = z.string().regex(/^[0-9a-f]{32}$/);
const Base64 = z.string().max(400).regex(/^[A-Za-z0-9+/]+=*$/);
const Stamp = z.string().min(1).max(40);
const Name = z.string().max(200);
/** Which version of game file the writing Muster writes (db/seats/versions.ts); absent from files of an earlier Muster. */
const MusterStamp = z.strictObject({ schema: z.number().int().min(1) }).optional();

/** The host's invitation: the game to make (scenario, options, players, creation time) and the host's key. */
export const Invitation = z.strictObject({
  format: z.literal('muster/seats/invitation/1'),
  muster: MusterStamp,
  gameId: Hex64,
  /** The hash of the game's genesis (db/genesis.ts): the joining seat's new file must have the same. */
  genesis: Hex64,
  scenario: z.string().min(1).max(4096),
  commandIds: z.array(z.string().max(200)).max(200).optional(),
  players: z.strictObject({ USA: Name, CSA: Name }),
  optionalRules: z.unknown().optional(),
  createdAt: Stamp,
  host: z.strictObject({ side: Side, publicKey: Base64 }),
});
export type Invitation = z.infer<typeof Invitation>;

/** The joining seat's reply: its side and key, for the game of the invitation. */
export const Reply = z.strictObject({
  format: z.literal('muster/seats/reply/1'),
  muster: MusterStamp,
  gameId: Hex64,
  side: Side,
  publicKey: Base64,
});
export type Reply = z.infer<typeof Reply>;

/** One event of a packet: enough for the receiving seat to replay it and check it is the one signed. */
export const PacketEvent = z.strictObject({
  seq: z.number().int().min(1),
  hash: Hex64,
  prevHash: Hex64,
  salt: Hex32.nullable(),
  dice: z.array(z.strictObject({ source: z.enum(['app', 'table', 'joint']), roll: z.number().int().min(0).max(9), salt: Hex32.nullable() })).max(200),
  side: Side,
  fn: z.string().min(1).max(100),
  input: z.string().max(200_000),
  at: Stamp,
  index: z.number().int().min(0).max(10_000),
  signature: Base64,
});
export type PacketEvent = z.infer<typeof PacketEvent>;

/** A seat's commitment to its secret entries of one step; the salt only once they are revealed. */
export const PacketCommitment = z.strictObject({
  turnId: z.string().min(1).max(40),
  segment: z.string().min(1).max(4),
  phase: z.string().min(1).max(4),
  side: Side,
  commitment: Hex64,
  signature: Base64,
  salt: Hex32.nullable(),
});
export type PacketCommitment = z.infer<typeof PacketCommitment>;

/** A die rolled jointly by both seats: the request (a commitment to the asker's share), the answer, the reveal. */
export const PacketJointRoll = z.strictObject({
  id: z.string().regex(/^[0-9a-f]{16}$/),
  side: Side,
  purpose: z.string().min(1).max(200),
  commitment: Hex64,
  signature: Base64,
  answer: z.number().int().min(0).max(9).nullable(),
  answerSignature: Base64.nullable(),
  share: z.number().int().min(0).max(9).nullable(),
  salt: Hex32.nullable(),
  eventSeq: z.number().int().min(1).nullable(),
});
export type PacketJointRoll = z.infer<typeof PacketJointRoll>;

/**
 * A request for the joint dice of one change (db/seats/joint-dice.ts): the change named whole and where it
 * goes, the asker's commitment (its share once the change is written), and the other seat's answer.
 */
export const PacketJointDice = z.strictObject({
  id: z.string().regex(/^[0-9a-f]{16}$/),
  side: Side,
  fn: z.string().min(1).max(100),
  input: z.string().max(200_000),
  purpose: z.string().min(1).max(200),
  headSeq: z.number().int().min(0),
  headHash: Hex64,
  commitment: Hex64,
  signature: Base64,
  seed: Hex32.nullable(),
  answer: Hex32.nullable(),
  answerSignature: Base64.nullable(),
});
export type PacketJointDice = z.infer<typeof PacketJointDice>;

/** What one seat sends the other: every event the other has not acknowledged, its commitments, and its head. */
export const Packet = z.strictObject({
  format: z.literal('muster/seats/packet/1'),
  muster: MusterStamp,
  gameId: Hex64,
  from: Side,
  head: z.strictObject({ seq: z.number().int().min(0), hash: Hex64 }),
  events: z.array(PacketEvent).max(100_000),
  commitments: z.array(PacketCommitment).max(10_000),
  joint: z.array(PacketJointRoll).max(10_000),
  /** Requests for the joint dice of a change, and answers to them (absent from packets of an earlier Muster). */
  jointDice: z.array(PacketJointDice).max(10_000).optional(),
});
export type Packet = z.infer<typeof Packet>;
