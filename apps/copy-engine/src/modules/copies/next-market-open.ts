import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  BROKERAGE_READ_RPC_TIMEOUT_MS,
  BrokerageErrorCode,
  BrokerageRpc,
  type PaperMarketRpcReply,
  type PaperMarketRpcRequest,
} from '@copytrade/contracts';
import { DomainException, RpcClient, nextUsMarketOpen } from '@copytrade/nest';
import { COPY_ENGINE_RPC } from './copies.tokens';

/**
 * When a copy refused for a closed market is to be tried again: the brokerage's clock says (the paper broker's
 * hours, or its override); a brokerage with no clock to ask (SnapTrade: it only refuses the order) is taken to open at
 * the next weekday 9:30 US/Eastern, as is any brokerage that does not answer. Never sooner than `minWaitMs` from
 * now, so a clock that says "open" while the broker said "closed" is not asked again in a tight loop.
 */
@Injectable()
export class NextMarketOpen {
  private readonly logger = new Logger(NextMarketOpen.name);

  constructor(@Inject(COPY_ENGINE_RPC) private readonly rpc: RpcClient) {}

  async after(now: Date, minWaitMs: number, correlationId: string): Promise<Date> {
    const next = (await this.fromClock(correlationId)) ?? nextUsMarketOpen(now);
    return new Date(Math.max(next.getTime(), now.getTime() + minWaitMs));
  }

  private async fromClock(correlationId: string): Promise<Date | null> {
    try {
      const { market } = await this.rpc.request<PaperMarketRpcRequest, PaperMarketRpcReply>(
        BrokerageRpc.paperMarket,
        { symbols: [] },
        { requestId: correlationId },
        BROKERAGE_READ_RPC_TIMEOUT_MS,
      );
      return market.nextOpenAt ? new Date(market.nextOpenAt) : null;
    } catch (error) {
      if (!(error instanceof DomainException && error.code === BrokerageErrorCode.PAPER_BROKER_ONLY))
        this.logger.warn({ err: error }, "The brokerage's market clock did not answer; waiting for the next US open");
      return null;
    }
  }
}
