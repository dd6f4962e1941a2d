import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ActorOnlyRpcCall,
  CloseCopyRpcCall,
  CopyIdRpcCall,
  ListMyCopiesRpcCall,
  MyCopiesRpc,
  SellCopyRpcCall,
  type CloseCopyRpcReply,
  type ListMyCopiesRpcReply,
  type MyPerformanceRpcReply,
  type RefreshCopyPriceRpcReply,
  type SellPositionRpcReply,
} from '@copytrade/contracts';
import { CopyEngineConfig } from '../../config/copy-engine.config';
import { myCopiesCache } from './live-reads-cache';
import { CloseCopyUseCase } from './use-cases/close-copy.use-case';
import { MyCopiesUseCase } from './use-cases/my-copies.use-case';
import { RefreshCopyPriceUseCase } from './use-cases/refresh-copy-price.use-case';
import { SellCopyUseCase } from './use-cases/sell-copy.use-case';

/** The follower's copies after the copy: sell, close, the lists and the price refresh (the actor's own only). */
@Controller()
export class MyCopiesController {
  constructor(
    private readonly sellCopy: SellCopyUseCase,
    private readonly closeCopy: CloseCopyUseCase,
    private readonly myCopies: MyCopiesUseCase,
    private readonly refreshPrice: RefreshCopyPriceUseCase,
    private readonly config: CopyEngineConfig,
  ) {}

  @MessagePattern(MyCopiesRpc.sellCopy)
  sell(@Payload() request: SellCopyRpcCall): Promise<SellPositionRpcReply> {
    return this.sellCopy.execute(request);
  }

  @MessagePattern(MyCopiesRpc.closeCopy)
  close(@Payload() request: CloseCopyRpcCall): Promise<CloseCopyRpcReply> {
    return this.closeCopy.execute(request);
  }

  @MessagePattern(MyCopiesRpc.listMyCopies)
  async list(@Payload() request: ListMyCopiesRpcCall): Promise<ListMyCopiesRpcReply> {
    const page = await this.myCopies.list(request);
    const userId = request.actor?.userId;
    return userId ? { ...page, cache: myCopiesCache(userId, page, this.config) } : page;
  }

  @MessagePattern(MyCopiesRpc.myPerformance)
  performance(@Payload() request: ActorOnlyRpcCall): Promise<MyPerformanceRpcReply> {
    return this.myCopies.performance(request);
  }

  @MessagePattern(MyCopiesRpc.refreshPrice)
  refresh(@Payload() request: CopyIdRpcCall): Promise<RefreshCopyPriceRpcReply> {
    return this.refreshPrice.execute(request);
  }
}
