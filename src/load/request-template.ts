// The body of a load request serialised once around its request_id: the load engine and the k6 and
// Artillery exports fill in a fresh id per request, so all three send the very same envelope.

import { buildRequest } from '../client/index.ts';
import type { LoadRequestSpec } from './types.ts';

const PLACEHOLDER = '__ctb_load_request_id__';

export interface RequestTemplate {
  /** JSON text before the request_id value. */
  prefix: string;
  /** JSON text after it. */
  suffix: string;
}

export function requestTemplate(spec: Exclude<LoadRequestSpec, { kind: 'body' }>): RequestTemplate {
  const fields = spec.kind === 'tool' ? { tool: spec.tool, parameters: spec.parameters } : {};
  const type = spec.kind === 'tool' ? 'tool.invoke' : spec.type;
  const text = JSON.stringify(
    buildRequest(type, { ...fields, request_id: PLACEHOLDER, conversation_id: 'conv_load' }),
  );
  const at = text.indexOf(PLACEHOLDER);
  return { prefix: text.slice(0, at), suffix: text.slice(at + PLACEHOLDER.length) };
}
