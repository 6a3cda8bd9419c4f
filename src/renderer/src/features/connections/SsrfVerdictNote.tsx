// The SSRF verdict of a webhook URL: in dev mode the testbench allows loopback and http, and says
// whether production's strict mode would have refused the URL, and why (decisions.md 3).

import type { SsrfVerdict } from '../../../../shared/index.ts';

export function SsrfVerdictNote({ verdict }: { verdict: SsrfVerdict | undefined }) {
  if (!verdict) return null;
  if (!verdict.strict_would_refuse) {
    return (
      <div className="note note--ok" data-testid="ssrf-verdict" data-strict-would-refuse="false">
        URL safety: strict mode (production) would accept this URL.
      </div>
    );
  }
  return (
    <div className="note note--warn" data-testid="ssrf-verdict" data-strict-would-refuse="true">
      <strong>{verdict.mode === 'dev' ? 'Allowed in dev mode; ' : ''}strict mode would refuse:</strong>{' '}
      {verdict.reasons.join('; ') || 'no reason given'}
    </div>
  );
}
