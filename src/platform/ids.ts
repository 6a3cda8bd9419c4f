// Identifiers, secrets and passwords the platform generates: prefixed random ids, `whsec_` signing
// secrets (decisions.md 3), readable seed passwords, and scrypt password hashes with per-user salt.

import { randomBytes, randomInt, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number },
) => Promise<Buffer>;

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(10).toString('hex')}`;
}

/** 32 random bytes, hex, prefixed `whsec_`. */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('hex')}`;
}

// No 0/O, 1/l/I: the password is read off a terminal once and typed into a login form.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Four groups of four, ~78 bits: e.g. `k7mp-q2xa-9rtd-hw4e`. */
export function generatePassword(): string {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return [group(), group(), group(), group()].join('-');
}

const N = 16384;
const R = 8;
const P = 1;
const KEY_LEN = 32;

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, KEY_LEN, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/**
 * A stored-hash look-alike with the real cost parameters, for emails that match no user: checking
 * a password against it costs one scrypt like a real account, and computing it costs nothing (no
 * synchronous scrypt on the event loop when the first unknown email logs in). Nothing matches it.
 */
export function dummyPasswordHash(): string {
  return `scrypt$${N}$${R}$${P}$${randomBytes(16).toString('base64')}$${randomBytes(KEY_LEN).toString('base64')}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = scryptSync(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(expected, actual);
}

/**
 * verifyPassword on libuv's thread pool: a login never blocks the event loop for the ~50 ms of one
 * scrypt, so concurrent logins cannot stall every other request. Comparison stays constant-time.
 */
export async function verifyPasswordAsync(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(expected, actual);
}
