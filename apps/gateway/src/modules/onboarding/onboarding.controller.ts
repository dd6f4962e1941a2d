import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  IdentityAccountRpc,
  Messages,
  OnboardingUserDto,
  type CompleteOnboardingResponse,
  type OnboardingRpcRequest,
  type OnboardingStatusResponse,
  type OnboardingStatusRpcReply,
  type UserRpcReply,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import { Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';

/** The onboarding wizard's state. Identity refuses a userId that is not the session's user (403). */
@ApiTags('onboarding')
@Controller('api')
export class GatewayOnboardingController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('check-onboarding-status')
  @HttpCode(200)
  async status(@Body() body: OnboardingUserDto, @Req() request: GatewayRequest): Promise<OnboardingStatusResponse> {
    const { completed } = await this.rpc.request<OnboardingRpcRequest, OnboardingStatusRpcReply>(
      IdentityAccountRpc.onboardingStatus,
      { userId: body.userId },
      rpcContextOf(request),
    );
    return { success: true, completed };
  }

  @Post('complete-onboarding')
  @HttpCode(200)
  async complete(@Body() body: OnboardingUserDto, @Req() request: GatewayRequest): Promise<CompleteOnboardingResponse> {
    const { user } = await this.rpc.request<OnboardingRpcRequest, UserRpcReply>(
      IdentityAccountRpc.completeOnboarding,
      { userId: body.userId },
      rpcContextOf(request),
    );
    return { success: true, user, message: Messages.onboardingCompleted };
  }
}
