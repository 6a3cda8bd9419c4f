// Derived views of the console state, and the pure step that turns the form into a send input
// (or the inline problems that stop it from being sent).

import type { ConsoleSendInput, FaultsDto, TargetDto, ToolDefinitionDto } from '../../../../shared/index.ts';
import { parseJsonObject } from '../../lib/json-input.ts';
import type { ConsoleFieldErrors, ConsoleState } from './initialState.ts';

export const currentTool = (s: ConsoleState): ToolDefinitionDto | null =>
  s.knownTools.find((t) => t.name === s.tool) ?? null;

/** Number of fault controls switched on, shown on the collapsed fault panel. */
export function activeFaultCount(f: FaultsDto): number {
  return [
    f.skewOffsetSeconds,
    f.wrongSecret,
    f.tamperBody,
    f.dropHeaders?.length,
    f.headerCase,
    f.protocolVersion,
    f.replay,
  ].filter(Boolean).length;
}

function target(s: ConsoleState): TargetDto | string {
  if (s.targetKind === 'connection')
    return s.connectionId ? { kind: 'connection', id: s.connectionId } : 'Pick a connection to call.';
  if (s.targetKind === 'local')
    return s.localId ? { kind: 'local', id: s.localId } : 'Pick a local connector to call.';
  const url = s.url.trim();
  if (!/^https?:\/\/\S+$/i.test(url))
    return 'Enter the connector endpoint URL (http:// or https://…/service).';
  if (s.secret === '') return 'Enter the signing secret the connector expects.';
  return { kind: 'url', url, secret: s.secret };
}

export { parameterSkeleton } from '../../lib/tool-choice.ts';

export function buildSendInput(
  s: ConsoleState,
): { ok: true; input: ConsoleSendInput } | { ok: false; errors: ConsoleFieldErrors } {
  const errors: ConsoleFieldErrors = {};
  const t = target(s);
  if (typeof t === 'string') errors.target = t;
  const input: Partial<ConsoleSendInput> = { type: s.type, faults: cleanFaults(s.faults) };
  if (s.type === 'tool.invoke') {
    if (s.tool.trim() === '') errors.tool = 'Pick the tool to invoke.';
    const params = parseJsonObject(s.paramsText, 'Parameters');
    if (!params.ok) errors.parameters = params.message;
    else input.parameters = params.value;
    const identity = parseJsonObject(s.identityText, 'Identity');
    if (!identity.ok) errors.identity = identity.message;
    else input.identity = identity.value;
    input.tool = s.tool.trim();
    input.channel = s.channel.trim() || undefined;
    input.conversationId = s.conversationId.trim() || undefined;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: { ...input, target: t as TargetDto } as ConsoleSendInput };
}

function cleanFaults(f: FaultsDto): FaultsDto | undefined {
  const out: FaultsDto = {};
  if (f.skewOffsetSeconds) out.skewOffsetSeconds = f.skewOffsetSeconds;
  if (f.wrongSecret) out.wrongSecret = true;
  if (f.tamperBody) out.tamperBody = true;
  if (f.dropHeaders?.length) out.dropHeaders = f.dropHeaders;
  if (f.headerCase) out.headerCase = f.headerCase;
  if (f.protocolVersion?.trim()) out.protocolVersion = f.protocolVersion.trim();
  if (f.replay) out.replay = true;
  return Object.keys(out).length ? out : undefined;
}
