import { Module } from '@nestjs/common';
import { GatewayDevMailController } from './dev-mail.controller';

/** Developer endpoints under /api/dev; the app module imports this module only with DEV_TOOLS=true (404 otherwise). */
@Module({ controllers: [GatewayDevMailController] })
export class DevModule {}
