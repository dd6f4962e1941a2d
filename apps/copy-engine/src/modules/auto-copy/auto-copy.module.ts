import { Module } from '@nestjs/common';
import { CopiesModule } from '../copies/copies.module';
import { CopyBudgets } from '../copy-limits/copy-budgets';
import { AutoCopyCloseHandler } from './auto-copy-close.handler';
import { AutoCopyCloser } from './auto-copy-closer';
import { AutoCopyFanoutHandler } from './auto-copy-fanout.handler';
import { AutoCopyPlacer } from './auto-copy-placer';
import { MarketOpenQueue } from './market-open-queue';
import { MarketOpenSizer } from './market-open-sizer';
import { NextMarketOpen } from './next-market-open';

/**
 * Automatic copying: the fan-out of TradeShared to the followers with copy trading on (recorded in bulk), the
 * placement workers (brokerage batches, settled in bulk), and the close of automatic copies when the trader sells
 * (TradeClosed), through the copies module's sell path; copies refused for a closed market wait for the open when
 * their follower asks so, and are sized again at the open (MarketOpenQueue, MarketOpenSizer).
 */
@Module({
  imports: [CopiesModule],
  providers: [
    AutoCopyPlacer,
    AutoCopyFanoutHandler,
    AutoCopyCloser,
    AutoCopyCloseHandler,
    CopyBudgets,
    MarketOpenQueue,
    MarketOpenSizer,
    NextMarketOpen,
  ],
  // The guards' closes (stop-loss, kill switch) are sold by the same closer.
  exports: [AutoCopyPlacer, CopyBudgets, AutoCopyCloser],
})
export class AutoCopyModule {}
