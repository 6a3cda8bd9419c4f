// The manager's write-behind History: records reach the database through the worker thread (or
// on this thread for an in-memory database), in order, and nothing queued is lost on close.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../../src/store/database.ts';
import type { Db } from '../../../src/store/database.ts';
import { History } from '../../../src/store/history.ts';
import type { ExchangeInput } from '../../../src/store/history.ts';
import { HistoryWriter } from '../../../src/platform/history-writer.ts';

let dir = '';
let db: Db | null = null;
afterEach(async () => {
  db?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const exchange = (n: number): ExchangeInput => ({
  direction: 'outgoing',
  connectionId: 'conn_w',
  requestType: 'ping',
  requestId: `req_${n}`,
  method: 'POST',
  url: 'http://127.0.0.1:1/service',
  requestHeaders: [['x-n', String(n)]],
  requestBody: Buffer.from(`{"n":${n}}`),
  verdict: n % 2 ? 'ok' : 'timeout',
  startedAt: 1_800_000_000_000 + n,
});

describe('HistoryWriter', () => {
  it('commits queued exchanges through the worker, in order, with their bodies', async () => {
    dir = await mkdtemp(join(tmpdir(), 'ctb-writer-'));
    db = openDatabase(join(dir, 'testbench.db'));
    const history = new History(db);
    const writer = new HistoryWriter(history, db);
    const ids = await Promise.all(Array.from({ length: 50 }, (_, i) => writer.write(exchange(i))));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(history.get(ids[7])).toMatchObject({ requestId: 'req_7', verdict: 'ok' });
    expect(history.get(ids[7])!.requestBody.toString()).toBe('{"n":7}');
    const late = writer.write(exchange(99));
    await writer.close();
    expect(history.get(await late)?.requestId).toBe('req_99');
  });

  it('keeps every byte of a body that is not text, through the worker', async () => {
    dir = await mkdtemp(join(tmpdir(), 'ctb-writer-'));
    db = openDatabase(join(dir, 'testbench.db'));
    const history = new History(db);
    const writer = new HistoryWriter(history, db);
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    // A view into a larger buffer, as bodies cut from a pooled slab are.
    const view = Buffer.concat([Buffer.from('before'), bytes, Buffer.from('after')]).subarray(6, 262);
    const id = await writer.write({ ...exchange(1), requestBody: view, responseBody: bytes.reverse() });
    await writer.close();
    const stored = history.get(id)!;
    expect([...stored.requestBody]).toEqual(Array.from({ length: 256 }, (_, i) => i));
    expect([...stored.responseBody!]).toEqual(Array.from({ length: 256 }, (_, i) => 255 - i));
  });

  it('keeps an empty answer apart from no answer at all', async () => {
    dir = await mkdtemp(join(tmpdir(), 'ctb-writer-'));
    db = openDatabase(join(dir, 'testbench.db'));
    const history = new History(db);
    const writer = new HistoryWriter(history, db);
    const [empty, none] = await Promise.all([
      writer.write({ ...exchange(1), requestBody: Buffer.alloc(0), responseBody: Buffer.alloc(0) }),
      writer.write({ ...exchange(2), responseBody: null }),
    ]);
    await writer.close();
    expect(history.get(empty)!.requestBody.length).toBe(0);
    expect(history.get(empty)!.responseBody).toEqual(Buffer.alloc(0));
    expect(history.get(none)!.responseBody).toBeNull();
  });

  it('returns from close() when nothing else keeps the process alive', async () => {
    dir = await mkdtemp(join(tmpdir(), 'ctb-writer-'));
    const child = spawnSync(
      process.execPath,
      [fileURLToPath(new URL('./fixtures/writer-close.ts', import.meta.url)), join(dir, 'testbench.db')],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(child.stdout).toBe('closed\n');
    expect(child.status).toBe(0);
  });

  it('sends large bodies whole beside small ones', async () => {
    dir = await mkdtemp(join(tmpdir(), 'ctb-writer-'));
    db = openDatabase(join(dir, 'testbench.db'));
    const history = new History(db);
    const writer = new HistoryWriter(history, db);
    const large = Buffer.alloc(100_000, 'q');
    const answer = new Uint8Array(70_000).map((_, i) => i % 251);
    const [big, small] = await Promise.all([
      writer.write({ ...exchange(1), requestBody: large, responseBody: answer }),
      writer.write(exchange(2)),
    ]);
    await writer.close();
    expect(history.get(big)!.requestBody.equals(large)).toBe(true);
    expect(history.get(big)!.responseBody!.equals(answer)).toBe(true);
    expect(history.get(small)!.requestBody.toString()).toBe('{"n":2}');
  });

  it('copies the WAL into the database file while records keep coming', async () => {
    dir = await mkdtemp(join(tmpdir(), 'ctb-writer-'));
    const file = join(dir, 'testbench.db');
    db = openDatabase(file);
    const history = new History(db);
    const writer = new HistoryWriter(history, db);
    const before = statSync(file).size;
    // About 1,300 WAL pages in three batches: past the point where SQLite would checkpoint.
    for (let batch = 0; batch < 3; batch++)
      await Promise.all(
        Array.from({ length: 1000 }, (_, i) =>
          writer.write({ ...exchange(batch * 1000 + i), requestBody: Buffer.alloc(3000, i) }),
        ),
      );
    // Nothing on this connection commits: only the writer's checkpoints can grow the file.
    await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(before + 5_000_000), {
      timeout: 15_000,
      interval: 50,
    });
    await writer.close();
    expect(history.count()).toBe(3000);
  });

  it('stores a record as it was when queued, even if its objects change afterwards', async () => {
    dir = await mkdtemp(join(tmpdir(), 'ctb-writer-'));
    db = openDatabase(join(dir, 'testbench.db'));
    const history = new History(db);
    const writer = new HistoryWriter(history, db);
    const input = { ...exchange(1), requestBody: Buffer.from('{"n":1}') };
    const ticket = writer.queue(input);
    input.requestHeaders.push(['x-late', 'yes']);
    input.requestBody.fill(0x78);
    const [id] = await writer.ids([ticket]);
    await writer.close();
    expect(history.get(id)!.requestHeaders).toEqual([['x-n', '1']]);
    expect(history.get(id)!.requestBody.toString()).toBe('{"n":1}');
  });

  it('fails only the record that cannot be stored, and commits the others of its batch', async () => {
    dir = await mkdtemp(join(tmpdir(), 'ctb-writer-'));
    db = openDatabase(join(dir, 'testbench.db'));
    const history = new History(db);
    const writer = new HistoryWriter(history, db);
    const before = writer.write(exchange(1));
    const bad = writer.write({ ...exchange(2), diagnosis: { size: 10n } });
    const after = writer.write(exchange(3));
    await expect(bad).rejects.toThrow(/BigInt/);
    const ids = await Promise.all([before, after]);
    await writer.close();
    expect(ids.map((id) => history.get(id)?.requestId)).toEqual(['req_1', 'req_3']);
  });

  it('commits queued records nobody waits for', async () => {
    dir = await mkdtemp(join(tmpdir(), 'ctb-writer-'));
    db = openDatabase(join(dir, 'testbench.db'));
    const history = new History(db);
    const writer = new HistoryWriter(history, db);
    for (let i = 0; i < 30; i++) writer.queue(exchange(i));
    await writer.drain();
    expect(history.count()).toBe(30);
    await writer.close();
  });

  it('writes on this thread when the database is in memory', async () => {
    db = openDatabase(':memory:');
    const history = new History(db);
    const writer = new HistoryWriter(history, db);
    const id = await writer.write(exchange(1));
    expect(history.get(id)?.requestId).toBe('req_1');
    await writer.close();
  });

  it('rejects, without an unhandled rejection, when the database is gone', async () => {
    db = openDatabase(':memory:');
    const writer = new HistoryWriter(new History(db), db);
    const pending = writer.write(exchange(1));
    db.close();
    db = null;
    await expect(pending).rejects.toThrow();
  });
});
