// Encryption at rest of connection signing secrets: AES-256-GCM under a 32-byte key supplied by a
// KeyProvider (a 0600 key file here; the desktop shell passes one backed by Electron safeStorage).

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SecretKeyError } from './errors.ts';

export { SecretKeyError };

export interface KeyProvider {
  /** A 32-byte key; throws SecretKeyError when it cannot be had. */
  getKey(): Buffer;
}

const FORMAT = 'ctbs1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Keeps the key in `<dataDir>/secret.key` (hex), created with mode 0600 on first use. */
export class FileKeyProvider implements KeyProvider {
  readonly file: string;
  private key: Buffer | null = null;

  constructor(dataDir: string) {
    this.file = join(dataDir, 'secret.key');
  }

  getKey(): Buffer {
    if (this.key) return this.key;
    if (!existsSync(this.file)) {
      writeFileSync(this.file, randomBytes(32).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
      chmodSync(this.file, 0o600);
    }
    if (process.platform !== 'win32' && (statSync(this.file).mode & 0o077) !== 0)
      throw new SecretKeyError(
        `${this.file} is readable by other users; run "chmod 600 ${this.file}" and try again`,
      );
    const key = Buffer.from(readFileSync(this.file, 'utf8').trim(), 'hex');
    if (key.length !== 32) throw new SecretKeyError(`${this.file} does not hold a 32-byte hex key`);
    this.key = key;
    return key;
  }
}

/** A fixed key, for tests and for shells that keep the key elsewhere. */
export class StaticKeyProvider implements KeyProvider {
  private readonly key: Buffer;
  constructor(key: Buffer) {
    if (key.length !== 32) throw new SecretKeyError('the key must be 32 bytes');
    this.key = key;
  }
  getKey(): Buffer {
    return this.key;
  }
}

/** `ctbs1:<base64 iv>:<base64 tag>:<base64 ciphertext>`; the version prefix lets the format change later. */
export function encryptSecret(plaintext: string, keys: KeyProvider): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.getKey(), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [
    FORMAT,
    iv.toString('base64'),
    cipher.getAuthTag().toString('base64'),
    body.toString('base64'),
  ].join(':');
}

export function decryptSecret(stored: string, keys: KeyProvider): string {
  const parts = stored.split(':');
  if (parts.length !== 4 || parts[0] !== FORMAT)
    throw new SecretKeyError(
      `the stored secret has an unknown format "${parts[0]}" (written by a newer release?)`,
    );
  const [, iv, tag, body] = parts.map((p, i) => (i === 0 ? Buffer.alloc(0) : Buffer.from(p, 'base64')));
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES)
    throw new SecretKeyError('the stored secret is damaged');
  const decipher = createDecipheriv('aes-256-gcm', keys.getKey(), iv);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretKeyError(
      'the key in use does not decrypt them (was secret.key deleted, replaced or copied from another folder?)',
    );
  }
}
