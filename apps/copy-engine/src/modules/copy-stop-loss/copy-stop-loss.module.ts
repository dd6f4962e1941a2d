import { Module } from '@nestjs/common';
import { AutoCopyModule } from '../auto-copy/auto-copy.module';
import { CopiesModule } from '../copies/copies.module';
import { StopLossEvaluator } from './stop-loss-evaluator';
import { StopLossQuotes } from './stop-loss-quotes';

/** The copy stop-loss: the periodic evaluation at live quotes, closing through the automatic closer. */
@Module({
  imports: [CopiesModule, AutoCopyModule],
  providers: [StopLossQuotes, StopLossEvaluator],
  exports: [StopLossEvaluator],
})
export class CopyStopLossModule {}
