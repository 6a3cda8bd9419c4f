// Flag parsing shared by the `ctb` commands: every bad value becomes one UsageError line (exit 2)
// naming the flag, what arrived and what was expected, instead of a commander or stack trace.

import { readFile } from 'node:fs/promises';
import { UsageError } from './errors.ts';

export type HeaderCase = 'upper' | 'lower' | 'mixed';

/** Accumulates a repeatable flag (`--secret a --secret b`). */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

export function parseInteger(flag: string, options: { min?: number; max?: number } = {}) {
  return (value: string): number => {
    const text = value.trim();
    if (!/^[+-]?\d+$/.test(text))
      throw new UsageError(`${flag} expects a whole number, got "${clip(value)}"`);
    const n = Number(text);
    // Past 2^53 the number is no longer the digits typed: refuse rather than silently round.
    if (!Number.isSafeInteger(n)) throw new UsageError(`${flag} is out of range, got "${clip(value)}"`);
    if (options.min !== undefined && n < options.min)
      throw new UsageError(`${flag} must be at least ${options.min}, got ${n}`);
    if (options.max !== undefined && n > options.max)
      throw new UsageError(`${flag} must be at most ${options.max}, got ${n}`);
    return n;
  };
}

export const parsePort = (flag = '--port') => parseInteger(flag, { min: 0, max: 65535 });

/** Unix seconds to sign or to compare against: a plain base-10 integer, nothing else. */
export function parseUnixSeconds(flag: string) {
  return (value: string): number => {
    if (!/^\d{1,11}$/.test(value.trim()))
      throw new UsageError(`${flag} expects unix seconds (a whole number), got "${clip(value)}"`);
    return Number(value.trim());
  };
}

export function parseHttpUrl(flag = '--url') {
  return (value: string): string => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new UsageError(`${flag} expects an http:// or https:// URL, got "${clip(value)}"`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new UsageError(`${flag} expects an http:// or https:// URL, got the scheme "${url.protocol}"`);
    return url.toString();
  };
}

/** A JSON object given on the command line (`--params`, `--identity`). */
export function parseJsonObject(flag: string) {
  return (value: string): Record<string, unknown> => parseJsonObjectText(flag, value);
}

function parseJsonObjectText(flag: string, text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${flag} is not valid JSON (${(error as Error).message})`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new UsageError(
      `${flag} must be a JSON object like {"sku":"SKU-1001"}, got ${parsed === null ? 'null' : Array.isArray(parsed) ? 'an array' : typeof parsed}`,
    );
  return parsed as Record<string, unknown>;
}

/**
 * A value that goes into an HTTP header as typed: visible ASCII and spaces only, so a stray newline
 * or accent is a usage error here instead of a network error after the request was built.
 */
export function parseHeaderValue(flag: string, options: { allowEmpty?: boolean } = {}) {
  return (value: string): string => {
    if (value === '' && !options.allowEmpty) throw new UsageError(`${flag} must not be empty`);
    if (!/^[\x20-\x7e]*$/.test(value) || value.length > 200)
      throw new UsageError(
        `${flag} must be at most 200 printable ASCII characters (it goes into an HTTP header), got ${JSON.stringify(clip(value))}`,
      );
    return value;
  };
}

export function parseHeaderCase(value: string): HeaderCase {
  if (value === 'upper' || value === 'lower' || value === 'mixed') return value;
  throw new UsageError(`--header-case expects upper, lower or mixed, got "${clip(value)}"`);
}

/** `--header NAME:VALUE` (also `Name: value`, as copied from a log), repeatable. */
export function collectHeader(
  value: string,
  previous: Array<[string, string]> | undefined,
): Array<[string, string]> {
  const colon = value.indexOf(':');
  const name = colon < 0 ? '' : value.slice(0, colon).trim();
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
    throw new UsageError(
      `--header expects NAME:VALUE (for example x-service-timestamp:1763700000), got "${clip(value)}"`,
    );
  return [...(previous ?? []), [name, value.slice(colon + 1).trim()]];
}

/** The connector URL from --url, else CTB_URL (checked like the flag); a usage error without. */
export function requireUrl(flagValue: string | undefined): string {
  const url = flagValue ?? (process.env.CTB_URL ? parseHttpUrl('CTB_URL')(process.env.CTB_URL) : undefined);
  if (!url)
    throw new UsageError(
      'a connector URL is needed: pass --url URL (e.g. http://127.0.0.1:4020/service) or set CTB_URL',
    );
  return url;
}

/** The secret from the flag, else CTB_SECRET; callers that need one get a usage error without. */
export function requireSecret(flagValue: string | undefined): string {
  const secret = flagValue ?? process.env.CTB_SECRET;
  if (secret === undefined || secret === '')
    throw new UsageError('a signing secret is needed: pass --secret SECRET or set CTB_SECRET');
  return secret;
}

/** Candidate secrets of `explain`: every --secret in order, else CTB_SECRET. */
export function requireSecrets(flagValues: string[] | undefined): string[] {
  if (flagValues && flagValues.length > 0) {
    if (flagValues.some((s) => s === '')) throw new UsageError('--secret must not be empty');
    return flagValues;
  }
  return [requireSecret(undefined)];
}

export interface BodySource {
  body?: string;
  bodyFile?: string;
}

/**
 * The exact bytes to sign or check: --body, --body-file, or standard input. A terminal on stdin
 * would wait forever for a body nobody types, so that is bad usage rather than a hang.
 */
export async function readBody(source: BodySource): Promise<Buffer> {
  if (source.body !== undefined && source.bodyFile !== undefined)
    throw new UsageError('give the body once: --body or --body-file, not both');
  if (source.body !== undefined) return Buffer.from(source.body, 'utf8');
  if (source.bodyFile !== undefined) return readFlagFile('--body-file', source.bodyFile);
  if (process.stdin.isTTY)
    throw new UsageError('no body: pass --body-file FILE, --body TEXT, or pipe the body on standard input');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function readJsonObjectFile(flag: string, file: string): Promise<Record<string, unknown>> {
  return parseJsonObjectText(`${flag} ${file}`, (await readFlagFile(flag, file)).toString('utf8'));
}

/** A file named by a flag; a missing or unreadable one is bad usage, not a crash. */
async function readFlagFile(flag: string, file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      `cannot read ${flag} ${file}: ${code === 'ENOENT' ? 'no such file' : (code ?? (error as Error).message)}`,
    );
  }
}

function clip(value: string, max = 60): string {
  return value.length > max ? `${value.slice(0, max)}…` : value;
}
