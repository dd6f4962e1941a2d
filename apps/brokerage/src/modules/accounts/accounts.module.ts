import { Module } from '@nestjs/common';
import { ConnectionsModule } from '../connections/connections.module';
import { PortfolioHistoryModule } from '../portfolio-history/portfolio-history.module';
import { AccountsController } from './accounts.controller';
import { OwnedAccounts } from './owned-accounts.service';
import { AccountValuesUseCase } from './use-cases/account-values.use-case';
import { MarketQuotesUseCase } from './use-cases/market-quotes.use-case';
import { ReadAccountDataUseCase } from './use-cases/read-account-data.use-case';

@Module({
  imports: [ConnectionsModule, PortfolioHistoryModule],
  controllers: [AccountsController],
  providers: [OwnedAccounts, ReadAccountDataUseCase, MarketQuotesUseCase, AccountValuesUseCase],
  exports: [OwnedAccounts, ReadAccountDataUseCase],
})
export class AccountsModule {}
