import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EmailUnsubscribeRpcCall, NotificationsRpc, type EmailUnsubscribeRpcReply } from '@copytrade/contracts';
import { UnsubscribeEmailTopicUseCase } from './use-cases/unsubscribe-email-topic.use-case';

@Controller()
export class NotificationEmailsController {
  constructor(private readonly unsubscribeTopic: UnsubscribeEmailTopicUseCase) {}

  /** No actor: the gateway forwards an e-mail link's token as it came (RFC 8058 one-click, or the web page). */
  @MessagePattern(NotificationsRpc.unsubscribe)
  unsubscribe(@Payload() request: EmailUnsubscribeRpcCall): Promise<EmailUnsubscribeRpcReply> {
    return this.unsubscribeTopic.execute(request);
  }
}
