import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AdminListTradesRpcCall,
  AdminTradeIdRpcCall,
  TracesAdminShareTradeRpcCall,
  TracesAdminTradesRpc,
  type TracesAdminDeleteTradeRpcReply,
  type TracesAdminTradeChangeRpcReply,
  type TracesAdminTradesRpcReply,
} from '@copytrade/contracts';
import { AdminTradesService } from './admin-trades.service';

/** rpc.traces.admin.trades.*: admins only, called by the admin service. */
@Controller()
export class TracesAdminTradesController {
  constructor(private readonly trades: AdminTradesService) {}

  @MessagePattern(TracesAdminTradesRpc.list)
  list(@Payload() request: AdminListTradesRpcCall): Promise<TracesAdminTradesRpcReply> {
    return this.trades.list(request);
  }

  @MessagePattern(TracesAdminTradesRpc.share)
  share(@Payload() request: TracesAdminShareTradeRpcCall): Promise<TracesAdminTradeChangeRpcReply> {
    return this.trades.share(request);
  }

  @MessagePattern(TracesAdminTradesRpc.unshare)
  unshare(@Payload() request: AdminTradeIdRpcCall): Promise<TracesAdminTradeChangeRpcReply> {
    return this.trades.unshare(request);
  }

  @MessagePattern(TracesAdminTradesRpc.delete)
  delete(@Payload() request: AdminTradeIdRpcCall): Promise<TracesAdminDeleteTradeRpcReply> {
    return this.trades.delete(request);
  }
}
