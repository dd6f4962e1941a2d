import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ActorOnlyRpcCall,
  ListNotificationsRpcCall,
  MarkNotificationReadRpcCall,
  NotificationsRpc,
  type NotificationsPageRpcReply,
  type UnreadNotificationsRpcReply,
} from '@copytrade/contracts';
import { NotificationsUseCase } from './use-cases/notifications.use-case';

/** The bell and /notifications: the signed-in user's own notifications (the actor is always the subject). */
@Controller()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsUseCase) {}

  @MessagePattern(NotificationsRpc.list)
  list(@Payload() request: ListNotificationsRpcCall): Promise<NotificationsPageRpcReply> {
    return this.notifications.list(request);
  }

  @MessagePattern(NotificationsRpc.unreadCount)
  unreadCount(@Payload() request: ActorOnlyRpcCall): Promise<UnreadNotificationsRpcReply> {
    return this.notifications.unreadCount(request);
  }

  @MessagePattern(NotificationsRpc.markRead)
  markRead(@Payload() request: MarkNotificationReadRpcCall): Promise<UnreadNotificationsRpcReply> {
    return this.notifications.markRead(request);
  }

  @MessagePattern(NotificationsRpc.markAllRead)
  markAllRead(@Payload() request: ActorOnlyRpcCall): Promise<UnreadNotificationsRpcReply> {
    return this.notifications.markAllRead(request);
  }
}
