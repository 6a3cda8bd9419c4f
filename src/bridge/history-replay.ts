// `history:replay` at the bridge: finds the recorded exchange, calls the engine's replay use-case
// (src/engine/replay.ts) and maps the new History row to the contract's DTO.

import { replayExchange as replay } from '../engine/replay.ts';
import type { ReplayMode } from '../engine/replay.ts';
import type { ExchangeDetailDto } from '../shared/index.ts';
import { callDeps } from './console-send.ts';
import { detailDto } from './dto.ts';
import { diagnosisOf, exchangeOrThrow } from './exchange-detail.ts';
import type { HandlerContext } from './handler-context.ts';

export type { ReplayMode } from '../engine/replay.ts';

export async function replayExchange(
  ctx: HandlerContext,
  id: number,
  mode: ReplayMode,
): Promise<ExchangeDetailDto> {
  const e = await replay(callDeps(ctx), exchangeOrThrow(ctx, id), mode);
  return detailDto(e, diagnosisOf(ctx, e));
}
