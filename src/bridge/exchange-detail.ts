// The inspector's view of one History exchange at the bridge: the engine finds it and re-runs its
// signature check (src/engine/history/inspect.ts); this maps it to the contract's DTO.

import type { ExchangeDetailDto } from '../shared/index.ts';
import type { Exchange } from '../store/history.ts';
import { detailDto } from '../engine/dto/contract-dto.ts';
import { diagnosisOf, exchangeOrThrow as find } from '../engine/history/inspect.ts';
import type { HandlerContext } from './handler-context.ts';

export const exchangeOrThrow = (ctx: HandlerContext, id: number): Exchange => find(ctx.engine.history, id);

export const detailOf = (ctx: HandlerContext, e: Exchange): ExchangeDetailDto =>
  detailDto(e, diagnosisOf(ctx.engine, e));

export const exchangeDetail = (ctx: HandlerContext, id: number): ExchangeDetailDto =>
  detailOf(ctx, exchangeOrThrow(ctx, id));
