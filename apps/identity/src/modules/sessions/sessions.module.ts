import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from '../users/entities/user.entity';
import { SessionEntity } from './entities/session.entity';
import { LoginThrottle } from './login-throttle.service';
import { PasswordHasher } from './password-hasher.service';
import { SessionIssuer } from './session-issuer.service';
import { SessionsController } from './sessions.controller';
import { LoginUseCase } from './use-cases/login.use-case';
import { SessionLookupUseCase } from './use-cases/session-lookup.use-case';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, SessionEntity])],
  controllers: [SessionsController],
  providers: [PasswordHasher, LoginThrottle, SessionIssuer, LoginUseCase, SessionLookupUseCase],
  exports: [PasswordHasher, SessionIssuer],
})
export class SessionsModule {}
