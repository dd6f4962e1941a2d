import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  IdentityRpc,
  LoginRpcCall,
  SessionTokenRpcCall,
  type LoginRpcReply,
  type ResolveSessionRpcReply,
} from '@copytrade/contracts';
import { LoginUseCase } from './use-cases/login.use-case';
import { SessionLookupUseCase } from './use-cases/session-lookup.use-case';

@Controller()
export class SessionsController {
  constructor(
    private readonly login: LoginUseCase,
    private readonly lookup: SessionLookupUseCase,
  ) {}

  @MessagePattern(IdentityRpc.login)
  create(@Payload() request: LoginRpcCall): Promise<LoginRpcReply> {
    return this.login.execute(request);
  }

  @MessagePattern(IdentityRpc.resolveSession)
  resolve(@Payload() request: SessionTokenRpcCall): Promise<ResolveSessionRpcReply> {
    return this.lookup.resolve(request.payload.sessionToken);
  }

  @MessagePattern(IdentityRpc.logout)
  async revoke(@Payload() request: SessionTokenRpcCall): Promise<{ revoked: true }> {
    await this.lookup.revoke(request.payload.sessionToken);
    return { revoked: true };
  }
}
