import { Module } from '@nestjs/common';
import { InvestorStatsController } from './investor-stats.controller';

@Module({ controllers: [InvestorStatsController] })
export class InvestorStatsModule {}
