// The inspector's view of one History exchange, with the signature check re-run by the engine:
// the stored diagnosis when the recorder made one, else `explain` with the secret the engine knows.

import { HEADER_SIGNATURE, HEADER_TIMESTAMP, explain } from '../protocol/index.ts';
import type { DiagnosisDto, ExchangeDetailDto } from '../shared/index.ts';
import type { Exchange } from '../store/history.ts';
import { BridgeError } from './errors.ts';
import { readDiagnosis } from '../engine/index.ts';
import { detailDto } from './dto.ts';
import { knownSecretOf } from './handler-context.ts';
import type { HandlerContext } from './handler-context.ts';

export function exchangeOrThrow(ctx: HandlerContext, id: number): Exchange {
  const e = ctx.engine.history.get(id);
  if (!e) throw new BridgeError('not_found', `no exchange with id ${id} in the history`);
  return e;
}

export function diagnosisOf(ctx: HandlerContext, e: Exchange): DiagnosisDto | null {
  const stored = readDiagnosis(e.diagnosis)?.signature;
  if (stored) return stored as DiagnosisDto;
  const signed = e.requestHeaders.some(
    ([n]) => n.toLowerCase() === HEADER_SIGNATURE || n.toLowerCase() === HEADER_TIMESTAMP,
  );
  if (!signed) return null;
  // An imported redacted export holds no signature to check: judging "[redacted]" would invent a failure.
  if (e.requestHeaders.some(([n, v]) => n.toLowerCase() === HEADER_SIGNATURE && v === '[redacted]'))
    return null;
  const known = knownSecretOf(ctx, e);
  if (!known) return null;
  // Judged at the moment it was sent, so a clock-skew fault reads as the skew it was.
  return explain(e.requestBody, e.requestHeaders, [known.secret], {
    now: Math.floor(e.startedAt / 1000),
    toleranceSeconds: known.toleranceSeconds,
    protocolVersion: known.protocolVersion,
  }) as DiagnosisDto;
}

export function exchangeDetail(ctx: HandlerContext, id: number): ExchangeDetailDto {
  const e = exchangeOrThrow(ctx, id);
  return detailDto(e, diagnosisOf(ctx, e));
}
