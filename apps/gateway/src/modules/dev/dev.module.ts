import { Module } from '@nestjs/common';
import { DevMailController } from './dev-mail.controller';

/** Developer endpoints under /api/dev; the app module leaves this module out in production (404 there). */
@Module({ controllers: [DevMailController] })
export class DevModule {}
