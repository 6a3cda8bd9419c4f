// Where `ctb run` keeps its exchanges: the data folder's History, one outgoing exchange per step with
// its verdict, diagnosis and faults, so a failed case can be inspected, replayed and exported later.

import { exchangeOfCall } from '../platform/exchange-record.ts';
import { exchangeDiagnosis } from '../client/index.ts';
import type { CallResult } from '../client/index.ts';
import { openHistory } from './history-file.ts';
import type { StepResult } from '../scenarios/index.ts';
import { randomUUID } from 'node:crypto';
import { runLabel, scenarioVerdict } from './scenarios.ts';

export function scenarioRecorder(dataDir: string, runId: string = randomUUID()) {
  const file = openHistory(dataDir);
  // Every exchange of one `ctb run` carries the run's label, as the app's runs do, to find them together.
  const label = runLabel(runId);
  return {
    label,
    record(call: CallResult, _step: unknown, result: Omit<StepResult, 'exchangeId'>): null {
      const body = call.request.body.toString('utf8');
      let requestId: string | null = null;
      let requestType: string | null = null;
      let tool: string | null = null;
      try {
        const v = JSON.parse(body) as { request_id?: unknown; type?: unknown; tool?: unknown };
        if (typeof v.request_id === 'string') requestId = v.request_id;
        if (typeof v.type === 'string') requestType = v.type;
        if (typeof v.tool === 'string') tool = v.tool;
      } catch {
        // a byte-level case may send a body that is not JSON
      }
      file.record(
        exchangeOfCall(call, {
          requestType,
          tool,
          requestId,
          traceId: label,
          verdict: scenarioVerdict(result, result.step),
          diagnosis: exchangeDiagnosis({ signature: result.diagnosis }),
          faults: result.faults,
        }),
      );
      return null;
    },
    close: () => file.close(),
  };
}
