import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  OwnerTraceRpcCall,
  OwnerTradesListRpcCall,
  OwnerTradesRpc,
  ShareTradeRpcCall,
  type CleanupTradesRpcReply,
  type OwnerTradesRpcReply,
  type ShareTradeRpcReply,
} from '@copytrade/contracts';
import { CleanupOwnerTradesUseCase } from './use-cases/cleanup-owner-trades.use-case';
import { ListOwnerTradesUseCase } from './use-cases/list-owner-trades.use-case';
import { ShareTradeUseCase } from './use-cases/share-trade.use-case';

/** The owner's Trade Manager: every call checks the trace's owner first (requireTraceOwner). */
@Controller()
export class OwnerTradesController {
  constructor(
    private readonly listTrades: ListOwnerTradesUseCase,
    private readonly cleanupTrades: CleanupOwnerTradesUseCase,
    private readonly shareTrade: ShareTradeUseCase,
  ) {}

  @MessagePattern(OwnerTradesRpc.list)
  list(@Payload() request: OwnerTradesListRpcCall): Promise<OwnerTradesRpcReply> {
    return this.listTrades.execute(request);
  }

  @MessagePattern(OwnerTradesRpc.cleanup)
  cleanup(@Payload() request: OwnerTraceRpcCall): Promise<CleanupTradesRpcReply> {
    return this.cleanupTrades.execute(request);
  }

  @MessagePattern(OwnerTradesRpc.share)
  share(@Payload() request: ShareTradeRpcCall): Promise<ShareTradeRpcReply> {
    return this.shareTrade.execute(request);
  }
}
