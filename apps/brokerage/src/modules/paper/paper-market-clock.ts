import { Inject, Injectable } from '@nestjs/common';
import type { MarketStatusView } from '@copytrade/contracts';
import { DataSource } from 'typeorm';
import { BrokerageConfig } from '../../config/brokerage.config';
import { PaperMarketSettingEntity } from './entities/paper-market-setting.entity';
import { isRegularUsSession } from './market-hours';

export const HOURS_OVERRIDE_KEY = 'hours';

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
    return { open: override ?? scheduled, hoursMode, override };
  }

  /** null removes the override. Refused in production by the caller. */
  async setOverride(open: boolean | null): Promise<MarketStatusView> {
    const settings = this.dataSource.getRepository(PaperMarketSettingEntity);
    if (open === null) await settings.delete({ key: HOURS_OVERRIDE_KEY });
    else await settings.upsert({ key: HOURS_OVERRIDE_KEY, value: open }, ['key']);
    return this.status();
  }
}
