import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  CheckPhoneDto,
  CheckUsernameDto,
  FinalSignupDto,
  IdentitySignupRpc,
  Messages,
  type AvailabilityResponse,
  type AvailabilityRpcReply,
  type CheckPhoneRpcRequest,
  type CheckUsernameRpcRequest,
  type FinalSignupResponse,
  type RegisterUserRpcReply,
  type RegisterUserRpcRequest,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import type { Response } from 'express';
import { Public, Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';
import { SessionCookie } from '../auth/session-cookie.service';

/** Signup: live availability hints and the final signup, which signs the new user in like /api/login. */
@ApiTags('signup')
@Controller('api')
export class GatewaySignupController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cookie: SessionCookie,
  ) {}

  @Public()
  @Post('check-username')
  @HttpCode(200)
  async checkUsername(@Body() body: CheckUsernameDto, @Req() request: GatewayRequest): Promise<AvailabilityResponse> {
    const reply = await this.rpc.request<CheckUsernameRpcRequest, AvailabilityRpcReply>(
      IdentitySignupRpc.checkUsername,
      { username: body.username },
      rpcContextOf(request),
    );
    return { success: true, ...reply };
  }

  @Public()
  @Post('check-phone')
  @HttpCode(200)
  async checkPhone(@Body() body: CheckPhoneDto, @Req() request: GatewayRequest): Promise<AvailabilityResponse> {
    const reply = await this.rpc.request<CheckPhoneRpcRequest, AvailabilityRpcReply>(
      IdentitySignupRpc.checkPhone,
      { phoneNumber: body.phoneNumber },
      rpcContextOf(request),
    );
    return { success: true, ...reply };
  }

  @Public()
  @Post('final-signup')
  @HttpCode(200)
  async finalSignup(
    @Body() body: FinalSignupDto,
    @Req() request: GatewayRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<FinalSignupResponse> {
    const { firstName, lastName, email, username, password, confirmPassword, phoneNumber, occupation, annualIncome } =
      body;
    const form = {
      firstName,
      lastName,
      email,
      username,
      password,
      confirmPassword,
      phoneNumber,
      occupation,
      annualIncome,
    };
    const reply = await this.rpc.request<RegisterUserRpcRequest, RegisterUserRpcReply>(
      IdentitySignupRpc.register,
      form,
      rpcContextOf(request),
    );
    await this.cookie.start(request, response, reply);
    return { success: true, user: reply.user, message: Messages.accountCreated };
  }
}
