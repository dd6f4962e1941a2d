import { selectList, type ColumnMap } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';

export const FOLLOWER_SETTINGS = 'copy_engine.follower_settings';

/** A follower's copy-trading settings as the copy engine knows them (amounts as decimal text, or null). */
export interface FollowerSettings {
  userId: string;
  copyTradingEnabled: boolean;
  defaultCopyAmount: string | null;
  maxCopyAmount: string | null;
  closeAutoCopiesOnTraderSell: boolean;
  changedAt: Date;
}

/** How each field of FollowerSettings is read from follower_settings. */
export const FOLLOWER_SETTINGS_COLUMNS: ColumnMap<FollowerSettings> = {
  userId: 'user_id',
  copyTradingEnabled: 'copy_trading_enabled',
  defaultCopyAmount: 'default_copy_amount::text',
  maxCopyAmount: 'max_copy_amount::text',
  closeAutoCopiesOnTraderSell: 'close_auto_copies_on_trader_sell',
  changedAt: 'changed_at',
};

/** The latest settings of a user (identity's events are applied in order per user, so the last one wins). */
export async function saveFollowerSettings(manager: EntityManager, settings: FollowerSettings): Promise<void> {
  await manager.query(
    `INSERT INTO ${FOLLOWER_SETTINGS} (user_id, copy_trading_enabled, default_copy_amount, max_copy_amount,
        close_auto_copies_on_trader_sell, changed_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id) DO UPDATE SET copy_trading_enabled = EXCLUDED.copy_trading_enabled,
        default_copy_amount = EXCLUDED.default_copy_amount, max_copy_amount = EXCLUDED.max_copy_amount,
        close_auto_copies_on_trader_sell = EXCLUDED.close_auto_copies_on_trader_sell,
        changed_at = EXCLUDED.changed_at, updated_at = now()`,
    [
      settings.userId,
      settings.copyTradingEnabled,
      settings.defaultCopyAmount,
      settings.maxCopyAmount,
      settings.closeAutoCopiesOnTraderSell,
      settings.changedAt,
    ],
  );
}

/** A user's settings; null when none were ever received (copy trading off). */
export async function findFollowerSettings(manager: EntityManager, userId: string): Promise<FollowerSettings | null> {
  const rows = (await manager.query(
    `SELECT ${selectList(FOLLOWER_SETTINGS_COLUMNS)} FROM ${FOLLOWER_SETTINGS} WHERE user_id = $1`,
    [userId],
  )) as FollowerSettings[];
  return rows[0] ?? null;
}
