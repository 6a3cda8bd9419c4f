// The request body of an exported script, as literals the script embeds: the JSON text around a
// fresh request_id, or the exact bytes of --body-file (base64). Same envelope `ctb load` sends.

import { requestTemplate } from '../request-template.ts';
import type { LoadRequestSpec } from '../types.ts';

export type ScriptBody =
  { kind: 'template'; prefix: string; suffix: string } | { kind: 'fixed'; base64: string };

export function scriptBody(spec: LoadRequestSpec): ScriptBody {
  if (spec.kind === 'body') return { kind: 'fixed', base64: spec.body.toString('base64') };
  return { kind: 'template', ...requestTemplate(spec) };
}

export function describeRequest(spec: LoadRequestSpec): string {
  if (spec.kind === 'tool') return `tool.invoke ${spec.tool}`;
  if (spec.kind === 'type') return spec.type;
  return `body file (${spec.body.length} bytes)`;
}

/** A JS/YAML string literal: JSON's escaping is valid in both. */
export const literal = (text: string): string => JSON.stringify(text);
