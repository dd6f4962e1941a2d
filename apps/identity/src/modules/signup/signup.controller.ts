import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CheckPhoneRpcCall,
  CheckUsernameRpcCall,
  IdentitySignupRpc,
  RegisterUserRpcCall,
  type AvailabilityRpcReply,
  type RegisterUserRpcReply,
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
  checkUsername(@Payload() request: CheckUsernameRpcCall): Promise<AvailabilityRpcReply> {
    return this.availability.username(request);
  }

  @MessagePattern(IdentitySignupRpc.checkPhone)
  checkPhone(@Payload() request: CheckPhoneRpcCall): Promise<AvailabilityRpcReply> {
    return this.availability.phone(request);
  }

  @MessagePattern(IdentitySignupRpc.register)
  create(@Payload() request: RegisterUserRpcCall): Promise<RegisterUserRpcReply> {
    return this.register.execute(request);
  }
}
