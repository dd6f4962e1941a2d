import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CompletePasswordResetRpcCall,
  IdentityPasswordResetRpc,
  RequestPasswordResetRpcCall,
  type ForgotPasswordResponse,
  type ResetPasswordResponse,
} from '@copytrade/contracts';
import { RequestPasswordResetUseCase } from './use-cases/request-password-reset.use-case';
import { ResetPasswordUseCase } from './use-cases/reset-password.use-case';

@Controller()
export class PasswordResetController {
  constructor(
    private readonly requestReset: RequestPasswordResetUseCase,
    private readonly resetPassword: ResetPasswordUseCase,
  ) {}

  @MessagePattern(IdentityPasswordResetRpc.request)
  request(@Payload() request: RequestPasswordResetRpcCall): Promise<ForgotPasswordResponse> {
    return this.requestReset.execute(request);
  }

  @MessagePattern(IdentityPasswordResetRpc.complete)
  complete(@Payload() request: CompletePasswordResetRpcCall): Promise<ResetPasswordResponse> {
    return this.resetPassword.execute(request);
  }
}
