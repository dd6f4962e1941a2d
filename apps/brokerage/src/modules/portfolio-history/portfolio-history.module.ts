import { Module } from '@nestjs/common';
import { BalanceSnapshots } from './balance-snapshots.service';
import { GetPortfolioHistoryUseCase } from './get-portfolio-history.use-case';
import { PortfolioHistoryController } from './portfolio-history.controller';

@Module({
  controllers: [PortfolioHistoryController],
  providers: [BalanceSnapshots, GetPortfolioHistoryUseCase],
  exports: [BalanceSnapshots],
})
export class PortfolioHistoryModule {}
