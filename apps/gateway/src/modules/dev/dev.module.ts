import { Module } from '@nestjs/common';
import { DevMailController } from './dev-mail.controller';

/** Developer endpoints under /api/dev; the app module imports this module only with DEV_TOOLS=true (404 otherwise). */
@Module({ controllers: [DevMailController] })
export class DevModule {}
