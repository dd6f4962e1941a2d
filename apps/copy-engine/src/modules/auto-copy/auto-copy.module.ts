import { Module } from '@nestjs/common';
import { CopiesModule } from '../copies/copies.module';
import { CopyBudgets } from '../copy-limits/copy-budgets';
import { AutoCopyCloseHandler } from './auto-copy-close.handler';
import { AutoCopyCloser } from './auto-copy-closer';
import { AutoCopyFanoutHandler } from './auto-copy-fanout.handler';
import { AutoCopyPlacer } from './auto-copy-placer';
import { MarketOpenSizer } from './market-open-sizer';

/**
 * Automatic copying: the fan-out of TradeShared to the followers with copy trading on (recorded in bulk), the
 * placement workers (brokerage batches, settled in bulk), and the close of automatic copies when the trader sells
 * (TradeClosed), through the copies module's sell path; copies refused for a closed market wait for the open when
 * their follower asks so (the copies module's MarketOpenQueue), and are sized again at the open (MarketOpenSizer).
 */
@Module({
  imports: [CopiesModule],
  providers: [
    AutoCopyPlacer,
    AutoCopyFanoutHandler,
    AutoCopyCloser,
    AutoCopyCloseHandler,
    CopyBudgets,
    MarketOpenSizer,
  ],
  // The guards' closes (stop-loss, kill switch) are sold by the same closer.
  exports: [AutoCopyPlacer, CopyBudgets, AutoCopyCloser],
})
export class AutoCopyModule {}
