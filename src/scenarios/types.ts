// The shapes of a scenario file (resources/scenario.schema.json) once read, and of what running a
// collection reports: per step pass/fail, the expected and actual values, and the signature diagnosis.

import type { Diagnosis, RequestType } from '../protocol/index.ts';

export type FaultName =
  | 'skew-offset'
  | 'wrong-secret'
  | 'tamper-body'
  | 'drop-header'
  | 'header-case'
  | 'protocol-version'
  | 'replay';

export interface ScenarioFaults {
  'skew-offset'?: number;
  'wrong-secret'?: boolean;
  'tamper-body'?: boolean;
  'drop-header'?: string[];
  'header-case'?: 'upper' | 'lower' | 'mixed';
  'protocol-version'?: string;
  replay?: boolean;
}

export interface ScenarioRequest {
  type: RequestType;
  tool?: string;
  parameters?: Record<string, unknown>;
  rawBody?: string;
  signedBody?: string;
  signingSecret?: string;
  timestamp?: string;
  headers?: Record<string, string>;
}

export interface ScenarioExpect {
  status?: number;
  type?: 'pong' | 'capabilities' | 'tools' | 'result' | 'error';
  code?: string;
  output?: unknown;
  outputSchema?: Record<string, unknown>;
  maxDurationMs?: number;
  diagnosis?: { verdict?: 'valid' | 'invalid'; failedCheck?: string; cause?: string };
}

export interface ScenarioStep {
  name: string;
  request: ScenarioRequest;
  faults?: ScenarioFaults;
  expect?: ScenarioExpect;
  capture?: Record<string, string>;
  /** 1-based line of the step in its file, for messages. */
  line: number;
}

export interface Scenario {
  file: string;
  name: string;
  description?: string;
  variables: Record<string, unknown>;
  steps: ScenarioStep[];
}

export interface Mismatch {
  /** What was checked, e.g. `status`, `output.items[0].sku`, `diagnosis.cause`. */
  field: string;
  expected: unknown;
  actual: unknown;
}

export interface StepResult {
  scenario: string;
  file: string;
  step: string;
  line: number;
  passed: boolean;
  mismatches: Mismatch[];
  /** A step that could not be sent (unknown variable...) says why. */
  error: string | null;
  status: number | null;
  answerType: string | null;
  code: string | null;
  durationMs: number;
  /** Faults applied, as the signing client describes them. */
  faults: string[];
  /** The testbench's diagnosis of what it sent, with the target's secret. */
  diagnosis: Diagnosis | null;
  /** History id of the exchange, when the run records into a History. */
  exchangeId: number | null;
}

export interface RunReport {
  target: string;
  startedAt: string;
  durationMs: number;
  scenarios: number;
  steps: number;
  passed: number;
  failed: number;
  /** Steps not run because of --bail. */
  skipped: number;
  results: StepResult[];
}
