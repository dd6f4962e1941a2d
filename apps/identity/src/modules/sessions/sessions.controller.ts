import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  IdentityRpc,
  type LoginRpcReply,
  type LoginRpcRequest,
  type ResolveSessionRpcReply,
  type RpcRequest,
  type SessionTokenRpcRequest,
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
  create(@Payload() request: RpcRequest<LoginRpcRequest>): Promise<LoginRpcReply> {
    return this.login.execute(request);
  }

  @MessagePattern(IdentityRpc.resolveSession)
  resolve(@Payload() request: RpcRequest<SessionTokenRpcRequest>): Promise<ResolveSessionRpcReply> {
    return this.lookup.resolve(request.payload.sessionToken);
  }

  @MessagePattern(IdentityRpc.logout)
  async revoke(@Payload() request: RpcRequest<SessionTokenRpcRequest>): Promise<{ revoked: true }> {
    await this.lookup.revoke(request.payload.sessionToken);
    return { revoked: true };
  }
}
