import { Module } from '@nestjs/common';
import { GatewayOnboardingController } from './onboarding.controller';

@Module({ controllers: [GatewayOnboardingController] })
export class GatewayOnboardingModule {}
