// One History exchange as the inspector shows it: found by id (a coded not_found otherwise) and its
// signature diagnosis, the stored one when the recorder made one, else re-run with the secret the engine knows.

import { HEADER_SIGNATURE, HEADER_TIMESTAMP, explain } from '../../protocol/index.ts';
import type { Diagnosis } from '../../protocol/index.ts';
import { readDiagnosis } from '../../client/index.ts';
import type { ConnectorHost } from '../../connector/host/index.ts';
import type { Platform } from '../../platform/index.ts';
import type { ExchangeDetailDto } from '../../shared/index.ts';
import type { Exchange, History } from '../../store/history.ts';
import { detailDto } from '../dto/contract-dto.ts';
import { EngineError } from '../errors.ts';
import { knownSecretOf } from '../known-secret.ts';

export function exchangeOrThrow(history: Pick<History, 'get'>, id: number): Exchange {
  const e = history.get(id);
  if (!e) throw new EngineError('not_found', `no exchange with id ${id} in the history`);
  return e;
}

export function diagnosisOf(
  engine: { platform: Platform; host: ConnectorHost },
  e: Exchange,
): Diagnosis | null {
  const stored = readDiagnosis(e.diagnosis)?.signature;
  if (stored) return stored;
  const signed = e.requestHeaders.some(
    ([n]) => n.toLowerCase() === HEADER_SIGNATURE || n.toLowerCase() === HEADER_TIMESTAMP,
  );
  if (!signed) return null;
  // An imported redacted export holds no signature to check: judging "[redacted]" would invent a failure.
  if (e.requestHeaders.some(([n, v]) => n.toLowerCase() === HEADER_SIGNATURE && v === '[redacted]'))
    return null;
  const known = knownSecretOf(engine, e);
  if (!known) return null;
  // Judged at the moment it was sent, so a clock-skew fault reads as the skew it was.
  return explain(e.requestBody, e.requestHeaders, [known.secret], {
    now: Math.floor(e.startedAt / 1000),
    toleranceSeconds: known.toleranceSeconds,
    protocolVersion: known.protocolVersion,
  });
}

/** The exchange as the inspector shows it: the row and its diagnosis, mapped to the contract's DTO. */
export const exchangeDetailOf = (
  engine: { platform: Platform; host: ConnectorHost },
  e: Exchange,
): ExchangeDetailDto => detailDto(e, diagnosisOf(engine, e));
