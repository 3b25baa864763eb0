/**
 * A seat's Ed25519 key pair (node:crypto) and what it signs. Keys are kept as base64 DER: the public key
 * as SPKI, the private key as PKCS#8. Each signed text starts with its own tag, so a signature over one
 * kind of text is never valid for another.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, hash as digest, randomBytes, sign, verify } from 'node:crypto';

export interface SeatKeyPair {
  publicKey: string;
  privateKey: string;
}

/** A new key pair for a seat. */
export function newSeatKeys(): SeatKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
  };
}

/** The signature of a text by a private key (base64). */
export function signText(privateKey: string, text: string): string {
  const key = createPrivateKey({ key: Buffer.from(privateKey, 'base64'), format: 'der', type: 'pkcs8' });
  return sign(null, Buffer.from(text, 'utf8'), key).toString('base64');
}

/** Whether the signature over the text was made by the public key's private key. */
export function signatureHolds(publicKey: string, text: string, signature: string): boolean {
  try {
    const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
    return verify(null, Buffer.from(text, 'utf8'), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** A short, readable digest of a public key, for players to compare out loud (16 hex characters). */
export function keyFingerprint(publicKey: string): string {
  return digest('sha256', publicKey).slice(0, 16);
}

/** A commitment's salt: 128 bits from node:crypto, as 32 hex characters. */
export function commitmentSalt(): string {
  return randomBytes(16).toString('hex');
}

/** SHA-256 of a text, hex. */
export function sha256(text: string): string {
  return digest('sha256', text);
}
