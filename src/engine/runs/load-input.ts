// Checks of a `load:run` input at the bridge: the request, how hard and how long (capped by the
// guard rails of src/shared LOAD_LIMITS), and the thresholds, checked by the parser `ctb load` uses too.

import type { LoadRequestSpec } from '../../load/index.ts';
import { LOAD_LIMITS, ThresholdError, parseThreshold } from '../../shared/index.ts';
import { validationError } from '../errors.ts';
import { objectInput, oneOf, onlyKeys, optionalBoolean, optionalObject, requiredString } from '../input.ts';
import type { Obj } from '../input.ts';

export interface ParsedLoadInput {
  request: LoadRequestSpec;
  connections: number;
  durationMs: number;
  requests: number | undefined;
  rate: number | undefined;
  thresholds: string[];
  allowNonLoopback: boolean;
}

const FIELDS = [
  'runId',
  'target',
  'request',
  'connections',
  'durationMs',
  'requests',
  'rate',
  'thresholds',
  'allowNonLoopback',
];

function boundedNumber(
  obj: Obj,
  field: string,
  min: number,
  max: number,
  what: string,
  integer = true,
): number | undefined {
  const v = obj[field];
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v) || (integer && !Number.isInteger(v)))
    throw validationError(`${field} must be ${integer ? 'a whole number' : 'a number'}`, field);
  if (v < min) throw validationError(`${field} must be at least ${min}`, field);
  if (v > max) throw validationError(`${what} is capped at ${max} in the app (use ctb load for more)`, field);
  return v;
}

function parseRequest(raw: unknown): LoadRequestSpec {
  const request = objectInput(raw, 'request');
  const kind = oneOf(request, 'kind', ['type', 'tool'] as const)!;
  if (kind === 'type') {
    onlyKeys(request, ['kind', 'type'], 'request');
    return { kind, type: oneOf(request, 'type', ['ping', 'capabilities.list', 'tools.list'] as const)! };
  }
  onlyKeys(request, ['kind', 'tool', 'parameters'], 'request');
  return {
    kind,
    tool: requiredString(request, 'tool', 200),
    parameters: optionalObject(request, 'parameters') ?? {},
  };
}

function parseThresholds(raw: unknown): string[] {
  if (raw === undefined) return [];
  if (
    !Array.isArray(raw) ||
    raw.length > LOAD_LIMITS.maxThresholds ||
    raw.some((t) => typeof t !== 'string' || t.length > 100)
  )
    throw validationError(
      `thresholds must be a list of at most ${LOAD_LIMITS.maxThresholds} expressions`,
      'thresholds',
    );
  for (const t of raw as string[]) {
    try {
      parseThreshold(t);
    } catch (error) {
      if (error instanceof ThresholdError) throw validationError(error.message, 'thresholds');
      throw error;
    }
  }
  return raw as string[];
}

export function parseLoadInput(input: Obj): ParsedLoadInput {
  onlyKeys(input, FIELDS, 'load:run');
  if (input.connections === undefined) throw validationError('connections is required', 'connections');
  const connections = boundedNumber(input, 'connections', 1, LOAD_LIMITS.maxConnections, 'connections')!;
  const durationMs = boundedNumber(input, 'durationMs', 100, LOAD_LIMITS.maxDurationMs, 'the duration (ms)');
  const requests = boundedNumber(input, 'requests', 1, LOAD_LIMITS.maxRequests, 'the number of requests');
  if ((durationMs === undefined) === (requests === undefined))
    throw validationError(
      'give either durationMs or requests (exactly one)',
      durationMs === undefined ? 'durationMs' : 'requests',
    );
  return {
    request: parseRequest(input.request),
    connections,
    // A run by count still stops at the duration cap: a slow target must not hold the engine for hours.
    durationMs: durationMs ?? LOAD_LIMITS.maxDurationMs,
    requests,
    rate: boundedNumber(input, 'rate', 0.1, LOAD_LIMITS.maxRate, 'the rate (requests/s)', false),
    thresholds: parseThresholds(input.thresholds),
    allowNonLoopback: optionalBoolean(input, 'allowNonLoopback') ?? false,
  };
}
