import { Module } from '@nestjs/common';
import { GatewayPasswordResetController } from './password-reset.controller';

@Module({ controllers: [GatewayPasswordResetController] })
export class GatewayPasswordResetModule {}
