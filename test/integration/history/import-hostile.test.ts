// A History import is a file someone hands the testbench: nested 10,000 levels where a value is
// expected, it must be refused as a validation_error naming the problem, never an internal error.

import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_DEPTH, parseImport } from '../../../src/engine/history/import.ts';
import { JSON_FORMAT } from '../../../src/engine/history/export.ts';
import { EngineError } from '../../../src/engine/errors.ts';

const DEEP = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;

const exchange = (extra: string) =>
  `{"format":"${JSON_FORMAT}","version":1,"exchanges":[{"direction":"outgoing","method":"POST",` +
  `"url":"http://127.0.0.1:9/service","requestHeaders":[],"requestBodyBase64":"","verdict":"ok",` +
  `"startedAt":1${extra}}]}`;

const har = (postData: string) =>
  `{"log":{"entries":[{"startedDateTime":"2026-01-01T00:00:00Z","request":{"method":"POST",` +
  `"url":"http://127.0.0.1:9/service","headers":[],"postData":${postData}},"response":{"status":200,` +
  `"headers":[],"content":{"text":""}}}]}}`;

function refusal(content: string): EngineError {
  try {
    parseImport(content);
  } catch (error) {
    if (error instanceof EngineError) return error;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('History import of hostile files', () => {
  it.each([
    ['a diagnosis', exchange(`,"diagnosis":${DEEP}`)],
    ['the faults', exchange(`,"faults":${DEEP}`)],
    ['the HTTP status', exchange(`,"responseStatus":${DEEP}`)],
    ['a HAR body encoding', har(`{"text":"","_encoding":${DEEP}}`)],
  ])('refuses %s nested 10,000 levels deep as a validation_error', (_what, content) => {
    const error = refusal(content);
    expect(error.code).toBe('validation_error');
    expect(error.message).toContain(`deeper than ${MAX_IMPORT_DEPTH} levels`);
  });

  it('names a wrong but shallow value with a short preview of it', () => {
    const error = refusal(exchange(`,"responseStatus":["${'9'.repeat(100_000)}"]`));
    expect(error.code).toBe('validation_error');
    expect(error.message).toMatch(/HTTP status .*…\[cut\]/);
    expect(error.message.length).toBeLessThan(300);
  });

  it('still reads a file at the depth limit', () => {
    const nested = `${'{"a":'.repeat(MAX_IMPORT_DEPTH - 3)}1${'}'.repeat(MAX_IMPORT_DEPTH - 3)}`;
    expect(parseImport(exchange(`,"diagnosis":${nested}`))).toHaveLength(1);
  });
});
