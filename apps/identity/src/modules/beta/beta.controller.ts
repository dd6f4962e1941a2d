import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  IdentityBetaRpc,
  type ApproveBetaRequestRpcReply,
  type ApproveBetaRequestRpcRequest,
  type BetaStatusRpcReply,
  type ListBetaRequestsRpcReply,
  type ListBetaRequestsRpcRequest,
  type RpcRequest,
  type SendBetaCodeResponse,
  type SendBetaCodeRpcRequest,
  type VerifyBetaCodeRpcReply,
  type VerifyBetaCodeRpcRequest,
} from '@copytrade/contracts';
import { BetaCapacity } from './beta-capacity.service';
import { ApproveBetaRequestUseCase } from './use-cases/approve-beta-request.use-case';
import { ListBetaRequestsUseCase } from './use-cases/list-beta-requests.use-case';
import { RequestBetaCodeUseCase } from './use-cases/request-beta-code.use-case';
import { VerifyBetaCodeUseCase } from './use-cases/verify-beta-code.use-case';

@Controller()
export class BetaController {
  constructor(
    private readonly capacity: BetaCapacity,
    private readonly requestCode: RequestBetaCodeUseCase,
    private readonly verifyCode: VerifyBetaCodeUseCase,
    private readonly listRequests: ListBetaRequestsUseCase,
    private readonly approveRequest: ApproveBetaRequestUseCase,
  ) {}

  @MessagePattern(IdentityBetaRpc.status)
  status(): Promise<BetaStatusRpcReply> {
    return this.capacity.status();
  }

  @MessagePattern(IdentityBetaRpc.sendCode)
  send(@Payload() request: RpcRequest<SendBetaCodeRpcRequest>): Promise<SendBetaCodeResponse> {
    return this.requestCode.execute(request);
  }

  @MessagePattern(IdentityBetaRpc.verifyCode)
  verify(@Payload() request: RpcRequest<VerifyBetaCodeRpcRequest>): Promise<VerifyBetaCodeRpcReply> {
    return this.verifyCode.execute(request);
  }

  @MessagePattern(IdentityBetaRpc.listRequests)
  list(@Payload() request: RpcRequest<ListBetaRequestsRpcRequest>): Promise<ListBetaRequestsRpcReply> {
    return this.listRequests.execute(request);
  }

  @MessagePattern(IdentityBetaRpc.approveRequest)
  approve(@Payload() request: RpcRequest<ApproveBetaRequestRpcRequest>): Promise<ApproveBetaRequestRpcReply> {
    return this.approveRequest.execute(request);
  }
}
