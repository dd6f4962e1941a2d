import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthController } from './auth.controller';
import { SessionCookie } from './session-cookie.service';
import { SessionGuard } from './session.guard';

@Module({
  controllers: [AuthController],
  providers: [SessionCookie, { provide: APP_GUARD, useClass: SessionGuard }],
  exports: [SessionCookie],
})
export class AuthModule {}
