// `history:replay` at the bridge: the engine's replay use-case (src/engine/replay.ts) on the
// recorded exchange, its new History row mapped to the contract's DTO.

import { replayExchange as replay } from '../engine/replay.ts';
import type { ReplayMode } from '../engine/replay.ts';
import type { ExchangeDetailDto } from '../shared/index.ts';
import { callDeps } from './console-send.ts';
import { detailOf, exchangeOrThrow } from './exchange-detail.ts';
import type { HandlerContext } from './handler-context.ts';

export type { ReplayMode } from '../engine/replay.ts';

export async function replayExchange(
  ctx: HandlerContext,
  id: number,
  mode: ReplayMode,
): Promise<ExchangeDetailDto> {
  return detailOf(ctx, await replay(callDeps(ctx), exchangeOrThrow(ctx, id), mode));
}
