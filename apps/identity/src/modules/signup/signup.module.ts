import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BetaModule } from '../beta/beta.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UserEntity } from '../users/entities/user.entity';
import { SignupController } from './signup.controller';
import { CheckAvailabilityUseCase } from './use-cases/check-availability.use-case';
import { RegisterUserUseCase } from './use-cases/register-user.use-case';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity]), BetaModule, SessionsModule],
  controllers: [SignupController],
  providers: [CheckAvailabilityUseCase, RegisterUserUseCase],
})
export class SignupModule {}
