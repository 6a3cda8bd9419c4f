// The desktop key provider: the key kept encrypted by the OS keychain, the same key on the next
// launch, and the key file when the keychain is missing or the folder already uses one.

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SafeStorageKeyProvider, desktopKeyProvider } from '../../../src/main/safe-storage-key.ts';
import { FileKeyProvider, SecretKeyError } from '../../../src/platform/index.ts';

const xor = (b: Buffer) => Buffer.from(b.map((x) => x ^ 0x33));
function keychain(available: boolean, backend = 'kwallet5') {
  return {
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: () => backend as 'kwallet5',
    encryptString: (s: string) => xor(Buffer.from(s, 'utf8')),
    decryptString: (b: Buffer) => xor(b).toString('utf8'),
  };
}

describe('desktop key provider', () => {
  let dir: string;
  const warnings: string[] = [];
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ctb-key-'));
    warnings.length = 0;
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('stores the key encrypted and reads the same key on the next launch', async () => {
    const first = desktopKeyProvider(dir, keychain(true), (m) => warnings.push(m));
    expect(first).toBeInstanceOf(SafeStorageKeyProvider);
    const key = first.getKey();
    expect(key).toHaveLength(32);
    const onDisk = await readFile(join(dir, 'secret.key.safe'));
    expect(onDisk.toString('utf8')).not.toContain(key.toString('hex'));
    expect(
      desktopKeyProvider(dir, keychain(true), (m) => warnings.push(m))
        .getKey()
        .equals(key),
    ).toBe(true);
    expect(warnings).toEqual([]);
  });

  it('falls back to the key file with a warning when the keychain cannot encrypt', () => {
    const provider = desktopKeyProvider(dir, keychain(false), (m) => warnings.push(m));
    expect(provider).toBeInstanceOf(FileKeyProvider);
    expect(warnings[0]).toMatch(/keychain encryption is not available/);
  });

  it('treats the basic_text backend (a hard-coded password) as no keychain', () => {
    expect(desktopKeyProvider(dir, keychain(true, 'basic_text'), (m) => warnings.push(m))).toBeInstanceOf(
      FileKeyProvider,
    );
    expect(warnings[0]).toMatch(/basic_text/);
  });

  it('keeps using the key file of a folder that browser mode or the CLI created', async () => {
    await writeFile(join(dir, 'secret.key'), randomBytes(32).toString('hex'), { mode: 0o600 });
    expect(desktopKeyProvider(dir, keychain(true), (m) => warnings.push(m))).toBeInstanceOf(FileKeyProvider);
  });

  it('names the problem when the keychain cannot decrypt the stored key', async () => {
    await writeFile(join(dir, 'secret.key.safe'), 'garbage');
    const broken = {
      ...keychain(true),
      decryptString: () => {
        throw new Error('keychain locked');
      },
    };
    expect(() => new SafeStorageKeyProvider(dir, broken).getKey()).toThrow(SecretKeyError);
  });
});
