// The long runs over the contract (browser-mode HTTP and its SSE events): conformance grading and
// signed load against the real Demo catalog local connector, their progress, cancel and guard rails.

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  ApiClient,
  ConformanceProgressDto,
  LoadProgressDto,
  LocalConnectorDto,
  Result,
} from '../../../src/shared/index.ts';
import { httpTransport } from './transports.ts';
import type { TransportUnderTest } from './transports.ts';

function data<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.data;
}

function errorOf<T>(result: Result<T>): { code: string; message: string } {
  if (result.ok) throw new Error('expected an error, got ok');
  return result.error;
}

describe('conformance and load runs over the contract', () => {
  let t: TransportUnderTest;
  let api: ApiClient;
  let demo: LocalConnectorDto;
  const target = () => ({ kind: 'local' as const, id: demo.id });

  beforeAll(async () => {
    t = await httpTransport();
    api = t.client;
    const listed = data(await api.call('local:list', undefined));
    demo = data(await api.call('local:start', { id: listed.find((l) => l.name === 'Demo catalog')!.id }));
  });
  afterAll(() => t?.close());

  describe('conformance', () => {
    it('grades the Demo catalog conformant and pushes one progress event per check', async () => {
      const events: ConformanceProgressDto[] = [];
      const off = api.on('conformance:progress', (p) => events.push(p));
      try {
        const report = data(
          await api.call('conformance:run', { runId: 'grade-1', target: target(), skewSeconds: 300 }),
        );
        expect(report).toMatchObject({
          runId: 'grade-1',
          aborted: false,
          unreachable: null,
          skewSeconds: 300,
        });
        expect(report.summary.conformant).toBe(true);
        expect(report.summary.failedByLevel.must).toBe(0);
        expect(report.checks.length).toBeGreaterThan(20);
        await vi.waitFor(() => expect(events).toHaveLength(report.checks.length));
        expect(events.every((e) => e.runId === 'grade-1')).toBe(true);
        expect(events.map((e) => e.index)).toEqual(report.checks.map((_c, i) => i));
        expect(events.map((e) => e.check.id)).toEqual(report.checks.map((c) => c.id));
        expect(JSON.stringify(report)).not.toContain(demo.definition.signingSecret as string);
        // One run in History: one request of each check that passed (all of them, here).
        expect(report.history.label).toBe('conformance-run:grade-1');
        const withRequests = report.checks.filter((c) => c.sent !== null).length;
        expect(report.history.kept).toBeGreaterThan(0);
        expect(report.history.kept).toBeLessThanOrEqual(withRequests);
        const kept = data(
          await api.call('history:count', { filter: { id: report.history.label, direction: 'outgoing' } }),
        );
        expect(kept.total).toBe(report.history.kept);
      } finally {
        off();
      }
    });

    it('exports the last report as JSON and as JUnit, without the secret', async () => {
      const json = data(await api.call('conformance:export', { runId: 'grade-1', format: 'json' }));
      expect(json.filename).toMatch(/^conformance-.+\.json$/);
      expect(JSON.parse(json.text).summary.conformant).toBe(true);
      const junit = data(await api.call('conformance:export', { runId: 'grade-1', format: 'junit' }));
      expect(junit.mime).toBe('application/xml');
      expect(junit.text).toContain('<testsuite ');
      expect(junit.text).toContain('failures="0"');
      for (const text of [json.text, junit.text])
        expect(text).not.toContain(demo.definition.signingSecret as string);
      expect(errorOf(await api.call('conformance:export', { runId: 'never-ran', format: 'json' })).code).toBe(
        'not_found',
      );
    });

    it('refuses a second run while one is going, and a cancelled run is never conformant', async () => {
      let first: ConformanceProgressDto | null = null;
      const off = api.on('conformance:progress', (p) => (first ??= p));
      try {
        const running = api.call('conformance:run', { runId: 'cancel-me', target: target() });
        await vi.waitFor(() => expect(first).not.toBeNull());
        const second = errorOf(await api.call('conformance:run', { target: target() }));
        expect(second.code).toBe('busy');
        expect(second.message).toContain('cancel-me');
        expect(data(await api.call('conformance:cancel', { runId: 'cancel-me' }))).toEqual({
          cancelled: true,
        });
        const report = data(await running);
        expect(report.aborted).toBe(true);
        expect(report.summary.conformant).toBe(false);
        expect(report.checks.length).toBeLessThan(first!.total);
        // The slot is free again, and cancelling a finished run is a harmless no-op.
        expect(data(await api.call('conformance:cancel', { runId: 'cancel-me' }))).toEqual({
          cancelled: false,
        });
      } finally {
        off();
      }
    });

    it('says plainly when the local connector is not running', async () => {
      const listed = data(await api.call('local:list', undefined));
      const created = data(
        await api.call('local:save', { definition: { ...demo.definition, name: 'Stopped copy', port: 0 } }),
      );
      expect(listed.length).toBeGreaterThan(0);
      const error = errorOf(await api.call('conformance:run', { target: { kind: 'local', id: created.id } }));
      expect(error.code).toBe('not_running');
    });
  });

  describe('load', () => {
    it('sends a counted, rate-limited load and reports percentiles, a timeline and progress', async () => {
      const events: LoadProgressDto[] = [];
      const off = api.on('load:progress', (p) => events.push(p));
      try {
        const report = data(
          await api.call('load:run', {
            runId: 'load-1',
            target: target(),
            request: { kind: 'type', type: 'ping' },
            connections: 2,
            requests: 30,
            rate: 20,
            thresholds: ['errors<1%', 'p99<5s'],
          }),
        );
        expect(report).toMatchObject({
          runId: 'load-1',
          requests: 30,
          ok: 30,
          aborted: false,
          passed: true,
          request: 'ping',
        });
        expect(report.errors.total).toBe(0);
        expect(report.percentiles.length).toBeGreaterThan(5);
        expect(report.latency.p99).toBeGreaterThan(0);
        expect(report.latency.p50).toBeLessThanOrEqual(report.latency.p99);
        expect(report.timeline.length).toBeGreaterThan(0);
        expect(report.thresholds.map((x) => x.ok)).toEqual([true, true]);
        await vi.waitFor(() => expect(events.length).toBeGreaterThan(0));
        expect(events[0]).toMatchObject({ runId: 'load-1', plannedRequests: 30, plannedMs: null });
      } finally {
        off();
      }
    });

    it('keeps one run in History: a sample of its requests at both ends, not one row per request', async () => {
      const report = data(
        await api.call('load:run', {
          runId: 'sampled-1',
          target: target(),
          request: { kind: 'type', type: 'ping' },
          connections: 4,
          requests: 300,
        }),
      );
      expect(report.ok).toBe(300);
      expect(report.history).toEqual({ label: 'load-run:sampled-1', kept: 20 });
      const count = async (direction: 'outgoing' | 'incoming') =>
        data(await api.call('history:count', { filter: { id: 'load-run:sampled-1', direction } })).total;
      expect(await count('outgoing')).toBe(20);
      // The local connector saw the run's label as trace id and kept the same kind of sample.
      await vi.waitFor(async () => expect(await count('incoming')).toBe(20));
    });

    it("keeps every kind of failure of a run: the first ones of each, beyond the run's sample", async () => {
      const report = data(
        await api.call('load:run', {
          runId: 'failing-1',
          target: target(),
          request: { kind: 'tool', tool: 'no_such_tool', parameters: {} },
          connections: 2,
          requests: 100,
        }),
      );
      expect(report.errors.total).toBe(100);
      // The first 20 of the run, then the first 20 more of its one kind of failure.
      expect(report.history.kept).toBe(40);
      const page = data(
        await api.call('history:page', {
          filter: { id: 'load-run:failing-1', direction: 'outgoing' },
          limit: 100,
        }),
      );
      expect(page.items).toHaveLength(40);
      expect(new Set(page.items.map((e) => e.verdict))).toEqual(new Set(['unknown_tool']));
    });

    it('invokes a tool with its parameters and counts its answers', async () => {
      const report = data(
        await api.call('load:run', {
          target: target(),
          request: { kind: 'tool', tool: 'no_such_tool', parameters: {} },
          connections: 1,
          requests: 5,
        }),
      );
      expect(report.requests).toBe(5);
      expect(report.errors.byCode).toEqual([expect.objectContaining({ code: 'unknown_tool', count: 5 })]);
    });

    it('stops a run when the testbench closes, and refuses new runs while closing', async () => {
      const other = await httpTransport();
      try {
        const list = data(await other.client.call('local:list', undefined));
        const local = data(
          await other.client.call('local:start', { id: list.find((l) => l.name === 'Demo catalog')!.id }),
        );
        // Called on the handlers directly: the HTTP server goes away with the backend.
        const running = other.backend.handlers['load:run']({
          target: { kind: 'local', id: local.id },
          request: { kind: 'type', type: 'ping' },
          connections: 1,
          durationMs: 60_000,
          rate: 20,
        });
        const started = Date.now();
        await new Promise((r) => setTimeout(r, 300));
        await other.backend.close();
        const report = await running;
        expect(report.aborted).toBe(true);
        expect(Date.now() - started).toBeLessThan(20_000);
        await expect(
          Promise.resolve().then(() =>
            other.backend.handlers['load:run']({
              target: { kind: 'local', id: local.id },
              request: { kind: 'type', type: 'ping' },
              connections: 1,
              requests: 1,
            }),
          ),
        ).rejects.toMatchObject({ code: 'shutting_down' });
      } finally {
        await other.close();
      }
    });

    it('stops when cancelled and reports what was sent until then', async () => {
      let progressed = false;
      const off = api.on('load:progress', () => (progressed = true));
      try {
        const running = api.call('load:run', {
          runId: 'long-load',
          target: target(),
          request: { kind: 'type', type: 'ping' },
          connections: 1,
          durationMs: 60_000,
          rate: 50,
        });
        await vi.waitFor(() => expect(progressed).toBe(true), { timeout: 5000 });
        expect(
          errorOf(
            await api.call('load:run', {
              target: target(),
              request: { kind: 'type', type: 'ping' },
              connections: 1,
              requests: 1,
            }),
          ).code,
        ).toBe('busy');
        expect(data(await api.call('load:cancel', { runId: 'long-load' }))).toEqual({ cancelled: true });
        const report = data(await running);
        expect(report.aborted).toBe(true);
        expect(report.durationMs).toBeLessThan(60_000);
        expect(report.requests).toBeGreaterThan(0);
      } finally {
        off();
      }
    });

    it.each([
      [{ connections: 257, requests: 10 }, 'connections', 'capped at 256'],
      [{ connections: 1, durationMs: 120_001 }, 'durationMs', 'capped at 120000'],
      [{ connections: 1, durationMs: 1000, requests: 10 }, 'requests', 'exactly one'],
      [{ connections: 1 }, 'durationMs', 'exactly one'],
      [{ connections: 0, requests: 10 }, 'connections', 'at least 1'],
      [
        { connections: 1, requests: 10, thresholds: ['p99 < fast'] },
        'thresholds',
        'bad threshold "p99 < fast"',
      ],
    ])('refuses %j before sending anything', async (fields, field, message) => {
      const error = errorOf(
        await api.call('load:run', {
          target: target(),
          request: { kind: 'type', type: 'ping' },
          ...fields,
        } as never),
      );
      expect(error.code).toBe('validation_error');
      expect(error.message).toContain(message);
      expect((error as { details?: { field?: string } }).details?.field).toBe(field);
    });

    it('sends load only to loopback targets unless the user confirms', async () => {
      const input = {
        target: { kind: 'url' as const, url: 'http://203.0.113.7:8080/service', secret: 'whsec_test' },
        request: { kind: 'type' as const, type: 'ping' as const },
        connections: 1,
        requests: 1,
      };
      const error = errorOf(await api.call('load:run', input));
      expect(error.code).toBe('not_loopback');
      expect(error.message).toContain('203.0.113.7:8080');
    });
  });
});
