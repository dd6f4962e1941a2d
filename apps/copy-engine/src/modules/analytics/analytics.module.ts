import { Module } from '@nestjs/common';
import { AnalyticsController } from './analytics.controller';
import { InvestorStatsUseCase } from './investor-stats.use-case';

/** Platform-wide statistics of copies (admin Statistics tab). */
@Module({ controllers: [AnalyticsController], providers: [InvestorStatsUseCase] })
export class AnalyticsModule {}
