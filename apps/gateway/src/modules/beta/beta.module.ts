import { Module } from '@nestjs/common';
import { BetaRequestsController } from './beta-requests.controller';
import { BetaController } from './beta.controller';

@Module({ controllers: [BetaController, BetaRequestsController] })
export class BetaModule {}
