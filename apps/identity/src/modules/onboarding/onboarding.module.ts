import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from '../users/entities/user.entity';
import { OnboardingController } from './onboarding.controller';
import { AutoSubscribeHandler } from './auto-subscribe.handler';
import { OnboardingService } from './onboarding.service';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity])],
  controllers: [OnboardingController],
  providers: [OnboardingService, AutoSubscribeHandler],
})
export class OnboardingModule {}
