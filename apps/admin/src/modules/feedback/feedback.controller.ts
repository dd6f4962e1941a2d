import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AdminFeedbackRpc,
  AdminListFeedbackRpcCall,
  AdminPanelRpc,
  SetFeedbackStatusRpcCall,
  SubmitFeedbackRpcCall,
  type AdminFeedbackListRpcReply,
  type SetFeedbackStatusRpcReply,
  type SubmitFeedbackRpcReply,
} from '@copytrade/contracts';
import { ListFeedbackUseCase } from './use-cases/list-feedback.use-case';
import { SetFeedbackStatusUseCase } from './use-cases/set-feedback-status.use-case';
import { SubmitFeedbackUseCase } from './use-cases/submit-feedback.use-case';

@Controller()
export class FeedbackController {
  constructor(
    private readonly submitFeedback: SubmitFeedbackUseCase,
    private readonly listFeedback: ListFeedbackUseCase,
    private readonly setFeedbackStatus: SetFeedbackStatusUseCase,
  ) {}

  @MessagePattern(AdminFeedbackRpc.submit)
  submit(@Payload() request: SubmitFeedbackRpcCall): Promise<SubmitFeedbackRpcReply> {
    return this.submitFeedback.execute(request);
  }

  @MessagePattern(AdminPanelRpc.listFeedback)
  list(@Payload() request: AdminListFeedbackRpcCall): Promise<AdminFeedbackListRpcReply> {
    return this.listFeedback.execute(request);
  }

  @MessagePattern(AdminPanelRpc.setFeedbackStatus)
  setStatus(@Payload() request: SetFeedbackStatusRpcCall): Promise<SetFeedbackStatusRpcReply> {
    return this.setFeedbackStatus.execute(request);
  }
}
