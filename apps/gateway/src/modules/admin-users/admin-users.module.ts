import { Module } from '@nestjs/common';
import { GatewayAdminUsersController } from './admin-users.controller';

@Module({ controllers: [GatewayAdminUsersController] })
export class GatewayAdminUsersModule {}
