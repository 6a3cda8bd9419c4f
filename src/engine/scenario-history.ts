// Where `ctb run` keeps its exchanges: the data folder's History, one outgoing exchange per step with
// its verdict, diagnosis and faults, so a failed case can be inspected, replayed and exported later.

import { exchangeOfCall } from '../platform/exchange-record.ts';
import { exchangeDiagnosis } from '../client/index.ts';
import type { CallResult } from '../client/index.ts';
import { openHistory } from './history-file.ts';
import type { StepResult } from '../scenarios/index.ts';

export function scenarioRecorder(dataDir: string) {
  const file = openHistory(dataDir);
  return {
    record(call: CallResult, _step: unknown, result: Omit<StepResult, 'exchangeId'>): null {
      const body = call.request.body.toString('utf8');
      let requestId: string | null = null;
      try {
        const v = JSON.parse(body) as { request_id?: unknown };
        if (typeof v.request_id === 'string') requestId = v.request_id;
      } catch {
        // a byte-level case may send a body that is not JSON
      }
      file.record(
        exchangeOfCall(call, {
          requestType: null,
          tool: null,
          requestId,
          verdict: result.passed
            ? { code: 'ok', message: '' }
            : {
                code: result.code ?? 'expectation_failed',
                message: `${result.scenario} / ${result.step}: expectation failed`,
              },
          diagnosis: exchangeDiagnosis({ signature: result.diagnosis }),
          faults: result.faults,
        }),
      );
      return null;
    },
    close: () => file.close(),
  };
}
