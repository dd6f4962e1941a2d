import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthController } from './auth.controller';
import { ProviderSecretForOwner } from './provider-secret-for-owner.service';
import { SessionCookie } from './session-cookie.service';
import { SessionResolver } from './session-resolver.service';
import { SessionGuard } from './session.guard';

@Module({
  controllers: [AuthController],
  providers: [SessionCookie, SessionResolver, ProviderSecretForOwner, { provide: APP_GUARD, useClass: SessionGuard }],
  exports: [SessionCookie, SessionResolver],
})
export class AuthModule {}
