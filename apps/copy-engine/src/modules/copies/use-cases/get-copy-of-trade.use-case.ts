import { Inject, Injectable } from '@nestjs/common';
import {
  CopyTradeErrorCode,
  CopyTradeMessages,
  Messages,
  type GetCopyOfTradeRpcPayload,
  type GetCopyOfTradeRpcReply,
  type RpcRequest,
} from '@copytrade/contracts';
import { DomainException, type RpcClient } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { toCopyInstanceView } from '../copy-instance.mapper';
import { COPY_ENGINE_RPC } from '../copies.tokens';
import { findLiveCopyOfTrade } from '../copy-instances.store';
import { TraderNames } from '../trader-names';

/**
 * POST /api/copy-trades/copy (rpc.copy-engine.copies.get-by-trade): the copy already recorded for the actor and the
 * trade — the web app's second call after a copy. Never creates one: a copy exists only with its order (404 otherwise).
 */
@Injectable()
export class GetCopyOfTradeUseCase {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(COPY_ENGINE_RPC) private readonly rpc: RpcClient,
  ) {}

  async execute({ actor, payload, requestId }: RpcRequest<GetCopyOfTradeRpcPayload>): Promise<GetCopyOfTradeRpcReply> {
    if (!actor) throw DomainException.unauthenticated(Messages.notSignedIn);
    if (payload.userId !== undefined && payload.userId !== actor.userId)
      throw DomainException.forbidden('You can only read your own copies.');
    const copy = await findLiveCopyOfTrade(this.dataSource.manager, actor.userId, payload.originalTradeId);
    if (!copy) throw DomainException.notFound(CopyTradeMessages.copyNotFound, CopyTradeErrorCode.COPY_NOT_FOUND);
    const [copyInstance] = await new TraderNames(this.rpc).fill([toCopyInstanceView(copy)], { requestId, actor });
    return { copyInstance: copyInstance! };
  }
}
