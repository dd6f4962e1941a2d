import { Injectable } from '@nestjs/common';
import type { PortfolioHistoryView } from '@copytrade/contracts';
import Decimal from 'decimal.js';
import { DataSource } from 'typeorm';
import { money } from '../../common/json-numbers';
import { AccountEntity } from '../accounts/entities/account.entity';
import { BalanceSnapshots } from './balance-snapshots.service';

export const HISTORY_DAYS = 90;
export const MAX_POINTS = 500;

interface SnapshotRow {
  account_id: string;
  bucket_start: Date;
  total_value: string;
}

/**
 * The portfolio's total value over the last 90 days, one point per snapshot bucket: at each bucket, the sum
 * of every current account's latest known value. Long series are thinned to at most 500 points.
 */
@Injectable()
export class GetPortfolioHistoryUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly snapshots: BalanceSnapshots,
  ) {}

  async execute(userId: string, now: Date = new Date()): Promise<PortfolioHistoryView> {
    const from = new Date(now.getTime() - HISTORY_DAYS * 86_400_000);
    const base = {
      currency: 'USD',
      bucketMinutes: this.snapshots.bucketMinutes,
      from: from.toISOString(),
      to: now.toISOString(),
    };
    const accountIds = (
      await this.dataSource.getRepository(AccountEntity).find({ where: { userId }, select: { id: true } })
    ).map((account) => account.id);
    if (accountIds.length === 0) return { ...base, points: [] };
    const rows: SnapshotRow[] = await this.dataSource.query(
      `SELECT account_id, bucket_start, total_value FROM brokerage.balance_snapshots
        WHERE user_id = $1 AND account_id = ANY($2) AND bucket_start >= $3 ORDER BY bucket_start`,
      [userId, accountIds, this.snapshots.bucketOf(from)],
    );
    const latest = new Map<string, Decimal>();
    const points: PortfolioHistoryView['points'] = [];
    rows.forEach((row, index) => {
      latest.set(row.account_id, new Decimal(row.total_value));
      const lastOfBucket = rows[index + 1]?.bucket_start.getTime() !== row.bucket_start.getTime();
      if (!lastOfBucket) return;
      const total = [...latest.values()].reduce((sum, value) => sum.plus(value), new Decimal(0));
      points.push({ timestamp: row.bucket_start.toISOString(), totalValue: money(total.toString())! });
    });
    return { ...base, points: thin(points, MAX_POINTS) };
  }
}

/** Keeps the last point of each of `max` equal groups, so the newest value is always shown. */
function thin<T>(points: T[], max: number): T[] {
  if (points.length <= max) return points;
  const step = points.length / max;
  return Array.from(
    { length: max },
    (_, index) => points[Math.min(points.length - 1, Math.ceil((index + 1) * step) - 1)]!,
  );
}
