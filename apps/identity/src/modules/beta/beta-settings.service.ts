import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { IdentityConfig } from '../../config/identity.config';
import { IdentitySettingEntity } from './entities/identity-setting.entity';

export const BETA_AUTO_APPROVE_KEY = 'beta_auto_approve';

/** Whether beta requests are approved (and codes e-mailed) at once: the stored setting, else BETA_AUTO_APPROVE. */
@Injectable()
export class BetaSettings {
  constructor(
    @InjectRepository(IdentitySettingEntity) private readonly settings: Repository<IdentitySettingEntity>,
    @Inject(IdentityConfig) private readonly config: IdentityConfig,
  ) {}

  async autoApprove(): Promise<boolean> {
    const stored = await this.settings.findOneBy({ key: BETA_AUTO_APPROVE_KEY });
    return typeof stored?.value === 'boolean' ? stored.value : this.config.BETA_AUTO_APPROVE;
  }
}
