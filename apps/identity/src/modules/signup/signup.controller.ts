import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  IdentitySignupRpc,
  type AvailabilityRpcReply,
  type CheckPhoneRpcRequest,
  type CheckUsernameRpcRequest,
  type RegisterUserRpcReply,
  type RegisterUserRpcRequest,
  type RpcRequest,
} from '@copytrade/contracts';
import { CheckAvailabilityUseCase } from './use-cases/check-availability.use-case';
import { RegisterUserUseCase } from './use-cases/register-user.use-case';

@Controller()
export class SignupController {
  constructor(
    private readonly availability: CheckAvailabilityUseCase,
    private readonly register: RegisterUserUseCase,
  ) {}

  @MessagePattern(IdentitySignupRpc.checkUsername)
  checkUsername(@Payload() request: RpcRequest<CheckUsernameRpcRequest>): Promise<AvailabilityRpcReply> {
    return this.availability.username(request);
  }

  @MessagePattern(IdentitySignupRpc.checkPhone)
  checkPhone(@Payload() request: RpcRequest<CheckPhoneRpcRequest>): Promise<AvailabilityRpcReply> {
    return this.availability.phone(request);
  }

  @MessagePattern(IdentitySignupRpc.register)
  create(@Payload() request: RpcRequest<RegisterUserRpcRequest>): Promise<RegisterUserRpcReply> {
    return this.register.execute(request);
  }
}
