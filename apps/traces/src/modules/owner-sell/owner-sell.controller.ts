import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  OwnerSellRpc,
  RefreshBrokerageRpcCall,
  SellPositionRpcCall,
  type RefreshBrokerageRpcReply,
  type SellPositionRpcReply,
} from '@copytrade/contracts';
import { RefreshBrokerageUseCase } from './use-cases/refresh-brokerage.use-case';
import { SellOwnerPositionUseCase } from './use-cases/sell-owner-position.use-case';

/** The owner's real-time brokerage refresh and market sell (both check the trace's owner first). */
@Controller()
export class OwnerSellController {
  constructor(
    private readonly refreshBrokerage: RefreshBrokerageUseCase,
    private readonly sellPosition: SellOwnerPositionUseCase,
  ) {}

  @MessagePattern(OwnerSellRpc.refreshBrokerage)
  refresh(@Payload() request: RefreshBrokerageRpcCall): Promise<RefreshBrokerageRpcReply> {
    return this.refreshBrokerage.execute(request);
  }

  @MessagePattern(OwnerSellRpc.sellPosition)
  sell(@Payload() request: SellPositionRpcCall): Promise<SellPositionRpcReply> {
    return this.sellPosition.execute(request);
  }
}
