import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  IdentityAccountRpc,
  OnboardingRpcCall,
  type OnboardingStatusRpcReply,
  type UserRpcReply,
} from '@copytrade/contracts';
import { OnboardingService } from './onboarding.service';

@Controller()
export class OnboardingController {
  constructor(private readonly onboarding: OnboardingService) {}

  @MessagePattern(IdentityAccountRpc.onboardingStatus)
  status(@Payload() request: OnboardingRpcCall): Promise<OnboardingStatusRpcReply> {
    return this.onboarding.status(request);
  }

  @MessagePattern(IdentityAccountRpc.completeOnboarding)
  complete(@Payload() request: OnboardingRpcCall): Promise<UserRpcReply> {
    return this.onboarding.complete(request);
  }
}
