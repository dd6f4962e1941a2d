import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BrokerageConfig } from '../../config/brokerage.config';
import type { ProviderBalance } from '../provider/provider.types';
import { BalanceSnapshotEntity } from './entities/balance-snapshot.entity';

/** Records an account's value when its balances are read: the first read of each bucket wins (ON CONFLICT DO NOTHING). */
@Injectable()
export class BalanceSnapshots {
  private readonly logger = new Logger(BalanceSnapshots.name);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(BrokerageConfig) private readonly config: BrokerageConfig,
  ) {}

  get bucketMinutes(): number {
    return this.config.PORTFOLIO_SNAPSHOT_MINUTES;
  }

  bucketOf(at: Date): Date {
    const bucketMs = this.bucketMinutes * 60_000;
    return new Date(Math.floor(at.getTime() / bucketMs) * bucketMs);
  }

  /** Never fails the read that triggered it: a missed snapshot only thins the chart. */
  async record(userId: string, accountId: string, balance: ProviderBalance, at: Date): Promise<void> {
    try {
      await this.dataSource
        .createQueryBuilder()
        .insert()
        .into(BalanceSnapshotEntity)
        .values({
          accountId,
          userId,
          bucketStart: this.bucketOf(at),
          totalValue: balance.totalValue,
          cash: balance.cash,
          currency: balance.currency,
          recordedAt: at,
        })
        .orIgnore()
        .execute();
    } catch (error) {
      this.logger.warn({ err: error, accountId }, 'Balance snapshot not recorded');
    }
  }
}
