import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SessionsModule } from '../sessions/sessions.module';
import { UserEntity } from '../users/entities/user.entity';
import { PasswordResetEntity } from './entities/password-reset.entity';
import { PasswordResetLinks } from './password-reset-links';
import { PasswordResetController } from './password-reset.controller';
import { RequestPasswordResetUseCase } from './use-cases/request-password-reset.use-case';
import { ResetPasswordUseCase } from './use-cases/reset-password.use-case';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, PasswordResetEntity]), SessionsModule],
  controllers: [PasswordResetController],
  providers: [RequestPasswordResetUseCase, ResetPasswordUseCase, PasswordResetLinks],
})
export class PasswordResetModule {}
