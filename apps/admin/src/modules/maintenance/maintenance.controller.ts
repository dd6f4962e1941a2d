import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { AdminRpc, SetMaintenanceModeRpcCall, type MaintenanceStatusReply } from '@copytrade/contracts';
import { Repository } from 'typeorm';
import { PlatformSettingEntity } from './entities/platform-setting.entity';
import { MAINTENANCE_MODE_KEY } from './maintenance-mode.key';
import { SetMaintenanceModeUseCase } from './use-cases/set-maintenance-mode.use-case';

@Controller()
export class MaintenanceController {
  constructor(
    @InjectRepository(PlatformSettingEntity) private readonly settings: Repository<PlatformSettingEntity>,
    private readonly setMaintenanceMode: SetMaintenanceModeUseCase,
  ) {}

  @MessagePattern(AdminRpc.getMaintenanceStatus)
  async status(): Promise<MaintenanceStatusReply> {
    const setting = await this.settings.findOneBy({ key: MAINTENANCE_MODE_KEY });
    return { isMaintenanceModeEnabled: setting?.value === true };
  }

  @MessagePattern(AdminRpc.setMaintenanceMode)
  set(@Payload() request: SetMaintenanceModeRpcCall): Promise<MaintenanceStatusReply> {
    return this.setMaintenanceMode.execute(request);
  }
}
