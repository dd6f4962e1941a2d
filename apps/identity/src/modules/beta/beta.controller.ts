import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ApproveBetaRequestRpcCall,
  IdentityBetaRpc,
  ListBetaRequestsRpcCall,
  SendBetaCodeRpcCall,
  VerifyBetaCodeRpcCall,
  type ApproveBetaRequestRpcReply,
  type BetaStatusRpcReply,
  type ListBetaRequestsRpcReply,
  type SendBetaCodeResponse,
  type VerifyBetaCodeRpcReply,
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
  send(@Payload() request: SendBetaCodeRpcCall): Promise<SendBetaCodeResponse> {
    return this.requestCode.execute(request);
  }

  @MessagePattern(IdentityBetaRpc.verifyCode)
  verify(@Payload() request: VerifyBetaCodeRpcCall): Promise<VerifyBetaCodeRpcReply> {
    return this.verifyCode.execute(request);
  }

  @MessagePattern(IdentityBetaRpc.listRequests)
  list(@Payload() request: ListBetaRequestsRpcCall): Promise<ListBetaRequestsRpcReply> {
    return this.listRequests.execute(request);
  }

  @MessagePattern(IdentityBetaRpc.approveRequest)
  approve(@Payload() request: ApproveBetaRequestRpcCall): Promise<ApproveBetaRequestRpcReply> {
    return this.approveRequest.execute(request);
  }
}
