import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { WorkLoop } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { BrokerageConfig } from '../../config/brokerage.config';
import { purgeSnaptradeWebhooks } from './snaptrade-webhooks.store';

const SWEEP_INTERVAL_MS = 10 * 60_000;
/** Kept at least a day, for whoever looks into a webhook. */
const MIN_RETENTION_MS = 24 * 3_600_000;

/**
 * Keeps the webhook ids only as long as they can matter. A redelivery passes the eventTimestamp check only within
 * the max age of the event, and its first delivery came at most the max age before the event (clock skew), so a
 * row older than twice the max age can never stop a redelivery again.
 */
@Injectable()
export class SnaptradeWebhooksRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SnaptradeWebhooksRetention.name);
  private readonly sweeps = new WorkLoop({
    pass: () => this.purge(),
    intervalMs: SWEEP_INTERVAL_MS,
    failed: (error) => this.logger.warn({ err: error }, 'Purging SnapTrade webhook ids failed'),
  });

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: BrokerageConfig,
  ) {}

  get retentionMs(): number {
    return Math.max(MIN_RETENTION_MS, 2 * this.config.SNAPTRADE_WEBHOOK_MAX_AGE_SECONDS * 1000);
  }

  onApplicationBootstrap(): void {
    this.sweeps.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweeps.stop();
  }

  async purge(now = new Date()): Promise<number> {
    const deleted = await purgeSnaptradeWebhooks(this.dataSource, new Date(now.getTime() - this.retentionMs));
    if (deleted > 0) this.logger.log({ deleted }, 'Purged old SnapTrade webhook ids');
    return deleted;
  }
}
