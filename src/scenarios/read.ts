// Reading scenario files: YAML or JSON, checked against resources/scenario.schema.json, every error
// naming the file, the line and the field with what was expected. A folder is a collection.

import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject } from 'ajv';
import { isMap, isNode, LineCounter, parseDocument } from 'yaml';
import type { Document } from 'yaml';
import schema from '../../resources/scenario.schema.json' with { type: 'json' };
import type { Scenario, ScenarioStep } from './types.ts';

export const SCENARIO_EXTENSIONS = ['.yaml', '.yml', '.json'];
const ENV_FILE = /\.env\.(ya?ml|json)$/;

export class ScenarioFileError extends Error {
  readonly file: string;
  readonly line: number | null;
  constructor(file: string, line: number | null, message: string) {
    super(`${file}${line === null ? '' : `:${line}`}: ${message}`);
    this.name = 'ScenarioFileError';
    this.file = file;
    this.line = line;
  }
}

const ajv = new Ajv2020({ allErrors: true, strict: false });
const validateScenario = ajv.compile(schema);

/** The scenario files of a path: the file itself, or a folder's files (sorted, sub-folders included). */
export async function scenarioFiles(path: string): Promise<string[]> {
  const info = await stat(path).catch(() => null);
  if (!info) throw new ScenarioFileError(path, null, 'no such file or folder');
  if (info.isFile()) return [path];
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (SCENARIO_EXTENSIONS.includes(extname(entry.name)) && !ENV_FILE.test(entry.name))
        out.push(full);
    }
  };
  await walk(path);
  if (out.length === 0)
    throw new ScenarioFileError(path, null, 'no scenario files (.yaml, .yml or .json) in this folder');
  return out;
}

export async function readCollection(path: string, base = process.cwd()): Promise<Scenario[]> {
  const files = await scenarioFiles(path);
  return Promise.all(
    files.map(async (f) => {
      // Shown relative to where the user stands, unless that climbs out of it.
      const shown = relative(base, f);
      return parseScenario(await readFile(f, 'utf8'), shown && !shown.startsWith('..') ? shown : f);
    }),
  );
}

/** One scenario file's text -> a Scenario, or a ScenarioFileError at the first problem's line. */
export function parseScenario(text: string, file: string): Scenario {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const e = doc.errors[0];
    throw new ScenarioFileError(
      file,
      lines.linePos(e.pos[0]).line,
      e.message.split(' at line ')[0].split('\n')[0],
    );
  }
  const value = doc.toJS({ maxAliasCount: 100 }) as unknown;
  if (!validateScenario(value)) {
    const error = mostUseful(validateScenario.errors ?? []);
    throw new ScenarioFileError(file, lineOf(doc, lines, error.instancePath), describe(error));
  }
  const raw = value as Record<string, unknown> & { steps?: Array<Record<string, unknown>> };
  const stepsRaw = raw.steps ?? [
    { name: raw.name, request: raw.request, faults: raw.faults, expect: raw.expect, capture: raw.capture },
  ];
  const steps = stepsRaw.map((s, i): ScenarioStep => ({
    name: typeof s.name === 'string' ? s.name : `step ${i + 1}`,
    request: s.request as ScenarioStep['request'],
    faults: s.faults as ScenarioStep['faults'],
    expect: s.expect as ScenarioStep['expect'],
    capture: s.capture as ScenarioStep['capture'],
    line: (raw.steps ? lineOf(doc, lines, `/steps/${i}`) : lineOf(doc, lines, '/request')) ?? 1,
  }));
  return {
    file,
    name: raw.name as string,
    description: raw.description as string | undefined,
    variables: (raw.variables ?? {}) as Record<string, unknown>,
    steps,
  };
}

/** A oneOf/if failure says little; the most specific error under it says what to change. */
function mostUseful(errors: ErrorObject[]): ErrorObject {
  const specific = errors.filter((e) => !['oneOf', 'if', 'anyOf', 'not'].includes(e.keyword));
  const pool = specific.length > 0 ? specific : errors;
  return pool.reduce((best, e) => (e.instancePath.length > best.instancePath.length ? e : best), pool[0]);
}

function describe(e: ErrorObject): string {
  const at = e.instancePath
    ? e.instancePath
        .slice(1)
        .replace(/\/(\d+)(?=\/|$)/g, '[$1]')
        .replace(/\//g, '.')
    : 'the file';
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties':
      return `${at}: unknown field "${String(p.additionalProperty)}"`;
    case 'required':
      return `${at}: missing "${String(p.missingProperty)}"`;
    case 'enum':
      return `${at}: expected one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'oneOf':
      return `${at}: give either request (one step) or steps (several), not both`;
    case 'anyOf':
      return `${at}: tool.invoke needs "tool" (or a rawBody)`;
    default:
      return `${at}: ${e.message ?? 'invalid'}`;
  }
}

function lineOf(doc: Document, lines: LineCounter, pointer: string): number | null {
  const path = pointer
    .split('/')
    .slice(1)
    .map((k) => (/^\d+$/.test(k) ? Number(k) : k.replace(/~1/g, '/').replace(/~0/g, '~')));
  // The deepest node that exists: a missing field is reported where its parent starts.
  for (let n = path.length; n >= 0; n--) {
    const node = n === 0 ? doc.contents : doc.getIn(path.slice(0, n), true);
    if (isNode(node) && node.range) {
      // A map's own range starts at its first key; a key's line is where a reader looks.
      const offset =
        isMap(node) && n > 0 ? (keyOffset(doc, path.slice(0, n)) ?? node.range[0]) : node.range[0];
      return lines.linePos(offset).line;
    }
  }
  return null;
}

function keyOffset(doc: Document, path: Array<string | number>): number | null {
  const parent = path.length === 1 ? doc.contents : doc.getIn(path.slice(0, -1), true);
  if (!isMap(parent)) return null;
  const pair = parent.items.find(
    (i) => isNode(i.key) && (i.key as { value?: unknown }).value === path.at(-1),
  );
  return pair && isNode(pair.key) && pair.key.range ? pair.key.range[0] : null;
}
