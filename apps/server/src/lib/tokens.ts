import { createHash, randomBytes } from 'node:crypto';

/** A random one-time token of 256 bits, URL-safe. */
export function generateOneTimeToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored, so a database leak does not leak working links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
