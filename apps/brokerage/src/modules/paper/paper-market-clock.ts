import { Inject, Injectable } from '@nestjs/common';
import type { MarketStatusView } from '@copytrade/contracts';
import { DataSource } from 'typeorm';
import { BrokerageConfig } from '../../config/brokerage.config';
import { PaperMarketSettingEntity } from './entities/paper-market-setting.entity';
import { isRegularUsSession, nextUsMarketOpen } from './market-hours';

export const HOURS_OVERRIDE_KEY = 'hours';

/**
 * When the market is closed by something other than the clock (an override, or always-open hours that cannot be
 * closed but by one), there is no scheduled open to wait for: whoever waits asks again after this long.
 */
export const UNSCHEDULED_OPEN_RETRY_MS = 60_000;

/** Whether the paper market is open: the configured hours, unless a development override forces it open or closed. */
@Injectable()
export class PaperMarketClock {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(BrokerageConfig) private readonly config: BrokerageConfig,
  ) {}

  async status(at: Date = new Date()): Promise<MarketStatusView> {
    const setting = await this.dataSource
      .getRepository(PaperMarketSettingEntity)
      .findOneBy({ key: HOURS_OVERRIDE_KEY });
    const override = typeof setting?.value === 'boolean' ? setting.value : null;
    const hoursMode = this.config.paperMarketHours;
    const scheduled = hoursMode === 'always-open' || isRegularUsSession(at);
    const open = override ?? scheduled;
    return { open, hoursMode, override, nextOpenAt: nextOpenOf(open, hoursMode, override, at).toISOString() };
  }

  /** null removes the override. Refused in production by the caller. */
  async setOverride(open: boolean | null): Promise<MarketStatusView> {
    const settings = this.dataSource.getRepository(PaperMarketSettingEntity);
    if (open === null) await settings.delete({ key: HOURS_OVERRIDE_KEY });
    else await settings.upsert({ key: HOURS_OVERRIDE_KEY, value: open }, ['key']);
    return this.status();
  }
}

/** When the paper market next opens: now when open; the next regular session by the clock; else a short retry. */
function nextOpenOf(open: boolean, hoursMode: MarketStatusView['hoursMode'], override: boolean | null, at: Date): Date {
  if (open) return at;
  if (override === null && hoursMode === 'real') return nextUsMarketOpen(at);
  return new Date(at.getTime() + UNSCHEDULED_OPEN_RETRY_MS);
}
