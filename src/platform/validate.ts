// Strict validation of connection input (create and partial update): unknown fields refused,
// every type checked, every message naming the field, so a client mistake is a 400 and never a 500.

import { PlatformError } from './errors.ts';

export const TIMEOUT_RANGE_MS = { min: 100, max: 120_000 } as const;
export const MAX_NAME_LENGTH = 200;
const MAX_URL_LENGTH = 2048;
const MAX_SECRET_LENGTH = 1024;

export interface ConnectionInput {
  name?: string;
  webhook_url?: string | null;
  signing_secret?: string;
  enabled?: boolean;
  workspace_id?: string | null;
  timeout_ms?: number;
}

const FIELDS = new Set(['name', 'webhook_url', 'signing_secret', 'enabled', 'workspace_id', 'timeout_ms']);

function invalid(field: string, message: string): never {
  throw new PlatformError('validation_error', `${field} ${message}`, { field });
}

export function parseConnectionInput(input: unknown, mode: 'create' | 'update'): ConnectionInput {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new PlatformError('validation_error', 'the body must be a JSON object');
  const raw = input as Record<string, unknown>;
  for (const key of Object.keys(raw)) if (!FIELDS.has(key)) invalid(key, 'is not a field of a connection');
  const out: ConnectionInput = {};

  if (raw.name !== undefined || mode === 'create') {
    if (typeof raw.name !== 'string')
      invalid('name', raw.name === undefined ? 'is required' : 'must be a string');
    const name = raw.name.trim();
    if (name === '') invalid('name', 'must not be empty');
    if (name.length > MAX_NAME_LENGTH) invalid('name', `must be at most ${MAX_NAME_LENGTH} characters`);
    out.name = name;
  }
  if (raw.webhook_url !== undefined) {
    if (raw.webhook_url === null) out.webhook_url = null;
    else {
      if (typeof raw.webhook_url !== 'string') invalid('webhook_url', 'must be a string');
      const url = raw.webhook_url.trim();
      if (url.length > MAX_URL_LENGTH) invalid('webhook_url', `must be at most ${MAX_URL_LENGTH} characters`);
      if (!URL.canParse(url))
        invalid(
          'webhook_url',
          `must be an absolute URL such as https://connector.example.com/service, got "${url.slice(0, 80)}"`,
        );
      const scheme = new URL(url).protocol;
      if (scheme !== 'https:' && scheme !== 'http:')
        invalid('webhook_url', `must use https (or http in dev mode), not ${scheme}`);
      out.webhook_url = url;
    }
  }
  if (raw.signing_secret !== undefined) {
    if (typeof raw.signing_secret !== 'string')
      invalid('signing_secret', 'must be a string (empty to generate one)');
    if (raw.signing_secret.length > MAX_SECRET_LENGTH)
      invalid('signing_secret', `must be at most ${MAX_SECRET_LENGTH} characters`);
    out.signing_secret = raw.signing_secret;
  }
  if (raw.enabled !== undefined) {
    if (typeof raw.enabled !== 'boolean') invalid('enabled', 'must be true or false');
    out.enabled = raw.enabled;
  }
  if (raw.workspace_id !== undefined) {
    if (raw.workspace_id !== null && (typeof raw.workspace_id !== 'string' || raw.workspace_id === ''))
      invalid('workspace_id', 'must be a workspace id or null');
    out.workspace_id = raw.workspace_id as string | null;
  }
  if (raw.timeout_ms !== undefined) {
    const t = raw.timeout_ms;
    if (typeof t !== 'number' || !Number.isInteger(t) || t < TIMEOUT_RANGE_MS.min || t > TIMEOUT_RANGE_MS.max)
      invalid('timeout_ms', `must be an integer from ${TIMEOUT_RANGE_MS.min} to ${TIMEOUT_RANGE_MS.max}`);
    out.timeout_ms = t;
  }
  return out;
}
