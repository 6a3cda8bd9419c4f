// The Scenarios use-case: one collection folder the user chose, its files listed, read, checked,
// written, watched and run, every exchange of a run kept in History under the run's label.

import { randomUUID } from 'node:crypto';
import { existsSync, watch } from 'node:fs';
import type { FSWatcher } from 'node:fs';
import { mkdir, readFile, realpath, stat, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { stringify } from 'yaml';
import { parseScenario, runCollection, scenarioFiles, ScenarioFileError } from '../scenarios/index.ts';
import type { RunReport, ScenarioFaults, StepResult } from '../scenarios/index.ts';
import { exchangeDiagnosis, parseBounded } from '../client/index.ts';
import { exchangeOfCall } from '../platform/exchange-record.ts';
import type { History } from '../store/history.ts';
import { RUN_ID_PATTERN } from '../shared/index.ts';
import { EngineError, validationError } from './errors.ts';
import schema from '../../resources/scenario.schema.json' with { type: 'json' };

/** The scenario file schema, for the editor's completion and validation (a copy: callers may keep it). */
export const scenarioSchema = (): Record<string, unknown> =>
  structuredClone(schema) as Record<string, unknown>;

/** A scenario file bigger than this is not a hand-written case: refused rather than parsed. */
export const MAX_SCENARIO_BYTES = 256 * 1024;
const NAME_PATTERN = /^[A-Za-z0-9_.\- ]+(\/[A-Za-z0-9_.\- ]+)*\.(ya?ml|json)$/;

/** How a run's exchanges are labelled in History (the trace id column, searchable by the id filter). */
export const runLabel = (runId: string): string => `scenario-run:${runId}`;

/**
 * A scenario step's History verdict: what the connector answered (a case that expects
 * invalid_signature and gets it is recorded as invalid_signature, not as a red "ok" on a 401), and
 * in the message whether the step's expectation held.
 */
export function scenarioVerdict(
  result: Pick<StepResult, 'passed' | 'code' | 'status' | 'scenario'>,
  stepName: string,
): { code: string; message: string } {
  const answered =
    result.code ??
    (result.status === null || (result.status >= 200 && result.status < 300)
      ? null
      : `http_${result.status}`);
  if (result.passed)
    return {
      code: answered ?? 'ok',
      message: answered ? `${result.scenario} / ${stepName}: expectation met` : '',
    };
  return {
    code: answered ?? 'expectation_failed',
    message: `${result.scenario} / ${stepName}: expectation failed`,
  };
}

export interface ScenarioFileInfo {
  name: string;
  bytes: number;
  modifiedAt: number;
}

export interface ScenarioProblem {
  line: number | null;
  message: string;
}

export interface ScenarioRunTarget {
  url: string;
  secret: string;
  toleranceSeconds: number;
  connectionId?: string | null;
  localConnectorId?: string | null;
}

export interface ScenarioRunRequest {
  folder: string;
  /** Files to run, relative to the folder; all of them when absent. */
  files?: string[];
  target: ScenarioRunTarget;
  runId?: string;
  timeoutMs?: number;
  onStep?: (runId: string, result: StepResult) => void;
}

/** The collection the repository ships (examples/scenarios), found from where the app was started. */
export function defaultCollectionFolder(cwd = process.cwd()): string | null {
  const folder = resolve(cwd, 'examples', 'scenarios');
  return existsSync(folder) ? folder : null;
}

/** A collection folder: absolute, existing, a directory; its real path so later checks compare like with like. */
export async function collectionFolder(folder: string): Promise<string> {
  if (typeof folder !== 'string' || folder.trim() === '' || folder.length > 4096)
    throw validationError('folder must be a non-empty path', 'folder');
  const absolute = resolve(folder.trim());
  const info = await stat(absolute).catch(() => null);
  if (!info) throw new EngineError('not_found', `no such folder: ${absolute}`);
  if (!info.isDirectory()) throw validationError(`${absolute} is not a folder`, 'folder');
  // Gone between the two calls (deleted while open): the same answer as never there.
  const real = await realpath(absolute).catch(() => null);
  if (!real) throw new EngineError('not_found', `no such folder: ${absolute}`);
  return real;
}

/** A file name inside the folder: relative, no `..`, a scenario extension; refused otherwise. */
export function fileIn(folder: string, name: string): string {
  if (typeof name !== 'string' || name.length > 300 || isAbsolute(name) || !NAME_PATTERN.test(name))
    throw validationError(
      'file must be a relative name of letters, digits, _ . - and spaces ending in .yaml, .yml or .json',
      'file',
    );
  if (name.split('/').some((part) => part === '..' || part === '.' || part.startsWith('.')))
    throw validationError('file may not climb out of the collection folder', 'file');
  const full = join(folder, ...name.split('/'));
  if (!full.startsWith(folder + sep)) throw validationError('file must stay inside the folder', 'file');
  return full;
}

/** Refuses a file whose real path (after links) leaves the folder. */
async function realFileIn(folder: string, name: string): Promise<string> {
  const full = fileIn(folder, name);
  const real = await realpath(full).catch(() => null);
  if (!real) throw new EngineError('not_found', `no scenario file ${name} in ${folder}`);
  if (!real.startsWith(folder + sep))
    throw validationError(`${name} links outside the collection folder`, 'file');
  return real;
}

/** The engine's parser on a file's text: null when it is a valid scenario, else the line and message. */
export function checkScenarioText(name: string, text: string): ScenarioProblem | null {
  try {
    parseScenario(text, name);
    return null;
  } catch (error) {
    if (error instanceof ScenarioFileError)
      return {
        line: error.line,
        message: error.message.slice(`${error.file}${error.line === null ? '' : `:${error.line}`}: `.length),
      };
    throw error;
  }
}

export class Scenarios {
  private watcher: { folder: string; handle: FSWatcher } | null = null;

  private readonly deps: { history: History };

  constructor(deps: { history: History }) {
    this.deps = deps;
  }

  async list(rawFolder: string): Promise<{ folder: string; files: ScenarioFileInfo[] }> {
    const folder = await collectionFolder(rawFolder);
    const paths = await scenarioFiles(folder).catch((error: unknown) => {
      if (error instanceof ScenarioFileError) return [];
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new EngineError('not_found', `${folder} changed while it was being listed; open it again`);
      throw error;
    });
    const files = await Promise.all(
      paths.map(async (p) => {
        const info = await stat(p).catch(() => ({ size: 0, mtimeMs: 0 }));
        return { name: relative(folder, p).split(sep).join('/'), bytes: info.size, modifiedAt: info.mtimeMs };
      }),
    );
    return { folder, files };
  }

  async read(
    rawFolder: string,
    name: string,
  ): Promise<{ name: string; text: string; problem: ScenarioProblem | null }> {
    const folder = await collectionFolder(rawFolder);
    const path = await realFileIn(folder, name);
    const info = await stat(path);
    if (info.size > MAX_SCENARIO_BYTES)
      throw new EngineError(
        'too_large',
        `${name} is ${info.size} bytes; scenario files are capped at ${MAX_SCENARIO_BYTES}`,
      );
    const text = await readFile(path, 'utf8');
    return { name, text, problem: checkScenarioText(name, text) };
  }

  /** Writes the text as given (a broken file is saved too: the editor keeps the user's work) and says what is wrong. */
  async write(
    rawFolder: string,
    name: string,
    text: string,
    options: { create?: boolean } = {},
  ): Promise<{ name: string; problem: ScenarioProblem | null }> {
    const folder = await collectionFolder(rawFolder);
    const path = fileIn(folder, name);
    if (typeof text !== 'string') throw validationError('text must be a string', 'text');
    if (Buffer.byteLength(text) > MAX_SCENARIO_BYTES)
      throw validationError(`a scenario file is capped at ${MAX_SCENARIO_BYTES} bytes`, 'text');
    const exists = await stat(path).then(
      () => true,
      () => false,
    );
    if (options.create && exists)
      throw new EngineError('conflict', `${name} already exists in the collection`);
    if (exists) await realFileIn(folder, name);
    else {
      await mkdir(dirname(path), { recursive: true });
      const parent = await realpath(dirname(path));
      if (parent !== folder && !parent.startsWith(folder + sep))
        throw validationError(`${name} would be written outside the collection folder`, 'file');
    }
    await writeFile(path, text, options.create ? { flag: 'wx' } : {});
    return { name, problem: checkScenarioText(name, text) };
  }

  /** Watches one folder at a time (the one open in the UI); the listener hears each changed file name. */
  async watch(rawFolder: string, listener: (folder: string, file: string | null) => void): Promise<string> {
    const folder = await collectionFolder(rawFolder);
    if (this.watcher?.folder === folder) return folder;
    this.unwatch();
    // Not persistent: an open collection never keeps the CLI or a test process alive.
    const handle = watch(folder, { recursive: true, persistent: false }, (_event, file) =>
      listener(folder, file ? String(file).split(sep).join('/') : null),
    );
    handle.on('error', () => this.unwatch());
    this.watcher = { folder, handle };
    return folder;
  }

  unwatch(): void {
    this.watcher?.handle.close();
    this.watcher = null;
  }

  async run(r: ScenarioRunRequest): Promise<RunReport & { runId: string; label: string }> {
    const folder = await collectionFolder(r.folder);
    const runId = r.runId ?? randomUUID();
    if (!RUN_ID_PATTERN.test(runId))
      throw validationError('runId may hold letters, digits, _ and - only', 'runId');
    const names = r.files ?? (await this.list(folder)).files.map((f) => f.name);
    if (names.length === 0) throw new EngineError('not_found', `no scenario files in ${folder}`);
    const scenarios = [];
    for (const name of names) {
      const { text } = await this.read(folder, name);
      try {
        scenarios.push(parseScenario(text, name));
      } catch (error) {
        if (error instanceof ScenarioFileError)
          throw new EngineError('invalid_scenario', error.message, { file: name, line: error.line });
        throw error;
      }
    }
    const label = runLabel(runId);
    const history = this.deps.history;
    const report = await runCollection(
      scenarios,
      { url: r.target.url, secret: r.target.secret, toleranceSeconds: r.target.toleranceSeconds },
      {
        timeoutMs: r.timeoutMs,
        onStep: (result) => r.onStep?.(runId, result),
        record: (call, step, result) =>
          history.record(
            exchangeOfCall(call, {
              connectionId: r.target.connectionId ?? null,
              localConnectorId: r.target.localConnectorId ?? null,
              ...requestFacts(call.request.body),
              traceId: label,
              verdict: scenarioVerdict(result, step.name),
              diagnosis: exchangeDiagnosis({ signature: result.diagnosis }),
              faults: result.faults,
            }),
          ),
      },
    );
    return { ...report, runId, label };
  }

  /** A History exchange as a new scenario file: its request and faults, its answer as the expectation. */
  async saveFromExchange(rawFolder: string, exchangeId: number, name?: string): Promise<{ name: string }> {
    const folder = await collectionFolder(rawFolder);
    const exchange = this.deps.history.get(exchangeId);
    if (!exchange) throw new EngineError('not_found', `no exchange ${exchangeId} in History`);
    if (exchange.direction !== 'outgoing')
      throw validationError('only a request the testbench sent can become a scenario', 'exchangeId');
    const text = scenarioOfExchange(exchange);
    const base = name ?? defaultName(exchange.tool ?? exchange.requestType ?? 'request', exchangeId);
    fileIn(folder, base);
    let candidate = base;
    for (let n = 2; await exists(join(folder, ...candidate.split('/'))); n++)
      candidate = base.replace(/(\.(ya?ml|json))$/, `-${n}$1`);
    await this.write(folder, candidate, text, { create: true });
    return { name: candidate };
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** The body as a JSON object; null when it is not one, or nests too deep to write out as YAML. */
function jsonObject(body: Buffer): Record<string, unknown> | null {
  const parsed = parseBounded(body);
  if (parsed.kind !== 'json') return null;
  const v = parsed.value;
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

function defaultName(what: string, id: number): string {
  return `${what.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60)}-${id}.yaml`;
}

function requestFacts(body: Buffer): {
  requestType: string | null;
  tool: string | null;
  requestId: string | null;
} {
  try {
    const v = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    return {
      requestType: typeof v.type === 'string' ? v.type : null,
      tool: typeof v.tool === 'string' ? v.tool : null,
      requestId: typeof v.request_id === 'string' ? v.request_id : null,
    };
  } catch {
    // a byte-level case may send a body that is not JSON
    return { requestType: null, tool: null, requestId: null };
  }
}

/** The signing client's fault descriptions (src/client/faults.ts) back to the scenario file's names. */
export function faultsOfDescriptions(descriptions: unknown): ScenarioFaults | undefined {
  if (!Array.isArray(descriptions)) return undefined;
  const f: ScenarioFaults = {};
  for (const d of descriptions) {
    if (typeof d !== 'string') continue;
    let m;
    if ((m = /^clock skew ([+-]?\d+) s$/.exec(d))) f['skew-offset'] = Number(m[1]);
    else if (d === 'signed with a wrong secret') f['wrong-secret'] = true;
    else if (d === 'one body byte changed after signing') f['tamper-body'] = true;
    else if ((m = /^header (\S+) dropped$/.exec(d))) f['drop-header'] = [...(f['drop-header'] ?? []), m[1]];
    else if ((m = /^header names in (upper|lower|mixed) case$/.exec(d)))
      f['header-case'] = m[1] as 'upper' | 'lower' | 'mixed';
    else if ((m = /^protocol version "(.*)"$/.exec(d))) f['protocol-version'] = m[1];
    else if (d.startsWith('request delivered twice')) f.replay = true;
  }
  return Object.keys(f).length > 0 ? f : undefined;
}

export function scenarioOfExchange(e: {
  id: number;
  requestBody: Buffer;
  responseStatus?: number | null;
  responseBody: Buffer | null;
  faults?: unknown;
}): string {
  const sent = jsonObject(e.requestBody);
  if (!sent)
    throw validationError(
      'the exchange did not send a JSON request; write its scenario by hand',
      'exchangeId',
    );
  const type = typeof sent.type === 'string' ? sent.type : 'ping';
  const request: Record<string, unknown> = { type };
  if (type === 'tool.invoke') {
    request.tool = sent.tool;
    request.parameters = sent.parameters ?? {};
  }
  // A hostile answer nested thousands of levels deep is no expectation anyone can edit: status only.
  const answer = e.responseBody ? jsonObject(e.responseBody) : null;
  const expect: Record<string, unknown> = {};
  if (e.responseStatus != null) expect.status = e.responseStatus;
  if (answer && typeof answer.type === 'string') expect.type = answer.type;
  if (answer?.type === 'error' && typeof answer.code === 'string') expect.code = answer.code;
  if (answer?.type === 'result' && answer.output !== undefined) expect.output = answer.output;
  const name =
    type === 'tool.invoke'
      ? `${String(sent.tool)} as recorded (exchange ${e.id})`
      : `${type} as recorded (exchange ${e.id})`;
  const doc: Record<string, unknown> = { name, request };
  const faults = faultsOfDescriptions(e.faults);
  if (faults) doc.faults = faults;
  doc.expect = expect;
  return `# Saved from History exchange ${e.id}: its answer is the expectation; edit what must hold.\n${stringify(doc)}`;
}
