// One tool call of the simulated conversation, folded by default: the signed request exactly as the
// platform sent it (headers and body) and the connector's answer, with a link to the Inspector.

import type { DemoInvokeDto } from '../../../../shared/index.ts';
import { Badge } from '../../components/common.tsx';
import { useUiStore } from '../../store/ui/action.ts';

const SHOWN_HEADERS = /^(x-service-|content-type$)/i;

export function ToolCallCard({ call }: { call: DemoInvokeDto }) {
  const headers = (call.request?.headers ?? []).filter(([n]) => SHOWN_HEADERS.test(n));
  return (
    <details className="toolcall" data-testid="tool-call" data-tool={call.tool} data-ok={String(call.ok)}>
      <summary>
        <span className="toolcall__icon" aria-hidden="true">
          ⚙
        </span>
        <span className="toolcall__label">tool call</span>
        <code className="toolcall__name">{call.tool}</code>
        <Badge tone={call.ok ? 'ok' : 'bad'}>{call.ok ? 'result' : (call.error?.code ?? 'error')}</Badge>
        <span className="muted small">{Math.round(call.durationMs)} ms</span>
      </summary>
      <div className="toolcall__body">
        {call.request && (
          <>
            <div className="toolcall__head">
              Signed request{' '}
              <span className="muted">
                · {call.request.method} {call.request.url}
              </span>
            </div>
            <table className="table toolcall__headers" data-testid="tool-call-headers">
              <tbody>
                {headers.map(([n, v]) => (
                  <tr key={n}>
                    <th className="mono">{n}</th>
                    <td className="mono">{v}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <pre className="code code--short" data-testid="tool-call-request">
              {JSON.stringify(call.request.body, null, 2)}
            </pre>
          </>
        )}
        <div className="toolcall__head">
          {call.ok ? 'Result' : 'Error'}
          {call.response?.status != null && <span className="muted"> · HTTP {call.response.status}</span>}
        </div>
        <pre className="code code--short" data-testid="tool-call-result">
          {JSON.stringify(call.ok ? call.output : call.error, null, 2)}
        </pre>
        {call.exchangeId !== null && (
          <button
            type="button"
            className="link small"
            data-testid="tool-call-inspect"
            onClick={() =>
              useUiStore.getState().navigate({ name: 'inspector', param: String(call.exchangeId) })
            }
          >
            Open exchange #{call.exchangeId} in the Inspector
          </button>
        )}
      </div>
    </details>
  );
}
