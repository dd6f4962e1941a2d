import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { WorkLoop } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { IdentityConfig } from '../../config/identity.config';
import { purgeNotifications } from './notifications.store';
import { purgeClosedSharedTrades } from './shared-trades.store';

const SWEEP_INTERVAL_MS = 10 * 60_000;
/** Rows deleted per statement: short deletes, so the bell's reads and the consumers never wait long behind one. */
export const NOTIFICATIONS_PURGE_BATCH = 1_000;

/**
 * Deletes notifications NOTIFICATIONS_RETENTION_DAYS after they were created (an aggregated one: last raised), and the
 * shared trades closed as long ago (no notification of theirs is left to raise), in bounded batches, round again
 * while a batch was full.
 */
@Injectable()
export class NotificationsRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(NotificationsRetention.name);
  private readonly sweeps = new WorkLoop<number>({
    pass: () => this.purgeBatch(),
    more: (deleted) => deleted > 0,
    intervalMs: SWEEP_INTERVAL_MS,
    failed: (error) => this.logger.warn({ err: error }, 'Purging old notifications failed'),
  });

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: IdentityConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.sweeps.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweeps.stop();
  }

  /** Purges everything due now, batch after batch (tests, and the loop's rounds). */
  drain(): Promise<void> {
    return this.sweeps.drain();
  }

  /** One batch of each table; answers how many rows a full batch left possibly waiting (0: done). */
  async purgeBatch(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.config.NOTIFICATIONS_RETENTION_DAYS * 86_400_000);
    const manager = this.dataSource.manager;
    const notifications = await purgeNotifications(manager, cutoff, NOTIFICATIONS_PURGE_BATCH);
    const trades = await purgeClosedSharedTrades(manager, cutoff, NOTIFICATIONS_PURGE_BATCH);
    if (notifications + trades > 0) this.logger.log({ notifications, trades }, 'Purged old notifications');
    return (
      (notifications === NOTIFICATIONS_PURGE_BATCH ? notifications : 0) +
      (trades === NOTIFICATIONS_PURGE_BATCH ? trades : 0)
    );
  }
}
