import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CsrfController } from './csrf.controller';
import { CsrfGuard } from './csrf.guard';
import { CsrfTokens } from './csrf-tokens.service';

/** Imported before AuthModule: global guards run in registration order, so CSRF is checked before the session. */
@Module({ controllers: [CsrfController], providers: [CsrfTokens, { provide: APP_GUARD, useClass: CsrfGuard }] })
export class CsrfModule {}
