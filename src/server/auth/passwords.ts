import { createHash, randomBytes, randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import { createLimiter } from '@/server/lib/concurrency';

/** OWASP's argon2id minimum: m=19456 KiB, t=2, p=1. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Each hash takes a core for tens of milliseconds: a burst of logins hashes on all cores but one, in turn, so the
 * server and its database keep a core for every other request (on two cores: one hash at a time, about 30 a second).
 */
const hashInTurn = createLimiter(Math.max(1, availableParallelism() - 1));

export function hashPassword(password: string): Promise<string> {
  return hashInTurn(() => argon2.hash(password, OPTIONS));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await hashInTurn(() => argon2.verify(hash, password));
  } catch {
    return false;
  }
}

/** True when a stored hash was made with older parameters and should be replaced at the next login. */
export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, OPTIONS);
  } catch {
    return true;
  }
}

let dummyHash: Promise<string> | undefined;
/** Verifying against this when no user matches keeps a failed login as slow as a real one. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('no-such-user-password');
  return dummyHash;
}

// No look-alikes (0/O, 1/l/I), so a password read from an SMS is typed right the first time.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function generatePassword(length = 10): string {
  let password = '';
  for (let i = 0; i < length; i++) password += ALPHABET[randomInt(ALPHABET.length)];
  return password;
}

/** The token of a reset link: 256 random bits. */
export function generateResetToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The code of a reset by SMS: `length` random digits. */
export function generateResetCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}

/**
 * What is stored of a reset token or code: its SHA-256. A code is salted with its reset's id, since
 * the same few digits come up again.
 */
export function hashResetSecret(secret: string, salt = ''): string {
  return createHash('sha256')
    .update(salt ? `${salt}:${secret}` : secret)
    .digest('base64url');
}
