import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BetaCapacity } from './beta-capacity.service';
import { BetaCodeHasher } from './beta-code-hasher';
import { BetaCodes } from './beta-codes.service';
import { BetaController } from './beta.controller';
import { BetaSettings } from './beta-settings.service';
import { BetaCodeEntity } from './entities/beta-code.entity';
import { BetaRequestEntity } from './entities/beta-request.entity';
import { IdentitySettingEntity } from './entities/identity-setting.entity';
import { ApproveBetaRequestUseCase } from './use-cases/approve-beta-request.use-case';
import { ListBetaRequestsUseCase } from './use-cases/list-beta-requests.use-case';
import { RequestBetaCodeUseCase } from './use-cases/request-beta-code.use-case';
import { VerifyBetaCodeUseCase } from './use-cases/verify-beta-code.use-case';

@Module({
  imports: [TypeOrmModule.forFeature([BetaRequestEntity, BetaCodeEntity, IdentitySettingEntity])],
  controllers: [BetaController],
  providers: [
    BetaCodeHasher,
    BetaCodes,
    BetaCapacity,
    BetaSettings,
    RequestBetaCodeUseCase,
    VerifyBetaCodeUseCase,
    ListBetaRequestsUseCase,
    ApproveBetaRequestUseCase,
  ],
  exports: [BetaCodes, BetaCapacity],
})
export class BetaModule {}
