// The desktop key provider: the 32-byte key that encrypts signing secrets at rest, itself stored
// encrypted by the OS keychain through Electron safeStorage; falls back to the 0600 key file.

import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SafeStorage } from 'electron';
import { FileKeyProvider, SecretKeyError } from '../engine/index.ts';
import type { KeyProvider } from '../engine/index.ts';

const SAFE_KEY_FILE = 'secret.key.safe';

type SafeStorageLike = Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString'> &
  Partial<Pick<SafeStorage, 'getSelectedStorageBackend'>>;

export class SafeStorageKeyProvider implements KeyProvider {
  readonly file: string;
  private readonly safe: SafeStorageLike;
  private key: Buffer | null = null;

  constructor(dataDir: string, safe: SafeStorageLike) {
    this.file = join(dataDir, SAFE_KEY_FILE);
    this.safe = safe;
  }

  getKey(): Buffer {
    if (this.key) return this.key;
    if (!existsSync(this.file)) {
      const hex = randomBytes(32).toString('hex');
      writeFileSync(this.file, this.safe.encryptString(hex), { mode: 0o600, flag: 'wx' });
    }
    let hex: string;
    try {
      hex = this.safe.decryptString(readFileSync(this.file));
    } catch (error) {
      throw new SecretKeyError(
        `the OS keychain could not decrypt ${this.file} (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    const key = Buffer.from(hex.trim(), 'hex');
    if (key.length !== 32) throw new SecretKeyError(`${this.file} does not hold a 32-byte key`);
    this.key = key;
    return key;
  }
}

/**
 * The keychain when it really encrypts; the key file when there is none (Linux without a secret
 * service answers 'basic_text', a hard-coded password) or when the folder already uses a key file
 * (created by `ctb serve` or the CLI, which must keep reading the same secrets).
 */
export function desktopKeyProvider(
  dataDir: string,
  safe: SafeStorageLike,
  warn: (message: string) => void,
): KeyProvider {
  const fileKey = new FileKeyProvider(dataDir);
  if (existsSync(fileKey.file) && !existsSync(join(dataDir, SAFE_KEY_FILE))) return fileKey;
  const backend = safe.getSelectedStorageBackend?.();
  if (safe.isEncryptionAvailable() && backend !== 'basic_text')
    return new SafeStorageKeyProvider(dataDir, safe);
  warn(
    `OS keychain encryption is not available${backend ? ` (backend ${backend})` : ''}: signing secrets are encrypted with the key file ${fileKey.file} (mode 0600) instead`,
  );
  return fileKey;
}
