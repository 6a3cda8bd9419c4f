// Contract shapes of the Scenarios screen: a collection folder's files, a file's text with what the
// engine's parser says of it, a run's per-step results, and the events of a watched folder and a run.

import type { TargetDto } from './types.ts';

export interface ScenarioFileDto {
  /** Relative to the collection folder, `/`-separated. */
  name: string;
  bytes: number;
  modifiedAt: number;
}

export interface ScenarioListDto {
  /** The folder's absolute real path: pass it back as is. */
  folder: string;
  files: ScenarioFileDto[];
}

/** Where the engine's parser stopped: the 1-based line (null when it has none) and what to change. */
export interface ScenarioProblemDto {
  line: number | null;
  message: string;
}

export interface ScenarioTextDto {
  name: string;
  text: string;
  problem: ScenarioProblemDto | null;
}

export interface ScenarioWriteInput {
  folder: string;
  file: string;
  text: string;
}

export interface ScenarioMismatchDto {
  field: string;
  expected: unknown;
  actual: unknown;
}

export interface ScenarioStepResultDto {
  scenario: string;
  file: string;
  step: string;
  line: number;
  passed: boolean;
  mismatches: ScenarioMismatchDto[];
  error: string | null;
  status: number | null;
  answerType: string | null;
  code: string | null;
  durationMs: number;
  faults: string[];
  /** The signature diagnosis of what was sent: verdict, failed check, likely cause. */
  diagnosis: {
    verdict: string;
    failedCheck: string | null;
    cause: { id: string; title: string } | null;
    summary: string;
  } | null;
  /** History id of the step's exchange, for the Inspector. */
  exchangeId: number | null;
}

export interface ScenarioRunInput {
  runId?: string;
  folder: string;
  /** Files to run (relative names); every file of the folder when absent. */
  files?: string[];
  target: TargetDto;
  timeoutMs?: number;
}

export interface ScenarioRunDto {
  runId: string;
  /** The label the run's exchanges carry in History (their trace id). */
  label: string;
  target: string;
  startedAt: string;
  durationMs: number;
  scenarios: number;
  steps: number;
  passed: number;
  failed: number;
  skipped: number;
  results: ScenarioStepResultDto[];
}

export interface ScenarioSaveFromExchangeInput {
  folder: string;
  exchangeId: number;
  /** New file name; made from the tool or type and the exchange id when absent. */
  file?: string;
}

export interface ScenarioChangedEventDto {
  folder: string;
  file: string | null;
}

export interface ScenarioStepEventDto {
  runId: string;
  result: ScenarioStepResultDto;
}
